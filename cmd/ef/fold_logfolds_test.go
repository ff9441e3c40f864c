package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
	"github.com/epistemicfold/ef/store"
	"github.com/epistemicfold/ef/tokenizer"
)

// mixedFoldsLog is a session log the real DSH CLI (0.1.0-rc.8) wrote with
// the EF plugin loaded and its sidecar killed again and again: its first 229
// events, which hold one fold by EF (the plugin's checkpoint, seq 75), then
// two by the host's summarizer while the sidecar was down (seqs 150 and
// 195; the first folds EF's checkpoint with the messages after it), then
// the steps after them. The window of that run was 8,000 tokens.
var mixedFoldsLog = filepath.Join("testdata", "dsh-cli-mixed-folds.jsonl.zstd")

// The trial: ef fold of a log the real CLI wrote, which already held
// compactions, at the window the session ran with, folded the head of the
// log and then could not append the log's own replacement of it ("start seq
// 7 not found in surface"), after it had written bundles; at larger windows
// it folded nothing and archived nothing. Now the log's folds are replayed
// as they are and their spans archived (the host's, which nothing archived,
// and EF's, whose bundle the plugin's store would hold), EF folds after the
// last of them, and a second run, with any flags, finds what the first
// stored and warns of nothing.
func TestFoldReplaysTheLogsOwnFolds(t *testing.T) {
	dir := t.TempDir()
	st := filepath.Join(dir, "store")
	acc, text, err := foldRun(t, mixedFoldsLog, "--store", st, "--out", filepath.Join(dir, "a.jsonl"), "--window", "8000", "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	var by []string
	for _, f := range acc.LogFolds {
		by = append(by, f.By+":"+f.Archive)
		if f.CheckpointID == "" || len(f.ShadowedSeqs) == 0 {
			t.Errorf("log fold %+v: no checkpoint or span", f)
		}
	}
	if want := []string{"ef:stored", "host:stored", "host:stored"}; !slices.Equal(by, want) {
		t.Fatalf("the log's folds: %v, want %v\n%s", by, want, text)
	}
	if acc.LogFolds[1].Provider != "deepseek-official" || acc.LogFolds[1].CompactionID == "" || acc.LogFolds[1].CheckpointID != engine.CheckpointID(acc.LogFolds[1].CompactionID) {
		t.Errorf("the host's fold: %+v", acc.LogFolds[1])
	}
	if acc.Committed == 0 || acc.Failed != 0 {
		t.Errorf("EF's folds after the log's: %d committed, %d failed\n%s", acc.Committed, acc.Failed, text)
	}
	for _, f := range acc.Folds {
		// EF folds only after the log's last replacement (seq 195).
		if f.CheckpointSeq <= 195 {
			t.Errorf("fold %s committed at seq %d, before the log's last fold", f.CheckpointID, f.CheckpointSeq)
		}
	}
	if !strings.Contains(text, "EF folds only after the last of them") {
		t.Errorf("stderr does not say where EF's folds start:\n%s", text)
	}
	// The host's fold is searchable and recallable now.
	out, _, err := runCmd(t, RunSearch, "--store", st, "parser_7_0")
	if err != nil || !strings.Contains(out, acc.LogFolds[1].CheckpointID+"#") {
		t.Errorf("search of the host's fold: %v\n%s", err, out)
	}
	first := storedIDs(t, st, acc.SessionID)
	if code, stdout, stderr := runCLI(t, "store", "verify", st); code != 0 {
		t.Fatalf("verify: %s%s", stdout, stderr)
	}

	// The same command again: every checkpoint found, none written.
	acc2, text, err := foldRun(t, mixedFoldsLog, "--store", st, "--out", filepath.Join(dir, "b.jsonl"), "--window", "8000", "--json")
	if err != nil || strings.Contains(text, "warning") || acc2.Stored != acc.Stored {
		t.Fatalf("again: %v, stored %d (first %d)\n%s", err, acc2.Stored, acc.Stored, text)
	}
	for _, f := range acc2.LogFolds {
		if f.Archive != "found" {
			t.Errorf("again, the log's fold %s: %s", f.CheckpointID, f.Archive)
		}
	}
	if got := storedIDs(t, st, acc.SessionID); !slices.Equal(got, first) {
		t.Errorf("again, the store went from %v to %v", first, got)
	}

	// Another window: the log's folds are found again, EF's own differ
	// (and the warning names only those, as an earlier ef fold's).
	_, text, err = foldRun(t, mixedFoldsLog, "--store", st, "--out", filepath.Join(dir, "c.jsonl"), "--window", "16000")
	if err != nil {
		t.Fatalf("--window 16000: %v\n%s", err, text)
	}
	if n := strings.Count(text, "), in the store already\n"); n != 3 {
		t.Errorf("--window 16000: %d of the log's folds found, want 3\n%s", n, text)
	}
	if want := fmt.Sprintf("already held %s of session %q that an earlier ef fold wrote", count(acc.Committed, "checkpoint"), acc.SessionID); !strings.Contains(text, want) {
		t.Errorf("--window 16000: want %q in\n%s", want, text)
	}
	if strings.Contains(text, "DSH plugin wrote") {
		t.Errorf("--window 16000: the log's own checkpoints were taken for the plugin's orphans:\n%s", text)
	}

	// Text: one line per fold of the log, in the replay's order.
	_, text, err = foldRun(t, mixedFoldsLog, "--out", filepath.Join(dir, "d.jsonl"), "--mode", "root")
	if err != nil {
		t.Fatalf("--mode root, no store: %v\n%s", err, text)
	}
	for _, w := range []string{"the log's own fold: EF's checkpoint (epistemic-fold/deterministic), not archived (no --store)",
		"the log's own fold: the host's summary (deepseek-official/deepseek-v4-flash), not archived (no --store)",
		"; 1 fold by EF (0 skipped, 0 vetoed, 0 failed); the log's own folds: 3 (3 not archived (no --store))"} {
		if !strings.Contains(text, w) {
			t.Errorf("--mode root: want %q in\n%s", w, text)
		}
	}
}

// pluginSession builds a session the way DSH with the EF plugin does: EF's
// folds commit through the host's transaction with random compaction ids
// and their bundles go to the store at storeDir; one fold, while the
// sidecar was "down", is the host summarizer's, which no bundle archives.
// It returns the session, written to a log, and the ids of EF's
// checkpoints.
func pluginSession(t *testing.T, storeDir, log string) []string {
	t.Helper()
	b := enginetest.NewBuilder(t, "plugin-session-1", hostshim.Gen01)
	tok, err := tokenizer.New(tokenizer.Options{}).Meter(tokenizer.Window)
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(storeDir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	opts := engine.Options{HostMeter: hostshim.HeuristicMeter{}, TokenMeter: tok, Policy: engine.Policy{ContextWindow: 4000}}
	st.Wire(&opts)
	eng, err := engine.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	agent := &hostshim.Agent{Session: b.S}
	var efIDs []string
	b.TurnStart()
	for i := range 12 {
		switch i {
		case 4, 8:
			rep, res, err := eng.Fold(context.Background(), agent, engine.FoldRequest{Mode: engine.ModeLeaf, Trigger: "pressure",
				Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface})
			if err != nil || res == nil {
				t.Fatalf("EF's fold at step %d: %v (%s)", i, err, rep.Skipped)
			}
			efIDs = append(efIDs, rep.CheckpointID)
		case 10:
			tx := &hostshim.Transaction{Meter: hostshim.HeuristicMeter{}, Summarizer: hostshim.SummarizerFunc(
				func(context.Context, *hostshim.SummarizationInput, *hostshim.Agent) (*hostshim.SummaryResult, error) {
					return &hostshim.SummaryResult{Summary: []hostshim.Block{{Type: hostshim.BlockText, Text: "## Primary Request and Intent\n- read the notes"}},
						Provider: "deepseek-official", Model: "deepseek-chat"}, nil
				})}
			nodes := b.S.Nodes()
			if _, err := tx.CompactSurfaceRegion(context.Background(), agent, nodes[0], nodes[len(nodes)-1], hostshim.TxOptions{}); err != nil {
				t.Fatalf("the host's fold: %v", err)
			}
		}
		b.StepStart()
		id := fmt.Sprintf("call_%d", i)
		b.Assistant("", enginetest.Call{ID: id, Name: "read", Args: fmt.Sprintf(`{"file_path":"notes/part-%d.txt"}`, i)})
		lines := strings.Repeat(fmt.Sprintf("step %d: compiled crate widget_%d_x in %d ms\n", i, i, 30+i), 20)
		seq := b.Result(id, fmt.Sprintf("# notes, part %d\n", i)+lines+fmt.Sprintf("the flaky case of part %d runs on ZQ%d\n", i, 4470+i)+lines, false)
		if i == 11 {
			enginetest.PruneResult(t, b.S, seq, 200, 100)
		}
		b.StepEnd()
	}
	b.TurnEnd()
	if err := hostshim.WriteSession(log, b.S, hostshim.LogOptions{}); err != nil {
		t.Fatal(err)
	}
	return efIDs
}

// The trial: ef fold --project . on a session the DSH plugin had folded
// warned that the project's store "already held 12 checkpoints … folded
// there before with other flags" (they were the plugin's), failed, and left
// a new bundle behind, so ef search then found the same text twice. Now the
// plugin's checkpoints are found again under their own ids, the host's
// fold (which nothing had archived) is archived once, and nothing is
// duplicated: a search finds each folded message once.
func TestFoldFindsThePluginsCheckpoints(t *testing.T) {
	home, proj, dir := t.TempDir(), t.TempDir(), t.TempDir()
	t.Setenv("EF_HOME", home)
	storeDir, err := projectStoreDir(proj)
	if err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "session.jsonl")
	efIDs := pluginSession(t, storeDir, log)
	before := storedIDs(t, storeDir, "plugin-session-1")
	if !slices.Equal(before, slices.Sorted(slices.Values(efIDs))) {
		t.Fatalf("the plugin's store holds %v, want %v", before, efIDs)
	}
	code, stdout, stderr := runCLI(t, "fold", log, "--project", proj, "--out", filepath.Join(dir, "out.jsonl"), "--window", "3000")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if strings.Contains(stderr, "already held") || strings.Contains(stderr, "also holds") {
		t.Errorf("a warning about the plugin's own checkpoints:\n%s", stderr)
	}
	if n := strings.Count(stdout, "EF's checkpoint (epistemic-fold/"); n != 2 || strings.Count(stdout, "), in the store already\n") != 2 {
		t.Errorf("EF's checkpoints: %d lines\n%s", n, stdout)
	}
	if !strings.Contains(stdout, "the host's summary (deepseek-official/deepseek-chat), archived now") {
		t.Errorf("the host's fold:\n%s", stdout)
	}
	// The pruned result is archived whole: its cut middle is found.
	if !strings.Contains(stdout, "a tool result the host's pruner cut, archived now") {
		t.Errorf("the pruned result:\n%s", stdout)
	}
	if out, _, err := runCmd(t, RunSearch, "--project", proj, "ZQ4481"); err != nil || !strings.Contains(out, engine.PrunedID(0)[:len("ef-prune-")]) {
		t.Errorf("search of the pruned middle: %v\n%s", err, out)
	}
	after := storedIDs(t, storeDir, "plugin-session-1")
	for _, id := range before {
		if !slices.Contains(after, id) {
			t.Errorf("the plugin's checkpoint %s is gone", id)
		}
	}
	// widget_1_x was read at step 1, folded by EF, and that fold folded
	// again by the host's: the host's bundle archives EF's checkpoint, not
	// the message, so one bundle holds the message.
	out, _, err := runCmd(t, RunSearch, "--project", proj, "widget_1_x")
	if err != nil || strings.Count(out, "tool result of read") != 1 {
		t.Errorf("search: %v\n%s", err, out)
	}
}

// A log that cannot be replayed to its end fails before anything is
// written: no store, no bundle, no new log. In the trial a failed ef fold
// left a bundle in the project's store, and every later search found its
// messages twice.
func TestFoldFailsBeforeWritingAnything(t *testing.T) {
	dir := t.TempDir()
	s, _, err := readSession(context.Background(), mixedFoldsLog, true)
	if err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "broken.jsonl")
	if err := hostshim.WriteSession(log, s, hostshim.LogOptions{}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	// The last event, a replacement naming seqs that do not exist yet.
	raw = fmt.Appendf(raw, `{"type":"user/message","seq":%d,"time":1,"data":{"role":"user","content":[{"type":"text","text":"x"}],"source":{"kind":"user"}},"surfaceOp":{"op":"replace","start":%d,"end":%d},"sourceEventSeqs":[%d]}`+"\n", s.Len(), s.Len()+5, s.Len()+6, s.Len()+5)
	if err := os.WriteFile(log, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	st, out := filepath.Join(dir, "store"), filepath.Join(dir, "out.jsonl")
	_, text, err := foldRun(t, log, "--store", st, "--out", out, "--window", "3000")
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("refers to seq %d, which is not an event before it", s.Len()+5)) {
		t.Fatalf("err %v\n%s", err, text)
	}
	for _, p := range []string{st, out} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was written", p)
		}
	}
}

