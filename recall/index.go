package recall

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"
	"unsafe"

	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	bindex "github.com/blevesearch/bleve_index_api"
	zapv17 "github.com/blevesearch/zapx/v17"
)

// schemaVersion names the mapping and document layout. An index written
// with another value is rebuilt on Open (a read-only Open also accepts
// readableSchemas). 7: identifier parts of words that are not ASCII are
// all indexed (see partTerms). 8: identifier parts have no positions, and
// JSON strings are indexed unescaped (indexedText). 9: words longer than
// maxStemmedWord bytes are indexed unstemmed. 10: Thai, Lao, Khmer and
// Myanmar text is indexed (as bigrams; it was dropped). 11: derived
// documents (checkpoints, archived checkpoint messages) carry the rank
// term, and what only echoes the archive (context_search and
// context_recall calls' arguments and results) is not indexed. 12: a
// checkpoint document stores its messages' copy prints (fPrints), so that
// a search tells a hit's copies without loading their texts.
const schemaVersion = "ef-recall-12"

// readableSchemas are the older layouts a read-only Open searches as they
// are, because this code's queries mean the same on them: an ef-recall-7
// index holds identifier parts at their word's position (a phrase may
// match through a part) and JSON escapes as written; an ef-recall-7 or 8
// index holds the words longer than maxStemmedWord bytes stemmed, so such
// a word the stemmer changes (one ending in "ing" or "s") is not found
// there; an ef-recall-9 or older index holds no Thai, Lao, Khmer or
// Myanmar text, which is not found there. An ef-recall-11 index (or
// older) has no copy prints: a search loads the texts to tell copies, as
// it did. A writer rebuilds them (an ef-recall-7 index becomes smaller).
var readableSchemas = []string{"ef-recall-7", "ef-recall-8", "ef-recall-9", "ef-recall-11"}

// Internal (non-document) keys of the index.
const (
	keySchema    = "ef/schema"
	keySessions  = "ef/sessions"
	keyWMPrefix  = "ef/wm/"
	keyGen       = "ef/gen"
	genFile      = "ef-generation" // beside bleve's files: the last committed generation
	staleFile    = "ef-stale"      // beside bleve's files: why the index is stale (rebuilt on open)
	analyzerText = "ef_text"
)

// Document fields. A document's session, checkpoint and message index are
// its id (see docID), its checkpoint time is the head of its order key,
// and what a hit shows besides is in the stored meta field; only the
// fields a query reads are indexed.
const (
	fSession = "session" // session id: the session-scope filter
	fCID     = "cid"     // checkpoint id, on checkpoint documents only
	fText    = "text"    // the searchable text, with positions for phrases
	fTexts   = "texts"   // stored only, on checkpoint documents: the texts and metas of the checkpoint (texts.go)
	fPrints  = "prints"  // stored only, on checkpoint documents: each message's copy print (copyPrint), 8 bytes little-endian
	fTool    = "tool"    // tool names, lower case
	fPath    = "path"    // file paths and artifact names, lower case, with their tails
	fRank    = "rank"    // rankDerived on derived documents, which rank after the messages (collect.go)
)

// rankDerived is the term of fRank on a checkpoint's document and on an
// archived message that is a checkpoint's summary: text derived from
// other messages, which ranks after every message that matches.
const rankDerived = "derived"

// fieldOptions says how each field is indexed; newMapping declares the same.
var fieldOptions = map[string]bindex.FieldIndexingOptions{
	fSession: bindex.IndexField,
	fCID:     bindex.IndexField,
	fText:    bindex.IndexField | bindex.IncludeTermVectors,
	fTexts:   bindex.StoreField,
	fPrints:  bindex.StoreField,
	fTool:    bindex.IndexField,
	fPath:    bindex.IndexField,
	fRank:    bindex.IndexField,
}

// Hit kinds.
const (
	kindCheckpoint = "checkpoint"
	kindMessage    = "message"
)

// docMeta is what a hit shows that its id does not say; it is stored
// with the document's text (texts.go).
type docMeta struct {
	Role  string   `json:"r,omitempty"`
	Mode  string   `json:"m,omitempty"` // fold mode, checkpoint documents
	Tools []string `json:"t,omitempty"`
	Error bool     `json:"e,omitempty"`
	// Summary marks an archived message that is a checkpoint's summary;
	// SummaryOf is the EF checkpoint it is the summary of, when known.
	Summary   bool   `json:"s,omitempty"`
	SummaryOf string `json:"o,omitempty"`
}

// Options configure an Index. The zero value is ready to use; every zero
// field means the default documented on it. Options is a plain value; Tokens
// and Logger must be safe for concurrent use.
type Options struct {
	// Logger receives notices about rebuilds, corrupt indexes and
	// unavailable bundles met while indexing. Nil means discard.
	Logger *slog.Logger
	// LockTimeout is how long Open waits for an index directory held by
	// another process before failing with ErrLocked. Zero means 1s.
	LockTimeout time.Duration
	// MaxIndexedBytes caps the text indexed (and kept for snippets) per
	// message; longer messages are searchable in their first
	// MaxIndexedBytes bytes only (recall still returns them whole). Zero
	// means 256 KiB.
	MaxIndexedBytes int
	// BatchDocs is how many documents are written to the index at once
	// while indexing. Zero means 2000.
	BatchDocs int
	// DefaultBudget is the token budget of an answer whose request names
	// none. Zero means DefaultBudget (4,000 tokens).
	DefaultBudget int
	// MaxBudget is the hard maximum token budget of any answer; larger
	// requests are lowered to it. Zero means MaxBudget (16,000 tokens).
	MaxBudget int
	// Tokens counts the tokens of a text for budgeting. Nil means
	// EstimateTokens.
	Tokens func(string) int
	// WriteTimeout bounds how long Sync, Add or Rebuild waits for its
	// documents to reach the disk. When it passes, or the index reports it
	// cannot persist (ENOSPC, EIO), the write fails with ErrStale, the
	// index is closed and marked stale with the reason, and the next Open
	// rebuilds it. Zero means 2 minutes.
	WriteTimeout time.Duration
	// ReadOnly opens an existing index for searching and recalling only:
	// Sync, Add and Rebuild return an error and a corrupt index is not
	// rebuilt. Several read-only opens may coexist, but not with a writer.
	ReadOnly bool
}

// Budget defaults (tokens).
const (
	DefaultBudget = 4000
	MaxBudget     = 16000
)

func (o Options) withDefaults() Options {
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if o.LockTimeout <= 0 {
		o.LockTimeout = time.Second
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = 2 * time.Minute
	}
	if o.MaxIndexedBytes <= 0 {
		o.MaxIndexedBytes = 256 << 10
	}
	if o.BatchDocs <= 0 {
		o.BatchDocs = 2000
	}
	if o.MaxBudget <= 0 {
		o.MaxBudget = MaxBudget
	}
	if o.MaxBudget < MinBudget {
		o.MaxBudget = MinBudget
	}
	if o.DefaultBudget <= 0 {
		o.DefaultBudget = DefaultBudget
	}
	if o.DefaultBudget > o.MaxBudget {
		o.DefaultBudget = o.MaxBudget
	}
	if o.Tokens == nil {
		o.Tokens = EstimateTokens
	}
	return o
}

