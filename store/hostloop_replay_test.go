package store_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/store"
	"github.com/epistemicfold/ef/tokenizer"
)

// replayLog runs Example_hostLoop's loop over recorded into a new store,
// letting EF fold after event index from on (from 0: at every event).
func replayLog(t *testing.T, recorded *hostshim.Session, window, from int) (folds int, err error) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(filepath.Join(t.TempDir(), "store"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	o200k, err := tokenizer.New(tokenizer.Options{}).Meter(tokenizer.Window)
	if err != nil {
		t.Fatal(err)
	}
	opts := engine.Options{HostMeter: o200k, TokenMeter: o200k, Policy: engine.Policy{ContextWindow: window}}
	st.Wire(&opts)
	eng, err := engine.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	live := hostshim.NewSession(recorded.ID, recorded.Gen)
	live.Header = recorded.Header
	agent := &hostshim.Agent{Session: live}
	place := map[int]int{}
	for i, ev := range recorded.Events() {
		e, err := ev.Renumber(live.Len(), func(old int) (int, bool) { s, ok := place[old]; return s, ok })
		if err != nil {
			return folds, err
		}
		if err := live.AppendEvent(e); err != nil {
			return folds, err
		}
		place[ev.Seq] = e.Seq
		if i < from {
			continue
		}
		res, err := eng.CompactIfNeeded(ctx, agent, hostshim.TriggerPressure)
		if err != nil {
			return folds, err
		}
		if res != nil {
			folds++
		}
	}
	return folds, nil
}

// TestHostLoopOverALogWithItsOwnFold: the host loop of Example_hostLoop,
// over an imported Claude Code session whose client compacted it (the
// shared corpus's claude-code-example.jsonl, skipped without it). Folding
// from the first event makes the recorded compaction's append fail (the
// span it names is folded already), which is why the example replays the
// log as recorded up to its last replacement; from there on EF folds and
// the replay ends without error.
func TestHostLoopOverALogWithItsOwnFold(t *testing.T) {
	ims, err := importer.Import(filepath.Join(testutil.CorpusDir(t, "openagents-claude-code"), "claude-code-example.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	recorded := ims[0].Session
	recorded.ID = ims[0].ID
	lastFold := -1
	for i, ev := range recorded.Events() {
		if ev.SurfaceOp != nil && ev.SurfaceOp.Replace {
			lastFold = i
		}
	}
	if lastFold < 0 {
		t.Fatal("the sample holds no compaction of its client: pick one that does")
	}
	const window = 16000
	if _, err := replayLog(t, recorded, window, 0); err == nil || !strings.Contains(err.Error(), "not found in surface") {
		t.Errorf("folding before the log's own fold: %v; want the recorded replacement refused", err)
	}
	folds, err := replayLog(t, recorded, window, lastFold+1)
	if err != nil {
		t.Fatalf("replay after the log's own fold: %v", err)
	}
	t.Logf("%d fold rounds after the log's own fold (event %d of %d)", folds, lastFold, len(recorded.Events()))
}
