package recall

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/mapping"

	"github.com/epistemicfold/ef/internal/atomicfile"
)

// An empty index (new, rebuilt, or recreated after a schema change) is
// filled by bulkSync rather than by batches: bleve's offline builder writes
// segments of bulkBatchDocs documents to a directory beside the index and
// merges them once at the end, where batches into a live index make scorch
// persist every batch as a segment and merge the segments again and again
// while indexing goes on. The finished directory replaces the empty index;
// the watermark is then committed into it as a batch, so an index that
// crashed between the two holds documents its watermark does not count,
// and the next Open rebuilds it (see check).
//
// What a bulk build costs (TestRecallScale, 100,000 real messages, 148.5
// MB of JSON, 2 cores, CPU profile of the build): ~2,000-2,200 messages per
// CPU-second, 46-51 s of CPU. Preparing documents (GOMAXPROCS goroutines:
// reading and verifying bundles, extracting text, analysis, compressing
// stored texts) is ~46% of it; bleve's builder, fed by one goroutine,
// writing a zap segment per bulkBatchDocs documents, ~37%; its final
// merge ~7%; the collector ~7%. The builder's part runs on one core:
// ~21 s of segments and merge, so even with every other core preparing,
// the build cannot pass ~4,700 messages per second of wall time, and on
// two cores it is bound by its CPU at ~4,000-4,400. 10,000 messages per
// second on two cores would need the builder's segment writing over twice
// as fast (bleve's code: term dictionaries and positions of every token,
// which phrase queries need) and preparation under half its cost.

// buildSuffix names the temporary directories of bulk builds, beside the
// index directory. Open removes those a crash left behind.
const buildSuffix = ".build-"

// bulkBatchDocs is how many documents a bulk build holds in memory
// before writing them as a segment; bulkMergeMax is how many segments one
// merge step combines: the builder merges up to 128 segments in one pass
// (each pass rewrites all), 128,000 documents. The analyzed documents of
// the batch were most of a bulk build's peak memory (about 60 bytes per
// byte of text): at 5,000 documents a build of 100k messages peaked at
// 632 MB RSS, at 1,000 at 291 MB, for the same CPU (43.3 s against 46.5 s,
// the difference within the noise of a busy machine) and the same index.
const (
	bulkBatchDocs = 1000
	bulkMergeMax  = 128
	// bulkQueue is how many analyzed checkpoints wait for the builder
	// while it writes a segment (a segment of 1,000 documents takes
	// about as long as analyzing 16 checkpoints of 40 messages on one
	// core), and bulkQueueBytes bounds the text they hold.
	bulkQueue      = 32
	bulkQueueBytes = 1 << 20
)

// queueBytes bounds the text of the checkpoints analyzed and not yet
// handed to the builder: take waits until the queue holds less than max
// bytes less the checkpoint's own (or nothing, so a checkpoint larger
// than max still goes through, alone).
type queueBytes struct {
	mu     sync.Mutex
	cond   *sync.Cond
	n, max int
	closed bool
}

func newQueueBytes(max int) *queueBytes {
	q := &queueBytes{max: max}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *queueBytes) take(n int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for !q.closed && q.n > 0 && q.n+n > q.max {
		q.cond.Wait()
	}
	q.n += n
}

func (q *queueBytes) give(n int) {
	q.mu.Lock()
	q.n -= n
	q.mu.Unlock()
	q.cond.Broadcast()
}

// close releases every waiter for good (the build ended).
func (q *queueBytes) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.cond.Broadcast()
}

// empty reports whether the index holds nothing: no watermark, no
// documents.
func (x *Index) empty() bool {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.wm) == 0 && x.docs == 0
}

// bulkSync fills an empty index with every checkpoint of the given
// sessions. The caller holds writeMu.
func (w *writer) bulkSync(sessions []string) error {
	x := w.x
	var todo []CheckpointInfo
	seen := map[[2]string]bool{}
	for _, s := range sessions {
		infos, _, err := x.list(w.ctx, s)
		if err != nil {
			return err
		}
		for _, ci := range infos {
			if ci.SessionID == "" {
				ci.SessionID = s
			}
			need, err := w.needs(ci)
			if err != nil {
				return err
			}
			// The builder takes each document once: a checkpoint listed
			// twice is indexed once.
			if k := [2]string{ci.SessionID, ci.CheckpointID}; need && !seen[k] {
				seen[k] = true
				todo = append(todo, ci)
			}
		}
	}
	if len(todo) == 0 {
		return w.finish()
	}
	tmp, err := os.MkdirTemp(filepath.Dir(x.dir), filepath.Base(x.dir)+buildSuffix)
	if err != nil {
		return &IndexError{Op: "build", Path: x.dir, Err: err}
	}
	defer os.RemoveAll(tmp)
	w.bulk = true
	built, err := w.build(tmp, todo)
	w.bulk = false
	if err != nil {
		return err // the builder holds only files under tmp
	}
	if built == "" {
		// Nothing could be read: the index stays empty; the watermark
		// (empty for these checkpoints) is committed as usual.
		return w.finish()
	}
	if err := privateAndSynced(built); err != nil {
		return &IndexError{Op: "build", Path: x.dir, Err: err}
	}
	if err := x.swapIn(built); err != nil {
		return err
	}
	x.mu.RLock()
	w.b = x.idx.NewBatch()
	x.mu.RUnlock()
	w.b.SetInternal([]byte(keySchema), []byte(schemaVersion))
	return w.finish()
}

