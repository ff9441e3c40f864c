package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// pressure runs one automatic pressure fold as CompactIfNeeded does.
func pressure(ctx context.Context, t *testing.T, e *engine.Engine, b *enginetest.Builder) (*engine.FoldReport, *hostshim.CompactionResult) {
	t.Helper()
	rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeLeaf, Trigger: "pressure", Pressure: true, Threshold: true,
		Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface})
	if err != nil {
		t.Fatal(err)
	}
	return rep, res
}

// TestEconomicPressure: on a large window the pressure fold runs once the
// span after the frontier is worth one economic fold (C0 + √(2nR/ρ)), far
// below 0.8 W; a cheaper cache (smaller ρ) waits longer, and with the
// economic trigger off nothing folds before the window threshold. After
// the fold the surface is below the next trigger (no thrashing), and the
// retained tail is the model's latest answer and what followed it (with a
// W/64 floor, to a balanced cut), not 16% of the window.
func TestEconomicPressure(t *testing.T) {
	ctx := context.Background()
	const window = 64000
	build := func() *enginetest.Builder {
		b := enginetest.NewBuilder(t, "sess-econ", hostshim.Gen017)
		work(b, 1, 14)
		b.TurnStart()
		return b
	}
	for _, tc := range []struct {
		name string
		rho  float64
		fold bool
	}{
		{"off", -1, false},
		{"cheap cache", 0.002, false},
		{"default", 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := build()
			e := newEngine(t, enginetest.NewMemArchive(), engine.Policy{ContextWindow: window, CachePriceRatio: tc.rho})
			rep, res := pressure(ctx, t, e, b)
			if rep.TokensBefore >= window*8/10 {
				t.Fatalf("the session is %d tokens, not below the window threshold", rep.TokensBefore)
			}
			if (res != nil) != tc.fold {
				t.Fatalf("folded %v at %d tokens, want %v (%s)", res != nil, rep.TokensBefore, tc.fold, rep.Skipped)
			}
			if !tc.fold {
				return
			}
			if !strings.HasPrefix(rep.Plan.Reason, "leaf: everything between the frontier and the retained tail") {
				t.Fatalf("economic fold did not take the whole span: %s", rep.Plan.Reason)
			}
			// The retained tail is the model's latest answer and what
			// followed it (what the next request sends uncached anyway),
			// reaching further back only for the W/64 floor.
			v := b.S.Nodes()
			kept := v[indexOf(v, res.CheckpointSeq())+1:]
			tail, unsent, answer := 0, 0, false
			for i := len(kept) - 1; i >= 0; i-- {
				m, _ := b.S.Message(kept[i])
				p := hostshim.HeuristicMeter{}.CountMessage(m)
				tail += p
				if !answer {
					unsent += p
				}
				if ev, _ := b.S.Event(kept[i]); ev.Type == hostshim.TypeAssistantMessage {
					answer = true
				}
			}
			if !answer {
				t.Fatalf("the retained tail (%d nodes) lost the model's latest answer", len(kept))
			}
			if want := max(unsent, window/64); tail > 2*want {
				t.Fatalf("retained tail %d tokens, want about max(latest answer and after %d, W/64 %d)", tail, unsent, window/64)
			}
			again, res2 := pressure(ctx, t, e, b)
			if res2 != nil || !strings.Contains(again.Skipped, "economic") {
				t.Fatalf("folded again right after a fold: %+v", again)
			}
		})
	}
}

func indexOf(xs []int, x int) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}