// foldWarnShared tells the checkpoints an earlier ef fold wrote (version 8
// ids, other flags or another build: both sets are now searched) from the
// DSH plugin's that this log does not show committed (nothing duplicated).
func TestFoldWarnSharedTellsWhoWroteThem(t *testing.T) {
	plugin := "ef-931a25bc-25ee-4e07-922a-e2ab76a86709"
	mine := "ef-" + newFoldIDs("auto", 8000, 0, false, 0).next()
	if foldMinted(plugin) || !foldMinted(mine) || foldMinted(engine.PrunedID(12)) {
		t.Fatalf("foldMinted: plugin %v, ef fold %v", foldMinted(plugin), foldMinted(mine))
	}
	var w bytes.Buffer
	acc := &foldAccount{SessionID: "s1"}
	foldWarnShared(&w, acc, []string{plugin, mine}, false, "/st")
	got := w.String()
	if !strings.Contains(got, "note: /st also holds 1 checkpoint of session \"s1\" that the DSH plugin wrote") ||
		!strings.Contains(got, "warning: /st already held 1 checkpoint of session \"s1\" that an earlier ef fold wrote") || acc.PriorNotReproduced != 2 {
		t.Errorf("%s(%d not reproduced)", got, acc.PriorNotReproduced)
	}
	// Deleting the session would drop the plugin's checkpoints: the way
	// out named is gc of the earlier ef fold's alone.
	if !strings.Contains(got, "to drop only the earlier ef fold's ("+mine+"), run ef store gc /st --referenced FILE --grace 0") || strings.Contains(got, "ef store delete /st") {
		t.Errorf("with the plugin's checkpoints: %s", got)
	}
	w.Reset()
	foldWarnShared(&w, &foldAccount{SessionID: "s1"}, []string{mine}, false, "/st")
	if !strings.Contains(w.String(), "remove the session and fold again: ef store delete /st --session s1") {
		t.Errorf("ef fold's checkpoints alone: %s", w.String())
	}
	w.Reset()
	foldWarnShared(&w, &foldAccount{SessionID: "s1"}, []string{plugin}, false, "/st")
	if strings.Contains(w.String(), "warning") {
		t.Errorf("the plugin's checkpoint alone: %s", w.String())
	}
}

