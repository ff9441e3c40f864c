package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

func stateRun(t *testing.T, args ...string) stateOutput {
	t.Helper()
	out, errs, err := runCmd(t, RunState, append(args, "--json")...)
	if err != nil {
		t.Fatalf("ef state %v: %v\n%s", args, err, errs)
	}
	var st stateOutput
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	return st
}

// TestStateSurvivesFolds folds real logs with pressure and in emergency and
// checks that the heads rebuilt from the checkpoints' bundle snapshots and
// the surface equal those reduced from the whole log.
func TestStateSurvivesFolds(t *testing.T) {
	for _, tc := range []struct{ log, mode string }{
		{"apps__web__goal-multi-turn-actions__session.jsonl", "auto"},
		{"apps__web__permission-policy-context__session.jsonl", "root"},
		{"apps__web__permission-policy-context__session.jsonl", "emergency"},
	} {
		t.Run(tc.log+"/"+tc.mode, func(t *testing.T) {
			log := filepath.Join(testutil.CorpusDir(t, "dsh-snapshots"), tc.log)
			dir := t.TempDir()
			store, out := filepath.Join(dir, "store"), filepath.Join(dir, "out.jsonl")
			args := []string{log, "--store", store, "--out", out, "--mode", tc.mode, "--json"}
			switch tc.mode {
			case "auto":
				args = append(args, "--window", "2000")
			case "emergency":
				args = append(args, "--budget", "1500")
			}
			acc, text, err := foldRun(t, args...)
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			folded := 0
			for _, f := range acc.Folds {
				if f.Skipped == "" {
					folded++
					if f.Verdict == nil || f.Verdict.Status("A") != "pass" || f.Verdict.Status("O") != "pass" {
						t.Fatalf("fold %s: A/O not passing: %+v", f.CheckpointID, f.Verdict)
					}
				}
			}
			if folded == 0 {
				t.Fatalf("nothing folded\n%s", text)
			}
			fromLog := stateRun(t, out, "--from", "log")
			fromCk := stateRun(t, out, "--store", store)
			if fromCk.Source != "checkpoints" || fromCk.Rebuild == nil || fromCk.Rebuild.Checkpoints == 0 {
				t.Fatalf("not rebuilt from checkpoints: %+v", fromCk.Rebuild)
			}
			a, _ := json.Marshal(fromLog.Anchors)
			b, _ := json.Marshal(fromCk.Anchors)
			if !bytes.Equal(a, b) || len(fromLog.Anchors) == 0 {
				t.Fatalf("heads differ (or none):\nlog:         %s\ncheckpoints: %s", a, b)
			}
		})
	}
}

func TestStateUsage(t *testing.T) {
	_, _, err := runCmd(t, RunState, "--from", "checkpoints", "x.jsonl")
	if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "--store") {
		t.Fatalf("got %v", err)
	}
	if _, _, err := runCmd(t, RunState, filepath.Join(t.TempDir(), "missing.jsonl")); err == nil {
		t.Fatal("missing log: no error")
	}
}

// TestStateSaysWhenABundleIsGone: with a checkpoint's bundle deleted, ef
// state still prints the right heads (the span is replayed from the log),
// but the table alone used to say "from the checkpoints" with no word of
// the lost bundle; only --json carried the rebuild notes.
func TestStateSaysWhenABundleIsGone(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "session.jsonl", 0)
	store, out := filepath.Join(dir, "store"), filepath.Join(dir, "out.jsonl")
	if _, text, err := foldRun(t, log, "--store", store, "--out", out, "--window", "2000", "--json"); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if _, errs, err := runCmd(t, RunState, out, "--store", store); err != nil || strings.Contains(errs, "warning") {
		t.Fatalf("intact store: err %v, stderr %q", err, errs)
	}
	bundles, err := filepath.Glob(filepath.Join(store, "s-*", "c-*.efb"))
	if err != nil || len(bundles) == 0 {
		t.Fatalf("no bundles in %s (%v)", store, err)
	}
	for _, b := range bundles {
		if err := os.Remove(b); err != nil {
			t.Fatal(err)
		}
	}
	stdout, errs, err := runCmd(t, RunState, out, "--store", store)
	if err != nil {
		t.Fatalf("ef state: %v\n%s", err, errs)
	}
	if !strings.Contains(stdout, "anchors from the checkpoints") {
		t.Fatalf("stdout: %s", stdout)
	}
	rep := stateRun(t, out, "--store", store).Rebuild
	if rep == nil || rep.Replayed == 0 || rep.Checkpoints != 0 {
		t.Fatalf("rebuild: %+v", rep)
	}
	want := fmt.Sprintf("%d of %d checkpoints replayed from the log", rep.Replayed, rep.Replayed)
	if !strings.Contains(errs, want) || !strings.Contains(errs, "warning: checkpoint ") || !strings.Contains(errs, "missing") {
		t.Fatalf("stderr does not say the bundles are gone (want %q):\n%s", want, errs)
	}
}

