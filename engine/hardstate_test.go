package engine_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// TestEmergencyChargesHardStateFirst: an emergency fold states every
// standing constraint, open failure and obligation before any narrative or
// tally, even the first user message's rules under a tight budget; when
// the hard state itself cannot fit, the fold is refused with ErrBudget and
// the surface is untouched, rather than a constraint dropped.
func TestEmergencyChargesHardStateFirst(t *testing.T) {
	ctx := context.Background()
	tok := enginetest.O200k(t)
	build := func(rules int) *enginetest.Builder {
		b := enginetest.NewBuilder(t, "sess-hard", hostshim.Gen017)
		b.TurnStart()
		var sb strings.Builder
		sb.WriteString("Port the exporter to the new API.")
		for i := range min(rules, 3) {
			fmt.Fprintf(&sb, "\nNever modify anything under vendor%d/.", i)
		}
		b.User(sb.String())
		for i := 3; i < rules; i++ {
			b.User(fmt.Sprintf("Never modify anything under third_party/module%d/ because the upstream owners of module %d review every change there, run their own release train, and asked us to file issues instead of patching.", i, i))
		}
		b.User("Before you finish, remember to update CHANGELOG.md.")
		b.Assistant("Running the tests.", enginetest.Call{ID: "t1", Name: "bash", Args: `{"command":"go test ./wire/..."}`})
		b.Result("t1", "=== RUN   TestDecode\n    frame_test.go:41: got 3, want 7\n--- FAIL: TestDecode (0.01s)\nFAIL\n", false)
		b.TurnEnd()
		work(b, 1, 30)
		unfinishedStep(b, "Carry on.")
		return b
	}
	b := build(3)
	e := newEngine(t, enginetest.NewMemArchive(), engine.Policy{}, func(o *engine.Options) { o.TokenMeter = tok })
	rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeEmergency, Budget: 1500, Owner: hostshim.OwnerCurrentTurn})
	if err != nil || res == nil {
		t.Fatalf("emergency: %v %+v", err, rep)
	}
	state, _, _ := strings.Cut(rep.Text, "What the span did")
	for _, want := range []string{"Never modify anything under vendor0/.", "Never modify anything under vendor2/.",
		"TestDecode: open since seq", "remember to update CHANGELOG.md"} {
		if !strings.Contains(state, want) {
			t.Fatalf("emergency checkpoint lost hard state %q:\n%s", want, rep.Text)
		}
	}
	if rep.Verdict.Status("A") != "pass" || rep.Verdict.Status("O") != "pass" {
		t.Fatalf("A/O: %s", rep.Verdict.Summary())
	}
	// Far more rules than the budget holds: refused, nothing changed.
	b = build(60)
	before := slices.Clone(b.S.Nodes())
	_, res, err = e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeEmergency, Budget: 1500, Owner: hostshim.OwnerCurrentTurn})
	if !errors.Is(err, engine.ErrBudget) || res != nil || !strings.Contains(err.Error(), "hard state") {
		t.Fatalf("want ErrBudget about hard state, got %v", err)
	}
	if !slices.Equal(before, b.S.Nodes()) {
		t.Fatal("a refused emergency fold changed the surface")
	}
}
