package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"testing"
)

// Re-running ef fold on the same log into the same store reuses the
// checkpoints the first run stored, and the summary says how many: "N
// folds by EF" alone read as N new checkpoints both times.
func TestFoldSummarySaysReused(t *testing.T) {
	log := writeLongClaudeLog(t, 300)
	store := t.TempDir()
	folds := regexp.MustCompile(`; (\d+) folds? by EF \(((\d+) reused from the store, )?`)
	var first string
	for i, want := range []bool{false, true} {
		var out, errb bytes.Buffer
		args := []string{"fold", "--window", "3000", "--store", store, "--out", filepath.Join(t.TempDir(), "out.jsonl"), log}
		if code := run(context.Background(), args, &out, &errb); code != 0 {
			t.Fatalf("run %d: exit %d: %s", i+1, code, errb.String())
		}
		m := folds.FindStringSubmatch(out.String())
		if m == nil || m[1] == "0" {
			t.Fatalf("run %d: no folds in the summary:\n%s", i+1, out.String())
		}
		if got := m[2] != ""; got != want {
			t.Errorf("run %d: summary says reused %v, want %v:\n%s", i+1, got, want, out.String())
		}
		if i == 0 {
			first = m[1]
		} else if m[3] != first {
			t.Errorf("second run reused %s of %s folds, want all %s (the first run stored them)", m[3], m[1], first)
		}
	}
}
