package stats_test

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/epistemicfold/ef/bench/stats"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestPercentile checks type-7 percentiles computed by hand.
func TestPercentile(t *testing.T) {
	oneTo100 := make([]float64, 100)
	for i := range oneTo100 {
		oneTo100[i] = float64(i + 1)
	}
	cases := []struct {
		xs   []float64
		p    float64
		want float64
	}{
		{oneTo100, 50, 50.5},  // rank 49.5 between 50 and 51
		{oneTo100, 99, 99.01}, // rank 98.01 between 99 and 100
		{oneTo100, 0, 1},
		{oneTo100, 100, 100},
		{[]float64{7}, 99, 7},
		{[]float64{10, 0}, 25, 2.5}, // unsorted input; rank 0.25 between 0 and 10
		{[]float64{1, 2, 3, 4}, 50, 2.5},
		{[]float64{3, 1, 2}, 50, 2},
	}
	for _, tc := range cases {
		in := slices.Clone(tc.xs)
		got, err := stats.Percentile(tc.xs, tc.p)
		if err != nil || !near(got, tc.want) {
			t.Errorf("Percentile(%v…, %v) = %v, %v; want %v", tc.xs[:min(3, len(tc.xs))], tc.p, got, err, tc.want)
		}
		if !slices.Equal(in, tc.xs) {
			t.Errorf("input modified")
		}
	}
	if _, err := stats.Percentile(nil, 50); !errors.Is(err, stats.ErrEmpty) {
		t.Errorf("empty: %v", err)
	}
	for _, p := range []float64{-1, 101, math.NaN()} {
		if _, err := stats.Percentile(oneTo100, p); !errors.Is(err, stats.ErrBadPercentile) {
			t.Errorf("p=%v: %v", p, err)
		}
	}
}

// TestSummarize checks the summary of a small sample.
func TestSummarize(t *testing.T) {
	s, err := stats.Summarize(stats.Ints([]int{4, 1, 3, 2, 10}))
	if err != nil {
		t.Fatal(err)
	}
	// sorted 1 2 3 4 10: p90 rank 3.6 → 4+0.6·6 = 7.6; p99 rank 3.96 → 9.76.
	want := stats.Summary{N: 5, Min: 1, Max: 10, Mean: 4, Sum: 20, P50: 3, P90: 7.6, P99: 9.76}
	if s.N != want.N || !near(s.Min, want.Min) || !near(s.Max, want.Max) || !near(s.Mean, want.Mean) || !near(s.Sum, want.Sum) ||
		!near(s.P50, want.P50) || !near(s.P90, want.P90) || !near(s.P99, want.P99) {
		t.Errorf("got %+v, want %+v", s, want)
	}
	if _, err := stats.Summarize(nil); !errors.Is(err, stats.ErrEmpty) {
		t.Errorf("empty: %v", err)
	}
}

// TestCost checks cost = miss + ρ·hit + premium·written.
func TestCost(t *testing.T) {
	cases := []struct {
		u    stats.Usage
		p    stats.Price
		want float64
	}{
		{stats.Usage{Hit: 100, Miss: 50}, stats.Price{Rho: 0.1}, 60},
		{stats.Usage{Hit: 100, Miss: 50}, stats.Price{}, 50},
		{stats.Usage{Hit: 100, Miss: 50}, stats.Price{Rho: 1}, 150},
		{stats.Usage{Hit: 1000, Miss: 400, Written: 400}, stats.Price{Rho: 0.1, WritePremium: 0.25}, 600},
	}
	for _, tc := range cases {
		if got := stats.Cost(tc.u, tc.p); !near(got, tc.want) {
			t.Errorf("Cost(%+v, %+v) = %v, want %v", tc.u, tc.p, got, tc.want)
		}
	}
	u := stats.Usage{Hit: 3, Miss: 1}.Add(stats.Usage{Hit: 1, Miss: 3, Written: 2})
	if u != (stats.Usage{Hit: 4, Miss: 4, Written: 2}) || !near(u.HitRate(), 0.5) || (stats.Usage{}).HitRate() != 0 {
		t.Errorf("Add/HitRate: %+v %v", u, u.HitRate())
	}
}

// TestBreakEven checks the break-even ρ and which engine wins on each side,
// and that the costs are equal there.
func TestBreakEven(t *testing.T) {
	cases := []struct {
		name    string
		a, b    stats.Usage
		premium float64
		rho     float64
		aBelow  bool
		inUnit  bool
	}{
		// A caches 800 of 1000; B caches nothing but sends 600:
		// 200 + 800ρ = 600 → ρ = 0.5; A cheaper below.
		{"cache vs compact", stats.Usage{Hit: 800, Miss: 200}, stats.Usage{Miss: 600}, 0, 0.5, true, true},
		// Swapped: B cheaper below.
		{"swapped", stats.Usage{Miss: 600}, stats.Usage{Hit: 800, Miss: 200}, 0, 0.5, false, true},
		// B misses less and hits less: B is cheaper at every ρ ≥ 0; the
		// lines cross at a negative ρ: 100 + 900ρ = 50 + 100ρ → ρ = -0.0625.
		{"dominated", stats.Usage{Hit: 900, Miss: 100}, stats.Usage{Hit: 100, Miss: 50}, 0, -0.0625, true, false},
		// Write premium moves the fixed part: A 200 + 0.25·200 = 250,
		// B 600 → 250 + 800ρ = 600 → ρ = 0.4375.
		{"write premium", stats.Usage{Hit: 800, Miss: 200, Written: 200}, stats.Usage{Miss: 600}, 0.25, 0.4375, true, true},
	}
	for _, tc := range cases {
		be, err := stats.BreakEvenRho(tc.a, tc.b, tc.premium)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !near(be.Rho, tc.rho) || be.ACheaperBelow != tc.aBelow || be.InUnit != tc.inUnit {
			t.Errorf("%s: got %+v, want ρ=%v aBelow=%v inUnit=%v", tc.name, be, tc.rho, tc.aBelow, tc.inUnit)
		}
		p := stats.Price{Rho: be.Rho, WritePremium: tc.premium}
		if ca, cb := stats.Cost(tc.a, p), stats.Cost(tc.b, p); !near(ca, cb) {
			t.Errorf("%s: costs at ρ* differ: %v vs %v", tc.name, ca, cb)
		}
		below := stats.Price{Rho: be.Rho - 0.01, WritePremium: tc.premium}
		if (stats.Cost(tc.a, below) < stats.Cost(tc.b, below)) != tc.aBelow {
			t.Errorf("%s: ACheaperBelow does not match the costs just below ρ*", tc.name)
		}
	}
	if _, err := stats.BreakEvenRho(stats.Usage{Hit: 5, Miss: 1}, stats.Usage{Hit: 5, Miss: 9}, 0); !errors.Is(err, stats.ErrNoBreakEven) {
		t.Errorf("parallel: %v", err)
	}
}
