package engine_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
	"github.com/epistemicfold/ef/projection"
)

// TestProbeModelAcrossFolds: a second leaf fold cannot cite the first
// span's events (its proposals are dropped as unknown events); a root fold over them states it once with its first provenance;
// an emergency fold with it held folds; a store whose v2 snapshot is
// corrupt, or missing, rebuilds the same heads: the root's span replayed
// from the log, the leaf's recorded batch admitted again after its span
// (on main the model's anchors were lost).
func TestProbeModelAcrossFolds(t *testing.T) {
	ctx := context.Background()
	arch := enginetest.NewMemArchive()
	model := &scriptedModel{propose: proposeFor}
	b := proposalSession(t)
	pol := engine.Policy{ContextWindow: 8000, RetainTokens: 60, FoldFloorTokens: 1, FloorOverheadFactor: 1, DigestLeaves: true}
	e := newEngine(t, arch, pol, func(o *engine.Options) { o.Summarizer = model })
	l1, r1 := leaf(ctx, t, e, b)
	if r1 == nil || l1.Proposals == nil || l1.Proposals.Admitted != 2 {
		t.Fatalf("first leaf: %s %+v", l1.Skipped, l1.Proposals)
	}
	work(b, 10, 6)
	l2, r2 := leaf(ctx, t, e, b)
	if r2 == nil {
		t.Fatalf("second leaf: %s", l2.Skipped)
	}
	t.Logf("second leaf proposals: %+v", l2.Proposals)
	if n := strings.Count(l2.Text, "The staging bucket is sacred"); n > 1 {
		t.Errorf("second leaf states the rule %d times:\n%s", n, l2.Text)
	}
	if l2.Proposals == nil || l2.Proposals.Admitted != 0 {
		t.Errorf("second leaf admitted proposals citing the first span: %+v", l2.Proposals)
	}
	b.TurnEnd()
	rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeRoot, Owner: hostshim.OwnerManual})
	if err != nil || res == nil {
		t.Fatalf("root: %v %+v", err, rep)
	}
	if n := strings.Count(rep.Text, "The staging bucket is sacred (proposed by scripted"); n != 1 {
		t.Errorf("root states the rule %d times:\n%s", n, rep.Text)
	}
	r, _, err := engine.ProjectSurface(ctx, b.S, arch, projection.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var provs []string
	for _, m := range r.ModelAnchors() {
		if strings.Contains(m.Value, "staging bucket") {
			provs = append(provs, m.Proposed.Checkpoint)
		}
	}
	if len(provs) != 1 || provs[0] != l1.CheckpointID {
		t.Errorf("model anchor provenance %v, want [%s]", provs, l1.CheckpointID)
	}
	want := headsJSON(t, r)
	// a corrupt v2 snapshot: the rebuild replays and reaches the same state
	bad := corruptSnapshot{arch}
	r2b, rb, err := engine.ProjectSurface(ctx, b.S, bad, projection.Options{})
	t.Logf("corrupt snapshot: err=%v report=%+v", err, rb)
	if err == nil && headsJSON(t, r2b) != want {
		t.Errorf("corrupt snapshot rebuilt other heads:\n%s\n%s", headsJSON(t, r2b), want)
	}
	r3, rb3, err := engine.ProjectSurface(ctx, b.S, noSnapshot{arch}, projection.Options{})
	t.Logf("no snapshot: err=%v report=%+v", err, rb3)
	if err == nil && headsJSON(t, r3) != want {
		t.Errorf("no snapshot rebuilt other heads:\n%s", headsJSON(t, r3))
	}
	work(b, 30, 6)
	b.TurnStart()
	er, eres, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeEmergency, Budget: 3000, Owner: hostshim.OwnerCurrentTurn})
	if err != nil || eres == nil {
		t.Fatalf("emergency with model anchors held: %v %+v", err, er)
	}
	if !strings.Contains(er.Text, "The staging bucket is sacred (proposed by scripted") {
		t.Logf("the emergency fold did not state the model's rule (it is never hard state)")
	}
}

// corruptSnapshot is an archive whose bundles' projection snapshot is
// version 2 with a model anchor that has no provenance.
type corruptSnapshot struct{ *enginetest.MemArchive }

func (a corruptSnapshot) Meta(ctx context.Context, sid, id string) (*bundle.CheckpointV1, error) {
	return editedSemantic(ctx, a.MemArchive, sid, id, func(sem map[string]json.RawMessage) {
		var snap map[string]json.RawMessage
		if json.Unmarshal(sem["projection"], &snap) == nil && string(snap["version"]) == "2" {
			snap["model"] = json.RawMessage(`[{"id":"c1.mbad.0","kind":"constraint","value":"x"}]`)
			sem["projection"], _ = json.Marshal(snap)
		}
	})
}

// TestRebuildAfterRootOverLeafAndMessages: a root fold over leaf
// checkpoints and the messages after the second one's span (that
// checkpoint's seq is newer than those messages); a rebuild that must replay the root's span
// from the log (no snapshot) reaches the log's own heads.
func TestRebuildAfterRootOverLeafAndMessages(t *testing.T) {
	ctx := context.Background()
	arch := enginetest.NewMemArchive()
	b := enginetest.NewBuilder(t, "sess-rb", hostshim.Gen017)
	work(b, 1, 4)
	pol := engine.Policy{ContextWindow: 8000, RetainTokens: 60, FoldFloorTokens: 1, FloorOverheadFactor: 1}
	e := newEngine(t, arch, pol)
	if _, r := leaf(ctx, t, e, b); r == nil {
		t.Fatal("no leaf fold")
	}
	work(b, 10, 6)
	if _, r := leaf(ctx, t, e, b); r == nil {
		t.Fatal("no second leaf fold")
	}
	b.TurnEnd()
	if rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeRoot, Owner: hostshim.OwnerManual}); err != nil || res == nil {
		t.Fatalf("root: %v %+v", err, rep)
	}
	want := headsJSON(t, engine.ProjectLog(b.S, projection.Options{}))
	for name, st := range map[string]engine.Archive{"snapshots": arch, "no snapshot": noSnapshot{arch}} {
		r, rb, err := engine.ProjectSurface(ctx, b.S, st, projection.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := headsJSON(t, r); got != want {
			t.Errorf("%s (%+v): rebuilt heads\n%s\nlog's\n%s", name, rb, got, want)
		}
	}
}
