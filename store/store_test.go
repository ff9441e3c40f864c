package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/storetest"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/store"
)

// openWithCheckpoint opens a store in a fresh directory, archives one
// bundle and indexes it through the engine wiring.
func openWithCheckpoint(t *testing.T) (*store.Store, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "store")
	st := storetest.MustOpen(t, dir, store.Options{})
	var opts engine.Options
	st.Wire(&opts)
	if opts.Archive == nil || opts.Indexer == nil {
		t.Fatalf("Wire left Archive %v, Indexer %v", opts.Archive, opts.Indexer)
	}
	ctx := context.Background()
	msgs := []json.RawMessage{json.RawMessage(`{"role":"user","content":[{"type":"text","text":"the deploy token is quokka-42"}]}`)}
	if _, err := st.Bundles.Put(ctx, bundletest.Bundle("s1", "c1", msgs)); err != nil {
		t.Fatal(err)
	}
	if err := opts.Indexer.Index(ctx, "s1", "c1"); err != nil {
		t.Fatal(err)
	}
	return st, dir
}

func hits(t *testing.T, ix *recall.Index) int {
	t.Helper()
	res, err := ix.Search(context.Background(), recall.SearchRequest{Query: "quokka", SessionID: "s1"})
	if err != nil {
		t.Fatal(err)
	}
	return len(res.Hits)
}

func TestOpenWiresIndexInReservedDir(t *testing.T) {
	st, dir := openWithCheckpoint(t)
	if got := hits(t, st.Index); got != 1 {
		t.Fatalf("%d hits, want 1", got)
	}
	if fi, err := os.Stat(store.IndexDir(dir)); err != nil || !fi.IsDir() || filepath.Base(store.IndexDir(dir))[0] != '.' {
		t.Fatalf("index dir %s: %v", store.IndexDir(dir), err)
	}
	sessions, err := st.Bundles.Sessions(context.Background())
	if err != nil || len(sessions) != 1 || sessions[0] != "s1" {
		t.Fatalf("the store must not list its index as a session: %q, %v", sessions, err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}

// TestLockedIndexIsNeverDeleted opens the same store a second time while
// the first holds its index: the second gets ErrLocked (decided by
// errors.Is on bbolt's timeout, not by an error's text) and must leave the
// index alone, not take the lock failure for corruption and rebuild it.
func TestLockedIndexIsNeverDeleted(t *testing.T) {
	st, dir := openWithCheckpoint(t)
	before, err := os.ReadDir(store.IndexDir(dir))
	if err != nil {
		t.Fatal(err)
	}

	second, err := store.Open(dir, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	if !errors.Is(second.IndexErr, recall.ErrLocked) || second.Index != nil {
		t.Fatalf("second open: index %v, err %v; want ErrLocked", second.Index, second.IndexErr)
	}
	var ie *recall.IndexError
	if !errors.As(second.IndexErr, &ie) || ie.Path != store.IndexDir(dir) {
		t.Fatalf("want an *recall.IndexError naming the index dir, got %#v", second.IndexErr)
	}

	after, err := os.ReadDir(store.IndexDir(dir))
	if err != nil {
		t.Fatalf("index directory gone: %v", err)
	}
	if len(after) != len(before) {
		t.Fatalf("index directory changed: %d entries before, %d after", len(before), len(after))
	}
	if got := hits(t, st.Index); got != 1 {
		t.Fatalf("the first index lost its document: %d hits", got)
	}
	// Once the holder closes, the index reopens with its document.
	st.Close()
	third := storetest.MustOpen(t, dir, store.Options{})
	if reason := third.Index.Rebuilt(); reason != "" {
		t.Fatalf("index was rebuilt: %s", reason)
	}
	if got := hits(t, third.Index); got != 1 {
		t.Fatalf("reopened index: %d hits", got)
	}
}

func TestOpenWithoutIndex(t *testing.T) {
	_, dir := openWithCheckpoint(t)
	st := storetest.MustOpen(t, dir, store.Options{ReadOnly: true, NoIndex: true})
	if st.Index != nil || st.IndexErr != nil {
		t.Fatalf("NoIndex opened an index: %v %v", st.Index, st.IndexErr)
	}
	var opts engine.Options
	st.Wire(&opts)
	if opts.Indexer != nil {
		t.Fatal("Wire set an Indexer without an index")
	}
}

// TestOpenEmptyDirIsRefused: an empty dir (a config value never set) is an
// error, not the working directory made into a store (a LOCK file and a
// .recall index beside whatever was there).
func TestOpenEmptyDirIsRefused(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, ro := range []bool{false, true} {
		s, err := store.Open("", store.Options{ReadOnly: ro})
		if !errors.Is(err, store.ErrNoDir) {
			t.Errorf("Open(\"\", ReadOnly %v) = %v, want ErrNoDir", ro, err)
		}
		if s != nil {
			s.Close()
		}
	}
	if ents, _ := os.ReadDir("."); len(ents) > 0 {
		t.Errorf("Open(\"\") wrote %d entries into the working directory (%s, …)", len(ents), ents[0].Name())
	}
}

// A read-only Open (ef search, ef mcp) opens a current index read-only,
// with no write lock, and one that lacks a bundle as a writer, saying why.
func TestReadOnlyOpenUsesACurrentIndexReadOnly(t *testing.T) {
	st, dir := openWithCheckpoint(t)
	st.Close()
	ro := storetest.MustOpen(t, dir, store.Options{ReadOnly: true})
	if !ro.IndexReadOnly || ro.Index == nil || hits(t, ro.Index) != 1 {
		t.Fatalf("current index: read-only %v, index %v, err %v", ro.IndexReadOnly, ro.Index, ro.IndexErr)
	}
	// Readers coexist: a second one opens it read-only too.
	two := storetest.MustOpen(t, dir, store.Options{ReadOnly: true})
	if !two.IndexReadOnly {
		t.Fatalf("second reader: %v", two.IndexErr)
	}
	two.Close()
	ro.Close()

	w := storetest.MustOpen(t, dir, store.Options{NoIndex: true})
	msgs := []json.RawMessage{json.RawMessage(`{"role":"user","content":[{"type":"text","text":"a quokka again"}]}`)}
	if _, err := w.Bundles.Put(context.Background(), bundletest.Bundle("s1", "c2", msgs)); err != nil {
		t.Fatal(err)
	}
	w.Close()
	behind := storetest.MustOpen(t, dir, store.Options{ReadOnly: true})
	if behind.IndexReadOnly || behind.Index == nil || behind.IndexNote != "the store's index lacks 1 of the store's 2 checkpoints and holds 0 it no longer has; opened it as a writer to bring it up to date" {
		t.Fatalf("behind: read-only %v, note %q, err %v", behind.IndexReadOnly, behind.IndexNote, behind.IndexErr)
	}
	if _, err := behind.Index.Sync(context.Background()); err != nil || hits(t, behind.Index) != 2 {
		t.Fatalf("sync: %v", err)
	}
}
