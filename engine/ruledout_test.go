package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// TestCheckpointStatesRuledOut: a hypothesis the agent's check refuted is
// stated in the checkpoint as ruled out, with the verdict: the negative
// knowledge is what stops the agent suspecting it again after a fold.
func TestCheckpointStatesRuledOut(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-ruledout", hostshim.Gen017)
	b.TurnStart()
	b.User("add a functional index on lower(email)")
	b.Assistant("I'm not sure whether our MySQL version supports functional indexes, I'll check the version.",
		enginetest.Call{ID: "v1", Name: "bash", Args: `{"command":"mysql --version"}`})
	b.Result("v1", "mysql  Ver 14.14 Distrib 5.7.42", false)
	b.Assistant("I was wrong: this MySQL version (5.7) has no functional indexes.")
	b.TurnEnd()
	work(b, 1, 12)
	e := newEngine(t, enginetest.NewMemArchive(), engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500})
	rep, res := leaf(ctx, t, e, b)
	if res == nil {
		t.Fatalf("no leaf fold: %s", rep.Skipped)
	}
	if !strings.Contains(rep.Text, "RULED OUT by evidence at seq") || !strings.Contains(rep.Text, "verdict: I was wrong: this MySQL version (5.7) has no functional indexes.") {
		t.Fatalf("the checkpoint does not state the ruled-out hypothesis:\n%s", rep.Text)
	}
}
