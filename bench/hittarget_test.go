package bench_test

import (
	"context"
	"testing"

	"github.com/epistemicfold/ef/bench"
	"github.com/epistemicfold/ef/bench/engines"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// TestEFHitTargetRaisesHits: replayed through the cache model, EF with a
// hit target (folds sized for it where the window lets a cycle reach it)
// hits more of its prompts than the cost-only default, with fewer folds,
// and stays within the window.
func TestEFHitTargetRaisesHits(t *testing.T) {
	run := func(hit float64) float64 {
		t.Helper()
		rep, err := bench.Run(context.Background(), bench.RunOptions{Window: 16384, LimitSessions: 1, Engines: []string{engines.EF},
			Meter: enginetest.O200k(t), TempDir: t.TempDir(), EF: engines.EFPolicy{Policy: engine.Policy{HitTarget: hit}}})
		if err != nil {
			t.Fatal(err)
		}
		m, _ := rep.Total(engines.EF)
		t.Logf("hit target %v: hit %.4f, folds %v, input %d, cost %.0f, over W %d", hit, m.HitRate(), m.Folds, m.InputTokens, m.Cost(0.1), m.OverWindow)
		if m.OverWindow > 0 {
			t.Fatalf("hit target %v: %d requests over the window", hit, m.OverWindow)
		}
		return m.HitRate()
	}
	costOnly, target := run(0), run(0.95)
	if target <= costOnly {
		t.Fatalf("hit rate %.4f with the hit target, %.4f without", target, costOnly)
	}
}
