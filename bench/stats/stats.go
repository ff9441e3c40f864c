package stats

import (
	"fmt"
	"math"
	"slices"
)

// Percentile returns the p-th percentile (0 ≤ p ≤ 100) of xs by linear
// interpolation between closest ranks (Hyndman–Fan type 7, the default of
// NumPy and R): the value at rank (n-1)·p/100 of the sorted values. xs is
// not modified.
func Percentile(xs []float64, p float64) (float64, error) {
	ps, err := Percentiles(xs, p)
	if err != nil {
		return 0, err
	}
	return ps[0], nil
}

// Percentiles returns several percentiles of xs, sorting once.
func Percentiles(xs []float64, ps ...float64) ([]float64, error) {
	if len(xs) == 0 {
		return nil, ErrEmpty
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	out := make([]float64, len(ps))
	for i, p := range ps {
		if math.IsNaN(p) || p < 0 || p > 100 {
			return nil, fmt.Errorf("%w: %v", ErrBadPercentile, p)
		}
		rank := float64(len(s)-1) * p / 100
		lo := int(math.Floor(rank))
		hi := min(lo+1, len(s)-1)
		out[i] = s[lo] + (s[hi]-s[lo])*(rank-float64(lo))
	}
	return out, nil
}

// Summary describes a sample.
type Summary struct {
	N                   int
	Min, Max, Mean, Sum float64
	P50, P90, P99       float64
}

// Summarize returns the Summary of xs.
func Summarize(xs []float64) (Summary, error) {
	ps, err := Percentiles(xs, 50, 90, 99)
	if err != nil {
		return Summary{}, err
	}
	s := Summary{N: len(xs), Min: xs[0], Max: xs[0], P50: ps[0], P90: ps[1], P99: ps[2]}
	for _, x := range xs {
		s.Sum += x
		s.Min = min(s.Min, x)
		s.Max = max(s.Max, x)
	}
	s.Mean = s.Sum / float64(len(xs))
	return s, nil
}

// Ints converts integer measures (token counts) for Percentile and
// Summarize.
func Ints(xs []int) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(x)
	}
	return out
}

// Usage is the prompt-token accounting of one request or of a whole run.
type Usage struct {
	// Hit is tokens read from cache.
	Hit int
	// Miss is tokens billed at the full input price.
	Miss int
	// Written is the part of Miss that was also written to cache (billed
	// with Price.WritePremium on top).
	Written int
}

// Add returns the sum of u and o.
func (u Usage) Add(o Usage) Usage {
	return Usage{Hit: u.Hit + o.Hit, Miss: u.Miss + o.Miss, Written: u.Written + o.Written}
}

// HitRate is Hit / (Hit + Miss), or 0 for no tokens.
func (u Usage) HitRate() float64 {
	if u.Hit+u.Miss == 0 {
		return 0
	}
	return float64(u.Hit) / float64(u.Hit+u.Miss)
}

// Price is a provider's input pricing relative to its uncached input price.
// The zero Price bills hits for free and writes without premium.
type Price struct {
	// Rho is the price of a cache hit (ρ).
	Rho float64
	// WritePremium is added per written token (Anthropic: 0.25).
	WritePremium float64
}

// Cost is the input cost of u in units of uncached input tokens:
// Miss + ρ·Hit + WritePremium·Written.
func Cost(u Usage, p Price) float64 {
	return float64(u.Miss) + p.Rho*float64(u.Hit) + p.WritePremium*float64(u.Written)
}

// BreakEven is where two engines' input costs are equal as ρ varies.
type BreakEven struct {
	// Rho is the cache price ratio at which the costs are equal. It may
	// lie outside [0, 1]: then one engine is cheaper at every real price.
	Rho float64
	// ACheaperBelow reports that A is the cheaper engine for ρ < Rho (and
	// B for ρ > Rho). It holds when A hits more tokens than B.
	ACheaperBelow bool
	// InUnit reports 0 ≤ Rho ≤ 1.
	InUnit bool
}

// BreakEvenRho solves Cost(a, ρ) = Cost(b, ρ) for ρ, with the same write
// premium for both. Costs are linear in ρ with slope Hit, so the answer is
// ρ* = (Ca - Cb) / (Hit_b - Hit_a), where C is the ρ-free part (Miss +
// premium·Written). It returns ErrNoBreakEven when both hit equally.
func BreakEvenRho(a, b Usage, writePremium float64) (BreakEven, error) {
	if a.Hit == b.Hit {
		return BreakEven{}, fmt.Errorf("%w: both hit %d tokens", ErrNoBreakEven, a.Hit)
	}
	fixed := func(u Usage) float64 { return float64(u.Miss) + writePremium*float64(u.Written) }
	rho := (fixed(a) - fixed(b)) / float64(b.Hit-a.Hit)
	return BreakEven{Rho: rho, ACheaperBelow: a.Hit > b.Hit, InUnit: rho >= 0 && rho <= 1}, nil
}
