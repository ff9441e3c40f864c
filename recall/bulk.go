package recall

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/index/scorch"
	bindex "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"
	zapv17 "github.com/blevesearch/zapx/v17"

	"github.com/epistemicfold/ef/internal/atomicfile"
)

// An empty index (new, rebuilt, or recreated after a schema change) is
// filled by bulkSync rather than by batches: it builds segments of
// bulkBatchDocs documents, merges them in a few groups into an index in a
// directory beside the live one, whereas batches into a live index make
// scorch persist every batch as a segment and merge the segments again and
// again while indexing goes on. The finished directory replaces the empty index;
// the watermark is then committed into it as a batch, so an index that
// crashed between the two holds documents its watermark does not count,
// and the next Open rebuilds it (see check).
//
// What a bulk build costs (TestRecallScale with EF_RECALL_BENCH=1:
// 100,000 real messages, 148.5 MB of JSON, 2 cores). On an idle machine:
// ~8,600 messages per second of wall time, and a CPU-bound ceiling (the
// build's CPU over the cores) of ~9,620, ~20.8 s of CPU. Measured again
// on a machine at load ~10 (where CPU time itself is inflated by half and
// varies by ±15% from run to run): 31-37 s of CPU, 6.1-6.2 GB allocated
// (~62 KB per message), a quarter of the CPU the garbage collector's by
// the runtime's estimate. Where the CPU goes, by the CPU profile of the
// build: building the zap segments ~37% (inverting the documents ~21%,
// writing postings and term dictionaries ~14%); analysis ~20%; decoding
// and extracting messages ~8%; compressing stored texts ~7%; reading and
// verifying bundles ~5% (6.4% when a checkpoint was read as a header, an
// empty page and a verified page, each of which found, opened and
// decoded its bundle; now once); the builder's final merge ~9%, on one
// core after everything else, so wall time on an idle machine is about
// half the CPU plus half the merge. The merge's CPU does not depend on
// the segments' size (2.8, 3.1, 2.6 s for segments of 1,000, 2,000, 4,000
// documents, measured alongside) while the peak heap does (240, 405, 659
// MB). Making each segment's term frequencies in memory reused from
// segment to segment (termSlab) took the allocation from 6.07 to 4.5 GB
// (~45 KB per message) and the collections from ~107 to ~75. 10,000
// messages per second on two cores needs about a fifth less
// CPU per message than the ~9,620 ceiling allows, or the merge off the
// critical path (an index of one segment per core, merged in parallel,
// which the offline builder cannot write); most of what is left is zap's
// (segments, term dictionaries, a location for every token, which phrase
// queries need, and the merge) and the collector's.

// buildSuffix names the temporary directories of bulk builds, beside the
// index directory. Open removes those a crash left behind.
const buildSuffix = ".build-"

// bulkBatchDocs is how many documents a preparing goroutine holds
// before it builds them into a segment. The analyzed documents of a batch
// are most of a bulk build's peak memory (about 60 bytes per byte of
// text), and each preparing goroutine holds one batch.
const bulkBatchDocs = 1000

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

// build builds the documents of todo into an index under tmp and returns
// its directory ("" when no checkpoint could be read). One goroutine per
// core reads and analyzes checkpoints and, whenever it holds bulkBatchDocs
// documents, builds them into a zap segment itself; one goroutine collects
// the segments in groups (bulkGroupShares) and one merges each group into
// one segment file as soon as it is complete, while the next is being
// built; this goroutine keeps the watermark and the stats. The index is
// then made of the groups' segments, one each, in the order built.
//
// Building a segment is a third of a build's CPU, so the segments are
// built in parallel rather than by one builder (bleve's offline builder
// builds each under its lock, and fed directly it ran on one core while
// the other idled or waited: ~6,000 messages per second of wall time on
// two cores at most). The offline builder merged every segment into one
// when it was closed, a tenth of the build's CPU on one core after
// everything else; merging the groups as they fill leaves only the last
// group's merge for the end.
func (w *writer) build(tmp string, todo []CheckpointInfo) (string, error) {
	x := w.x
	dir := filepath.Join(tmp, "index")
	var docs atomic.Int64
	stems := newBulkStemCache()
	ctx, cancel := context.WithCancel(w.ctx)
	defer cancel()
	jobs := make(chan CheckpointInfo)
	n := min(max(runtime.GOMAXPROCS(0), 1), len(todo))
	ready := make(chan segmentUnit, n)
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
			// The goroutine's own analyzer makes the documents' term
			// frequencies in its slab, reused once each segment is built.
			terms := newTermAnalyzer(stems)
			terms.slab = &termSlab{}
			var u segmentUnit
			for ci := range jobs {
				p := x.prepare(ctx, ci, false, terms)
				if p.err == nil {
					u.add(p.docs)
					p.docs = nil
				}
				u.done = append(u.done, p)
				if len(u.docs) >= bulkBatchDocs {
					if !u.handOver(ctx, ready) {
						return
					}
					u = segmentUnit{}
					terms.slab.reset() // the segment holds what it needs of the frequencies
				}
			}
			if len(u.done) > 0 {
				u.handOver(ctx, ready)
			}
		}()
	}
	go func() { wg.Wait(); close(ready) }()
	groups := make(chan []segment.Segment, len(bulkGroupShares))
	merged := make(chan groupResult, 1)
	go func() { merged <- mergeGroups(ctx, tmp, groups) }()
	go func() {
		defer close(done)
		defer close(groups)
		var group []segment.Segment
		read, next := 0, 0 // checkpoints handed over; the group being filled
		for u := range ready {
			if u.err == nil && u.seg != nil && ctx.Err() == nil {
				group = append(group, u.seg)
				docs.Add(int64(len(u.docs)))
			}
			read += len(u.done)
			for next < len(bulkGroupShares)-1 && float64(read) >= bulkGroupShares[next]*float64(len(todo)) {
				next++
				if len(group) > 0 {
					groups <- group
					group = nil
				}
			}
			for _, p := range u.done {
				if p.err == nil && u.err != nil {
					p.err = u.err
				}
				select {
				case done <- p:
				case <-ctx.Done():
					// drain ready so that no preparer blocks; they stop at the cancel
				}
			}
		}
		if len(group) > 0 && ctx.Err() == nil {
			groups <- group
		}
	}()
	var err error
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
	res := <-merged
	if err == nil {
		err = w.ctx.Err()
	}
	if err == nil && res.err != nil {
		err = &IndexError{Op: "build", Path: x.dir, Err: res.err}
	}
	if err != nil {
		return "", err
	}
	if docs.Load() == 0 {
		return "", nil
	}
	if err := x.assemble(dir, res.files); err != nil {
		return "", &IndexError{Op: "build", Path: x.dir, Err: err}
	}
	return dir, nil
}

