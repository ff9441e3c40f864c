package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/tokenizer"
)

func foldRun(t *testing.T, args ...string) (foldAccount, string, error) {
	t.Helper()
	out, errs, err := runCmd(t, RunFold, args...)
	var acc foldAccount
	if err == nil && strings.Contains(strings.Join(args, " "), "--json") {
		if jerr := json.Unmarshal([]byte(out), &acc); jerr != nil {
			t.Fatalf("json: %v\n%s", jerr, out)
		}
	}
	return acc, out + errs, err
}

func TestFoldReplaysCorpusLogWithPressure(t *testing.T) {
	log := filepath.Join(testutil.CorpusDir(t, "dsh-snapshots"), "apps__web__goal-multi-turn-actions__session.jsonl")
	dir := t.TempDir()
	store, out := filepath.Join(dir, "store"), filepath.Join(dir, "out.jsonl")
	acc, text, err := foldRun(t, log, "--store", store, "--out", out, "--window", "2000", "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if len(acc.Folds) == 0 || acc.Failed != 0 {
		t.Fatalf("folds %d failed %d\n%s", len(acc.Folds), acc.Failed, text)
	}
	s, err := hostshim.ReadSession(out, hostshim.LogOptions{Lenient: true})
	if err != nil {
		t.Fatalf("new log does not read back: %v", err)
	}
	if s.Len() != acc.EventsOut || acc.EventsOut <= acc.EventsIn {
		t.Fatalf("events %d in, %d out, read %d", acc.EventsIn, acc.EventsOut, s.Len())
	}
	st := bundletest.MustOpenAt(t, store, bundle.Options{ReadOnly: true})
	for _, f := range acc.Folds {
		if f.Skipped != "" {
			continue
		}
		// --window is counted in o200k_base tokens, as in ef bench: the
		// fold was priced with that meter, not the host's heuristic.
		if f.Meter != tokenizer.Window {
			t.Errorf("fold %s priced with %q, want %s (the unit of --window)", f.CheckpointID, f.Meter, tokenizer.Window)
		}
		b, err := st.Get(context.Background(), acc.SessionID, f.CheckpointID)
		if err != nil {
			t.Fatalf("bundle %s: %v", f.CheckpointID, err)
		}
		if f.IndexError != "" {
			t.Fatalf("index %s: %s", f.CheckpointID, f.IndexError)
		}
		if len(b.Source.OrderedSurfaceSeqs) != len(f.ShadowedSeqs) || f.Verdict == nil || f.Verdict.Phase != "commit" {
			t.Fatalf("fold %+v", f)
		}
		// The checkpoint node in the new log carries the bundle's text.
		m, err := s.Message(f.CheckpointSeq)
		if err != nil || m == nil || !strings.Contains(m.Text(), b.Rendered.Text) {
			t.Fatalf("checkpoint seq %d does not carry the rendered text", f.CheckpointSeq)
		}
	}
	if acc.TokensAfter >= acc.TokensBefore {
		t.Fatalf("tokens %d → %d", acc.TokensBefore, acc.TokensAfter)
	}
}

func TestFoldModesAtEnd(t *testing.T) {
	log := filepath.Join(testutil.CorpusDir(t, "dsh-snapshots"), "apps__web__permission-policy-context__session.jsonl")
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"root", []string{"--mode", "root"}},
		{"emergency", []string{"--mode", "emergency", "--budget", "3000"}},
		{"leaf-nostore", []string{"--mode", "leaf", "--window", "4000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"--out", filepath.Join(dir, "out.jsonl.zstd"), "--json", log}
			if tc.name != "leaf-nostore" {
				args = append(args, "--store", filepath.Join(dir, "store"))
			}
			acc, text, err := foldRun(t, append(args, tc.args...)...)
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			if len(acc.Folds) == 0 || acc.Folds[0].CheckpointID == "" || acc.Failed > 0 {
				t.Fatalf("%s", text)
			}
			f := acc.Folds[0]
			if tc.name == "emergency" && (acc.RealAfter > 3000 || f.Drop == nil) {
				t.Fatalf("emergency: %d tokens after, manifest %v", acc.RealAfter, f.Drop)
			}
			if tc.name == "leaf-nostore" && !strings.HasPrefix(f.Recall, "unavailable") {
				t.Fatalf("recall %q", f.Recall)
			}
			if _, err := os.Stat(filepath.Join(dir, "out.jsonl.zstd")); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestFoldUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"x.jsonl"},
		{"x.jsonl", "--out", "y", "--mode", "sideways"},
		{"x.jsonl", "--out", "y"},
		{"x.jsonl", "--out", "y", "--mode", "emergency"},
	} {
		if _, _, err := foldRun(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("%v: want usage error, got %v", args, err)
		}
	}
	if _, _, err := foldRun(t, "-h"); !errors.Is(err, errHelp) {
		t.Errorf("-h: %v", err)
	}
}

