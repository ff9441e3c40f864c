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

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	bindex "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"
	zapv17 "github.com/blevesearch/zapx/v17"

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
//
// Tried and measured without paying (100,000 messages, one stored corpus
// built again and again, runs back to back; the machine was shared, at
// load 3-15, so only CPU seconds compare, within ~10%):
//   - GOGC=400 for the build: 22.4 s of CPU against 22.4 s (load ~3.4);
//     the collector's share by the runtime's estimate fell from 1.2 to
//     0.4 s and the collections from 105 to 13, but the peak heap rose
//     from 295 to 834 MB, and the CPU did not fall: a larger heap is
//     memory touched afresh. (A second pair, at load ~3.5: 24.0 against
//     21.0 s, 1,012 MB of peak heap.)
//   - Segments of 2,000 documents: 24.2 s against 22.4 and 21.0 s for
//     the 1,000-document runs before and after, 491 MB of peak heap.
//   - GODEBUG=asyncpreemptoff=1 (12% of a build profile's samples fall in
//     runtime.asyncPreempt, spread over every hot function): 25.0 s
//     against 25.5 s at load ~6, the same; the samples say where
//     preempted code was caught, not what preemption costs.
//   - The final merge off the critical path: commit cd5dc04 merged the
//     segments in three groups as they filled (after 50%, 80% and all of
//     the checkpoints) and made the index of the three merged segments
//     (handed to a new scorch index as batches of stand-in documents),
//     leaving only the last fifth of the merge for the end. The answers
//     were byte-identical and the merges took the CPU one merge takes
//     (2.8 s, 9% of the build, at load 12), but every segment more costs
//     the index ~2.3 MB (each has its own term dictionaries and postings
//     headers): 151.3 MB = 1.02x the JSON (149.3 MB = 1.005x with two
//     groups, at 75% and 100%) against 146.7 MB, over the 1x budget; and
//     holding the groups' segments in memory until merged took the peak
//     heap from ~300 to 588 MB (741 MB with two groups). Reverted. Writing
//     the small segments to files, as the builder does, would give the
//     memory back, not the bytes.
//
// Measured, paying, not taken (yet): the text field without a location
// for every token. Only phrase queries read locations (phrase.go; topN
// asks for no term vectors, and a snippet finds its matches again in the
// text it shows, snippetMarks.spans). Note that the mapping's
// IncludeTermVectors alone changes nothing: zap writes whatever locations
// a TokenFreq carries, whatever the field's options, and frequencies
// always makes them, so both must go. Without them (phrases then find
// nothing), pairs back to back at load 15-35: 28.0 and 27.6 s of CPU
// against 41.0 and 43.4 s with them (-35%), 26.2 s in a third run at
// load ~34; the index 70.8 MB (0.48x the JSON) against 146.7 MB (0.99x):
// the locations are half the index. What keeps phrase answers the same
// without them was not found in time:
//   - The conjunction of the terms verified against each candidate's
//     stored text (decompress its chunk, analyze it again, ~50-100 us a
//     message) is too slow: every match is counted (topN), and the scale
//     test's phrases have thousands of candidates at 100,000 messages
//     ("No ready issues available" 3,113 documents holding every word,
//     2,817 the phrase; "cargo build" 2,669 and 1,887; "git status"
//     3,543 and 546; "No such file or directory" 3,967 and 140), a
//     tenth of a second or more where the budget is 10 ms.
//   - An index of adjacent-term pairs answers a two-term phrase exactly
//     (a term of the pair's two, at consecutive positions), but a longer
//     phrase only when each inner term occurs once in the document
//     (otherwise back to the text), and it costs most of what it saves:
//     the pairs as extra terms of the text field, without locations,
//     made the index 131.2 MB (0.88x; pairs are ~60 MB of the ~76 MB the
//     locations took) and the build 78.9 and 88.0 s of CPU at load 37-42
//     against 26.2 s without pairs at load ~34 (a first cut, a key and a
//     map entry allocated per pair; the load makes the figures loose, not
//     their sign).
// Left to measure: pairs made as the locations are (in the term slab,
// no allocation per pair) on an idle machine, and how often a phrase of
// three or more terms then needs its candidates' texts.
//
// Taken (idx13, 100,000 messages, load 10-25, so measured by parts):
// the stem memo's lookup, ~5% of the build, behind a front memo per
// preparing goroutine (stemFront): the analysis of 2 MB of corpus text
// by a bulk analyzer took a median 67.5 ms of CPU against 78.5 ms
// without (-14%, six runs each, BenchmarkTextTerms bulk/bulkfront);
// countTokens (~2% of the build) a byte at a time over ASCII, 2-3x
// faster. Measured, not taken: stored texts at zstd's fastest level
// compress in a third less CPU (the 20,000-message run's 860 chunks,
// 21.6 MB: a median 0.097 s against 0.145 s) but are 5.4% larger
// (0.2593 against 0.2459 of the raw), the index 148.3 MB = 0.999x the
// JSON against 146.7 MB: it would leave the 1x budget no margin.
//
// Taken (idx14): copy prints (fPrints, 8 bytes a message on the
// checkpoint document) so that a search tells copies without loading
// their texts: the index 147.5 MB = 0.993x the JSON against 146.7 MB, the
// build's CPU the same within the noise (pairs back to back at load
// ~21: 22.9 and 21.5 s against 22.9 and 21.1 s). The prints are two
// hardware CRC-32s: CRC-64 (table-driven, ~240 MB/s) would have cost
// ~0.6 s of a 100K build's CPU. That leaves the 1x budget ~1 MB, less
// than zstd's fastest level for the stored texts would take (~1.6 MB).

