package bundle_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
)

// listingFS counts the directory listings made through it.
type listingFS struct {
	bundle.FS
	lists atomic.Int64
}

func (l *listingFS) ReadDir(name string) ([]fs.DirEntry, error) {
	l.lists.Add(1)
	return l.FS.ReadDir(name)
}

// foreignInfoFS describes files by FileInfos of its own making, as a test
// FS may: they never compare as the same file (os.SameFile).
type foreignInfoFS struct{ *listingFS }

type foreignInfo struct{ fs.FileInfo }

func (f foreignInfoFS) Lstat(name string) (fs.FileInfo, error) {
	fi, err := f.listingFS.Lstat(name)
	if err != nil {
		return nil, err
	}
	return foreignInfo{fi}, nil
}

// settle dates a directory's modification time an hour back, as if it
// had not been written to since.
func settle(t *testing.T, dir string) {
	t.Helper()
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(dir, old, old); err != nil {
		t.Fatal(err)
	}
}

// openListing opens a store through a listingFS and puts three bundles of
// session "s"; it returns the store, the FS and the session's directory.
func openListing(t *testing.T, wrap func(*listingFS) bundle.FS) (*bundle.Store, *listingFS, string) {
	t.Helper()
	lfs := &listingFS{FS: bundle.OSFS{}}
	s := bundletest.MustOpenAt(t, t.TempDir(), bundle.Options{FS: wrap(lfs)})
	msgs := bundletest.Messages(3, 20, 200)
	for _, c := range []string{"a", "b", "c"} {
		mustPut(t, s, bundletest.Bundle("s", c, msgs))
	}
	return s, lfs, filepath.Dir(bundlePath(t, s, "s", "a"))
}

func plainFS(l *listingFS) bundle.FS { return l }

func unavailableReason(err error) string {
	var ue *bundle.UnavailableError
	if errors.As(err, &ue) {
		return ue.Reason
	}
	return ""
}

// A read reuses its session directory's listing while the directory is
// unchanged since a time well before the listing: reading every bundle
// of a session lists its directory once, not once per bundle.
func TestReadsReuseASettledListing(t *testing.T) {
	s, lfs, dir := openListing(t, plainFS)
	settle(t, dir)
	lfs.lists.Store(0)
	for range 3 {
		for _, c := range []string{"a", "b", "c"} {
			if _, err := s.Get(ctx, "s", c); err != nil {
				t.Fatal(err)
			}
			if _, err := s.PageVerified(ctx, "s", c, 0, 1); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := lfs.lists.Load(); n != 1 {
		t.Fatalf("18 reads of a settled directory listed it %d times, want 1", n)
	}
}

// What must not be answered from a kept listing.
func TestListingNotReused(t *testing.T) {
	t.Run("directory written moments ago", func(t *testing.T) {
		s, lfs, _ := openListing(t, plainFS) // the Puts just wrote it
		lfs.lists.Store(0)
		for _, c := range []string{"a", "b", "a"} {
			if _, err := s.Get(ctx, "s", c); err != nil {
				t.Fatal(err)
			}
		}
		if n := lfs.lists.Load(); n != 3 {
			t.Fatalf("3 reads of a directory written moments ago listed it %d times, want 3", n)
		}
	})
	t.Run("a bundle put since", func(t *testing.T) {
		s, _, dir := openListing(t, plainFS)
		settle(t, dir)
		if _, err := s.Get(ctx, "s", "a"); err != nil {
			t.Fatal(err)
		}
		mustPut(t, s, bundletest.Bundle("s", "d", bundletest.Messages(4, 5, 100)))
		if _, err := s.Get(ctx, "s", "d"); err != nil {
			t.Fatalf("a bundle put after the listing: %v", err)
		}
	})
	t.Run("a checkpoint the listing lacks", func(t *testing.T) {
		s, lfs, dir := openListing(t, plainFS)
		settle(t, dir)
		if _, err := s.Get(ctx, "s", "a"); err != nil {
			t.Fatal(err)
		}
		// A file renamed in within the directory's clock tick (its
		// time set back): a missing checkpoint is always listed afresh.
		p := bundlePath(t, s, "s", "a")
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(p)
		if !strings.HasPrefix(base, "c-a.") {
			t.Fatalf("bundle file %s: want it named after checkpoint a", base)
		}
		q := filepath.Join(dir, "c-e."+strings.TrimPrefix(base, "c-a."))
		if err := os.WriteFile(q, data, 0o600); err != nil {
			t.Fatal(err)
		}
		settle(t, dir)
		lfs.lists.Store(0)
		_, err = s.Get(ctx, "s", "e")
		if lfs.lists.Load() != 1 {
			t.Fatalf("a checkpoint the kept listing lacks was not listed afresh")
		}
		// The copy holds checkpoint a, not e: found, and refused as such.
		if r := unavailableReason(err); r != "wrong bundle" {
			t.Fatalf("Get of a file found by a fresh listing: %v, want unavailable (wrong bundle)", err)
		}
		if _, err := s.Get(ctx, "s", "nothing"); unavailableReason(err) != "missing" {
			t.Fatalf("Get of no file: %v, want unavailable (missing)", err)
		}
	})
	t.Run("a file removed within the clock tick", func(t *testing.T) {
		s, _, dir := openListing(t, plainFS)
		settle(t, dir)
		if _, err := s.Get(ctx, "s", "a"); err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(bundlePath(t, s, "s", "a")); err != nil {
			t.Fatal(err)
		}
		settle(t, dir) // the directory looks unchanged
		if _, err := s.Get(ctx, "s", "a"); unavailableReason(err) != "missing" {
			t.Fatalf("Get of a removed file: %v, want unavailable (missing)", err)
		}
		if _, err := s.Get(ctx, "s", "b"); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("a second file for a checkpoint", func(t *testing.T) {
		s, _, dir := openListing(t, plainFS)
		settle(t, dir)
		if _, err := s.Get(ctx, "s", "a"); err != nil {
			t.Fatal(err)
		}
		p := bundlePath(t, s, "s", "a")
		hex := strings.TrimSuffix(filepath.Base(p), ".efb")
		hex = hex[len(hex)-64:]
		q := strings.Replace(p, hex, strings.Repeat("0", 64), 1)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(q, data, 0o600); err != nil {
			t.Fatal(err)
		}
		// The directory changed: the second file is seen.
		if _, err := s.Get(ctx, "s", "a"); unavailableReason(err) != "ambiguous" {
			t.Fatalf("Get with two files for one checkpoint: %v, want unavailable (ambiguous)", err)
		}
		settle(t, dir)
		if _, err := s.Get(ctx, "s", "a"); unavailableReason(err) != "ambiguous" {
			t.Fatalf("Get with two files for one checkpoint, listing kept: %v, want unavailable (ambiguous)", err)
		}
	})
	t.Run("file infos not from os", func(t *testing.T) {
		s, lfs, dir := openListing(t, func(l *listingFS) bundle.FS { return foreignInfoFS{l} })
		settle(t, dir)
		lfs.lists.Store(0)
		for _, c := range []string{"a", "b"} {
			if _, err := s.Get(ctx, "s", c); err != nil {
				t.Fatal(err)
			}
		}
		if n := lfs.lists.Load(); n != 2 {
			t.Fatalf("2 reads through foreign file infos listed %d times, want 2", n)
		}
	})
}
