//go:build unix

package bundle_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
)

// Issue 11's hostile disk: links planted in a store, a store others can
// write, a LOCK link. Each is refused with the path and the fix, and
// nothing is written or chmodded outside the store.
func TestOpenRefusesUntrustedRoot(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.Mkdir(real, 0o700); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	for _, ro := range []bool{false, true} {
		_, err := bundle.Open(link, bundle.Options{ReadOnly: ro})
		if !errors.Is(err, bundle.ErrUntrusted) || !strings.Contains(err.Error(), link) || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("symlinked root (read-only %v): %v", ro, err)
		}
	}
	open := filepath.Join(dir, "open")
	if err := os.Mkdir(open, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o777); err != nil {
		t.Fatal(err)
	}
	if _, err := bundle.Open(open, bundle.Options{}); !errors.Is(err, bundle.ErrUntrusted) || !strings.Contains(err.Error(), "chmod 700") {
		t.Errorf("world-writable root: %v", err)
	}
	if os.Geteuid() != 0 {
		t.Log("not root: cannot chown a directory to another user; the ownership case is not run")
		return
	}
	other := filepath.Join(dir, "other")
	if err := os.Mkdir(other, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(other, 4242, 4242); err != nil {
		t.Fatal(err)
	}
	if _, err := bundle.Open(other, bundle.Options{}); !errors.Is(err, bundle.ErrUntrusted) || !strings.Contains(err.Error(), "uid 4242") {
		t.Errorf("root owned by another user: %v", err)
	}
}

func TestSymlinkedSessionDirIsRefused(t *testing.T) {
	s, root := bundletest.MustOpen(t, bundle.Options{})
	rc, err := s.Put(ctx, bundletest.Bundle("victim", "c1", bundletest.Messages(1, 3, 40)))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(rc.Path)
	outside := filepath.Join(t.TempDir(), "outside")
	if err := os.Mkdir(outside, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dir, dir+".moved"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, dir); err != nil {
		t.Fatal(err)
	}
	s2, err := bundle.Open(root, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if _, err := s2.Put(ctx, bundletest.Bundle("victim", "c2", nil)); !errors.Is(err, bundle.ErrUntrusted) {
		t.Fatalf("Put into a symlinked session dir: %v", err)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Fatalf("the store wrote outside its root: %v", ents)
	}
	if _, err := s2.Get(ctx, "victim", "c1"); !errors.Is(err, bundle.ErrUnavailable) || !strings.Contains(err.Error(), "untrusted") {
		t.Fatalf("Get through a symlinked session dir: %v", err)
	}
	a, err := s2.Audit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !hasPrefix(a.Foreign, dir+": symbolic link") || !hasPrefix(a.Foreign, dir+".moved") {
		t.Fatalf("audit foreign %q", a.Foreign)
	}
}

func hasPrefix(list []string, p string) bool {
	for _, s := range list {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func TestLockLinkIsNeverFollowed(t *testing.T) {
	s, root := bundletest.MustOpen(t, bundle.Options{})
	target := filepath.Join(t.TempDir(), "precious")
	if err := os.WriteFile(target, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	lock := filepath.Join(root, "LOCK")
	os.Remove(lock)
	if err := os.Symlink(target, lock); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Put(ctx, bundletest.Bundle("s", "c", nil)); !errors.Is(err, bundle.ErrUntrusted) || !strings.Contains(err.Error(), lock) {
		t.Fatalf("Put with a LOCK link: %v", err)
	}
	if fi, err := os.Stat(target); err != nil || fi.Mode().Perm() != 0o644 {
		t.Fatalf("LOCK link target changed: %v %v", fi.Mode(), err)
	}
	dangling := filepath.Join(t.TempDir(), "nothing-here")
	os.Remove(lock)
	if err := os.Symlink(dangling, lock); err != nil {
		t.Fatal(err)
	}
	if _, err := bundle.Open(root, bundle.Options{LockTimeout: time.Second}); !errors.Is(err, bundle.ErrUntrusted) {
		t.Fatalf("Open with a dangling LOCK link: %v", err)
	}
	if _, err := os.Lstat(dangling); err == nil {
		t.Fatal("a file was created through a dangling LOCK link")
	}
}

// The manifest makes a deleted acknowledged bundle visible, and foreign
// files too; GC keeps the manifest in step.
func TestAuditReportsLostAndForeign(t *testing.T) {
	root := filepath.Join(t.TempDir(), "store")
	now := time.Now()
	s, err := bundle.Open(root, bundle.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var paths []string
	for _, id := range []string{"a", "b", "c"} {
		rc, err := s.Put(ctx, bundletest.Bundle("s", id, bundletest.Messages(2, 2, 30)))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, rc.Path)
	}
	a, err := s.Audit(ctx)
	if err != nil || len(a.Missing)+len(a.Foreign)+len(a.Unlisted)+len(a.Unmanifested) != 0 {
		t.Fatalf("clean store audit: %+v %v", a, err)
	}
	if err := os.Remove(paths[1]); err != nil {
		t.Fatal(err)
	}
	junk := filepath.Join(filepath.Dir(paths[0]), "planted.sh")
	if err := os.WriteFile(junk, []byte("#!/bin/sh"), 0o600); err != nil {
		t.Fatal(err)
	}
	a, err = s.Audit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Missing) != 1 || a.Missing[0].CheckpointID != "b" || a.Missing[0].SessionID != "s" {
		t.Fatalf("missing %+v", a.Missing)
	}
	if !hasPrefix(a.Foreign, junk) {
		t.Fatalf("foreign %q", a.Foreign)
	}
	// The lost bundle is still acknowledged; an id never stored is not.
	acked := func(session, id string) bool {
		t.Helper()
		ok, err := s.Acknowledged(ctx, session, id)
		if err != nil {
			t.Fatalf("Acknowledged(%s, %s): %v", session, id, err)
		}
		return ok
	}
	if !acked("s", "a") || !acked("s", "b") || acked("s", "never") || acked("no-such-session", "a") {
		t.Fatalf("Acknowledged: a %v, lost b %v, never %v, other session %v",
			acked("s", "a"), acked("s", "b"), acked("s", "never"), acked("no-such-session", "a"))
	}
	os.Remove(junk)
	// GC of an orphan unlists it before removing it: no false loss.
	now = now.Add(time.Hour)
	rep, err := s.GC(ctx, map[string]bool{"a": true}, time.Minute)
	if err != nil || len(rep.Removed) != 1 || rep.Removed[0] != "c" {
		t.Fatalf("gc %+v %v", rep, err)
	}
	a, err = s.Audit(ctx)
	if err != nil || len(a.Missing) != 1 || a.Missing[0].CheckpointID != "b" || len(a.Foreign) != 0 {
		t.Fatalf("after gc: %+v %v", a, err)
	}
	if acked("s", "c") {
		t.Fatal("a collected bundle is still acknowledged")
	}
	// A retried Put of the lost bundle restores it; the loss is gone.
	if _, err := s.Put(ctx, bundletest.Bundle("s", "b", bundletest.Messages(2, 2, 30))); err != nil {
		t.Fatal(err)
	}
	if a, _ := s.Audit(ctx); len(a.Missing) != 0 {
		t.Fatalf("after re-put: %+v", a)
	}
	// A session from before manifests: what is there is what the store has.
	if err := os.Remove(filepath.Join(filepath.Dir(paths[0]), "manifest")); err != nil {
		t.Fatal(err)
	}
	if !acked("s", "a") || acked("s", "c") {
		t.Fatalf("without a manifest: a %v, c %v", acked("s", "a"), acked("s", "c"))
	}
}
