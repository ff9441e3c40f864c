package recall_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// gatedSource holds every Page read until open is closed (or the read's
// context ends), and tells on reading when the first read is held.
type gatedSource struct {
	*recalltest.MemSource
	open    chan struct{}
	reading chan struct{}
	once    sync.Once
}

func (g *gatedSource) Page(ctx context.Context, s, c string, off, limit int) (recall.Page, error) {
	select {
	case <-g.open:
	default:
		g.once.Do(func() { close(g.reading) })
		select {
		case <-g.open:
		case <-ctx.Done():
			return recall.Page{}, ctx.Err()
		}
	}
	return g.MemSource.Page(ctx, s, c, off, limit)
}

// TestSyncBackgroundGivesWay: a write that comes while a background pass
// is reading a checkpoint does not wait for that read (it would wait
// forever here: the read is held until the write is done); the pass
// returns ErrYielded, leaves the index consistent with its watermark on
// disk, and the next pass finishes the work.
func TestSyncBackgroundGivesWay(t *testing.T) {
	src := &gatedSource{MemSource: recalltest.NewMemSource(), open: make(chan struct{}), reading: make(chan struct{})}
	cks := loadCorpus(t).small()
	for _, ck := range cks {
		src.Put(ck)
	}
	x, dir := recalltest.MustOpen(t, src, recall.Options{})
	ctx := context.Background()
	done := make(chan error, 1)
	go func() {
		_, err := x.SyncBackground(ctx)
		done <- err
	}()
	<-src.reading
	wrote := make(chan error, 1)
	go func() {
		_, err := x.DeleteSession(ctx, "nobody") // any write: it takes the write lock
		wrote <- err
	}()
	select {
	case err := <-wrote:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute): // a deadlock guard, not a measure
		close(src.open)
		t.Fatal("a write waited for a background pass held in a read")
	}
	if err := <-done; !errors.Is(err, recall.ErrYielded) {
		t.Fatalf("the pass returned %v, want ErrYielded", err)
	}
	close(src.open)
	// A second pass does the rest (nothing else writes now).
	st, err := x.SyncBackground(ctx)
	if err != nil || st.Checkpoints != len(cks) {
		t.Fatalf("second pass: %+v, %v; want %d checkpoints", st, err, len(cks))
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	y := recalltest.MustOpenAt(t, dir, src, recall.Options{})
	if r := y.Rebuilt(); r != "" {
		t.Fatalf("reopened index was rebuilt: %s", r)
	}
	if st := recalltest.MustSync(t, y); st.Checkpoints != 0 || st.Unchanged != len(cks) {
		t.Fatalf("sync after the passes: %+v", st)
	}
}

// interruptingSource makes a write of x (one that changes nothing but
// takes the write lock) come at every every-th checkpoint read, from
// another goroutine, as a search's Sync would.
type interruptingSource struct {
	*recalltest.MemSource
	x      *recall.Index
	every  int
	reads  int
	mu     sync.Mutex
	writes sync.WaitGroup
}

func (s *interruptingSource) Checkpoint(ctx context.Context, session, ckpt string) (*recall.Checkpoint, error) {
	s.mu.Lock()
	s.reads++
	if s.reads%s.every == 0 {
		s.writes.Add(1)
		go func() {
			defer s.writes.Done()
			s.x.DeleteSession(context.Background(), "nobody")
		}()
	}
	s.mu.Unlock()
	return s.MemSource.Checkpoint(ctx, session, ckpt)
}

// TestSyncBackgroundAnswersAsSync: an index filled by background passes
// that are made to give way again and again answers every query as an
// index filled by one Sync, and is consistent on disk (a Sync finds
// nothing to do; reopening does not rebuild).
func TestSyncBackgroundAnswersAsSync(t *testing.T) {
	c := loadCorpus(t)
	mem := recalltest.NewMemSource()
	for _, ck := range c.ckpts[:min(len(c.ckpts), 120)] {
		mem.Put(ck)
	}
	want, _ := recalltest.MustOpen(t, mem, recall.Options{})
	recalltest.MustSync(t, want)

	src := &interruptingSource{MemSource: mem, every: 5}
	got, dir := recalltest.MustOpen(t, src, recall.Options{BatchDocs: 50})
	src.x = got
	ctx := context.Background()
	yields, passes := 0, 0
	for ; ; passes++ {
		_, err := got.SyncBackground(ctx)
		if err == nil {
			break
		}
		if !errors.Is(err, recall.ErrYielded) {
			t.Fatal(err)
		}
		if yields++; yields > 1000 {
			t.Fatal("the background passes never finish")
		}
		src.writes.Wait() // else the next pass gives way at once
	}
	src.writes.Wait()
	t.Logf("%d passes, %d gave way", passes+1, yields)
	if yields == 0 {
		t.Error("no pass gave way")
	}
	if st := recalltest.MustSync(t, got); st.Checkpoints != 0 || st.Removed != 0 {
		t.Errorf("Sync after the passes: %+v", st)
	}
	compareAnswers(t, want, got)
	if err := got.Close(); err != nil {
		t.Fatal(err)
	}
	again := recalltest.MustOpenAt(t, dir, mem, recall.Options{})
	if r := again.Rebuilt(); r != "" {
		t.Fatalf("reopened index was rebuilt: %s", r)
	}
	compareAnswers(t, want, again)
}

// compareAnswers fails unless a and b answer a spread of queries (words,
// a phrase, a prefix, Chinese, a path, a tool name) alike: the same
// totals, the same hits with the same snippets, in the same order. Scores
// may differ in their last bits: a prefix query sums its terms' scores in
// an order that follows how the index fell into segments (two Syncs with
// other batch sizes differ the same way), so hits whose scores are that
// close may change places.
func compareAnswers(t *testing.T, a, b *recall.Index) {
	t.Helper()
	near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-9*math.Max(math.Abs(x), math.Abs(y)) }
	for _, q := range []string{"error", "cargo build", `"cannot find"`, "test*", "文件结构", "src/main.rs", "Bash", "飞书审批 流程"} {
		req := recall.SearchRequest{Query: q, Limit: recall.MaxSearchLimit, Budget: recall.MaxBudget}
		ra, rb := search(t, a, req), search(t, b, req)
		if ra.Total != rb.Total || len(ra.Hits) != len(rb.Hits) || ra.Cut != rb.Cut || ra.Tokens != rb.Tokens {
			t.Errorf("%q: total %d, %d hits, cut %v, %d tokens; background: %d, %d, %v, %d", q,
				ra.Total, len(ra.Hits), ra.Cut, ra.Tokens, rb.Total, len(rb.Hits), rb.Cut, rb.Tokens)
			continue
		}
		seen := map[string]recall.Hit{}
		for i, ha := range ra.Hits {
			hb := rb.Hits[i]
			if !near(ha.Score, hb.Score) {
				t.Errorf("%q hit %d: %s %v, background %s %v", q, i, ha.Ref, ha.Score, hb.Ref, hb.Score)
			}
			seen[ha.Ref] = ha
		}
		for _, hb := range rb.Hits {
			ha, ok := seen[hb.Ref]
			ha.Score, hb.Score = 0, 0
			ja, _ := json.Marshal(ha)
			jb, _ := json.Marshal(hb)
			if !ok || string(ja) != string(jb) {
				t.Errorf("%q: background hit %s, sync hit %s", q, jb, ja)
			}
		}
	}
}