// bulkGroupShares are the shares of a bulk build's checkpoints after
// which a group of segments is complete and merged, and so the number of
// segments of the index it builds. The last group's merge is what is
// left for the end; the first ones are merged while the rest is built.
var bulkGroupShares = [...]float64{0.5, 0.8, 1}

// groupResult is what mergeGroups made: one segment file per group, in
// order.
type groupResult struct {
	files []string
	err   error
}

// mergeGroups merges each group of segments it receives into one segment
// file under tmp, until groups is closed; it stops at the first failure
// or the context's cancel, but drains groups either way.
func mergeGroups(ctx context.Context, tmp string, groups <-chan []segment.Segment) groupResult {
	var res groupResult
	for g := range groups {
		if res.err != nil || ctx.Err() != nil {
			continue
		}
		path := filepath.Join(tmp, fmt.Sprintf("group-%03d.zap", len(res.files)))
		var err error
		if len(g) == 1 {
			err = g[0].(segment.UnpersistedSegment).Persist(path)
		} else {
			_, _, err = zapPlugin.Merge(g, make([]*roaring.Bitmap, len(g)), path, nil, nil)
		}
		if err != nil {
			res.err = fmt.Errorf("merge %d segments: %w", len(g), err)
			continue
		}
		res.files = append(res.files, path)
	}
	return res
}

// assemble makes an index in dir of the segment files given, in order:
// an empty index that takes each file into its directory and then as a
// batch of its stand-in document (prebuiltPlugin), so that scorch
// records it as a segment of the index as it is, without rewriting it.
// The batches are safe ones (not runtimeConfig's unsafe_batch): each
// returns once the index's root names the segment.
func (x *Index) assemble(dir string, files []string) error {
	// Created, closed and opened again: the configuration an index is
	// created with is kept in its metadata and applies to every later
	// open, and this one's is for assembling only.
	idx, err := bleve.NewUsing(dir, newMapping(), bleve.Config.DefaultIndexType, bleve.Config.DefaultKVStore, nil)
	if err == nil {
		err = idx.Close()
	}
	if err == nil {
		idx, err = bleve.OpenUsing(dir, map[string]interface{}{
			"forceSegmentType": zapType, "forceSegmentVersion": zapVersion, "eventCallbackName": assembleCallback})
	}
	if err != nil {
		return err
	}
	err = func() error {
		adv, err := idx.Advanced()
		if err != nil {
			return err
		}
		for i, f := range files {
			// scorch's directory is dir/store, its files named by
			// segment number in hexadecimal; it numbers the segments it
			// makes from one more than the largest name on the disk
			// when it opens, and from 1 in this new index, which makes
			// a handful of segments at most: one of its names from
			// assembledSegmentBase on is never one it makes.
			p := filepath.Join(dir, "store", fmt.Sprintf("%012x.zap", assembledSegmentBase+i))
			if err := os.Rename(f, p); err != nil {
				return err
			}
			seg, err := zapPlugin.Open(p)
			if err != nil {
				return err
			}
			id := prebuilt.put(seg)
			b := bindex.NewBatch()
			b.Update(document.NewDocument(id))
			if err := adv.Batch(b); err != nil {
				prebuilt.drop(id)
				_ = seg.Close()
				return err
			}
		}
		return nil
	}()
	if cerr := idx.Close(); err == nil {
		err = cerr
	}
	return err
}