// ef state of an unfolded log (ef fold's input, not its --out) with --store
// says the state is the log's own: nothing came from the store. It said
// "N anchors from the checkpoints" with no checkpoint read; the folded log
// still says so.
func TestStateOfUnfoldedLogWithStoreSaysSo(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "session.jsonl", 0)
	store, out := filepath.Join(dir, "store"), filepath.Join(dir, "out.jsonl")
	if _, text, err := foldRun(t, log, "--store", store, "--out", out, "--window", "2000"); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	stdout, errs, err := runCmd(t, RunState, log, "--store", store)
	if err != nil {
		t.Fatalf("ef state: %v\n%s", err, errs)
	}
	if strings.Contains(stdout, "from the checkpoints") || !strings.Contains(stdout, "anchors from the log: it holds no EF checkpoint") {
		t.Fatalf("unfolded log:\n%s", stdout)
	}
	if rep := stateRun(t, log, "--store", store).Rebuild; rep == nil || rep.Checkpoints != 0 || rep.Replayed != 0 {
		t.Fatalf("rebuild: %+v", rep)
	}
	if stdout, _, err = runCmd(t, RunState, out, "--store", store); err != nil || !strings.Contains(stdout, "anchors from the checkpoints") {
		t.Fatalf("folded log: %v\n%s", err, stdout)
	}
}

// TestStateReadsTheHeaderSystemPrompt: a chat log's system prompt, which
// the import keeps in the request header (the host sends it with every
// request and never folds it), is read on its own and shown apart from
// the state (its rules were missing from ef state).
func TestStateReadsTheHeaderSystemPrompt(t *testing.T) {
	p := filepath.Join(t.TempDir(), "chat.json")
	chat := `{"messages":[{"role":"system","content":"You are a support bot for Acme. Always answer in French. Never promise refunds over 100 EUR."},` +
		`{"role":"user","content":"My order 1234 is late. The page timeout should be 30 seconds."},{"role":"assistant","content":"Bonjour !"}]}`
	if err := os.WriteFile(p, []byte(chat), 0o600); err != nil {
		t.Fatal(err)
	}
	st := stateRun(t, p)
	if st.System == nil {
		t.Fatal("no system prompt read")
	}
	var sys []string
	for _, a := range st.System.Anchors {
		sys = append(sys, a.Value)
		if a.SourceRefs[0].SessionID != st.Anchors[0].SourceRefs[0].SessionID {
			t.Errorf("the prompt's anchor %s cites session %q, the state's %q", a.ID, a.SourceRefs[0].SessionID, st.Anchors[0].SourceRefs[0].SessionID)
		}
	}
	if got := strings.Join(sys, " | "); !strings.Contains(got, "Always answer in French.") || !strings.Contains(got, "Never promise refunds over 100 EUR.") {
		t.Errorf("system prompt anchors %q", got)
	}
	for _, a := range st.Anchors {
		if strings.Contains(a.Value, "French") {
			t.Errorf("the prompt's rule is in the state itself: %+v", a)
		}
	}
	out, _, err := runCmd(t, RunState, p)
	if err != nil || !strings.Contains(out, "the system prompt (request header at seq 0;") || !strings.Contains(out, "Never promise refunds over 100 EUR.") {
		t.Errorf("table: %v\n%s", err, out)
	}
}
