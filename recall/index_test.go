package recall_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// probe is a fixed set of queries whose answers must not depend on how the
// index came to be.
var probe = []string{"文件结构", `"No ready issues available"`, "compil*", "crates/autopilot/Cargo.toml",
	`"error[E0308]: mismatched types"`, "sqlfluff noqa", "Grep", "ck-3", "飞书审批", "mismatches"}

// answers returns, per probe query, the total and the ordered refs of the
// first page.
// closedSmall is indexedSmall's index, its answers to the probe queries
// and the index closed: the state a test reopens, damages or rewrites.
//
// The index is built once per test process (TestMain removes it) and each
// caller gets a copy of its directory of its own, with a source of its
// own: indexing under -race is what takes this package's time, and seven
// tests start from this state.
func closedSmall(t *testing.T) (*recalltest.MemSource, string, map[string]string) {
	t.Helper()
	loadCorpus(t) // skips when the corpus is absent: before the once, so a skip does not poison it
	closed.once.Do(func() {
		src := recalltest.NewMemSource()
		cks := loadCorpus(t).small()
		for _, ck := range cks {
			src.Put(ck)
		}
		dir := filepath.Join(sharedDir, "closed-small")
		x, err := recall.Open(dir, src, recall.Options{})
		if err != nil {
			t.Fatal(err)
		}
		st, err := x.Sync(context.Background())
		if err != nil || st.Checkpoints != len(cks) || len(st.Unavailable) != 0 {
			x.Close()
			t.Fatalf("sync stats %+v, %v, want %d checkpoints", st, err, len(cks))
		}
		want := answers(t, x)
		if err := x.Close(); err != nil {
			t.Fatal(err)
		}
		closed.dir, closed.want = dir, want
	})
	if closed.dir == "" {
		t.Fatal("the closed small index was not built (see the first test that asked for it)")
	}
	src := recalltest.NewMemSource()
	for _, ck := range loadCorpus(t).small() {
		src.Put(ck)
	}
	dir := filepath.Join(t.TempDir(), "index")
	if err := os.CopyFS(dir, os.DirFS(closed.dir)); err != nil {
		t.Fatal(err)
	}
	return src, dir, closed.want
}

// closed is closedSmall's index directory and its answers.
var closed struct {
	once sync.Once
	dir  string
	want map[string]string
}

func answers(t *testing.T, x *recall.Index) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, q := range probe {
		res := firstPage(t, x, q)
		var refs []string
		for _, h := range res.Hits {
			refs = append(refs, fmt.Sprintf("%s %.6f", h.Ref, h.Score))
		}
		out[q] = fmt.Sprintf("total %d: %s", res.Total, strings.Join(refs, ", "))
	}
	return out
}

func sameAnswers(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	for _, q := range probe {
		if got[q] != want[q] {
			t.Errorf("%s: %q:\n got %s\nwant %s", what, q, got[q], want[q])
		}
	}
}

func TestRebuildGivesSameAnswers(t *testing.T) {
	x, src, dir := indexedSmall(t, recall.Options{})
	want := answers(t, x)
	wm := x.Watermark()

	// Rebuild in place.
	st, err := x.Rebuild(context.Background())
	if err != nil || st.Checkpoints != len(loadCorpus(t).small()) {
		t.Fatalf("Rebuild: %+v, %v", st, err)
	}
	sameAnswers(t, "after Rebuild", answers(t, x), want)

	// Delete the directory and open again: a new, empty index that Sync
	// fills to the same answers.
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	y := recalltest.MustOpenAt(t, dir, src, recall.Options{})
	if len(y.Watermark()) != 0 {
		t.Fatalf("new index has a watermark")
	}
	recalltest.MustSync(t, y)
	sameAnswers(t, "after delete and Sync", answers(t, y), want)
	if !reflect.DeepEqual(y.Watermark(), wm) {
		t.Errorf("watermark differs after rebuild")
	}
}

