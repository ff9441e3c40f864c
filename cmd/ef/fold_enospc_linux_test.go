//go:build linux

package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// smallFS mounts a tmpfs of size bytes: a real filesystem that fills up.
// It needs CAP_SYS_ADMIN; without it the test is skipped.
func smallFS(t *testing.T, size int) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "small")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, fmt.Sprintf("size=%d,mode=0700", size)); err != nil {
		t.Skipf("cannot mount a small tmpfs to fill (needs root / CAP_SYS_ADMIN): %v", err)
	}
	t.Cleanup(func() {
		if err := syscall.Unmount(dir, syscall.MNT_DETACH); err != nil {
			t.Errorf("unmount %s: %v", dir, err)
		}
	})
	return dir
}

// Issue 11: --out was written in place; a full disk (or a kill) left a
// header-only file that ef inspect took for a valid empty session and that
// blocked the rerun. Now it is complete or absent.
func TestFoldOutOnFullDiskIsAbsent(t *testing.T) {
	dir := t.TempDir()
	log := poisonLog(t, dir)
	small := smallFS(t, 64<<10)
	var st syscall.Statfs_t
	if err := syscall.Statfs(small, &st); err != nil {
		t.Fatal(err)
	}
	if free := int64(st.Bavail) * int64(st.Bsize); free > 8<<10 {
		if err := os.WriteFile(filepath.Join(small, "filler"), make([]byte, free-8<<10), 0o600); err != nil && !errors.Is(err, syscall.ENOSPC) {
			t.Fatal(err)
		}
	}
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
