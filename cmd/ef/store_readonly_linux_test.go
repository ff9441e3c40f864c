package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A store on a read-only filesystem: ef store gc and ef store delete say
// nothing was done and what to do, as ef fold does (it was the lock's bare
// "open: read-only file system"); a search says the index is on a
// read-only filesystem, not that it is "not writable by this user". The
// near miss: the same store writable is collected without a remedy.
func TestStoreChangesOnAReadOnlyFilesystemSayWhatToDo(t *testing.T) {
	dir := t.TempDir()
	log := poisonLog(t, dir)
	src, ro := filepath.Join(dir, "src"), filepath.Join(dir, "ro")
	for _, d := range []string{src, ro} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if _, text, err := foldRun(t, log, "--store", src, "--out", filepath.Join(dir, "out.jsonl"), "--mode", "root"); err != nil {
		t.Fatalf("fold: %v\n%s", err, text)
	}
	if _, _, err := runCmd(t, RunSearch, "--store", src, "error"); err != nil {
		t.Fatal(err) // brings the store's index up to date
	}
	if err := syscall.Mount(src, ro, "", syscall.MS_BIND, ""); err != nil {
		t.Skipf("cannot bind-mount a directory read-only (needs root / CAP_SYS_ADMIN): %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(ro, syscall.MNT_DETACH) })
	if err := syscall.Mount("", ro, "", syscall.MS_REMOUNT|syscall.MS_BIND|syscall.MS_RDONLY, ""); err != nil {
		t.Skipf("cannot remount read-only: %v", err)
	}
	for _, c := range []struct {
		run  func(t *testing.T) error
		want []string
	}{
		{func(t *testing.T) error { _, _, err := runCmd(t, RunStore, "gc", ro); return err },
			[]string{"nothing was removed", ro + " is on a read-only filesystem: remount it read-write, or run ef store gc where it is writable", "run the same ef store gc command again"}},
		{func(t *testing.T) error {
			_, _, err := runCmd(t, RunStore, "delete", "--store", ro, "--session", "s1")
			return err
		},
			[]string{"nothing was deleted", "run the same ef store delete command again"}},
	} {
		err := c.run(t)
		if !errors.Is(err, syscall.EROFS) {
			t.Fatalf("on a read-only store: %v", err)
		}
		for _, want := range c.want {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("the error does not say %q:\n%v", want, err)
			}
		}
	}
	_, stderr, err := runCmd(t, RunSearch, "--store", ro, "error")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "the store's index is on a read-only filesystem; opened it read-only") || strings.Contains(stderr, "by this user") {
		t.Errorf("the search's note on a read-only filesystem: %q", stderr)
	}
	out, _, err := runCmd(t, RunStore, "gc", src)
	if err != nil || strings.Contains(out, "nothing was") {
		t.Fatalf("gc of the writable store: %v\n%s", err, out)
	}
}