// build fills one offline builder under tmp with the documents of todo
// and returns the directory of the index it built ("" when no checkpoint
// could be read). One goroutine per core reads and analyzes checkpoints;
// one goroutine hands their documents to the builder, which writes a
// segment of bulkBatchDocs documents on that goroutine whenever its batch
// is full, while the others go on analyzing into a queue of up to
// bulkQueue checkpoints; this goroutine keeps the watermark and the stats.
// (The builder holds its lock while it writes a segment: when the
// analyzing goroutines handed it their documents themselves, the one that
// filled the batch wrote the segment and the others waited at their next
// document, so a segment's CPU, a third of the build, ran on one core
// while the other idled. One builder per core wrote as much in parallel
// but had to merge its segments with the others' at the end: one more
// pass over the whole index.)
func (w *writer) build(tmp string, todo []CheckpointInfo) (string, error) {
	x := w.x
	dir := filepath.Join(tmp, "index")
	b, err := bleve.NewBuilder(dir, preparedMapping{newMapping()}, map[string]interface{}{
		"batchSize": bulkBatchDocs, "mergeMax": bulkMergeMax, "buildPathPrefix": tmp,
	})
	if err != nil {
		return "", &IndexError{Op: "build", Path: x.dir, Err: err}
	}
	var docs atomic.Int64
	ctx, cancel := context.WithCancel(w.ctx)
	defer cancel()
	jobs := make(chan CheckpointInfo)
	n := min(max(runtime.GOMAXPROCS(0), 1), len(todo))
	ready := make(chan prepared, bulkQueue)
	q := newQueueBytes(bulkQueueBytes)
	defer q.close()
	done := make(chan prepared, n)
	go func() {
		defer close(jobs)
		for _, ci := range todo {
			select {
			case jobs <- ci:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ci := range jobs {
				p := x.prepare(ctx, ci, false)
				q.take(p.bytes)
				select {
				case ready <- p:
				case <-ctx.Done():
					q.give(p.bytes)
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(ready) }()
	go func() {
		defer close(done)
		for p := range ready {
			if p.err == nil && ctx.Err() == nil {
				for _, d := range p.docs {
					if err := b.Index(d.ID(), d); err != nil {
						p.err = &bulkError{err}
						break
					}
					docs.Add(1)
				}
			}
			p.docs = nil
			q.give(p.bytes)
			select {
			case done <- p:
			case <-ctx.Done():
				// drain ready so that no preparer blocks; they stop at the cancel
			}
		}
	}()
	for p := range done {
		if err != nil {
			continue // drain: the workers stop at the cancel
		}
		if err = w.ctx.Err(); err == nil {
			err = w.apply(p)
		}
		if err != nil {
			cancel()
		}
	}
	if err == nil {
		err = w.ctx.Err()
	}
	if err != nil {
		return "", err
	}
	if docs.Load() == 0 {
		return "", nil // an empty builder cannot close
	}
	// Close writes the last segment and merges them all into one.
	if err := b.Close(); err != nil {
		return "", &IndexError{Op: "build", Path: x.dir, Err: err}
	}
	return dir, nil
}

// bulkError is a builder's failure, as opposed to the Source's.
type bulkError struct{ err error }

func (e *bulkError) Error() string { return e.err.Error() }
func (e *bulkError) Unwrap() error { return e.err }

// swapIn replaces the (empty) index directory with a built one and opens
// it. A failure after the empty index was closed leaves the index stale:
// there is no index to serve until the next Open rebuilds it.
func (x *Index) swapIn(built string) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if err := x.idx.Close(); err != nil {
		x.opts.Logger.Warn("recall: close the empty index before replacing it", "dir", x.dir, "err", err)
	}
	x.idx = nil
	err := os.RemoveAll(x.dir)
	if err == nil {
		err = os.Rename(built, x.dir)
	}
	if err == nil {
		err = atomicfile.SyncDir(filepath.Dir(x.dir))
	}
	if err == nil {
		x.idx, err = bleve.OpenUsing(x.dir, x.runtimeConfig())
	}
	if err != nil {
		x.stale = fmt.Sprintf("replace the index with the built one: %v", err)
		// Best effort: when the directory is gone the next Open creates
		// it anew anyway.
		_ = os.WriteFile(filepath.Join(x.dir, staleFile), []byte(x.stale+"\n"), 0o600)
		return &IndexError{Op: "build", Path: x.dir, Err: fmt.Errorf("%w: %w", ErrStale, err)}
	}
	return nil
}

// removeBuilds removes the temporary directories of bulk builds a crash
// left beside the index. The caller holds the index open for writing, so
// no other writer is building.
func (x *Index) removeBuilds() {
	leftovers, _ := filepath.Glob(x.dir + buildSuffix + "*")
	for _, d := range leftovers {
		if err := os.RemoveAll(d); err != nil {
			x.opts.Logger.Warn("recall: cannot remove an abandoned index build", "dir", d, "err", err)
		}
	}
}

// privateAndSynced makes bleve's index_meta.json private like every other
// file of the store (bleve writes it 0666 less the umask) and flushes every
// file and directory of the built index to the disk before it replaces the
// live one.
func privateAndSynced(dir string) error {
	if err := os.Chmod(filepath.Join(dir, "index_meta.json"), 0o600); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return atomicfile.SyncDir(p)
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		return atomicfile.SyncClose(f)
	})
}

// preparedMapping is the index mapping for the bulk builder, whose Index
// takes a document's data rather than a document: the data is a document
// prepare built and analyzed, and its fields are copied as they are. The
// mapping stored in the index is the embedded one.
type preparedMapping struct {
	*mapping.IndexMappingImpl
}

func (preparedMapping) MapDocument(doc *document.Document, data interface{}) error {
	src, ok := data.(*document.Document)
	if !ok {
		return fmt.Errorf("recall: bulk build: document data is %T, want a prepared document", data)
	}
	for _, f := range src.Fields {
		doc.AddField(f)
	}
	return nil
}
