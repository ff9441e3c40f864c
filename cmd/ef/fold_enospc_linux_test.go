//go:build linux

package main

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

// Issue 11: --out was written in place; a full disk (or a kill) left a
// header-only file that ef inspect took for a valid empty session and that
// blocked the rerun. Now it is complete or absent.
func TestFoldOutOnFullDiskIsAbsent(t *testing.T) {
	dir := t.TempDir()
	log := poisonLog(t, dir)
	small := testutil.SmallFS(t, 64<<10)
	testutil.Fill(t, small, 8<<10)
	out := filepath.Join(small, "out.jsonl")
	_, text, err := foldRun(t, log, "--store", filepath.Join(dir, "store"), "--out", out, "--mode", "root")
	if err == nil || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("fold onto a full disk: %v\n%s", err, text)
	}
	if _, err := os.Lstat(out); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("--out exists after a failed write: %v", err)
	}
	ents, _ := os.ReadDir(small)
	if len(ents) != 1 {
		t.Fatalf("left behind in the output directory: %v", ents)
	}
	// Space back: the rerun is not blocked by a leftover.
	os.Remove(filepath.Join(small, "filler"))
	if _, text, err := foldRun(t, log, "--store", filepath.Join(dir, "store"), "--out", out, "--mode", "root"); err != nil {
		t.Fatalf("rerun: %v\n%s", err, text)
	}
}
