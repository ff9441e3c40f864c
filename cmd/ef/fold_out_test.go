package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
