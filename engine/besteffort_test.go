package engine_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// TestEmergencyBestEffort: a provider-confirmed overflow whose budget no
// fold can meet (here the request header alone, the system prompt and tool
// schemas no fold removes, is over it; in the real DSH CLI the head was
// 7,088 tokens against a 4,500 budget) folds everything foldable into the
// smallest checkpoint, with all hard state, instead of refusing with
// ErrBudget and leaving the turn to fail. Without BestEffort the same
// request is refused and the surface is untouched; a best effort whose
// foldable part is one checkpoint alone is refused too (re-folding it
// cannot shrink it).
func TestEmergencyBestEffort(t *testing.T) {
	ctx := context.Background()
	tok := enginetest.O200k(t)
	build := func(header string) *enginetest.Builder {
		b := enginetest.NewBuilder(t, "sess-best", hostshim.Gen017)
		b.TurnStart()
		b.Log(hostshim.TypeRequestHeader, map[string]any{"header": map[string]any{"config": map[string]any{"provider": "fake", "model": "fake-m"}, "system": header}, "reason": "initial"})
		b.User("Port the exporter to the new API. Never modify anything under vendor/.")
		b.TurnEnd()
		work(b, 1, 6)
		unfinishedStep(b, "Carry on.")
		return b
	}
	var sys strings.Builder
	for i := range 400 {
		fmt.Fprintf(&sys, "Rule %d of the harness: tools are called with JSON arguments and answer in text.\n", i)
	}
	const budget = 3000

	// Refused without BestEffort: the head alone is over the budget.
	b := build(sys.String())
	e := newEngine(t, enginetest.NewMemArchive(), engine.Policy{}, func(o *engine.Options) { o.TokenMeter = tok })
	before := slices.Clone(b.S.Nodes())
	_, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeEmergency, Budget: budget, Owner: hostshim.OwnerCurrentTurn})
	if !errors.Is(err, engine.ErrBudget) || res != nil || !strings.Contains(err.Error(), "system head") {
		t.Fatalf("want ErrBudget about the head, got %v", err)
	}
	if !slices.Equal(before, b.S.Nodes()) {
		t.Fatal("a refused emergency fold changed the surface")
	}

	// Best effort: everything before the unfinished step is folded.
	rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeEmergency, Budget: budget, Owner: hostshim.OwnerCurrentTurn, BestEffort: true})
	if err != nil || res == nil {
		t.Fatalf("best effort: %v %+v", err, rep)
	}
	if rep.Plan == nil || !rep.Plan.BestEffort || rep.Drop == nil || !rep.Drop.BestEffort {
		t.Fatalf("plan %+v drop %+v", rep.Plan, rep.Drop)
	}
	if rep.Drop.VisibleTokens <= budget || rep.Drop.HeadTokens <= budget {
		t.Fatalf("the head (%d) was over the budget %d; the report says %d visible", rep.Drop.HeadTokens, budget, rep.Drop.VisibleTokens)
	}
	nodes := b.S.Nodes()
	// Left: the checkpoint, then the unfinished step (the open call).
	if len(nodes) != 2 {
		t.Fatalf("surface after a best effort: %v", nodes)
	}
	if m, _ := b.S.Message(nodes[0]); !m.IsCheckpoint() {
		t.Fatalf("first node %d is not the checkpoint", nodes[0])
	}
	if len(b.Pending) != 1 {
		t.Fatal("the pending call was lost")
	}
	if !strings.Contains(rep.Text, "Never modify anything under vendor/.") {
		t.Fatalf("the best effort dropped hard state:\n%s", rep.Text)
	}
	if !slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.Contains(n, "best effort") }) {
		t.Fatalf("notes %q", rep.Notes)
	}
	if rep.TokensAfter >= rep.TokensBefore {
		t.Fatalf("the request did not shrink: %d → %d", rep.TokensBefore, rep.TokensAfter)
	}
	js, _ := json.Marshal(rep.Drop)
	if !strings.Contains(string(js), `"bestEffort":true`) {
		t.Fatalf("drop manifest %s", js)
	}

	// Again: the foldable part is that checkpoint alone.
	before = slices.Clone(b.S.Nodes())
	_, res, err = e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeEmergency, Budget: budget, Owner: hostshim.OwnerCurrentTurn, BestEffort: true})
	if !errors.Is(err, engine.ErrBudget) || res != nil || !strings.Contains(err.Error(), "one checkpoint alone") {
		t.Fatalf("want ErrBudget about one checkpoint, got %v", err)
	}
	if !slices.Equal(before, b.S.Nodes()) {
		t.Fatal("a refused best effort changed the surface")
	}

	// A header within the budget but a tail that cannot be folded over
	// it: the same best effort, and the same plan as without the header
	// when the budget can be met.
	b = build("You are a coder.")
	rep, res, err = e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeEmergency, Budget: 100, Owner: hostshim.OwnerCurrentTurn, BestEffort: true})
	if err != nil || res == nil || !rep.Plan.BestEffort || len(b.S.Nodes()) != 2 {
		t.Fatalf("best effort under a tiny budget: %v %+v %v", err, rep.Plan, b.S.Nodes())
	}
	b = build("You are a coder.")
	rep, _, err = e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeEmergency, Budget: 1500, Owner: hostshim.OwnerCurrentTurn, BestEffort: true})
	if err != nil || rep.Plan == nil || rep.Plan.BestEffort || rep.Drop.VisibleTokens > 1500 {
		t.Fatalf("a budget that can be met is met: %v %+v (%s, before %d)", err, rep.Plan, rep.Skipped, rep.TokensBefore)
	}
}