// segmentUnit is what a preparing goroutine hands to the builder: the
// documents of the checkpoints it read, built into one segment, and the
// checkpoints in the order read (with those that could not be read).
type segmentUnit struct {
	docs []bindex.Document
	done []prepared
	seg  segment.Segment
	err  error
}

// add takes analyzed documents as scorch's builder would before building
// a segment of them: each gets its _id field, analyzed.
func (u *segmentUnit) add(docs []*document.Document) {
	for _, d := range docs {
		d.AddIDField()
		d.VisitFields(func(f bindex.Field) {
			if f.Options().IsIndexed() {
				f.Analyze() // a no-op but for _id: prepare analyzed the rest
			}
		})
		u.docs = append(u.docs, d)
	}
}

// handOver builds the unit's segment and sends the unit; false when the
// build was cancelled first. The documents' analysis is dropped once the
// segment holds them.
func (u *segmentUnit) handOver(ctx context.Context, ready chan<- segmentUnit) bool {
	if len(u.docs) > 0 {
		seg, _, err := zapPlugin.New(u.docs)
		if err != nil {
			u.err = &bulkError{fmt.Errorf("build a segment: %w", err)}
		}
		u.seg = seg
		clear(u.docs)
	}
	select {
	case ready <- *u:
		return true
	case <-ctx.Done():
		return false
	}
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

// The segment type and version of the index, which the index assemble
// makes is told to use so that prebuiltPlugin is the plugin it calls.
const (
	zapType    = "zap"
	zapVersion = 17
)

// zapPlugin builds the segments of a bulk build (segmentUnit.handOver).
var zapPlugin = &zapv17.ZapPlugin{}

// prebuiltPlugin is zap v17 as scorch sees it, with one addition: asked
// for a segment of a single document whose id prebuilt holds, it returns
// the segment held there, built and merged beforehand. This is how the
// bulk build hands scorch the segments it merged (assemble): a batch
// takes documents only, and scorch builds their segment itself. It is
// registered in scorch's table of segment plugins
// under zap v17's own type and version, so an index on disk is a plain
// zap v17 index and every other call goes to zap v17 unchanged: a
// document id starting with prebuiltPrefix, which no document of this
// package has (docID), is the only difference.
type prebuiltPlugin struct{ scorch.SegmentPlugin }

func init() {
	scorch.RegisterSegmentPlugin(prebuiltPlugin{zapPlugin}, false)
	scorch.RegistryEventCallbacks[assembleCallback] = func(e scorch.Event) bool {
		return e.Kind != scorch.EventKindPurgerCheck
	}
}

// assembledSegmentBase is the number in the file name of the first
// segment assemble puts in an index.
const assembledSegmentBase = 1 << 20

// assembleCallback names the scorch event callback of the index assemble
// makes: it vetoes every removal of files no snapshot names, which scorch
// does whenever its persister waits, and which would remove a segment
// file moved into the index's directory before its batch names it.
const assembleCallback = "ef-recall-assemble"

func (p prebuiltPlugin) New(docs []bindex.Document) (segment.Segment, uint64, error) {
	if seg, ok, err := p.standIn(docs); ok {
		return seg, 0, err
	}
	return p.SegmentPlugin.New(docs)
}

// NewUsing is New as scorch calls it for a batch of a live index, which
// is how assemble hands it the merged segments.
func (p prebuiltPlugin) NewUsing(docs []bindex.Document, config map[string]interface{}) (segment.Segment, uint64, error) {
	if seg, ok, err := p.standIn(docs); ok {
		return seg, 0, err
	}
	return p.SegmentPlugin.NewUsing(docs, config)
}

// standIn returns the segment whose stand-in docs is, with ok set when
// docs is a stand-in.
func (prebuiltPlugin) standIn(docs []bindex.Document) (seg segment.Segment, ok bool, err error) {
	if len(docs) != 1 || !strings.HasPrefix(docs[0].ID(), prebuiltPrefix) {
		return nil, false, nil
	}
	seg, found := prebuilt.take(docs[0].ID())
	if !found {
		return nil, true, fmt.Errorf("recall: bulk build: no segment under %q", docs[0].ID())
	}
	return seg, true, nil
}

// prebuiltPrefix starts the ids of segments' stand-in documents.
const prebuiltPrefix = "\x00ef-prebuilt-segment/"

// prebuilt holds the segments handed to the builder until it asks for
// them.
var prebuilt prebuiltSegments

type prebuiltSegments struct {
	seq  atomic.Uint64
	segs sync.Map // stand-in id → segment.Segment
}

func (s *prebuiltSegments) put(seg segment.Segment) string {
	id := prebuiltPrefix + strconv.FormatUint(s.seq.Add(1), 10)
	s.segs.Store(id, seg)
	return id
}

func (s *prebuiltSegments) take(id string) (segment.Segment, bool) {
	v, ok := s.segs.LoadAndDelete(id)
	if !ok {
		return nil, false
	}
	return v.(segment.Segment), true
}

func (s *prebuiltSegments) drop(id string) { s.segs.Delete(id) }
