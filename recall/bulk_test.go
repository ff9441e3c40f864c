package recall_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// TestBulkBuildEqualsBatches: an empty index is filled by the bulk
// builder (one Sync), a non-empty one by batches (Add per checkpoint);
// both must answer every probe query alike, scores included, with the
// same watermark, and the bulk build leaves no temporary directory.
func TestBulkBuildEqualsBatches(t *testing.T) {
	bulk, src, dir := indexedSmall(t, recall.Options{})
	want, wm := answers(t, bulk), bulk.Watermark()
	if left, _ := filepath.Glob(dir + ".build-*"); len(left) != 0 {
		t.Errorf("bulk build left %v", left)
	}

	batched, _ := recalltest.MustOpen(t, src, recall.Options{BatchDocs: 50})
	for _, ck := range loadCorpus(t).small() {
		if _, err := batched.Add(context.Background(), ck.SessionID, ck.CheckpointID); err != nil {
			t.Fatal(err)
		}
	}
	sameAnswers(t, "batches vs bulk", answers(t, batched), want)
	if !reflect.DeepEqual(batched.Watermark(), wm) {
		t.Errorf("watermark of the batches differs from the bulk build's")
	}
}

// TestBulkBuildAnyCores: a bulk build feeds its builder from one
// goroutine per core; the index answers alike with one and with five
// (more than the checkpoints of a session). Two, the machine's usual, are
// TestBulkBuildEqualsBatches's.
func TestBulkBuildAnyCores(t *testing.T) {
	one := func(procs int) map[string]string {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		x, _, _ := indexedSmall(t, recall.Options{})
		return answers(t, x)
	}
	want := one(1)
	sameAnswers(t, "bulk build on 5 cores vs one", one(5), want)
}

// TestBulkBuildNothingReadable: a first Sync whose every checkpoint is
// unavailable leaves an empty, usable index and lists them all.
func TestBulkBuildNothingReadable(t *testing.T) {
	mem := recalltest.NewMemSource()
	cks := loadCorpus(t).small()
	for _, ck := range cks {
		mem.Put(ck)
		mem.Break(ck.SessionID, ck.CheckpointID, "bundle missing")
	}
	x, _ := recalltest.MustOpen(t, mem, recall.Options{})
	st, err := x.Sync(context.Background())
	if err != nil || len(st.Unavailable) != len(cks) || st.Checkpoints != 0 {
		t.Fatalf("Sync: %+v, %v; want %d unavailable", st, err, len(cks))
	}
	if res := firstPage(t, x, "文件结构"); res.Total != 0 {
		t.Fatalf("empty index answers %d hits", res.Total)
	}
}

// failingSource fails every page read with an operational (not an
// unavailable) error.
type failingSource struct{ *recalltest.MemSource }

var errDiskGone = errors.New("disk gone")

func (failingSource) Page(context.Context, string, string, int, int) (recall.Page, error) {
	return recall.Page{}, errDiskGone
}

// TestBulkBuildFailureLeavesEmptyIndex: a bulk build that fails part way
// reports the error, leaves the index empty and usable with no temporary
// directory, and the next Sync fills it.
func TestBulkBuildFailureLeavesEmptyIndex(t *testing.T) {
	mem := recalltest.NewMemSource()
	for _, ck := range loadCorpus(t).small() {
		mem.Put(ck)
	}
	dir := filepath.Join(t.TempDir(), "index")
	x := recalltest.MustOpenAt(t, dir, failingSource{mem}, recall.Options{})
	if _, err := x.Sync(context.Background()); !errors.Is(err, errDiskGone) {
		t.Fatalf("Sync over a failing source: %v, want %v", err, errDiskGone)
	}
	if left, _ := filepath.Glob(dir + ".build-*"); len(left) != 0 {
		t.Errorf("failed bulk build left %v", left)
	}
	if x.Stale() != "" || len(x.Watermark()) != 0 {
		t.Fatalf("after a failed bulk build: stale %q, watermark %v", x.Stale(), x.Watermark())
	}
	if res := firstPage(t, x, "文件结构"); res.Total != 0 {
		t.Fatalf("empty index answers %d hits", res.Total)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}

	y := recalltest.MustOpenAt(t, dir, mem, recall.Options{})
	recalltest.MustSync(t, y)
	if res := firstPage(t, y, "文件结构"); res.Total == 0 {
		t.Fatal("nothing indexed after the failed build")
	}
}

// TestAbandonedBuildIsRemoved: a build directory a crash left beside the
// index is removed by the next writable Open, and not by a read-only one.
func TestAbandonedBuildIsRemoved(t *testing.T) {
	x, src, dir := indexedSmall(t, recall.Options{})
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	left := dir + ".build-123"
	if err := os.MkdirAll(filepath.Join(left, "index", "store"), 0o700); err != nil {
		t.Fatal(err)
	}
	recalltest.MustOpenAt(t, dir, src, recall.Options{ReadOnly: true}).Close()
	if _, err := os.Stat(left); err != nil {
		t.Fatalf("a read-only open removed the build directory: %v", err)
	}
	y := recalltest.MustOpenAt(t, dir, src, recall.Options{})
	if y.Rebuilt() != "" {
		t.Errorf("clean reopen rebuilt: %s", y.Rebuilt())
	}
	if _, err := os.Stat(left); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("abandoned build still there: %v", err)
	}
}
