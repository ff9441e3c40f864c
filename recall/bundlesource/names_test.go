package bundlesource_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/recall/bundlesource"
)

// counted is the bundle store's Source with its reads counted: Sync may
// list names for free, but every header read (Checkpoint), message read
// (Page) or full listing (List) is counted; a read of both at once
// (ReadCheckpoint) counts as a header and a page.
type counted struct {
	*bundlesource.Source
	headers, pages, lists atomic.Int64
}

func (c *counted) Checkpoint(ctx context.Context, s, id string) (*recall.Checkpoint, error) {
	c.headers.Add(1)
	return c.Source.Checkpoint(ctx, s, id)
}

func (c *counted) Page(ctx context.Context, s, id string, off, n int) (recall.Page, error) {
	c.pages.Add(1)
	return c.Source.Page(ctx, s, id, off, n)
}

func (c *counted) ReadCheckpoint(ctx context.Context, s, id string) (*recall.Checkpoint, []json.RawMessage, error) {
	c.headers.Add(1)
	c.pages.Add(1)
	return c.Source.ReadCheckpoint(ctx, s, id)
}

func (c *counted) List(ctx context.Context, s string) ([]recall.CheckpointInfo, error) {
	c.lists.Add(1)
	return c.Source.List(ctx, s)
}

// reads returns and resets the counts.
func (c *counted) reads() [3]int64 {
	return [3]int64{c.headers.Swap(0), c.pages.Swap(0), c.lists.Swap(0)}
}

// withoutFileHashes is a Source as recall saw one before it kept file
// hashes: no ListNames, no FileHash. An index it fills has the watermark
// an index written before file hashes has.
type withoutFileHashes struct{ src recall.Source }

func (w withoutFileHashes) Sessions(ctx context.Context) ([]string, error) {
	return w.src.Sessions(ctx)
}

func (w withoutFileHashes) List(ctx context.Context, s string) ([]recall.CheckpointInfo, error) {
	infos, err := w.src.List(ctx, s)
	for i := range infos {
		infos[i].FileHash = ""
	}
	return infos, err
}

func (w withoutFileHashes) Checkpoint(ctx context.Context, s, id string) (*recall.Checkpoint, error) {
	ck, err := w.src.Checkpoint(ctx, s, id)
	if ck != nil {
		ck.FileHash = ""
	}
	return ck, err
}

func (w withoutFileHashes) Page(ctx context.Context, s, id string, off, n int) (recall.Page, error) {
	return w.src.Page(ctx, s, id, off, n)
}

// msgs returns two messages that mention word.
func msgs(word string) []json.RawMessage {
	return []json.RawMessage{
		json.RawMessage(`{"role":"user","content":"where is the ` + word + `?"}`),
		json.RawMessage(`{"role":"assistant","content":"the ` + word + ` is in the parser"}`),
	}
}

// put stores checkpoint id of session s holding msgs, created at
// bundletest.CreatedAt+at.
func put(t *testing.T, store *bundle.Store, s, id string, m []json.RawMessage, at int64) {
	t.Helper()
	b := bundletest.Bundle(s, id, m)
	b.CreatedAt += at
	b.Archive.LogicalHash, b.Rendered.Digest = "", "" // sealed again with the new time
	if err := bundle.Seal(b); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Put(context.Background(), b); err != nil {
		t.Fatalf("put %s/%s: %v", s, id, err)
	}
}

