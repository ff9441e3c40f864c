package replay_test

import (
	"math"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bench/cachesim"
	"github.com/epistemicfold/ef/bench/replay"
)

func step(tokens, frozen, invalidated, folds, hit int) replay.Step {
	return replay.Step{Tokens: tokens, FrozenPrefix: frozen, Invalidated: invalidated, Folds: folds,
		DeepSeek: cachesim.Result{Tokens: tokens, Hit: hit, Miss: tokens - hit}}
}

func TestFrozenPrefixLoad(t *testing.T) {
	// Three requests: 100, then 150 keeping all 100, then a fold that
	// keeps 40 of the 150 (110 invalidated) and sends 90.
	r := &replay.Result{Engine: "x", Steps: []replay.Step{
		step(100, 0, 0, 0, 0),
		step(150, 100, 0, 0, 64),
		step(90, 40, 110, 2, 0),
	}, Folds: []replay.Fold{{Mode: "leaf", Latency: time.Millisecond}, {Mode: "root", Latency: 3 * time.Millisecond}}}
	m := replay.Measure(r)
	// The first request has no predecessor: mean over (100, 40) = 70.
	if m.FrozenPrefixMean != 70 || m.FrozenPrefixPeak != 100 {
		t.Fatalf("frozen mean %v peak %d, want 70 and 100", m.FrozenPrefixMean, m.FrozenPrefixPeak)
	}
	if m.InvalidatedPerFold != 55 {
		t.Fatalf("invalidated per fold %v, want 110/2", m.InvalidatedPerFold)
	}
	if m.InputTokens != 340 || m.PeakContext != 150 || m.DeepSeek.Hit != 64 || m.DeepSeek.Miss != 276 {
		t.Fatalf("metrics %+v", m)
	}
	if m.Folds["leaf"] != 1 || m.Folds["root"] != 1 || m.TotalFolds() != 2 {
		t.Fatalf("folds %v", m.Folds)
	}
	if m.FoldLatencyP50 != 2*time.Millisecond {
		t.Fatalf("p50 %v, want 2ms (midpoint of 1 and 3)", m.FoldLatencyP50)
	}
}

func TestBreakEvenAgainstBasic(t *testing.T) {
	// EF sends fewer tokens (1000, 800 hit), Basic more (1600, 1500 hit):
	// cost_EF(ρ) = 200 + 800ρ, cost_Basic(ρ) = 100 + 1500ρ; equal at
	// ρ = 100/700.
	ef := replay.MeasureAll("ef", []*replay.Result{{Steps: []replay.Step{step(1000, 0, 0, 0, 800)}}})
	basic := replay.MeasureAll("basic", []*replay.Result{{Steps: []replay.Step{step(1600, 0, 0, 0, 1500)}}})
	be, ok := ef.BreakEven(&basic)
	if !ok || math.Abs(be.Rho-1.0/7) > 1e-12 || be.ACheaperBelow || !be.InUnit {
		t.Fatalf("break-even %+v ok %v, want ρ=1/7 with EF cheaper above it", be, ok)
	}
	if got, want := ef.Cost(0.25), 200+800*0.25; got != want {
		t.Fatalf("cost %v, want %v", got, want)
	}
	if ef.Cost(1) != float64(ef.InputTokens) {
		t.Fatal("at ρ=1 cost must equal input tokens")
	}
	if _, ok := ef.BreakEven(&ef); ok {
		t.Fatal("an engine breaks even with itself")
	}
}

// TestHitRateAndCostFloor: the billed hit rate counts the summarizer's
// calls as the provider does; the cost floor of a hit-rate goal is met
// exactly by a conversation that misses only its first-sent tokens, and
// no hit rate above the ceiling is reachable with the same prompts: the
// prompt less its first-sent tokens, in whole 64-token blocks.
func TestHitRateAndCostFloor(t *testing.T) {
	st := step(1000, 0, 0, 0, 900)
	st.Misses = map[string]int{"new": 60, "header": 10, "resent/leaf": 30}
	m := replay.Measure(&replay.Result{Steps: []replay.Step{st}, SummaryDeepSeek: cachesim.Result{Tokens: 1000, Hit: 1000}})
	if got := m.HitRate(); got != 1900.0/2000 {
		t.Fatalf("billed hit rate %v, want 1900/2000", got)
	}
	if m.DeepSeek.HitRate() != 0.9 {
		t.Fatalf("conversation hit rate %v, want 0.9", m.DeepSeek.HitRate())
	}
	if m.FirstSent() != 70 || math.Abs(m.HitCeiling()-0.896) > 1e-12 {
		t.Fatalf("first-sent %d ceiling %v, want 70 and 0.896 (930 tokens, 14 whole blocks)", m.FirstSent(), m.HitCeiling())
	}
	// 70 first-sent tokens at h = 0.93 need 1000 prompt tokens, 930 of
	// them hits: 70 + 93 at ρ = 0.1.
	if got := m.CostFloorAt(0.93, 0.1); math.Abs(got-163) > 1e-9 {
		t.Fatalf("floor %v, want 163", got)
	}
	if m.CostFloorAt(0.93, 0.1) > m.ConversationCost(0.1)+1e-9 {
		t.Fatalf("the floor %v is above a conversation that meets it (%v)", m.CostFloorAt(0.93, 0.1), m.ConversationCost(0.1))
	}
	if !math.IsInf(m.CostFloorAt(1, 0.1), 1) || m.CostFloorAt(0, 0.1) != 70 {
		t.Fatal("floors at h = 1 and h = 0")
	}
}