func TestFoldHumanOutput(t *testing.T) {
	log := filepath.Join(testutil.CorpusDir(t, "dsh-snapshots"), "apps__web__goal-multi-turn-actions__session.jsonl")
	dir := t.TempDir()
	_, text, err := foldRun(t, log, "--store", filepath.Join(dir, "store"), "--out", filepath.Join(dir, "out.jsonl"), "--window", "2000")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	t.Log("\n" + text)
	if !strings.Contains(text, "  leaf ") || !strings.Contains(text, "recall available") || !strings.Contains(text, "0 failed") {
		t.Fatalf("output:\n%s", text)
	}
}

func TestFoldAutoEmergencyOnOverflow(t *testing.T) {
	// A 9K-token system reminder arrives in the first turn: no leaf fold can
	// take it (it is in the retained tail), so the overflow is answered by an
	// emergency fold, and later pressure by leaf folds after it.
	log := filepath.Join(testutil.CorpusDir(t, "dsh-snapshots"), "apps__web__permission-policy-context__session.jsonl")
	dir := t.TempDir()
	acc, text, err := foldRun(t, log, "--store", filepath.Join(dir, "store"), "--out", filepath.Join(dir, "out.jsonl"), "--window", "3000", "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	modes := map[string]int{}
	for _, f := range acc.Folds {
		if f.Skipped == "" && f.Error == "" {
			modes[string(f.Mode)]++
		}
	}
	if modes["emergency"] == 0 || acc.Failed != 0 || acc.RealAfter > 3000 {
		t.Fatalf("modes %v failed %d real after %d\n%s", modes, acc.Failed, acc.RealAfter, text)
	}
}

// Issue 11: --out is checked before any bundle is written, so a fold whose
// log cannot be written leaves no bundles behind.
func TestFoldChecksOutBeforeWritingBundles(t *testing.T) {
	dir := t.TempDir()
	log := poisonLog(t, dir)
	out := filepath.Join(dir, "exists.jsonl")
	if err := os.WriteFile(out, []byte("keep me\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	store := filepath.Join(dir, "store")
	_, text, err := foldRun(t, log, "--store", store, "--out", out, "--mode", "root")
	if err == nil || !strings.Contains(err.Error(), "exists") {
		t.Fatalf("fold over an existing --out: %v\n%s", err, text)
	}
	if _, err := os.Stat(store); err == nil {
		t.Fatal("the store was created although --out was refused")
	}
	if b, _ := os.ReadFile(out); string(b) != "keep me\n" {
		t.Fatalf("existing --out changed: %q", b)
	}
	_, _, err = foldRun(t, log, "--store", store, "--out", filepath.Join(dir, "no-such-dir", "x.jsonl"), "--mode", "root")
	if err == nil {
		t.Fatal("fold into a missing directory succeeded")
	}
	if _, err := os.Stat(store); err == nil {
		t.Fatal("the store was created although --out's directory is missing")
	}
}

// A fold that folds nothing (a span below the fold floor) is counted as
// skipped, in the summary line and in --json: "1 fold, 0 vetoed, 0 failed"
// read as a checkpoint written when the log came out unchanged, and so did
// "1 fold, 1 skipped" (an emergency fold within its budget, in the trial):
// the line counts the folds that committed.
func TestFoldCountsSkippedFolds(t *testing.T) {
	log := filepath.Join("..", "..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl")
	dir := t.TempDir()
	_, text, err := foldRun(t, log, "--store", filepath.Join(dir, "store"), "--out", filepath.Join(dir, "out.jsonl"), "--mode", "leaf")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if !strings.Contains(text, "skipped span of") || !strings.Contains(text, "; 0 folds by EF (1 skipped, 0 vetoed, 0 failed)") {
		t.Fatalf("output:\n%s", text)
	}
	acc, text, err := foldRun(t, log, "--store", filepath.Join(dir, "store"), "--out", filepath.Join(dir, "out2.jsonl"), "--mode", "leaf", "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if len(acc.Folds) != 1 || acc.Folds[0].Skipped == "" || acc.Skipped != 1 || acc.Stored != 0 || acc.Committed != 0 {
		t.Fatalf("skipped %d stored %d\n%s", acc.Skipped, acc.Stored, text)
	}
}

// --out inside --store is refused before anything is written: the new log
// was written into the store, and ef store verify then failed on it as a
// foreign entry. A directory beside the store whose name starts like the
// store's is not inside it.
func TestFoldOutNotInsideStore(t *testing.T) {
	log := filepath.Join("..", "..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl")
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	if err := os.MkdirAll(filepath.Join(store, "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(store, link); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{filepath.Join(store, "out.jsonl"), filepath.Join(store, "sub", "out.jsonl"), filepath.Join(link, "out.jsonl")} {
		if _, text, err := foldRun(t, log, "--store", store, "--out", out, "--mode", "root"); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "inside --store") {
			t.Errorf("--out %s: %v\n%s", out, err, text)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("--out %s was written", out)
		}
	}
	if entries, _ := os.ReadDir(store); len(entries) != 1 {
		t.Errorf("the store holds %d entries, want only sub/: %v", len(entries), entries)
	}
	if err := os.Remove(filepath.Join(store, "sub")); err != nil {
		t.Fatal(err)
	}
	beside := filepath.Join(dir, "store2")
	if err := os.Mkdir(beside, 0o700); err != nil {
		t.Fatal(err)
	}
	if _, text, err := foldRun(t, log, "--store", store, "--out", filepath.Join(beside, "out.jsonl"), "--mode", "root"); err != nil {
		t.Fatalf("--out beside the store: %v\n%s", err, text)
	}
	if out, _, err := runCmd(t, RunStore, "verify", store); err != nil || !strings.Contains(out, "0 foreign entries") {
		t.Fatalf("verify: %v\n%s", err, out)
	}
}

// --budget with --mode leaf or root is a usage error: only an emergency
// fold has a budget, and 'ef fold log --mode root --budget 500' folded at
// the root's own size as if --budget had not been given. Emergency and
// auto (whose fold on overflow is an emergency fold) take it.
func TestFoldBudgetOnlyWhereUsed(t *testing.T) {
	log := filepath.Join("..", "..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl")
	dir := t.TempDir()
	for _, mode := range []string{"leaf", "root"} {
		out := filepath.Join(dir, mode+".jsonl")
		if _, text, err := foldRun(t, log, "--store", filepath.Join(dir, "store"), "--out", out, "--mode", mode, "--budget", "500"); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "--budget") {
			t.Errorf("--mode %s --budget: %v\n%s", mode, err, text)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("--mode %s --budget wrote %s", mode, out)
		}
	}
	for _, args := range [][]string{{"--mode", "emergency", "--budget", "1500"}, {"--window", "2000", "--budget", "1500"}} {
		out := filepath.Join(dir, args[1]+".jsonl")
		if _, text, err := foldRun(t, append([]string{log, "--store", filepath.Join(dir, "store"), "--out", out}, args...)...); err != nil {
			t.Errorf("%v: %v\n%s", args, err, text)
		}
	}
}

// --out - writes the new log to stdout, as - reads a log from stdin: the
// bytes --out FILE writes, and nothing else (the summary, or the --json
// account, goes to stderr); a fold that stops writes nothing there. It
// used to create a file named "-".
func TestFoldOutDashIsStdout(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "session.jsonl", 0)
	file := filepath.Join(dir, "folded.jsonl")
	if _, text, err := foldRun(t, log, "--store", filepath.Join(dir, "s1"), "--out", file, "--window", "2000"); err != nil {
		t.Fatalf("--out FILE: %v\n%s", err, text)
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, extra := range [][]string{nil, {"--json"}} {
		store := filepath.Join(dir, "s-dash"+strings.Join(extra, ""))
		out, errs, err := runCmd(t, RunFold, append([]string{log, "--store", store, "--out", "-", "--window", "2000"}, extra...)...)
		if err != nil {
			t.Fatalf("--out - %v: %v\n%s", extra, err, errs)
		}
		if out != string(want) {
			t.Errorf("--out - %v: stdout is not the log --out FILE writes (%d bytes, want %d)\n%.300s", extra, len(out), len(want), out)
		}
		if extra == nil && !strings.Contains(errs, "session.jsonl → stdout  session demo-1") {
			t.Errorf("--out -: the summary is not on stderr:\n%s", errs)
		}
		if extra != nil && !strings.Contains(errs, `"out": "-"`) {
			t.Errorf("--out - --json: the account is not on stderr:\n%s", errs)
		}
		if _, err := os.Lstat(filepath.Join(dir, "-")); err == nil {
			t.Fatal(`--out - created a file named "-"`)
		}
	}
	// A fold that stops writes no log, to stdout as to a file.
	store := filepath.Join(dir, "s-dash")
	damageBundle(t, store, storedIDs(t, store, "demo-1")[0])
	out, errs, err := runCmd(t, RunFold, log, "--store", store, "--out", "-", "--window", "2000")
	if _, ok := errors.AsType[*foldStopped](err); !ok || out != "" || !strings.Contains(err.Error(), "nothing was written to stdout") {
		t.Fatalf("a stopped fold to --out -: %v, stdout %.200q\n%s", err, out, errs)
	}
}