//
// Taken (perf13): each distinct message text analyzed once per bulk
// build (textMemo, textmemo.go). TestRecallScale at 100,000 messages,
// pairs back to back at load 18-24: 24.8 and 22.8 s of CPU before, 19.8
// and 18.9 s after (4,029 and 4,393 against 5,061 and 5,287 messages per
// CPU-second, +21-26%); the index the same 147.5 MB, its queries the same
// CPU within the noise; analysis fell from 20% to 8% of the build's
// profile. Most of that is the scale corpus's own repetition: it repeats
// its pool of sessions under new ids, and holds 13,632 distinct messages
// of 100,000. At 13,000 messages (the pool once, only the copies real
// sessions hold) two pairs gave 3,497 and 3,692 against 4,046 and 3,805
// messages per CPU-second: no loss, a gain within the noise.
//
// Taken (perf15): reads reuse a settled listing of the session directory
// (bundle/listing.go). Every bundle read, the build's and a search's
// check of its hits' bundles (checkReadable), listed the whole session
// directory to find one file: ~0.2 ms for 40 bundles, 7-12 ms for 2,500
// (a microbenchmark at load ~25). In the scale corpus (sessions of a few
// to ~100 bundles) that was 1% of the build's CPU and ~5% of a search's;
// in one long session it was most of a search: TestRecallScale with
// EF_RECALL_ONESESSION=1 at 20,000 messages (755 bundles in one
// directory), three runs each, before and after side by side at load
// 30-39, medians of the CPU per query (mean / p95): term 13.3 / 27.6 ->
// 2.8 / 6.5 ms, phrase 14.3 / 25.3 -> 3.0 / 6.2, prefix 13.3 / 24.1 ->
// 3.8 / 8.9, words 11.1 / 25.0 -> 3.3 / 7.3, chinese 3.0 / 7.3 -> 1.0 /
// 2.5; the build 7.5 -> 6.6 s of CPU, 1.02 -> 0.95 GB allocated; the
// index the same 28.7 MB. At 100,000 messages in one session (3,549
// bundles in one directory; one run each, load 28-44) the build took
// 50.4 -> 28.7 s of CPU (6.98 -> 4.54 GB allocated) and the CPU per
// query (mean / p95) term 49.4 / 75.4 -> 6.2 / 13.6 ms, phrase 48.4 /
// 83.2 -> 9.9 / 19.1, prefix 51.7 / 76.0 -> 9.8 / 20.5, words 39.8 /
// 75.4 -> 7.9 / 15.1; the build took as much as the 100,000 messages of 1,361
// sessions take (27.2 and 27.0 s before and after, side by side, load
// 31-37: unchanged there, as are their queries within the noise). The
// scale test now also builds the same
// documents with bare bleve (bleve.New, batches of 1,000) beside the
// index, the baseline of the build figures.

// buildSuffix names the temporary directories of bulk builds, beside the
// index directory. Open removes those a crash left behind.
const buildSuffix = ".build-"

