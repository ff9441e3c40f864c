package bundlesource_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/recall/bundlesource"
)

// putFolds writes n bundles of a session through s, each with a word of
// its own ("foldword<i>"), and returns their checkpoint ids.
func putFolds(t testing.TB, s *bundle.Store, session string, first, n, msgs int) []string {
	t.Helper()
	var ids []string
	for i := first; i < first+n; i++ {
		id := fmt.Sprintf("ck-%05d", i)
		var archive []json.RawMessage
		for m := 0; m < msgs; m++ {
			archive = append(archive, json.RawMessage(fmt.Sprintf(
				`{"role":"assistant","content":"step %d of fold %d: foldword%d the parser reads the lexer's tokens and the checker walks the tree, then cargo test runs again"}`, m, i, i)))
		}
		if _, err := s.Put(context.Background(), bundletest.Bundle(session, id, archive)); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

// waitIndexed waits until x's watermark holds every id of the session,
// without syncing: only the Follower can index them.
func waitIndexed(t *testing.T, x *recall.Index, session string, ids []string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute) // a guard against hanging, not a measure
	for {
		have := x.Watermark()[session]
		missing := 0
		for _, id := range ids {
			if !slices.Contains(have, id) {
				missing++
			}
		}
		if missing == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d bundles of %s still not indexed in the background", missing, len(ids), session)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestFollowIndexesOtherWriters: bundles another process writes into the
// store (a second bundle.Store on the same root) are indexed by the
// Follower with no Sync; a session another process deletes leaves the
// index too; a search then finds them at once, and its Sync has nothing
// left to do. Stop ends the goroutine and is idempotent.
func TestFollowIndexesOtherWriters(t *testing.T) {
	root := filepath.Join(t.TempDir(), "store")
	mine := bundletest.MustOpenAt(t, root, bundle.Options{})
	other := bundletest.MustOpenAt(t, root, bundle.Options{})
	x, err := recall.Open(recall.StoreIndexDir(root), bundlesource.New(mine), recall.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	f := bundlesource.Follow(x, mine, bundlesource.FollowOptions{Interval: 10 * time.Millisecond})
	defer f.Stop()

	ids := putFolds(t, other, "other-a", 0, 12, 5)
	waitIndexed(t, x, "other-a", ids)
	more := putFolds(t, other, "other-b", 100, 3, 5)
	waitIndexed(t, x, "other-b", more)
	if err := other.DeleteSession(context.Background(), "other-a"); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(2 * time.Minute); len(x.Watermark()["other-a"]) > 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("a deleted session's checkpoints are still indexed")
		}
	}
	st, err := x.Sync(context.Background())
	if err != nil || st.Checkpoints != 0 || st.Removed != 0 {
		t.Fatalf("Sync after the Follower: %+v, %v; want nothing to do", st, err)
	}
	res, err := x.Search(context.Background(), recall.SearchRequest{Query: "foldword101", Scope: recall.ScopeProject})
	if err != nil || res.Total == 0 || res.Hits[0].CheckpointID != "ck-00101" {
		t.Fatalf("search: %+v, %v", res, err)
	}
	fs := f.Stats()
	if fs.Passes == 0 || fs.Checkpoints != 15 || fs.Removed != 12 {
		t.Errorf("follower stats %+v, want 15 checkpoints indexed and 12 removed", fs)
	}
	// While the process is busy, no pass runs; when it is done, one does.
	done := f.Busy()
	held := putFolds(t, other, "other-d", 300, 2, 2)
	time.Sleep(100 * time.Millisecond)
	if len(x.Watermark()["other-d"]) != 0 {
		t.Fatal("the Follower indexed while the process was busy")
	}
	done()
	done()
	waitIndexed(t, x, "other-d", held)
	f.Stop()
	f.Stop()
	// Stopped: a new bundle stays out until a Sync.
	late := putFolds(t, other, "other-c", 200, 1, 2)
	time.Sleep(50 * time.Millisecond)
	if len(x.Watermark()["other-c"]) != 0 {
		t.Fatal("a stopped Follower indexed a bundle")
	}
	if st, err := x.Sync(context.Background()); err != nil || st.Checkpoints != len(late) {
		t.Fatalf("Sync: %+v, %v", st, err)
	}
}

// TestFollowStopsWithTheIndex: a Follower whose index was closed under it
// (a caller that did not Stop it first) does not hang or panic, and Stop
// still returns.
func TestFollowStopsWithTheIndex(t *testing.T) {
	root := filepath.Join(t.TempDir(), "store")
	s := bundletest.MustOpenAt(t, root, bundle.Options{})
	x, err := recall.Open(recall.StoreIndexDir(root), bundlesource.New(s), recall.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := bundlesource.Follow(x, s, bundlesource.FollowOptions{Interval: time.Millisecond})
	putFolds(t, s, "a", 0, 2, 2)
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	putFolds(t, s, "a", 2, 1, 2) // a change, so that a pass runs and finds the index closed
	f.Stop()
}
