package validator_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
	"github.com/epistemicfold/ef/validator"
)

// TestBalanceMemoFollowsTheSurface: B keeps its walk of a span with the
// session so the validations of one fold walk it once; every verdict must
// equal the verdict on a fresh copy of the session that never kept one —
// for every span, asked twice, after the tail grows, and after a fold
// replaced nodes at the positions a kept walk covered.
func TestBalanceMemoFollowsTheSurface(t *testing.T) {
	v := newValidator(t)
	fresh := func(s *hostshim.Session) *hostshim.Session {
		// The same events appended anew: nothing derived is kept.
		c := hostshim.NewSession(s.ID, s.Gen)
		for _, e := range s.Events() {
			if err := c.AppendEvent(e); err != nil {
				t.Fatal(err)
			}
		}
		return c
	}
	verdict := func(s *hostshim.Session, i, j int) string {
		nodes := s.Nodes()
		vd := v.Validate(&validator.Candidate{Session: s, Phase: validator.PhasePlan, Start: nodes[i], End: nodes[j], Owner: hostshim.OwnerCurrentTurn})
		var out []string
		for _, f := range vd.Failures {
			if f.Predicate == "B" {
				out = append(out, fmt.Sprintf("%s@%d/%d", f.Code, f.Seq, f.Position))
			}
		}
		return strings.Join(out, ",")
	}
	check := func(stage string, s *hostshim.Session) {
		t.Helper()
		n := len(s.Nodes())
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				want := verdict(fresh(s), i, j)
				for range 2 {
					if got := verdict(s, i, j); got != want {
						t.Fatalf("%s: span %d..%d: B says %q, on a fresh session %q", stage, i, j, got, want)
					}
				}
			}
		}
	}
	b, _ := sample(t)
	check("sample", b.S)
	b.Result("c3", "ok", false)
	b.Assistant("done")
	check("grown", b.S)
	// Fold the first five nodes into one: the positions the kept walk
	// covers now hold other nodes.
	if verdict(b.S, 0, 1) == "" {
		t.Fatal("span 0..1 splits a call from its result: B must fail it")
	}
	nodes := b.S.Nodes()
	tx := &hostshim.Transaction{Meter: enginetest.CharMeter{}, Summarizer: hostshim.SummarizerFunc(func(context.Context, *hostshim.SummarizationInput, *hostshim.Agent) (*hostshim.SummaryResult, error) {
		return &hostshim.SummaryResult{Summary: []hostshim.Block{hostshim.TextBlock("s")}}, nil
	})}
	if _, err := tx.CompactSurfaceRegion(context.Background(), &hostshim.Agent{Session: b.S, TurnOpen: b.TurnOpen}, nodes[0], nodes[4], hostshim.TxOptions{Owner: hostshim.OwnerCurrentTurn}); err != nil {
		t.Fatal(err)
	}
	if got, want := verdict(b.S, 0, 1), verdict(fresh(b.S), 0, 1); got != want {
		t.Fatalf("after the fold: span 0..1: B says %q, on a fresh session %q", got, want)
	}
	check("folded", b.S)
}