// Index is the search index over the checkpoints of one bundle store, and
// the recall service over the same store. It is a derived cache: it can be
// deleted at any time and rebuilt from the Source (see the package comment).
//
// An Index is safe for concurrent use: searches and recalls run in
// parallel; Sync, Add and Rebuild are serialized with each other.
type Index struct {
	dir  string
	src  Source
	opts Options

	writeMu sync.Mutex // serializes Sync, Add, Rebuild, DeleteSession, Close and SyncBackground
	// fg counts the writes other than SyncBackground waiting for or
	// holding writeMu; bg gives way to them (background.go).
	fg atomic.Int32
	bg background

	mu      sync.RWMutex // guards idx, wm, closed and stale
	idx     bleve.Index
	stale   string                        // why the index stopped taking writes, "" while healthy
	persist chan error                    // scorch's background persist failures for this index
	wm      map[string]map[string]wmEntry // session → checkpoint → entry
	text    analysis.Analyzer             // newTextAnalyzer: queries and snippets
	terms   *termAnalyzer                 // documents (the same terms as text)
	codec   *textCodec                    // the stored texts (texts.go)
	closed  bool
	rebuilt string // why Open rebuilt the index, "" if it did not
	gen     uint64 // generation of the last committed batch
	docs    int64  // documents the watermark counts
	tokens  int64  // text tokens the watermark counts
	// keys names the checkpoint of each checkpoint key (see docID) the
	// watermark holds.
	keys map[string]ckName
}

// ckName is what a checkpoint key stands for: the checkpoint's session,
// id and creation time (Unix ms).
type ckName struct {
	session, ckpt string
	created       int64
}

// recount recomputes the totals and keys from the watermark; the caller
// holds mu (or owns x exclusively).
func (x *Index) recount() {
	x.docs, x.tokens = 0, 0
	keys := make(map[string]ckName, len(x.keys))
	for s, cks := range x.wm {
		for id, e := range cks {
			x.docs += int64(e.N) + 1
			x.tokens += e.T
			keys[docID(s, id, -1)] = ckName{session: s, ckpt: id, created: e.C}
		}
	}
	x.keys = keys
}

// wmEntry is the watermark of one indexed checkpoint.
type wmEntry struct {
	ID   string `json:"id"`
	Hash string `json:"hash"`
	N    int    `json:"n"` // messages indexed
	T    int64  `json:"t"` // tokens of text indexed (approximate, for BM25's average length)
	C    int64  `json:"c"` // the checkpoint's creation time, Unix ms: hits show it, and it orders equal scores
	// F is the FileHash of what was indexed, "" when unknown (a Source
	// without file hashes, or a watermark written before F was kept:
	// such a checkpoint's header is read once more and F recorded).
	F string `json:"f,omitempty"`
}

// Open opens the index in dir, creating it when dir does not exist, over
// the checkpoints of src. An index that cannot be opened, was written by
// another schema or is inconsistent with its watermark is removed and
// created anew (Rebuilt reports why); call Sync to (re)fill it. Open does not
// read the Source.
func Open(dir string, src Source, opts Options) (*Index, error) {
	if src == nil {
		return nil, fmt.Errorf("open: %w", ErrNoSource)
	}
	x := &Index{dir: filepath.Clean(dir), src: src, opts: opts.withDefaults(), persist: make(chan error, 1), codec: newTextCodec()}
	stems := newStemCache()
	x.text, x.terms = newTextAnalyzer(stems), newTermAnalyzer(stems)
	asyncErrors.Store(x.dir, x)
	if err := x.open(); err != nil {
		asyncErrors.CompareAndDelete(x.dir, x)
		x.codec.close()
		return nil, err
	}
	if !x.opts.ReadOnly {
		x.removeBuilds()
	}
	return x, nil
}

// asyncErrors routes scorch's background errors (a segment it cannot
// persist; scorch then retries forever) to the Index owning the path, so a
// write waiting for its documents to reach the disk fails at once instead
// of hanging. Keys are index directories.
var asyncErrors sync.Map

const asyncErrorCallback = "ef-recall"

func init() {
	scorch.RegistryAsyncErrorCallbacks[asyncErrorCallback] = func(err error, path string) {
		for p := filepath.Clean(path); ; p = filepath.Dir(p) {
			if v, ok := asyncErrors.Load(p); ok {
				select {
				case v.(*Index).persist <- err:
				default:
				}
				return
			}
			if p == filepath.Dir(p) {
				return
			}
		}
	}
}

