package main

import (
	"bytes"
	"encoding/json"
	"errors"
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
