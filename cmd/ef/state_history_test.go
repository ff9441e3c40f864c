package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

// TestStateAllSurvivesFolds folds a real session under pressure and checks
// that ef state --all rebuilt from the checkpoints lists what --all of the
// whole log lists: the heads and the closed history (superseded values and
// decisions, resolved and retired failures, the evidence the folded spans
// observed), which the snapshots do not keep (trial 11: it listed the
// heads alone). ef state without --all still lists the heads alone.
func TestStateAllSurvivesFolds(t *testing.T) {
	log := filepath.Join(testutil.CorpusDir(t, "openagents-autopilot-sdk"), "014205-call-issue-ready-now-to.jsonl")
	dir := t.TempDir()
	store, out := filepath.Join(dir, "store"), filepath.Join(dir, "out.jsonl")
	acc, text, err := foldRun(t, log, "--store", store, "--out", out, "--window", "3000", "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if len(acc.Folds) == 0 {
		t.Fatalf("nothing folded\n%s", text)
	}
	same := func(what string, a, b stateOutput) {
		t.Helper()
		x, _ := json.Marshal(a.Anchors)
		y, _ := json.Marshal(b.Anchors)
		if !bytes.Equal(x, y) || len(a.Anchors) == 0 {
			t.Errorf("%s differ (or none):\nlog:         %s\ncheckpoints: %s", what, x, y)
		}
	}
	fromLog := stateRun(t, out, "--from", "log", "--all")
	fromCk := stateRun(t, out, "--store", store, "--all")
	if fromCk.Rebuild == nil || fromCk.Rebuild.Checkpoints == 0 {
		t.Fatalf("not rebuilt from checkpoints: %+v", fromCk.Rebuild)
	}
	same("--all", fromLog, fromCk)
	if fromCk.HistoryFromLog == 0 || fromLog.HistoryFromLog != 0 {
		t.Errorf("historyFromLog: %d from the checkpoints (want some), %d from the log (want 0)", fromCk.HistoryFromLog, fromLog.HistoryFromLog)
	}
	heads, headsCk := stateRun(t, out, "--from", "log"), stateRun(t, out, "--store", store)
	same("heads", heads, headsCk)
	if headsCk.HistoryFromLog != 0 || len(headsCk.Anchors) >= len(fromCk.Anchors) {
		t.Errorf("without --all: %d anchors, %d from the log's history; with it %d", len(headsCk.Anchors), headsCk.HistoryFromLog, len(fromCk.Anchors))
	}
}