func TestReopenIndexesOnlyWhatIsMissing(t *testing.T) {
	cks := loadCorpus(t).small()
	src := recalltest.NewMemSource()
	half := len(cks) / 2
	for _, ck := range cks[:half] {
		src.Put(ck)
	}
	x, dir := recalltest.MustOpen(t, src, recall.Options{})
	if st := recalltest.MustSync(t, x); st.Checkpoints != half {
		t.Fatalf("first sync %+v", st)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	for _, ck := range cks[half:] {
		src.Put(ck)
	}
	y := recalltest.MustOpenAt(t, dir, src, recall.Options{})
	if y.Rebuilt() != "" {
		t.Fatalf("clean reopen rebuilt: %s", y.Rebuilt())
	}
	st := recalltest.MustSync(t, y)
	if st.Checkpoints != len(cks)-half || st.Unchanged != half {
		t.Fatalf("second sync %+v, want %d new and %d unchanged", st, len(cks)-half, half)
	}
	if st := recalltest.MustSync(t, y); st.Checkpoints != 0 || st.Unchanged != len(cks) {
		t.Fatalf("third sync %+v, want nothing to do", st)
	}
	// The index built in two steps answers as one built at once.
	z, _, _ := indexedSmall(t, recall.Options{})
	sameAnswers(t, "incremental vs one pass", answers(t, y), answers(t, z))
}

func TestCorruptIndexIsDetectedAndRebuilt(t *testing.T) {
	for _, tc := range []struct {
		name    string
		corrupt func(t *testing.T, dir string)
	}{
		{"garbled root.bolt", func(t *testing.T, dir string) {
			garble(t, filepath.Join(dir, "store", "root.bolt"))
		}},
		{"segment deleted", func(t *testing.T, dir string) {
			segs, _ := filepath.Glob(filepath.Join(dir, "store", "*.zap"))
			if len(segs) == 0 {
				t.Fatal("no segment files")
			}
			for _, s := range segs {
				if err := os.Remove(s); err != nil {
					t.Fatal(err)
				}
			}
		}},
		{"segment truncated", func(t *testing.T, dir string) {
			segs, _ := filepath.Glob(filepath.Join(dir, "store", "*.zap"))
			if len(segs) == 0 {
				t.Fatal("no segment files")
			}
			for _, s := range segs {
				if err := os.Truncate(s, 100); err != nil {
					t.Fatal(err)
				}
			}
		}},
		{"index_meta.json garbled", func(t *testing.T, dir string) {
			if err := os.WriteFile(filepath.Join(dir, "index_meta.json"), []byte("{not json"), 0o600); err != nil {
				t.Fatal(err)
			}
		}},
		{"store directory gone", func(t *testing.T, dir string) {
			if err := os.RemoveAll(filepath.Join(dir, "store")); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, dir, want := closedSmall(t)
			tc.corrupt(t, dir)
			y, err := recall.Open(dir, src, recall.Options{})
			if err != nil {
				t.Fatalf("Open of a corrupt index: %v", err)
			}
			defer y.Close()
			if y.Rebuilt() == "" {
				t.Fatal("corruption not detected")
			}
			t.Logf("detected: %s", y.Rebuilt())
			recalltest.MustSync(t, y)
			sameAnswers(t, "after rebuild", answers(t, y), want)
		})
	}
}

// garble overwrites the middle of a file with junk.
func garble(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(b); i += 7 {
		b[i] ^= 0x5a
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestSyncRemovesAndRetries(t *testing.T) {
	c := loadCorpus(t)
	src := recalltest.NewMemSource()
	big := sessionID(bigSession(c))
	for _, ck := range c.small() {
		src.Put(ck)
	}
	for _, ck := range c.ckpts {
		if ck.SessionID == sessionID(0) {
			src.Put(ck)
		}
	}
	src.Break(big, "ck-2", "truncated")
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	st := recalltest.MustSync(t, x)
	if len(st.Unavailable) != 1 || st.Unavailable[0].CheckpointID != "ck-2" || st.Unavailable[0].Reason != "truncated" {
		t.Fatalf("unavailable %+v", st.Unavailable)
	}
	q := recall.SearchRequest{Query: "ck-2", SessionID: big}
	if res := search(t, x, q); len(res.Hits) != 0 {
		t.Fatalf("unavailable checkpoint indexed: %+v", res.Hits)
	}
	src.Break(big, "ck-2", "")
	if st := recalltest.MustSync(t, x); st.Checkpoints != 1 || len(st.Unavailable) != 0 {
		t.Fatalf("retry %+v", st)
	}
	if res := search(t, x, q); len(res.Hits) == 0 || res.Hits[0].CheckpointID != "ck-2" {
		t.Fatalf("retried checkpoint not found: %+v", res.Hits)
	}
	// A checkpoint gone from the store (GC) and a deleted session leave
	// the index on the next Sync.
	src.Remove(big, "ck-2")
	for _, ck := range c.ckpts {
		if ck.SessionID == sessionID(0) {
			src.Remove(ck.SessionID, ck.CheckpointID)
		}
	}
	st = recalltest.MustSync(t, x)
	if st.Removed == 0 {
		t.Fatalf("nothing removed: %+v", st)
	}
	if res := search(t, x, q); len(res.Hits) != 0 {
		t.Fatalf("removed checkpoint still found: %+v", res.Hits)
	}
	if _, ok := x.Watermark()[sessionID(0)]; ok {
		t.Fatal("deleted session still in the watermark")
	}
	if res := search(t, x, recall.SearchRequest{Query: "cargo", Scope: recall.ScopeSession, SessionID: sessionID(0)}); res.Total != 0 {
		t.Fatalf("deleted session still searchable: %d", res.Total)
	}
}

func TestOpenLocked(t *testing.T) {
	src := recalltest.NewMemSource()
	_, dir := recalltest.MustOpen(t, src, recall.Options{})
	start := time.Now()
	_, err := recall.Open(dir, src, recall.Options{LockTimeout: 100 * time.Millisecond})
	if !errors.Is(err, recall.ErrLocked) {
		t.Fatalf("second Open: %v, want ErrLocked", err)
	}
	t.Logf("the second Open failed after %v", time.Since(start))
}

func TestClosed(t *testing.T) {
	x, _ := recalltest.MustOpen(t, recalltest.NewMemSource(), recall.Options{})
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	if err := x.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if _, err := x.Search(context.Background(), recall.SearchRequest{Query: "x"}); !errors.Is(err, recall.ErrClosed) {
		t.Errorf("Search after Close: %v", err)
	}
	if _, err := x.Sync(context.Background()); !errors.Is(err, recall.ErrClosed) {
		t.Errorf("Sync after Close: %v", err)
	}
	if _, err := x.Recall(context.Background(), recall.RecallRequest{Ref: "a", SessionID: "s"}); !errors.Is(err, recall.ErrClosed) {
		t.Errorf("Recall after Close: %v", err)
	}
}

func TestIndexDirIsPrivate(t *testing.T) {
	_, dir := recalltest.MustOpen(t, recalltest.NewMemSource(), recall.Options{})
	fi, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		t.Fatalf("index directory mode %v, want no group/other access", fi.Mode().Perm())
	}
}

// TestConcurrentSearchWhileSyncing runs searches and recalls while another
// goroutine indexes (run with -race).
func TestConcurrentSearchWhileSyncing(t *testing.T) {
	c := loadCorpus(t)
	src := recalltest.NewMemSource()
	x, _ := recalltest.MustOpen(t, src, recall.Options{BatchDocs: 200})
	var wg sync.WaitGroup
	done := make(chan struct{})
	for g := 0; g < 2; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				if _, err := x.Search(context.Background(), recall.SearchRequest{Query: "cargo build"}); err != nil {
					t.Error(err)
					return
				}
				if _, err := x.Recall(context.Background(), recall.RecallRequest{Ref: "ck-0", SessionID: sessionID(0), Depth: recall.DepthDetail}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	cks := c.small()
	for i, ck := range cks {
		src.Put(ck)
		if i%4 == 0 {
			if _, err := x.Sync(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := x.Add(context.Background(), cks[0].SessionID, cks[0].CheckpointID); err != nil {
		t.Fatal(err)
	}
	recalltest.MustSync(t, x)
	close(done)
	wg.Wait()
	if res := firstPage(t, x, "文件结构"); res.Total == 0 {
		t.Fatal("nothing indexed")
	}
}

func TestReadOnly(t *testing.T) {
	src, dir, want := closedSmall(t)
	r1 := recalltest.MustOpenAt(t, dir, src, recall.Options{ReadOnly: true})
	r2 := recalltest.MustOpenAt(t, dir, src, recall.Options{ReadOnly: true}) // a second reader beside the first
	sameAnswers(t, "read-only", answers(t, r2), want)
	if _, err := r1.Sync(context.Background()); err == nil {
		t.Fatal("Sync on a read-only index succeeded")
	}
	if _, err := recall.Open(filepath.Join(t.TempDir(), "none"), src, recall.Options{ReadOnly: true}); err == nil {
		t.Fatal("read-only open of a missing index succeeded")
	}
}

// TestOlderSchemaIsRebuilt: an index written by an earlier layout (its
// schema key says so; the documents and watermark are otherwise intact)
// is removed and rebuilt on Open, and Sync refills it to the same answers.
func TestOlderSchemaIsRebuilt(t *testing.T) {
	src, dir, want := closedSmall(t)
	setSchema(t, dir, "ef-recall-1")
	y := recalltest.MustOpenAt(t, dir, src, recall.Options{})
	if !strings.Contains(y.Rebuilt(), `schema "ef-recall-1"`) {
		t.Fatalf("Rebuilt() = %q, want the old schema named", y.Rebuilt())
	}
	if len(y.Watermark()) != 0 {
		t.Fatalf("rebuilt index kept a watermark")
	}
	if st := recalltest.MustSync(t, y); st.Checkpoints != len(loadCorpus(t).small()) {
		t.Fatalf("sync after rebuild: %+v", st)
	}
	sameAnswers(t, "after schema rebuild", answers(t, y), want)
}

// TestPreviousSchemaReadOnly: an index of the layouts before this one
// (ef-recall-7: identifier parts at their word's position, JSON escapes
// as written; ef-recall-8: words longer than maxStemmedWord stemmed) is
// searched as it is by a read-only Open, which cannot rebuild it, and
// rebuilt by a writer's; ef-recall-11 (no copy prints) likewise.
func TestPreviousSchemaReadOnly(t *testing.T) {
	for _, v := range []string{"ef-recall-7", "ef-recall-8", "ef-recall-11"} {
		src, dir, want := closedSmall(t)
		setSchema(t, dir, v)
		r := recalltest.MustOpenAt(t, dir, src, recall.Options{ReadOnly: true})
		if why := r.Rebuilt(); why != "" {
			t.Fatalf("read-only open of %s: Rebuilt() = %q", v, why)
		}
		sameAnswers(t, "read-only on "+v, answers(t, r), want)
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
		y := recalltest.MustOpenAt(t, dir, src, recall.Options{})
		if !strings.Contains(y.Rebuilt(), `schema "`+v+`"`) {
			t.Fatalf("Rebuilt() = %q, want the old schema %s named", y.Rebuilt(), v)
		}
	}
}

// setSchema marks the closed index in dir as written by the layout v.
func setSchema(t *testing.T, dir, v string) {
	t.Helper()
	// Written durably (the index's own config says unsafe_batch, which
	// would leave the write to the background persister).
	old, err := bleve.OpenUsing(dir, map[string]interface{}{"unsafe_batch": false})
	if err != nil {
		t.Fatal(err)
	}
	if err := old.SetInternal([]byte("ef/schema"), []byte(v)); err != nil {
		t.Fatal(err)
	}
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestNewIndexWithoutItsSchemaKey: an empty index whose schema key was
// never persisted (the process that created it ended before scorch's
// persister ran) opens as a new index of this layout, read-only or not,
// with no "rebuilding" warning.
func TestNewIndexWithoutItsSchemaKey(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "idx")
	src := recalltest.NewMemSource()
	x := recalltest.MustOpenAt(t, dir, src, recall.Options{})
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	old, err := bleve.OpenUsing(dir, map[string]interface{}{"unsafe_batch": false})
	if err != nil {
		t.Fatal(err)
	}
	if err := old.DeleteInternal([]byte("ef/schema")); err != nil {
		t.Fatal(err)
	}
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}
	for _, ro := range []bool{true, false} {
		y, err := recall.Open(dir, src, recall.Options{ReadOnly: ro})
		if err != nil {
			t.Fatalf("read-only %v: %v", ro, err)
		}
		if why := y.Rebuilt(); why != "" {
			t.Errorf("read-only %v: Rebuilt() = %q", ro, why)
		}
		y.Close()
	}
}
