package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/store"
)

// TestFoldNextToAnIndexHolder: with ef mcp (here: another open store)
// holding the store's search index, ef fold used to warn "checkpoints will
// not be indexed", though ef search indexes them from the bundles when it
// next runs. The warning now says so, and ef search finds the checkpoints.
func TestFoldNextToAnIndexHolder(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "session.jsonl", 0)
	dirStore, out := filepath.Join(dir, "store"), filepath.Join(dir, "out.jsonl")
	holder, err := store.Open(dirStore, store.Options{})
	if err != nil || holder.Index == nil {
		t.Fatalf("open: %v (index: %v)", err, holder.IndexErr)
	}
	_, text, err := foldRun(t, log, "--store", dirStore, "--out", out, "--window", "2000")
	holder.Close()
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if strings.Contains(text, "will not be indexed") || !strings.Contains(text, "in use by another process") ||
		!strings.Contains(text, "ef search") {
		t.Fatalf("fold output does not say the index is busy and who indexes later:\n%s", text)
	}
	res, errs, err := runCmd(t, RunSearch, "--store", dirStore, "--json", "file structure")
	if err != nil || !strings.Contains(res, `"ref"`) {
		t.Fatalf("ef search after the fold: %v %s\n%s", err, errs, res)
	}
}
