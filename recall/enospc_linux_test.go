//go:build linux

package recall_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/recall"
)

// Issue 11: when the index's filesystem filled while bleve persisted a
// segment, Add never returned (scorch retries write → ENOSPC → unlink
// forever), and with it ef fold and the sidecar's compile. Now the write
// is bounded: Add fails, the index is stale with the reason, searches say
// so at once, Close returns, and the next Open rebuilds.
func TestIndexWriteENOSPCIsBounded(t *testing.T) {
	// With no space at all the generation file fails first; with a little
	// left it is written and the segment persist fails in the background
	// (the case that hung).
	for _, keep := range []int64{0, 48 << 10} {
		t.Run(fmt.Sprintf("keep%dK", keep>>10), func(t *testing.T) { testIndexENOSPC(t, keep) })
	}
}

func testIndexENOSPC(t *testing.T, keep int64) {
	dir := filepath.Join(testutil.SmallFS(t, 4<<20), "index")
	src := recalltest.NewMemSource()
	var msgs []json.RawMessage
	for i := 0; i < 400; i++ {
		msgs = append(msgs, json.RawMessage(fmt.Sprintf(`{"role":"tool","content":[{"type":"text","text":"result %d %s"}]}`, i, strings.Repeat(fmt.Sprintf("word%d ", i), 60))))
	}
	cks := recalltest.Fold("s", "c", msgs, 100, 1_700_000_000_000)
	src.Put(cks[0])
	x, err := recall.Open(dir, src, recall.Options{WriteTimeout: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := x.Add(context.Background(), "s", cks[0].CheckpointID); err != nil {
		t.Fatal(err)
	}
	testutil.Fill(t, dir, keep)
	for _, c := range cks[1:] {
		src.Put(c)
	}
	start := time.Now()
	var addErr error
	for _, c := range cks[1:] {
		if _, addErr = x.Add(context.Background(), "s", c.CheckpointID); addErr != nil {
			break
		}
	}
	if addErr == nil {
		t.Fatal("indexing on a full filesystem reported success")
	}
	t.Logf("Add failed after %v: %v", time.Since(start), addErr)
	if !errors.Is(addErr, recall.ErrStale) {
		t.Fatalf("Add on a full filesystem: %v, want ErrStale", addErr)
	}
	if x.Stale() == "" {
		t.Fatal("index not marked stale")
	}
	_, err = x.Search(context.Background(), recall.SearchRequest{Query: "word1", Scope: recall.ScopeProject})
	if !errors.Is(err, recall.ErrStale) || !strings.Contains(err.Error(), "index stale") {
		t.Fatalf("Search on a stale index: %v", err)
	}
	// Recall reads the bundles, not the index: still served.
	if res, err := x.Recall(context.Background(), recall.RecallRequest{Ref: cks[0].CheckpointID, SessionID: "s"}); err != nil || res.Status == recall.StatusUnavailable {
		t.Fatalf("Recall next to a stale index: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- x.Close() }()
	select {
	case <-done:
	case <-testutil.HangGuard(t):
		t.Fatal("Close hangs on a stale index")
	}
	// Space comes back; the next Open rebuilds.
	os.Remove(filepath.Join(filepath.Dir(dir), "filler"))
	y := recalltest.MustOpenAt(t, dir, src, recall.Options{})
	if y.Rebuilt() == "" {
		t.Error("the next Open did not rebuild the stale index")
	}
	if _, err := y.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(y.Watermark()["s"]) != len(cks) {
		t.Fatalf("after rebuild: %v", y.Watermark())
	}
}

// Issue 11: bleve's index_meta.json was 0644 (0666 at umask 000) while
// every other file of the store is private.
func TestIndexFilesArePrivate(t *testing.T) {
	_, dir := recalltest.MustOpen(t, recalltest.NewMemSource(), recall.Options{})
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		if fi.Mode().Perm()&0o077 != 0 {
			t.Errorf("%s is %v: readable or writable by others", p, fi.Mode())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