// ef fold --mode archive only archives the log's own folds (what a DSH
// session that never runs again cannot catch up on by itself): no fold of
// EF's, and no new log unless --out is given. It needs a store, and takes
// no window.
func TestFoldArchiveMode(t *testing.T) {
	dir := t.TempDir()
	st := filepath.Join(dir, "store")
	acc, text, err := foldRun(t, mixedFoldsLog, "--store", st, "--mode", "archive", "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if len(acc.Folds) != 0 || len(acc.LogFolds) != 3 || acc.Out != "" || acc.EventsOut != acc.EventsIn {
		t.Fatalf("folds %d, log folds %d, out %q, events %d → %d\n%s", len(acc.Folds), len(acc.LogFolds), acc.Out, acc.EventsIn, acc.EventsOut, text)
	}
	if ids := storedIDs(t, st, acc.SessionID); len(ids) != 3 {
		t.Errorf("the store holds %v", ids)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("archive without --out wrote beside the store: %v", entries)
	}
	_, text, err = foldRun(t, mixedFoldsLog, "--store", st, "--mode", "archive")
	if err != nil || !strings.Contains(text, " → no new log ") || strings.Count(text, "), in the store already\n") != 3 {
		t.Errorf("again: %v\n%s", err, text)
	}
	for _, args := range [][]string{
		{"--mode", "archive"},
		{"--mode", "archive", "--store", st, "--window", "8000"},
		{"--store", st},
	} {
		if _, text, err := foldRun(t, append([]string{mixedFoldsLog}, args...)...); !errors.Is(err, errUsage) {
			t.Errorf("%v: %v\n%s", args, err, text)
		}
	}
}
