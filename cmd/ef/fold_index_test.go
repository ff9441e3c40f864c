package main

import (
	"bytes"
	"os"
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
	raw, err := os.ReadFile(filepath.Join("..", "..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	log, dirStore, out := filepath.Join(dir, "session.jsonl"), filepath.Join(dir, "store"), filepath.Join(dir, "out.jsonl")
	if err := os.WriteFile(log, bytes.ReplaceAll(raw, []byte("{{sessionId}}"), []byte("demo-1")), 0o644); err != nil {
		t.Fatal(err)
	}
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