// bulkBatchDocs is how many documents a preparing goroutine holds
// before it builds them into a segment; bulkMergeMax is how many segments
// one merge step of the builder combines: it merges up to 128 segments in
// one pass (each pass rewrites all), about 128,000 documents. The analyzed
// documents of a batch are most of a bulk build's peak memory (about 60
// bytes per byte of text), and each preparing goroutine holds one batch.
const (
	bulkBatchDocs = 1000
	bulkMergeMax  = 128
)

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
// could be read). One goroutine per core reads and analyzes checkpoints
// and, whenever it holds bulkBatchDocs documents, builds them into a zap
// segment itself; one goroutine hands each segment to the builder, which
// only writes it to a file; this goroutine keeps the watermark and the
// stats. The builder merges the segments into one when it is closed.
//
// Building a segment is a third of a build's CPU. The builder builds one
// on the goroutine that fills its batch, under its lock, so fed directly
// it ran on one core while the other idled or waited: the build could
// not pass ~6,000 messages per second of wall time on two cores.
// Handing it segments built in parallel (through prebuiltPlugin) leaves
// it the file writes and the final merge. One builder per core would
// write as much in parallel, but their indexes would need one more merge
// pass over everything at the end.
func (w *writer) build(tmp string, todo []CheckpointInfo) (string, error) {
	x := w.x
	dir := filepath.Join(tmp, "index")
	b, err := bleve.NewBuilder(dir, preparedMapping{newMapping()}, map[string]interface{}{
		"batchSize": 1, "mergeMax": bulkMergeMax, "buildPathPrefix": tmp,
		"forceSegmentType": zapType, "forceSegmentVersion": zapVersion,
	})
	if err != nil {
		return "", &IndexError{Op: "build", Path: x.dir, Err: err}
	}
	var docs atomic.Int64
	stems := newBulkStemCache()
	memo := newTextMemo(textMemoBytes)
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
			terms.front = &stemFront{}
			terms.memo = memo
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
	go func() {
		defer close(done)
		for u := range ready {
			if u.err == nil && u.seg != nil && ctx.Err() == nil {
				id := prebuilt.put(u.seg)
				if err := b.Index(id, prebuiltDoc{}); err != nil {
					prebuilt.drop(id)
					u.err = &bulkError{err}
				} else {
					docs.Add(int64(len(u.docs)))
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
	// Close merges the segments into one.
	if err := b.Close(); err != nil {
		return "", &IndexError{Op: "build", Path: x.dir, Err: err}
	}
	return dir, nil
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

// preparedMapping is the index mapping for the bulk builder, whose Index
// takes a document's data rather than a document: the data is a document
// prepare built and analyzed, and its fields are copied as they are. The
// mapping stored in the index is the embedded one.
type preparedMapping struct {
	*mapping.IndexMappingImpl
}

func (preparedMapping) MapDocument(doc *document.Document, data interface{}) error {
	switch src := data.(type) {
	case *document.Document:
		for _, f := range src.Fields {
			doc.AddField(f)
		}
		return nil
	case prebuiltDoc:
		return nil // a segment's stand-in: its id names the segment (prebuiltPlugin)
	}
	return fmt.Errorf("recall: bulk build: document data is %T, want a prepared document", data)
}

// The segment type and version of the index, which the bulk builder is
// told to use so that prebuiltPlugin is the plugin it calls.
const (
	zapType    = "zap"
	zapVersion = 17
)

// zapPlugin builds the segments of a bulk build (segmentUnit.handOver).
var zapPlugin = &zapv17.ZapPlugin{}

// prebuiltPlugin is zap v17 as scorch sees it, with one addition: asked
// for a segment of a single document whose id prebuilt holds, it returns
// the segment held there, built beforehand on another goroutine. This is
// how the bulk build hands scorch's offline builder segments it built in
// parallel: the builder takes documents only and builds each segment
// under its lock. It is registered in scorch's table of segment plugins
// under zap v17's own type and version, so an index on disk is a plain
// zap v17 index and every other call goes to zap v17 unchanged: a
// document id starting with prebuiltPrefix, which no document of this
// package has (docID), is the only difference.
type prebuiltPlugin struct{ scorch.SegmentPlugin }

func init() {
	scorch.RegisterSegmentPlugin(prebuiltPlugin{zapPlugin}, false)
}

func (p prebuiltPlugin) New(docs []bindex.Document) (segment.Segment, uint64, error) {
	if len(docs) == 1 && strings.HasPrefix(docs[0].ID(), prebuiltPrefix) {
		seg, ok := prebuilt.take(docs[0].ID())
		if !ok {
			return nil, 0, fmt.Errorf("recall: bulk build: no segment under %q", docs[0].ID())
		}
		return seg, 0, nil
	}
	return p.SegmentPlugin.New(docs)
}

// prebuiltDoc is the data of a segment's stand-in document.
type prebuiltDoc struct{}

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