// fileOf returns the path of checkpoint id's bundle file.
func fileOf(t *testing.T, store *bundle.Store, s, id string) string {
	t.Helper()
	infos, err := store.Names(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range infos {
		if in.CheckpointID == id {
			return in.Path
		}
	}
	t.Fatalf("no file for %s/%s", s, id)
	return ""
}

// writeBroken writes a file named as checkpoint id's bundle (a valid
// name, with the SHA-256 of its bytes) that is not a bundle.
func writeBroken(t *testing.T, store *bundle.Store, s, id string) {
	t.Helper()
	data := []byte("not a bundle: " + id)
	sum := sha256.Sum256(data)
	dir := filepath.Dir(fileOf(t, store, s, "a"))
	if err := os.WriteFile(filepath.Join(dir, "c-"+id+"."+hex.EncodeToString(sum[:])+".efb"), data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func hits(t *testing.T, x *recall.Index, q string) []string {
	t.Helper()
	res, err := x.Search(context.Background(), recall.SearchRequest{Query: q})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, h := range res.Hits {
		out = append(out, h.CheckpointID)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestSyncReadsOnlyWhatChanged: with the store's names, a Sync reads no
// checkpoint when nothing changed, reads a new one, reads the header of a
// replaced one (same id, another file) and indexes it again only when its
// logical hash changed, drops a removed one, and reports a file whose
// header cannot be read unavailable on every Sync until it is fixed.
func TestSyncReadsOnlyWhatChanged(t *testing.T) {
	store, root := bundletest.MustOpen(t, bundle.Options{})
	const s = "session-1"
	for i, id := range []string{"a", "b", "c"} {
		put(t, store, s, id, msgs(fmt.Sprintf("word%d", i)), int64(i))
	}
	put(t, store, "session-2", "a", msgs("other"), 0)
	src := &counted{Source: bundlesource.New(store)}
	x := recalltest.MustOpenAt(t, recall.StoreIndexDir(root), src, recall.Options{})
	if st := recalltest.MustSync(t, x); st.Checkpoints != 4 {
		t.Fatalf("first Sync: %+v", st)
	}
	src.reads()
	sync := func(what string, want recall.SyncStats, reads [3]int64) {
		t.Helper()
		st := recalltest.MustSync(t, x)
		var unavailable []recall.UnavailableError
		unavailable, st.Unavailable = st.Unavailable, nil
		if !reflect.DeepEqual(st, want) {
			t.Errorf("%s: Sync %+v, want %+v", what, st, want)
		}
		if got := src.reads(); got != reads {
			t.Errorf("%s: Sync read %d headers, %d pages, %d full listings; want %v", what, got[0], got[1], got[2], reads)
		}
		for _, u := range unavailable {
			t.Logf("%s: unavailable %s/%s: %s", what, u.SessionID, u.CheckpointID, u.Reason)
		}
	}
	unavailable := func(what string, ids ...string) {
		t.Helper()
		st := recalltest.MustSync(t, x)
		var got []string
		for _, u := range st.Unavailable {
			got = append(got, u.CheckpointID)
		}
		if !slices.Equal(got, ids) {
			t.Errorf("%s: unavailable %v, want %v", what, got, ids)
		}
		src.reads()
	}

	sync("nothing changed", recall.SyncStats{Sessions: 2, Unchanged: 4}, [3]int64{})

	put(t, store, s, "d", msgs("newword"), 3)
	sync("new", recall.SyncStats{Sessions: 2, Checkpoints: 1, Messages: 2, Unchanged: 4}, [3]int64{1, 1, 0})
	if got := hits(t, x, "newword"); !slices.Equal(got, []string{"d"}) {
		t.Errorf("new checkpoint: hits %v", got)
	}
	src.reads() // a search reads its hits' checkpoints (it leaves out those that cannot be read): not Sync's reads

	// Replaced by a file of other bytes (another creation time) with the
	// same messages: its header is read, once, and it is not indexed again.
	os.Remove(fileOf(t, store, s, "a"))
	put(t, store, s, "a", msgs("word0"), 100)
	sync("replaced, same logical hash", recall.SyncStats{Sessions: 2, Unchanged: 5}, [3]int64{1, 0, 0})
	sync("after the replacement", recall.SyncStats{Sessions: 2, Unchanged: 5}, [3]int64{})

	// Replaced by other messages: indexed again.
	os.Remove(fileOf(t, store, s, "b"))
	put(t, store, s, "b", msgs("changedword"), 1)
	sync("replaced, new logical hash", recall.SyncStats{Sessions: 2, Checkpoints: 1, Messages: 2, Unchanged: 4}, [3]int64{2, 1, 0})
	if got := hits(t, x, "changedword"); !slices.Equal(got, []string{"b"}) {
		t.Errorf("replaced checkpoint: hits %v", got)
	}
	if got := hits(t, x, "word1"); len(got) != 0 {
		t.Errorf("replaced checkpoint's old text still found in %v", got)
	}
	src.reads() // a search reads its hits' checkpoints (it leaves out those that cannot be read): not Sync's reads

	os.Remove(fileOf(t, store, s, "c"))
	sync("removed", recall.SyncStats{Sessions: 2, Removed: 1, Unchanged: 4}, [3]int64{})
	if wm := x.Watermark()[s]; !slices.Equal(wm, []string{"a", "b", "d"}) {
		t.Errorf("watermark after a removal: %v", wm)
	}

	// A new file whose header cannot be read: unavailable, every Sync.
	writeBroken(t, store, s, "e")
	unavailable("unreadable header", "e")
	unavailable("unreadable header, again", "e")
	os.Remove(fileOf(t, store, s, "e"))
	put(t, store, s, "e", msgs("fixedword"), 4)
	sync("fixed", recall.SyncStats{Sessions: 2, Checkpoints: 1, Messages: 2, Unchanged: 4}, [3]int64{1, 1, 0})

	// An indexed checkpoint replaced by a file whose header cannot be
	// read: unavailable (as today), kept in the index, until replaced again.
	os.Remove(fileOf(t, store, s, "d"))
	writeBroken(t, store, s, "d")
	unavailable("indexed, then unreadable", "d")
	unavailable("indexed, then unreadable, again", "d")
	if wm := x.Watermark()[s]; !slices.Contains(wm, "d") {
		t.Errorf("an unreadable replacement dropped the indexed checkpoint: %v", wm)
	}
	os.Remove(fileOf(t, store, s, "d"))
	put(t, store, s, "d", msgs("newword"), 3) // the bytes indexed: nothing to read
	sync("restored", recall.SyncStats{Sessions: 2, Unchanged: 5}, [3]int64{})

	if err := store.DeleteSession(context.Background(), "session-2"); err != nil {
		t.Fatal(err)
	}
	sync("session deleted", recall.SyncStats{Sessions: 1, Removed: 1, Unchanged: 4}, [3]int64{})
}

// TestSyncAfterIndexWithoutFileHashes: an index whose watermark holds no
// file hashes (written before they were kept) reads every header once,
// indexes nothing again, and from then on (across a restart too) reads
// none.
func TestSyncAfterIndexWithoutFileHashes(t *testing.T) {
	store, root := bundletest.MustOpen(t, bundle.Options{})
	for i := 0; i < 6; i++ {
		put(t, store, fmt.Sprintf("s%d", i%2), fmt.Sprintf("ck%d", i), msgs(fmt.Sprintf("word%d", i)), int64(i))
	}
	dir := recall.StoreIndexDir(root)
	old, err := recall.Open(dir, withoutFileHashes{bundlesource.New(store)}, recall.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st := recalltest.MustSync(t, old); st.Checkpoints != 6 {
		t.Fatalf("Sync without file hashes: %+v", st)
	}
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}

	src := &counted{Source: bundlesource.New(store)}
	for _, c := range []struct {
		what  string
		reads [3]int64
	}{{"first Sync", [3]int64{6, 0, 0}}, {"second Sync", [3]int64{}}, {"after a restart", [3]int64{}}} {
		x, err := recall.Open(dir, src, recall.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if x.Rebuilt() != "" {
			t.Fatalf("%s: index rebuilt: %s", c.what, x.Rebuilt())
		}
		st := recalltest.MustSync(t, x)
		if got := src.reads(); st.Checkpoints != 0 || st.Unchanged != 6 || got != c.reads {
			t.Errorf("%s: %+v, read %v, want %v", c.what, st, got, c.reads)
		}
		if c.what == "second Sync" {
			st := recalltest.MustSync(t, x)
			if got := src.reads(); st.Unchanged != 6 || got != c.reads {
				t.Errorf("%s: %+v, read %v", c.what, st, got)
			}
		}
		if got := hits(t, x, "word4"); !slices.Equal(got, []string{"ck4"}) {
			t.Errorf("%s: hits %v", c.what, got)
		}
		src.reads() // a search reads its hits' checkpoints (it leaves out those that cannot be read): not Sync's reads
		if err := x.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReadCheckpointIsCheckpointAndPages holds ReadCheckpoint, the one
// read indexing makes of a bundle, to what Checkpoint and Page give, and
// its errors to theirs.
func TestReadCheckpointIsCheckpointAndPages(t *testing.T) {
	store, _ := bundletest.MustOpen(t, bundle.Options{})
	ctx := context.Background()
	const s = "session-1"
	put(t, store, s, "a", msgs("word"), 0)
	src := bundlesource.New(store)
	ck, got, err := src.ReadCheckpoint(ctx, s, "a")
	if err != nil {
		t.Fatal(err)
	}
	want, err := src.Checkpoint(ctx, s, "a")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ck, want) {
		t.Errorf("ReadCheckpoint's checkpoint %+v, Checkpoint's %+v", ck, want)
	}
	p, err := src.Page(ctx, s, "a", 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, p.Messages) {
		t.Errorf("ReadCheckpoint's messages %q, Page's %q", got, p.Messages)
	}

	writeBroken(t, store, s, "e")
	_, _, rerr := src.ReadCheckpoint(ctx, s, "e")
	_, perr := src.Page(ctx, s, "e", 0, 100)
	var ru, pu *recall.UnavailableError
	if !errors.As(rerr, &ru) || !errors.As(perr, &pu) || ru.Reason != pu.Reason {
		t.Errorf("broken bundle: ReadCheckpoint %v, Page %v", rerr, perr)
	}
	_, _, rerr = src.ReadCheckpoint(ctx, s, "never")
	_, perr = src.Page(ctx, s, "never", 0, 100)
	if !errors.Is(rerr, recall.ErrNoCheckpoint) || !errors.Is(perr, recall.ErrNoCheckpoint) {
		t.Errorf("unknown checkpoint: ReadCheckpoint %v, Page %v", rerr, perr)
	}
}
