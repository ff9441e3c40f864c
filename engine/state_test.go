package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// TestCheckpointKeepsHardState: a leaf checkpoint states a user message
// longer than other items whole, and for a failing tool result the line
// that says what failed, not the log line before it; a later root fold
// restates the leaf's semantic digest as unverified narrative.
func TestCheckpointKeepsHardState(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-state", hostshim.Gen017)
	constraint := "Constraint: never edit the generated files under gen/, keep the public API of pkg/api stable, " +
		"and run the linter before every commit; the release branch is release/2026.02 and the staging host is stage-7.internal. " +
		"Ask before touching the migrations directory."
	b.TurnStart()
	b.User(constraint)
	b.Assistant("Running the tests.", enginetest.Call{ID: "t1", Name: "run_tests", Args: `{"package":"./pkg/..."}`})
	b.Result("t1", "2026/01/01 12:00:00 starting test binary\n=== RUN   TestParseHeader\n    header_test.go:41: got 3, want 7\n--- FAIL: TestParseHeader (0.01s)\nFAIL\n", true)
	b.TurnEnd()
	work(b, 1, 12)
	e := newEngine(t, enginetest.NewMemArchive(), engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500, DigestLeaves: true},
		func(o *engine.Options) {
			o.Summarizer = fakeSummarizer{text: "- The staging host was chosen for the canary."}
		})
	rep, res := leaf(ctx, t, e, b)
	if res == nil {
		t.Fatalf("no leaf fold: %s", rep.Skipped)
	}
	if !strings.Contains(rep.Text, strings.TrimSpace(constraint)) {
		t.Fatalf("leaf checkpoint lost the user's statement:\n%s", rep.Text)
	}
	if !strings.Contains(rep.Text, "TestParseHeader: open since seq") {
		t.Fatalf("leaf checkpoint does not say which test failed:\n%s", rep.Text)
	}
	work(b, 13, 4)
	rrep, rres, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeRoot, Owner: hostshim.OwnerManual, Stability: hostshim.SelectedSpan, SourceCommandID: "cmd"})
	if err != nil || rres == nil {
		t.Fatalf("root fold: %v %+v", err, rrep)
	}
	if !strings.Contains(rrep.Text, "Narrative of earlier spans") || !strings.Contains(rrep.Text, "The staging host was chosen for the canary.") {
		t.Fatalf("root checkpoint does not restate the leaf's digest:\n%s", rrep.Text)
	}
}

// TestMergeRebasesFrozenCheckpoints: with MergeRatio set, once the frozen
// checkpoints are worth more than MergeRatio × W, a pressure fold starts at
// the system head and merges them into one root checkpoint; below it, it
// is a leaf fold after the frontier.
func TestMergeRebasesFrozenCheckpoints(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-merge", hostshim.Gen017)
	work(b, 1, 30)
	pol := engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500, MergeRatio: -1}
	e := newEngine(t, enginetest.NewMemArchive(), pol)
	for i := range 2 {
		if rep, res := leaf(ctx, t, e, b); res == nil {
			t.Fatalf("no leaf fold: %s", rep.Skipped)
		}
		work(b, 100+10*i, 10)
	}
	fr, _ := engine.LocateFrontier(b.S)
	if len(fr.Frozen) != 2 {
		t.Fatalf("frozen %v", fr.Frozen)
	}
	work(b, 31, 10)
	req := engine.FoldRequest{Mode: engine.ModeLeaf, Pressure: true}
	if p, skip, err := e.Plan(b.S, req); err != nil || p == nil || p.Mode != engine.ModeLeaf || p.StartIdx != fr.Position {
		t.Fatalf("without merge: plan %+v %q %v", p, skip, err)
	}
	pol.MergeRatio = 0.01
	e = newEngine(t, enginetest.NewMemArchive(), pol)
	p, skip, err := e.Plan(b.S, req)
	if err != nil || p == nil || p.Mode != engine.ModeRoot || p.StartIdx != 0 || !strings.HasPrefix(p.Reason, "merge:") {
		t.Fatalf("with merge: plan %+v %q %v", p, skip, err)
	}
	// Without pressure (an explicit leaf fold) nothing is merged.
	if p, _, _ := e.Plan(b.S, engine.FoldRequest{Mode: engine.ModeLeaf}); p == nil || p.Mode != engine.ModeLeaf {
		t.Fatalf("explicit leaf: plan %+v", p)
	}
}

// TestUserSectionKeepsFirstAndNewest: when a span holds more user messages
// than the section's cap, the checkpoint keeps the first ones (the task and
// its standing constraints) and the newest, and says how many it left to
// the bundle; a root fold does not mistake that line for a user message.
func TestUserSectionKeepsFirstAndNewest(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-users", hostshim.Gen017)
	b.TurnStart()
	b.User("Standing rule: every change needs a changelog entry.")
	b.TurnEnd()
	work(b, 1, 12)
	e := newEngine(t, enginetest.NewMemArchive(), engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500, ListItems: 2})
	rep, res := leaf(ctx, t, e, b)
	if res == nil {
		t.Fatalf("no leaf fold: %s", rep.Skipped)
	}
	if !strings.Contains(rep.Text, "- Standing rule: every change needs a changelog entry.\n- (+") || !strings.Contains(rep.Text, "more, in the bundle)") {
		t.Fatalf("leaf checkpoint lost the first user message:\n%s", rep.Text)
	}
	work(b, 13, 2)
	rrep, rres, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeRoot, Owner: hostshim.OwnerManual, Stability: hostshim.SelectedSpan, SourceCommandID: "cmd"})
	if err != nil || rres == nil {
		t.Fatalf("root fold: %v %+v", err, rrep)
	}
	if !strings.Contains(rrep.Text, "Standing rule") || strings.Contains(rrep.Text, "- (+") && strings.Contains(rrep.Text, "in the bundle) (") {
		t.Fatalf("root checkpoint:\n%s", rrep.Text)
	}
}

// TestCheckpointStatesTheAnswer: a question the user asked and then
// answered is stated in the checkpoint with its answer, not only as
// settled: the answer folded away is what the agent would ask again.
func TestCheckpointStatesTheAnswer(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-answer", hostshim.Gen017)
	b.TurnStart()
	b.User("Open question I can't answer yet: do we dedupe the events on the message key or on the offset?")
	b.Assistant("I'll leave dedupe out until you know.")
	b.TurnEnd()
	b.TurnStart()
	b.User("Answer from the data team: dedupe on the message key, offsets repeat after a partition move.")
	b.Assistant("Noted, key it is.")
	b.TurnEnd()
	work(b, 1, 12)
	e := newEngine(t, enginetest.NewMemArchive(), engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500})
	rep, res := leaf(ctx, t, e, b)
	if res == nil {
		t.Fatalf("no leaf fold: %s", rep.Skipped)
	}
	if !strings.Contains(rep.Text, "ANSWERED at seq") || !strings.Contains(rep.Text, "answer: Answer from the data team: dedupe on the message key") {
		t.Fatalf("the checkpoint does not state the question's answer:\n%s", rep.Text)
	}
}