// Stale returns why the index stopped taking writes ("" while it is
// healthy): a write that could not reach the disk or did not within
// Options.WriteTimeout. A stale index answers Search with ErrStale;
// Recall, which reads the bundles, still works. The next Open rebuilds.
func (x *Index) Stale() string {
	if x == nil {
		return ""
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.stale
}

// markStale records why the index failed a write, closes the bleve index
// (which stops scorch's retry loop), and leaves a marker so that the next
// Open rebuilds. The caller holds writeMu.
func (x *Index) markStale(cause error) {
	reason := cause.Error()
	x.mu.Lock()
	if x.stale != "" {
		x.mu.Unlock()
		return
	}
	x.stale = reason
	idx := x.idx
	x.idx = nil
	x.mu.Unlock()
	x.opts.Logger.Error("recall: index is stale; searches fail until it is rebuilt", "dir", x.dir, "reason", reason)
	if idx != nil {
		done := make(chan struct{})
		go func() {
			if err := idx.Close(); err != nil {
				x.opts.Logger.Warn("recall: close stale index", "dir", x.dir, "err", err)
			}
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(x.opts.WriteTimeout):
			x.opts.Logger.Warn("recall: stale index did not close; abandoned", "dir", x.dir)
		}
	}
	// Best effort, and any content will do (a torn marker still marks):
	// on a full disk this may fail too; the generation file then tells the
	// next Open that committed batches are missing.
	if err := os.WriteFile(filepath.Join(x.dir, staleFile), []byte(reason+"\n"), 0o600); err != nil {
		x.opts.Logger.Warn("recall: cannot write the stale marker", "dir", x.dir, "err", err)
	}
}

// staleIfIndexFailed marks the index stale when err is a failure of the
// index itself (not of the Source, a bad id or a cancelled context), and
// returns err, wrapped in ErrStale when it did.
func (x *Index) staleIfIndexFailed(err error) error {
	var ie *IndexError
	if err == nil || !errors.As(err, &ie) || errors.Is(err, ErrLocked) {
		return err
	}
	x.markStale(err)
	return &IndexError{Op: ie.Op, Path: x.dir, Err: fmt.Errorf("%w: %w", ErrStale, ie.Err)}
}

// Dir returns the index directory.
func (x *Index) Dir() string {
	if x == nil {
		return ""
	}
	return x.dir
}

// Rebuilt returns why Open found the index unusable and started it anew
// ("" when the index opened cleanly or was new).
func (x *Index) Rebuilt() string {
	if x == nil {
		return ""
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.rebuilt
}

// mergeFloorBytes is the smallest segment size, in bytes on disk, that
// scorch's merge planner tells apart: it plans the segments it keeps by
// their size in bytes, in tiers of ten segments growing tenfold from this
// floor. By default it counts documents from a floor of 2,000, and a
// store's first 2,000 messages are then one tier that allows one segment,
// so every checkpoint added (a segment of its own) was merged with the
// whole index at once; a message is a document of up to MaxIndexedBytes,
// so that rewrote megabytes per checkpoint, all the index's allocation
// and a peak memory that grew with the index (ef fold of a long log:
// 62% of its allocation). Planned in bytes, an added checkpoint is merged
// with others of its size, and a segment is rewritten about once per
// tenfold growth.
const mergeFloorBytes = 256 << 10

func init() {
	// zap sizes the buffer of a new segment for the batch's documents
	// plus 100, at the bytes per document of the last segment it built.
	// A checkpoint's batch is tens of documents, so the buffer was several
	// times the segment: a megabyte allocated per checkpoint, more than
	// half of what writing the batches allocated on ef fold's 16x log. It
	// is only a starting capacity; the buffer still grows as it must.
	// (v17 is the segment format scorch writes in the bleve pinned.)
	zapv17.NewSegmentBufferNumResultsBump = 0
	// A merge writes its segment through a buffer of 1 MiB, allocated
	// per merge: on ef fold's 16x log, a megabyte that came and went
	// with every background merge and stood in the peak heap whenever a
	// collection met a merge. The file is written in order, so 64 KiB
	// writes cost only more system calls (16 per MiB).
	zapv17.DefaultFileMergerBufferSize = mergeBufferBytes
}

// mergeBufferBytes is the write buffer of a merge (see init).
const mergeBufferBytes = 64 << 10

func (x *Index) runtimeConfig() map[string]interface{} {
	c := map[string]interface{}{"bolt_timeout": x.opts.LockTimeout.String(), "unsafe_batch": true, "asyncErrorCallbackName": asyncErrorCallback,
		"scorchMergePlanOptions": map[string]interface{}{"floorSegmentFileSize": mergeFloorBytes}}
	if x.opts.ReadOnly {
		c["read_only"] = true
	}
	return c
}

// open opens or creates the bleve index and loads the watermark.
func (x *Index) open() error {
	if _, err := os.Stat(x.dir); errors.Is(err, os.ErrNotExist) {
		if x.opts.ReadOnly {
			return &IndexError{Op: "open", Path: x.dir, Err: err}
		}
		return x.create()
	}
	if b, err := os.ReadFile(filepath.Join(x.dir, staleFile)); err == nil {
		reason := "marked stale: " + strings.TrimSpace(string(b))
		if x.opts.ReadOnly {
			return &IndexError{Op: "open", Path: x.dir, Err: fmt.Errorf("%w: %s", ErrStale, reason)}
		}
		return x.recover(reason)
	}
	idx, err := bleve.OpenUsing(x.dir, x.runtimeConfig())
	if err != nil {
		if isLockTimeout(err) {
			return &IndexError{Op: "open", Path: x.dir, Err: fmt.Errorf("%w: %v", ErrLocked, err)}
		}
		return x.recover(fmt.Sprintf("open failed: %v", err))
	}
	x.idx = idx
	if reason := x.check(); reason != "" {
		return x.recover(reason)
	}
	return nil
}

// check loads the watermark and verifies the index against it, returning
// why the index is unusable ("" when it is fine).
func (x *Index) check() string {
	v, err := x.idx.GetInternal([]byte(keySchema))
	if err != nil {
		return fmt.Sprintf("read schema: %v", err)
	}
	if n, err := x.idx.DocCount(); len(v) == 0 && err == nil && n == 0 {
		// An index created by a process that ended before scorch's
		// persister wrote its schema key (unsafe_batch leaves the write
		// to it): empty, so of this layout, and nothing to rebuild
		// ("ef mcp" on a new store, its stdin closed at once).
		if !x.opts.ReadOnly {
			if err := x.setInternalDurably(x.idx, keySchema, schemaVersion); err != nil {
				return fmt.Sprintf("write schema: %v", err)
			}
		}
		v = []byte(schemaVersion)
	}
	if string(v) != schemaVersion && !(x.opts.ReadOnly && slices.Contains(readableSchemas, string(v))) {
		return fmt.Sprintf("schema %q, want %q", v, schemaVersion)
	}
	wm, err := loadWatermark(x.idx)
	if err != nil {
		return err.Error()
	}
	// Every batch bumps a generation stored inside the index and, once
	// committed, in a file beside it. An index behind the file lost
	// committed batches: scorch falls back to an older snapshot when a
	// newer one's segments are missing or unreadable, and that older state
	// is consistent with its own watermark, so only this tells.
	raw, err := x.idx.GetInternal([]byte(keyGen))
	if err != nil {
		return fmt.Sprintf("read generation: %v", err)
	}
	x.gen, _ = strconv.ParseUint(string(raw), 10, 64)
	if b, err := os.ReadFile(filepath.Join(x.dir, genFile)); err == nil {
		if g, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil && g > x.gen {
			return fmt.Sprintf("index rolled back to generation %d, last committed %d", x.gen, g)
		}
	}
	want := uint64(0)
	for _, cks := range wm {
		for _, e := range cks {
			want += uint64(e.N) + 1
		}
	}
	n, err := x.idx.DocCount()
	if err != nil {
		return fmt.Sprintf("count documents: %v", err)
	}
	if n != want {
		return fmt.Sprintf("index holds %d documents, watermark says %d", n, want)
	}
	x.wm = wm
	x.recount()
	return ""
}

// recover handles an unusable index: read-only opens fail, writers remove
// the directory and start an empty index.
func (x *Index) recover(reason string) error {
	if x.idx != nil {
		_ = x.idx.Close()
		x.idx = nil
	}
	if x.opts.ReadOnly {
		return &IndexError{Op: "open", Path: x.dir, Err: fmt.Errorf("%w: %s", ErrCorruptIndex, reason)}
	}
	x.opts.Logger.Warn("recall: rebuilding index", "dir", x.dir, "reason", reason)
	if err := os.RemoveAll(x.dir); err != nil {
		return &IndexError{Op: "remove", Path: x.dir, Err: err}
	}
	if err := x.create(); err != nil {
		return err
	}
	x.rebuilt = reason
	return nil
}

func (x *Index) create() error {
	// The index holds copies of archived messages: keep it private
	// (EF-RFC-001 §25), like the bundles themselves.
	if err := os.MkdirAll(filepath.Dir(x.dir), 0o700); err != nil {
		return &IndexError{Op: "create", Path: x.dir, Err: err}
	}
	idx, err := bleve.NewUsing(x.dir, newMapping(), bleve.Config.DefaultIndexType, bleve.Config.DefaultKVStore, x.runtimeConfig())
	if err != nil {
		if isLockTimeout(err) {
			return &IndexError{Op: "create", Path: x.dir, Err: fmt.Errorf("%w: %v", ErrLocked, err)}
		}
		return &IndexError{Op: "create", Path: x.dir, Err: err}
	}
	if err := os.Chmod(x.dir, 0o700); err != nil {
		_ = idx.Close()
		return &IndexError{Op: "create", Path: x.dir, Err: err}
	}
	// bleve writes index_meta.json with 0666 less the umask; its other
	// files are already 0600.
	if err := os.Chmod(filepath.Join(x.dir, "index_meta.json"), 0o600); err != nil && !errors.Is(err, fs.ErrNotExist) {
		_ = idx.Close()
		return &IndexError{Op: "create", Path: x.dir, Err: err}
	}
	// The mapping bleve wrote and the schema key go to the disk before the
	// index is used: a process that ends at once (an "ef mcp" whose stdin
	// closes) would otherwise leave an index with no mapping, which no
	// later open can read.
	if err := x.setInternalDurably(idx, keySchema, schemaVersion); err != nil {
		_ = idx.Close()
		return &IndexError{Op: "create", Path: x.dir, Err: err}
	}
	x.idx = idx
	x.wm = map[string]map[string]wmEntry{}
	x.gen = 0
	x.recount()
	return nil
}

// setInternalDurably writes an internal key and waits until scorch has
// persisted it, and with it everything introduced before (the persister
// writes snapshots in order), bounded by Options.WriteTimeout like every
// write. Unsafe batches alone leave the write to the background persister,
// which Close does not wait for.
func (x *Index) setInternalDurably(idx bleve.Index, key, val string) error {
	b := idx.NewBatch()
	b.SetInternal([]byte(key), []byte(val))
	done := make(chan error, 1)
	b.SetPersistedCallback(func(err error) { done <- err })
	if err := idx.Batch(b); err != nil {
		return err
	}
	t := time.NewTimer(x.opts.WriteTimeout)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case err := <-x.persist:
		return err
	case <-t.C:
		return fmt.Errorf("%s not on disk after %s", key, x.opts.WriteTimeout)
	}
}

// isLockTimeout reports whether err is bbolt's lock timeout: bleve returns
// it as is when another Index holds the directory. A locked index must
// never be taken for a corrupt one, which would be removed and rebuilt.
func isLockTimeout(err error) bool {
	return errors.Is(err, bolterrors.ErrTimeout)
}

// newMapping returns the document mapping: the text field with its
// analyzer, keyword fields for filters and exact names, and no _all field,
// no dynamic fields. Documents are built and analyzed by prepare (with
// fieldOptions, the same options), so the mapping serves queries and
// records the layout in the index's metadata.
func newMapping() *mapping.IndexMappingImpl {
	m := bleve.NewIndexMapping()
	m.ScoringModel = bindex.BM25Scoring
	must(AddTextAnalyzer(m)) // see analyzer.go
	m.DefaultAnalyzer = analyzerText
	m.StoreDynamic = false
	m.IndexDynamic = false
	m.DocValuesDynamic = false
	dm := bleve.NewDocumentStaticMapping()
	for name, o := range fieldOptions {
		f := bleve.NewTextFieldMapping()
		f.Analyzer = "keyword"
		if name == fText {
			f.Analyzer = analyzerText
		}
		f.Index, f.Store, f.IncludeTermVectors = o.IsIndexed(), o.IsStored(), o.IncludeTermVectors()
		f.DocValues, f.SkipFreqNorm = o.IncludeDocValues(), o.SkipFreqNorm()
		f.IncludeInAll = false
		dm.AddFieldMappingsAt(name, f)
	}
	m.DefaultMapping = dm
	return m
}

func must(err error) {
	if err != nil {
		panic(err) // the mapping is a constant; an error is a programming bug
	}
}

// loadWatermark reads every session's watermark from the index.
func loadWatermark(idx bleve.Index) (map[string]map[string]wmEntry, error) {
	wm := map[string]map[string]wmEntry{}
	raw, err := idx.GetInternal([]byte(keySessions))
	if err != nil {
		return nil, fmt.Errorf("read watermark: %v", err)
	}
	if raw == nil {
		return wm, nil
	}
	var sessions []string
	if err := json.Unmarshal(raw, &sessions); err != nil {
		return nil, fmt.Errorf("decode watermark session list: %v", err)
	}
	for _, s := range sessions {
		raw, err := idx.GetInternal([]byte(keyWMPrefix + s))
		if err != nil {
			return nil, fmt.Errorf("read watermark of session %q: %v", s, err)
		}
		var es []wmEntry
		if err := json.Unmarshal(raw, &es); err != nil {
			return nil, fmt.Errorf("decode watermark of session %q: %v", s, err)
		}
		m := make(map[string]wmEntry, len(es))
		for _, e := range es {
			m[e.ID] = e
		}
		wm[s] = m
	}
	return wm, nil
}

// opened is ErrNotOpen for a zero or nil Index (one Open did not make).
func (x *Index) opened() error {
	if x == nil || x.codec == nil {
		return ErrNotOpen
	}
	return nil
}

// Close closes the index. It is idempotent; closing a zero or nil Index
// does nothing.
func (x *Index) Close() error {
	if x.opened() != nil {
		return nil
	}
	x.lockWrite()
	defer x.unlockWrite()
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.closed {
		return nil
	}
	x.closed = true
	asyncErrors.CompareAndDelete(x.dir, x)
	x.codec.close()
	if x.idx == nil {
		return nil
	}
	if err := x.idx.Close(); err != nil {
		return &IndexError{Op: "close", Path: x.dir, Err: err}
	}
	return nil
}

// SyncStats reports what Sync, Add or Rebuild did. It is a plain value.
type SyncStats struct {
	Sessions    int // sessions seen in the Source
	Checkpoints int // checkpoints (re)indexed
	Messages    int // messages indexed
	Removed     int // checkpoints removed from the index (gone from the Source)
	Unchanged   int // checkpoints already indexed with the same logical hash
	// Unavailable lists checkpoints the Source could not serve; they stay
	// out of the index and are retried by the next Sync.
	Unavailable []UnavailableError
}

// Watermark returns, per session, the ids of the checkpoints the index
// holds, sorted (empty for a zero or nil Index).
func (x *Index) Watermark() map[string][]string {
	if x.opened() != nil {
		return map[string][]string{}
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	out := make(map[string][]string, len(x.wm))
	for s, cks := range x.wm {
		ids := make([]string, 0, len(cks))
		for id := range cks {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		out[s] = ids
	}
	return out
}

// Sync brings the index up to date with the Source: it indexes the
// checkpoints the watermark lacks (or whose logical hash changed) and
// removes those the Source no longer has. Checkpoints the Source reports
// unavailable are skipped and listed in the stats.
func (x *Index) Sync(ctx context.Context) (SyncStats, error) {
	if err := x.lockForWrite(); err != nil {
		return SyncStats{}, err
	}
	defer x.unlockWrite()
	st, err := x.sync(ctx, nil)
	return st, x.staleIfIndexFailed(err)
}

// Add indexes one checkpoint now (the engine calls it after a bundle was
// written). It is a no-op when the checkpoint is already indexed with the
// same logical hash.
func (x *Index) Add(ctx context.Context, sessionID, checkpointID string) (SyncStats, error) {
	if err := x.lockForWrite(); err != nil {
		return SyncStats{}, err
	}
	defer x.unlockWrite()
	var st SyncStats
	ck, err := x.src.Checkpoint(ctx, sessionID, checkpointID)
	if err != nil {
		return st, err
	}
	ck.SessionID, ck.CheckpointID = sessionID, checkpointID
	w := x.newWriter(ctx, &st)
	if err := w.checkpoint(ck.CheckpointInfo); err != nil {
		return st, x.staleIfIndexFailed(err)
	}
	return st, x.staleIfIndexFailed(w.finish())
}

// Rebuild deletes the index and indexes every checkpoint of the Source
// again.
func (x *Index) Rebuild(ctx context.Context) (SyncStats, error) {
	if err := x.lockForWrite(); err != nil {
		return SyncStats{}, err
	}
	defer x.unlockWrite()
	x.mu.Lock()
	if err := x.idx.Close(); err != nil {
		x.opts.Logger.Warn("recall: close before rebuild", "dir", x.dir, "err", err)
	}
	x.idx = nil
	err := os.RemoveAll(x.dir)
	if err == nil {
		err = x.create()
	}
	if err != nil {
		x.closed = true // no index left to serve
	}
	x.mu.Unlock()
	if err != nil {
		return SyncStats{}, &IndexError{Op: "rebuild", Path: x.dir, Err: err}
	}
	st, err := x.sync(ctx, nil)
	return st, x.staleIfIndexFailed(err)
}

// lockForWrite is lockWrite for a write of the index (Sync, Add,
// Rebuild, DeleteSession), after the check that the Index was opened
// (ErrNotOpen, no lock taken) and before the check that the index takes
// writes (not closed, stale or read-only): when it does not, the lock is
// released and the reason returned. After a nil error the caller calls
// unlockWrite.
func (x *Index) lockForWrite() error {
	if err := x.opened(); err != nil {
		return err
	}
	x.lockWrite()
	if err := x.writable(); err != nil {
		x.unlockWrite()
		return err
	}
	return nil
}

func (x *Index) writable() error {
	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.closed {
		return ErrClosed
	}
	if x.stale != "" {
		return &IndexError{Op: "write", Path: x.dir, Err: fmt.Errorf("%w: %s", ErrStale, x.stale)}
	}
	if x.opts.ReadOnly {
		return &IndexError{Op: "write", Path: x.dir, Err: errors.New("index opened read-only")}
	}
	return nil
}

// sync indexes what is missing and removes what is gone. The caller holds
// writeMu. With bg set it is a SyncBackground pass (see writer.bg).
func (x *Index) sync(ctx context.Context, bg *bgPass) (SyncStats, error) {
	var st SyncStats
	sessions, err := x.src.Sessions(ctx)
	if err != nil {
		return st, fmt.Errorf("recall: sync: list sessions: %w", err)
	}
	sort.Strings(sessions)
	st.Sessions = len(sessions)
	w := x.newWriter(ctx, &st)
	if bg != nil {
		w.background(bg)
	} else if x.empty() {
		return st, w.bulkSync(sessions)
	}
	present := map[string]bool{}
	for _, s := range sessions {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		present[s] = true
		infos, byName, err := x.list(ctx, s)
		if err != nil {
			return st, err
		}
		listed := map[string]bool{}
		var todo []CheckpointInfo
		for _, ci := range infos {
			if ci.SessionID == "" {
				ci.SessionID = s
			}
			listed[ci.CheckpointID] = true
			need, err := w.needs(ci)
			if err != nil {
				return st, err
			}
			if need && byName {
				if need, err = w.needsRead(ci); err != nil {
					return st, err
				}
			}
			if need {
				todo = append(todo, ci)
			}
		}
		if err := w.checkpoints(todo); err != nil {
			return st, err
		}
		for id := range x.snapshotWM(s) {
			if !listed[id] {
				w.remove(s, id)
			}
		}
	}
	for s, cks := range x.snapshotAllWM() {
		if present[s] {
			continue
		}
		for id := range cks {
			w.remove(s, id)
		}
	}
	return st, w.finish()
}

// list lists a session's checkpoints by name when the Source can
// (byName), else with their headers.
func (x *Index) list(ctx context.Context, s string) (infos []CheckpointInfo, byName bool, err error) {
	if names, ok := x.src.(NameLister); ok {
		infos, err = names.ListNames(ctx, s)
		byName = true
	} else {
		infos, err = x.src.List(ctx, s)
	}
	if err != nil {
		return nil, false, fmt.Errorf("recall: sync: list session %q: %w", s, err)
	}
	return infos, byName, nil
}

func (x *Index) snapshotWM(session string) map[string]wmEntry {
	x.mu.RLock()
	defer x.mu.RUnlock()
	out := make(map[string]wmEntry, len(x.wm[session]))
	for k, v := range x.wm[session] {
		out[k] = v
	}
	return out
}

func (x *Index) snapshotAllWM() map[string]map[string]wmEntry {
	x.mu.RLock()
	defer x.mu.RUnlock()
	out := make(map[string]map[string]wmEntry, len(x.wm))
	for s := range x.wm {
		out[s] = nil
	}
	for s := range out {
		m := make(map[string]wmEntry, len(x.wm[s]))
		for k, v := range x.wm[s] {
			m[k] = v
		}
		out[s] = m
	}
	return out
}

// writer fills batches on one goroutine (a bleve Batch is not safe for
// concurrent use). Each checkpoint's documents and its session's new
// watermark go into the same batch, so the watermark on disk never claims
// a checkpoint whose documents are not there.
type writer struct {
	x       *Index
	ctx     context.Context
	st      *SyncStats
	b       *bleve.Batch
	docs    int
	bytes   int
	dirty   map[string]bool               // sessions whose watermark changed in b
	pending map[string]map[string]wmEntry // watermark after b commits
	bulk    bool                          // set while bulkSync builds a new index: the builder took the documents, b takes none
	// committed is set once a batch was committed and not yet waited
	// for: finish then commits (and waits for) the last one even if it
	// holds nothing.
	committed bool
	// batchDocs and batchBytes are the size at which a batch is
	// committed; ahead is how many checkpoints are prepared in parallel.
	batchDocs, batchBytes, ahead int
	// bg is set in a SyncBackground pass: no bulk build, small batches,
	// each waited for on disk before the next (flush), so that a pass
	// giving way (ctx cancelled) never leaves a committed batch off the
	// disk; waits use wait, which giving way does not cancel.
	bg   bool
	wait context.Context
	// preparing counts the goroutines checkpoints started.
	preparing sync.WaitGroup
}

func (x *Index) newWriter(ctx context.Context, st *SyncStats) *writer {
	x.mu.RLock()
	b := x.idx.NewBatch()
	x.mu.RUnlock()
	return &writer{x: x, ctx: ctx, st: st, b: b, dirty: map[string]bool{}, pending: map[string]map[string]wmEntry{},
		batchDocs: x.opts.BatchDocs, batchBytes: 64 << 20, ahead: 2 * max(runtime.GOMAXPROCS(0), 1), wait: ctx}
}

// wmFor returns the session's watermark as it will be after the pending
// batch commits, copying it from the index's on first use.
func (w *writer) wmFor(s string) map[string]wmEntry {
	if m, ok := w.pending[s]; ok {
		return m
	}
	m := w.x.snapshotWM(s)
	w.pending[s] = m
	return m
}

func validID(s string) bool {
	return s != "" && utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

func validCheckpointID(s string) bool {
	return validID(s) && !strings.ContainsAny(s, "#@: \t\r\n")
}

// docID is the id of a checkpoint's document (i < 0) or of its message i:
// a key of the checkpoint, then "." and i. The key is 16 characters of
// the SHA-256 of the session and checkpoint ids (96 bits: two checkpoints
// of a store sharing one is about as likely as a 1-in-10^17 draw at a
// million checkpoints). Bleve stores every document's id uncompressed,
// and session ids are long, so a short key made the index 3% smaller
// than ids spelling out both names; the watermark names the checkpoint
// of each key (Index.keys).
func docID(session, ckpt string, i int) string {
	h := sha256.Sum256([]byte(session + "\x00" + ckpt))
	key := base64.RawURLEncoding.EncodeToString(h[:12])
	if i < 0 {
		return key
	}
	return key + "." + strconv.Itoa(i)
}

// parseDocID splits a document id into its checkpoint key (the id of the
// checkpoint document) and message index (-1 for a checkpoint document);
// see docID.
func parseDocID(id string) (key string, i int, ok bool) {
	key, num, isMsg := strings.Cut(id, ".")
	if len(key) != 16 {
		return "", 0, false
	}
	if !isMsg {
		return key, -1, true
	}
	i, err := strconv.Atoi(num)
	if err != nil || i < 0 {
		return "", 0, false
	}
	return key, i, true
}

// prepared is a checkpoint read from the Source and turned into analyzed
// documents, ready for a batch; err is set when the Source failed.
type prepared struct {
	ci      CheckpointInfo
	hash    string
	file    string // the FileHash of what was read
	docs    []*document.Document
	texts   []int // bytes of text of each document, when parts is set
	parts   bool  // apply writes the documents in parts of about addPartBytes of text, analyzed as each is written
	n       int   // messages
	tokens  int64
	bytes   int
	created int64 // the checkpoint's creation time
	err     error
}

// prepare reads a checkpoint, builds its documents and analyzes them. It
// touches no index state, so several run in parallel while the writer
// commits: scorch would otherwise analyze a batch's documents only when
// the batch is written, and then build the segment on one goroutine while
// nothing else runs.
//
// terms analyzes the text: the index's own, or a bulk build's, which has
// a larger stem memo (newBulkStemCache).
func (x *Index) prepare(ctx context.Context, ci CheckpointInfo, parts bool, terms *termAnalyzer) prepared {
	p := prepared{ci: ci, parts: parts}
	s, id := ci.SessionID, ci.CheckpointID
	ck, msgs, err := x.read(ctx, s, id)
	if err != nil {
		p.err = err
		return p
	}
	p.hash = ck.LogicalHash
	if p.hash == "" {
		p.hash = ci.LogicalHash
	}
	p.file = ck.FileHash
	if p.file == "" {
		p.file = ci.FileHash
	}
	ckText := capText(ck.Rendered, x.opts.MaxIndexedBytes)
	p.created = ck.CreatedAt
	// One session field for all the checkpoint's documents: it is only
	// read (each document has one, so scorch never merges another field
	// of its name into it).
	session := keyword(fSession, s)
	d := newDoc(docID(s, id, -1), session, ckText, parts, terms)
	d.AddField(keyword(fCID, id))
	derived := keyword(fRank, rankDerived) // only read, as session is
	d.AddField(derived)
	p.docs = append(p.docs, d)
	p.texts = append(p.texts, len(ckText))
	p.tokens = countTokens(ck.Rendered)
	texts := make([]storedText, 1, len(msgs)+1)
	texts[0] = storedText{Meta: metaJSON(docMeta{Mode: ck.Mode}), Text: ckText}
	callNames := map[string]string{}
	prints := make([]byte, 0, 8*len(msgs))
	for i, raw := range msgs {
		f := extractMessage(raw, callNames, x.opts.MaxIndexedBytes)
		searchable := f.Searchable()
		d := newDoc(docID(s, id, i), session, searchable, parts, terms)
		if f.Summary {
			d.AddField(derived)
		}
		if len(f.Tools) > 0 {
			tools := make([]string, len(f.Tools))
			for k, t := range f.Tools {
				tools[k] = strings.ToLower(t)
			}
			d.AddField(keywords(fTool, tools))
		}
		if len(f.Paths) > 0 {
			d.AddField(keywords(fPath, f.Paths))
		}
		p.docs = append(p.docs, d)
		p.texts = append(p.texts, len(searchable))
		// The text stored is the message's whole text, echoes and all:
		// it is what a snippet shows (of a hit found by its tool name).
		texts = append(texts, storedText{Meta: metaJSON(docMeta{Role: f.Role, Tools: f.Tools, Error: f.IsError,
			Summary: f.Summary, SummaryOf: f.SummaryOf}), Text: f.Text})
		prints = binary.LittleEndian.AppendUint64(prints, copyPrint(f.Role, f.Tools, f.Text))
		p.bytes += len(searchable)
		p.tokens += terms.textTokens(searchable)
	}
	for _, chunk := range x.codec.encode(texts) {
		p.docs[0].AddField(document.NewTextFieldCustom(fTexts, nil, chunk, fieldOptions[fTexts], nil))
	}
	p.docs[0].AddField(document.NewTextFieldCustom(fPrints, nil, prints, fieldOptions[fPrints], nil))
	p.n = len(msgs)
	return p
}

// read reads a checkpoint's header and every message, in one read when
// the Source is a CheckpointReader. Every message is read before anything
// is built, so an unavailable bundle leaves no partial checkpoint behind.
func (x *Index) read(ctx context.Context, s, id string) (*Checkpoint, []json.RawMessage, error) {
	if r, ok := x.src.(CheckpointReader); ok {
		return r.ReadCheckpoint(ctx, s, id)
	}
	ck, err := x.src.Checkpoint(ctx, s, id)
	if err != nil {
		return nil, nil, err
	}
	var msgs []json.RawMessage
	for off := 0; ; {
		pg, err := x.src.Page(ctx, s, id, off, 512)
		if err != nil {
			return nil, nil, err
		}
		msgs = append(msgs, pg.Messages...)
		off += len(pg.Messages)
		if len(pg.Messages) == 0 || off >= pg.Total {
			break
		}
	}
	return ck, msgs, nil
}

// metaJSON encodes a document's meta; an empty meta is no bytes.
func metaJSON(m docMeta) []byte {
	if m.Role == "" && m.Mode == "" && len(m.Tools) == 0 && !m.Error && !m.Summary {
		return nil
	}
	raw, _ := json.Marshal(m) // strings and a bool: cannot fail
	return raw
}

// newDoc builds a document with the fields every document has, its text
// analyzed now or, when later, as its batch is written (textField).
func newDoc(id string, session document.Field, text string, later bool, terms *termAnalyzer) *document.Document {
	d := document.NewDocument(id)
	d.AddField(session)
	// The text's own bytes, not a copy: nothing writes them (analysis
	// copies what it lowers), and the field is not stored.
	f := &textField{value: unsafe.Slice(unsafe.StringData(text), len(text)), terms: terms}
	if !later {
		f.Analyze()
	}
	d.AddField(f)
	return d
}

// keyword returns a keyword field: its whole value is its one term.
func keyword(name, value string) document.Field {
	f := document.NewTextFieldCustom(name, nil, []byte(value), fieldOptions[name], nil)
	f.Analyze()
	return analyzed{f}
}

// keywords returns one keyword field holding several values, each one
// term as keyword makes it: the term frequencies and length scorch would
// merge (bindex.TokenFrequencies.MergeAll) from one keyword field per
// value as it writes the document, without those fields and their maps.
// A message's tools and paths are such fields; one field per value was a
// twentieth of a bulk build's CPU.
func keywords(name string, values []string) document.Field {
	f := &keywordsField{name: name, n: len(values), freqs: make(bindex.TokenFrequencies, len(values))}
	tfs := make([]bindex.TokenFreq, 0, len(values))
	for _, v := range values {
		f.bytes += len(v)
		if tf, ok := f.freqs[v]; ok {
			tf.SetFrequency(tf.Frequency() + 1)
			continue
		}
		tfs = append(tfs, bindex.TokenFreq{Term: []byte(v)})
		tf := &tfs[len(tfs)-1]
		tf.SetFrequency(1)
		f.freqs[v] = tf
	}
	return f
}

// keywordsField is the field keywords returns, analyzed when it is made.
type keywordsField struct {
	name  string
	n     int // values
	bytes int // of the values
	freqs bindex.TokenFrequencies
}

func (f *keywordsField) Name() string                                      { return f.name }
func (f *keywordsField) ArrayPositions() []uint64                          { return nil }
func (f *keywordsField) Options() bindex.FieldIndexingOptions              { return fieldOptions[f.name] }
func (f *keywordsField) Analyze()                                          {}
func (f *keywordsField) Value() []byte                                     { return nil } // not stored
func (f *keywordsField) NumPlainTextBytes() uint64                         { return uint64(f.bytes) }
func (f *keywordsField) EncodedFieldType() byte                            { return 't' }
func (f *keywordsField) AnalyzedLength() int                               { return f.n }
func (f *keywordsField) AnalyzedTokenFrequencies() bindex.TokenFrequencies { return f.freqs }
func (f *keywordsField) Size() int                                         { return 2*f.bytes + len(f.freqs)*96 }

// analyzed is a field prepare has analyzed already; scorch's call to
// Analyze when the batch is written is then a no-op.
type analyzed struct{ *document.TextField }

func (analyzed) Analyze() {}

// needs validates a listed checkpoint and reports whether the watermark
// lacks it or holds it with another file hash or logical hash. A
// checkpoint held with the same logical hash and a file hash not yet
// recorded gets it recorded.
func (w *writer) needs(ci CheckpointInfo) (bool, error) {
	s, id := ci.SessionID, ci.CheckpointID
	if !validID(s) || !validCheckpointID(id) {
		return false, fmt.Errorf("%w: session %q checkpoint %q", ErrInvalidID, s, id)
	}
	wm := w.wmFor(s)
	e, ok := wm[id]
	switch {
	case ok && e.F != "" && e.F == ci.FileHash:
	case ok && ci.LogicalHash != "" && e.Hash == ci.LogicalHash:
		if ci.FileHash != "" && e.F != ci.FileHash {
			e.F = ci.FileHash
			wm[id] = e
			w.dirty[s] = true
		}
	default:
		return true, nil
	}
	w.st.Unchanged++
	return false, nil
}

// needsRead decides for a checkpoint listed by name that needs says is
// needed: one the watermark holds under another (or no) file hash is read
// (its header only), and is not indexed again when its logical hash is
// the one indexed. A new checkpoint is needed without a read (indexing
// reads it), and so is one whose header cannot be read: indexing it
// reports it unavailable as List's empty logical hash did.
func (w *writer) needsRead(ci CheckpointInfo) (bool, error) {
	if _, ok := w.wmFor(ci.SessionID)[ci.CheckpointID]; !ok {
		return true, nil
	}
	ck, err := w.x.src.Checkpoint(w.ctx, ci.SessionID, ci.CheckpointID)
	if err != nil || ck.LogicalHash == "" {
		return true, w.ctx.Err()
	}
	read := ck.CheckpointInfo
	read.SessionID, read.CheckpointID = ci.SessionID, ci.CheckpointID
	if read.FileHash == "" {
		read.FileHash = ci.FileHash
	}
	return w.needs(read)
}

// checkpoint indexes one checkpoint unless the watermark already has it.
func (w *writer) checkpoint(ci CheckpointInfo) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	need, err := w.needs(ci)
	if err != nil || !need {
		return err
	}
	return w.apply(w.x.prepare(w.ctx, ci, true, w.x.terms))
}

// addPartBytes is about how much text Add writes to the index per batch.
// Analysis and segment building take ~60 bytes of memory per byte of
// text until the batch is written: a checkpoint of 90 KB of text (a
// fold at a 16K window) took 5 MB at once, which stood in ef fold's
// peak heap whenever a collection met it. In parts of 32 KiB, analyzed
// as each is written, it takes 2 MB whatever the checkpoint's size; each
// part is a segment, which scorch merges with the others.
const addPartBytes = 32 << 10

// checkpoints indexes the given checkpoints (already checked with needs):
// up to w.ahead of them are read and prepared in parallel, in order,
// while this goroutine adds them to batches and commits. When ctx ends it
// returns at once; the goroutines it started end soon after (they touch
// no index state), and w.preparing counts them until they do.
func (w *writer) checkpoints(todo []CheckpointInfo) error {
	if len(todo) == 0 {
		return nil
	}
	ctx, cancel := context.WithCancel(w.ctx)
	defer cancel()
	slots := make(chan chan prepared, w.ahead)
	w.preparing.Add(1)
	go func() {
		defer w.preparing.Done()
		defer close(slots)
		for _, ci := range todo {
			slot := make(chan prepared, 1) // never blocks the preparer
			select {
			case slots <- slot:
			case <-ctx.Done():
				return
			}
			w.preparing.Add(1)
			go func() {
				defer w.preparing.Done()
				slot <- w.x.prepare(ctx, ci, false, w.x.terms)
			}()
		}
	}()
	for slot := range slots {
		var p prepared
		select {
		case p = <-slot:
		case <-w.ctx.Done():
			return w.ctx.Err()
		}
		if err := w.ctx.Err(); err != nil {
			return err
		}
		if err := w.apply(p); err != nil {
			return err
		}
	}
	return w.ctx.Err()
}

// apply adds a prepared checkpoint to the batch, replacing an older
// version, and commits the batch when it is full. In a bulk build the
// builder took its documents already; apply keeps the books.
func (w *writer) apply(p prepared) error {
	if p.err != nil {
		var be *bulkError
		switch {
		case w.ctx.Err() != nil:
			return w.ctx.Err()
		case errors.As(p.err, &be):
			return &IndexError{Op: "build", Path: w.x.dir, Err: be.err}
		}
		return w.unavailable(p.ci, p.err)
	}
	s, id := p.ci.SessionID, p.ci.CheckpointID
	if old, ok := w.wmFor(s)[id]; ok {
		w.deleteDocs(s, old)
	}
	part, done := 0, 0
	for i, doc := range p.docs {
		// A part is written without the checkpoint's watermark entry,
		// which comes with the last: until then a search may find the
		// part's documents without their checkpoint's time, and a crash
		// leaves documents the watermark does not count, which Open
		// detects (and rebuilds). A part is written before the document
		// that would take it over addPartBytes, so it holds at most
		// addPartBytes of text or one larger document (written first
		// and then over the limit, a part of 32 KiB and a 40 KB message
		// was one of 72 KB).
		if p.parts && part > 0 && part+p.texts[i] > addPartBytes {
			if err := w.commit(); err != nil {
				return err
			}
			clear(p.docs[done:i]) // written: their analysis can go
			part, done = 0, i
		}
		if err := w.b.IndexAdvanced(doc); err != nil {
			return &IndexError{Op: "batch", Path: w.x.dir, Err: err}
		}
		if p.parts {
			part += p.texts[i]
		}
	}
	// (After a part, the writer's pending watermark is a new map.)
	w.wmFor(s)[id] = wmEntry{ID: id, Hash: p.hash, N: p.n, T: p.tokens, C: p.created, F: p.file}
	w.dirty[s] = true
	w.docs += len(p.docs) - done
	w.bytes += p.bytes
	w.st.Checkpoints++
	w.st.Messages += p.n
	if w.bulk {
		return nil // a bulk build commits once, after the swap (bulkSync)
	}
	if w.docs >= w.batchDocs || w.bytes >= w.batchBytes {
		return w.flush()
	}
	return nil
}

func (w *writer) unavailable(ci CheckpointInfo, err error) error {
	var ue *UnavailableError
	if errors.As(err, &ue) {
		w.st.Unavailable = append(w.st.Unavailable, *ue)
	} else if errors.Is(err, ErrUnavailable) {
		w.st.Unavailable = append(w.st.Unavailable, UnavailableError{SessionID: ci.SessionID, CheckpointID: ci.CheckpointID, Reason: err.Error()})
	} else {
		return fmt.Errorf("recall: index checkpoint %q: %w", ci.CheckpointID, err)
	}
	w.x.opts.Logger.Warn("recall: checkpoint unavailable, not indexed", "session", ci.SessionID, "checkpoint", ci.CheckpointID, "err", err)
	return nil
}

func (w *writer) deleteDocs(s string, e wmEntry) {
	w.b.Delete(docID(s, e.ID, -1))
	for i := 0; i < e.N; i++ {
		w.b.Delete(docID(s, e.ID, i))
	}
	w.docs += e.N + 1
}

// remove deletes an indexed checkpoint that the Source no longer has.
func (w *writer) remove(s, id string) {
	wm := w.wmFor(s)
	e, ok := wm[id]
	if !ok {
		return
	}
	w.deleteDocs(s, e)
	delete(wm, id)
	w.dirty[s] = true
	w.st.Removed++
}

// finish commits the pending batch and waits until every batch committed
// so far is on disk. Batches are "unsafe" (Batch returns once the
// documents are searchable; scorch persists them in the background, in
// order, while the next batch is analyzed), so durability is established
// here, once per Sync, Add or Rebuild; a crash before it loses a suffix of
// batches together with their watermark, which the next Sync redoes.
//
// The wait is bounded: a persist failure scorch reports in the background
// (it would retry forever) or Options.WriteTimeout ends it with an
// *IndexError, and the caller marks the index stale.
func (w *writer) finish() error {
	if len(w.dirty) == 0 && w.b.Size() == 0 && !w.committed {
		return nil // nothing changed: no batch to write, no generation to bump
	}
	done := make(chan error, 1)
	w.b.SetPersistedCallback(func(err error) { done <- err })
	select { // a failure reported before this write is not this write's
	case <-w.x.persist:
	default:
	}
	if err := w.commit(); err != nil {
		return err
	}
	t := time.NewTimer(w.x.opts.WriteTimeout)
	defer t.Stop()
	select {
	case err := <-done:
		if err != nil {
			return &IndexError{Op: "persist", Path: w.x.dir, Err: err}
		}
		w.committed = false
		return nil
	case err := <-w.x.persist:
		return &IndexError{Op: "persist", Path: w.x.dir, Err: err}
	case <-t.C:
		return &IndexError{Op: "persist", Path: w.x.dir, Err: fmt.Errorf("documents not on disk after %s", w.x.opts.WriteTimeout)}
	case <-w.wait.Done():
		return w.wait.Err()
	}
}

// flush commits the pending batch unless it is empty (and, in a
// background pass, waits for it to reach the disk).
func (w *writer) flush() error {
	if len(w.dirty) == 0 && w.b.Size() == 0 {
		return nil
	}
	if w.bg {
		return w.finish()
	}
	return w.commit()
}

// commit writes the pending batch with the watermarks of the sessions it
// touched and a new generation, then publishes the new watermark in memory.
func (w *writer) commit() error {
	w.x.mu.Lock()
	defer w.x.mu.Unlock()
	sessions := make(map[string]bool, len(w.x.wm)+len(w.dirty))
	for s := range w.x.wm {
		sessions[s] = true
	}
	for s := range w.dirty {
		wm := w.pending[s]
		if len(wm) == 0 {
			delete(sessions, s)
			w.b.DeleteInternal([]byte(keyWMPrefix + s))
			continue
		}
		sessions[s] = true
		es := make([]wmEntry, 0, len(wm))
		for _, e := range wm {
			es = append(es, e)
		}
		sort.Slice(es, func(i, j int) bool { return es[i].ID < es[j].ID })
		raw, _ := json.Marshal(es)
		w.b.SetInternal([]byte(keyWMPrefix+s), raw)
	}
	list := make([]string, 0, len(sessions))
	for s := range sessions {
		list = append(list, s)
	}
	sort.Strings(list)
	raw, _ := json.Marshal(list)
	w.b.SetInternal([]byte(keySessions), raw)
	gen := w.x.gen + 1
	w.b.SetInternal([]byte(keyGen), []byte(strconv.FormatUint(gen, 10)))
	if err := w.x.idx.Batch(w.b); err != nil {
		return &IndexError{Op: "batch", Path: w.x.dir, Err: err}
	}
	w.x.gen = gen
	w.committed = true
	if err := writeGen(w.x.dir, gen); err != nil {
		return &IndexError{Op: "write generation", Path: w.x.dir, Err: err}
	}
	for s := range w.dirty {
		if len(w.pending[s]) == 0 {
			delete(w.x.wm, s)
		} else {
			w.x.wm[s] = w.pending[s]
		}
	}
	w.x.recount()
	// A new batch, not Reset: scorch's Batch reads the batch's operations
	// from a goroutine it does not wait for after the last document, so
	// a Reset right after it races with that read (seen when a batch
	// deletes a checkpoint's old documents and adds new ones).
	w.b = w.x.idx.NewBatch()
	w.docs, w.bytes = 0, 0
	w.dirty = map[string]bool{}
	w.pending = map[string]map[string]wmEntry{}
	return nil
}

// StoreIndexDir returns where the index of the bundle store rooted at root
// lives: "<root>/.recall". The bundle store ignores names that are not its
// own session directories, so the index sits beside the bundles it is
// derived from, under the same restricted permissions, and is deleted with
// the store.
func StoreIndexDir(root string) string { return filepath.Join(root, ".recall") }

// countTokens approximates how many tokens the text analyzer makes of s:
// one per run of letters and digits, one per CJK bigram (or lone CJK
// character). It feeds BM25's average document length, which bleve would
// otherwise estimate from per-segment dictionary sizes, making scores
// depend on how segments happen to be merged.
func countTokens(s string) int64 {
	var n int64
	inWord, cjkRun := false, 0
	flush := func() {
		if cjkRun > 0 {
			n += int64(max(cjkRun-1, 1))
			cjkRun = 0
		}
	}
	for i := 0; i < len(s); {
		// ASCII, most of the text, a byte at a time: decoding it as runes
		// and testing each against the classes was a fiftieth of a bulk
		// build's CPU.
		if c := s[i]; c < utf8.RuneSelf {
			if cjkRun > 0 {
				flush()
			}
			if asciiWordByte[c] {
				if !inWord {
					n++
					inWord = true
				}
				for i++; i < len(s) && asciiWordByte[s[i]]; i++ {
				}
				continue
			}
			inWord = false
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case isCJK(r):
			if inWord {
				inWord = false
			}
			cjkRun++
		case unicodeIsLetter(r):
			flush()
			if !inWord {
				n++
				inWord = true
			}
		default:
			flush()
			inWord = false
		}
	}
	flush()
	return n
}

// asciiWordByte holds the ASCII bytes countTokens counts as word
// characters: letters, digits and '_'.
var asciiWordByte = func() (t [256]bool) {
	for c := 0; c < utf8.RuneSelf; c++ {
		t[c] = c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	return t
}()

func isCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)
}

func unicodeIsLetter(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
