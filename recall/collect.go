package recall

import (
	"cmp"
	"container/heap"
	"context"
	"encoding/binary"
	"hash/crc32"
	"math/bits"
	"sort"
	"unsafe"

	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	bindex "github.com/blevesearch/bleve_index_api"
)

// match is one document kept by topN.
type match struct {
	dm *search.DocumentMatch
	// Looked up for competitive documents only: the checkpoint and its
	// time, and the message index (-1 for a checkpoint document).
	key     string
	ck      ckName
	index   int
	ordered bool // the above were found (a document this package wrote, in the watermark)
	// resolved reports that the match's id was looked up (and the above
	// set from it, when it is one of this package's).
	resolved bool
	// derived marks a derived document (the rank term: a checkpoint, an
	// archived checkpoint message), which ranks after every other.
	derived bool
	// held is the mask of the counted clauses a partial search's match
	// holds (partialSearcher.held), nheld their number; zero in a search
	// of every word.
	held  uint32
	nheld int
	// Loaded for the matches returned (see load).
	loaded bool
	text   string
	meta   []byte
}

// topN runs q on r and keeps the n best matches by rank (see worse: in a
// partial search the number of words held first, then messages before
// derived documents, then score, then newest first), counting all
// matches. It replaces bleve's collector for two reasons. Bleve sorting
// by score then a field loads the field's doc values for every match
// (most of the latency of a common word at 100K messages); here the order
// of a match (its checkpoint's time from the watermark, by the key in its
// id, then its message index) is looked up only when it enters the top n
// tied with a match it is compared with, or stays there to the end. And
// whether a match is derived is read from the rank term's postings in
// step with the matches (a few per checkpoint), not from a stored field.
// The matches are not loaded (see load), and only those whose order
// needed it are resolved (see resolve). The caller holds x.mu (read).
func (x *Index) topN(ctx context.Context, r bindex.IndexReader, q query.Query, n int, stats *search.BM25Stats) ([]match, uint64, error) {
	ctx = context.WithValue(ctx, search.GetScoringModelCallbackKey,
		search.GetScoringModelCallbackFn(func() string { return bindex.BM25Scoring }))
	ctx = context.WithValue(ctx, search.BM25StatsKey, stats)
	// No term vectors while matching: a term query then reads postings
	// only (a phrase searcher asks for positions itself). Snippets find
	// their matches in the few texts shown (see snippetSpans).
	s, err := q.Searcher(ctx, r, x.idx.Mapping(), search.SearcherOptions{})
	if err != nil {
		return nil, 0, err
	}
	defer s.Close()
	partial, _ := s.(*partialSearcher)
	ranks, err := r.TermFieldReader(ctx, []byte(rankDerived), fRank, false, false, false)
	if err != nil {
		return nil, 0, err
	}
	defer ranks.Close()
	nextDerived, err := ranks.Next(nil)
	if err != nil {
		return nil, 0, err
	}
	var derivedDoc bindex.TermFieldDoc // reused by the reader
	pool := search.NewDocumentMatchPool(s.DocumentMatchPoolSize()+n+1, 0)
	pool.TooSmall = func(*search.DocumentMatchPool) *search.DocumentMatch { return &search.DocumentMatch{} }
	sctx := &search.SearchContext{DocumentMatchPool: pool, IndexReader: r}
	// A match's id, and with it its order among equal ranks, is looked up
	// only when a comparison needs it (ranks tie) or the caller does
	// (resolve): reading a stored id is most of what a match that enters
	// the top costs, and a search loads few of the matches it ranks.
	var idErr error
	resolve := func(m *match) {
		if err := x.resolve(r, m); err != nil {
			idErr = cmp.Or(idErr, err)
		}
	}
	h := &matchHeap{resolve: resolve}
	var total uint64
	for {
		if total&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, 0, err
			}
		}
		dm, err := s.Next(sctx)
		if err != nil {
			return nil, 0, err
		}
		if dm == nil {
			break
		}
		total++
		dm.Score = stableScore(dm.Score)
		// The rank term's reader, in step: its documents come in the
		// order of internal ids, as the matches do.
		if nextDerived != nil && nextDerived.ID.Compare(dm.IndexInternalID) < 0 {
			if nextDerived, err = ranks.Advance(dm.IndexInternalID, &derivedDoc); err != nil {
				return nil, 0, err
			}
		}
		derived := nextDerived != nil && nextDerived.ID.Equals(dm.IndexInternalID)
		var held uint32
		if partial != nil {
			held = partial.held
		}
		nheld := bits.OnesCount32(held)
		if h.Len() == n && rankCmp(nheld, derived, dm.Score, &h.ms[0]) < 0 {
			pool.Put(dm)
			continue
		}
		m := match{dm: dm, derived: derived, held: held, nheld: nheld}
		switch {
		case h.Len() < n:
			heap.Push(h, m)
		case worse(&h.ms[0], &m, resolve):
			pool.Put(h.ms[0].dm)
			h.ms[0] = m
			heap.Fix(h, 0)
		default:
			pool.Put(dm)
		}
		if idErr != nil {
			return nil, 0, idErr
		}
	}
	out := h.ms
	sort.Slice(out, func(i, j int) bool { return worse(&out[j], &out[i], resolve) })
	if idErr != nil {
		return nil, 0, idErr
	}
	return out, total, nil
}

// resolve looks up a match's id, once, and from it the match's checkpoint
// and message index (ordered reports they were found).
func (x *Index) resolve(r bindex.IndexReader, m *match) error {
	if m.resolved {
		return nil
	}
	m.resolved = true
	id, err := r.ExternalID(m.dm.IndexInternalID)
	if err != nil {
		return err
	}
	m.dm.ID = id
	if key, i, ok := parseDocID(id); ok {
		m.key, m.index = key, i
		m.ck, m.ordered = x.keys[key]
	}
	return nil
}

// reader opens a reader of the index's current snapshot. The caller
// holds x.mu (read) and closes the reader.
func (x *Index) reader() (bindex.IndexReader, error) {
	adv, err := x.idx.Advanced()
	if err != nil {
		return nil, err
	}
	return adv.Reader()
}

// ckStored is a checkpoint document's stored fields a search reads: its
// text chunks and its messages' copy prints (nil in an index written
// before them). found is false when the document is gone.
type ckStored struct {
	chunks [][]byte
	prints []byte
	found  bool
}

// print returns the copy print of message i, ok false when the
// checkpoint has none.
func (st *ckStored) print(i int) (uint64, bool) {
	if i < 0 || 8*i+8 > len(st.prints) {
		return 0, false
	}
	return binary.LittleEndian.Uint64(st.prints[8*i:]), true
}

// storedCache reads each checkpoint document's stored fields once per
// search.
type storedCache map[string]*ckStored

func (c storedCache) get(r bindex.IndexReader, key string) (*ckStored, error) {
	if st, ok := c[key]; ok {
		return st, nil
	}
	doc, err := r.Document(key)
	if err != nil {
		return nil, err
	}
	st := &ckStored{found: doc != nil}
	if doc != nil {
		doc.VisitFields(func(f bindex.Field) {
			switch f.Name() {
			case fTexts:
				st.chunks = append(st.chunks, f.Value())
			case fPrints:
				st.prints = f.Value()
			}
		})
	}
	c[key] = st
	return st, nil
}

// load fills in the meta and texts of the matches kept from their
// checkpoints' stored chunks (texts.go), each checkpoint's read once. A
// match whose checkpoint is gone, or whose id this package did not write,
// stays not loaded; one whose chunk is unreadable keeps an empty meta and
// text.
func (x *Index) load(r bindex.IndexReader, cache storedCache, ms []match) error {
	want := map[string]map[int]bool{} // checkpoint key → entry numbers
	for _, m := range ms {
		if m.ordered {
			if want[m.key] == nil {
				want[m.key] = map[int]bool{}
			}
			want[m.key][m.index+1] = true
		}
	}
	texts := make(map[string]map[int]storedText, len(want))
	for key, nums := range want {
		st, err := cache.get(r, key)
		if err != nil {
			return err
		}
		if !st.found {
			continue // deleted between match and load
		}
		got, err := x.codec.texts(st.chunks, nums)
		if err != nil {
			// The hits stand; only their snippets are lost.
			ck := x.keys[key]
			x.opts.Logger.Warn("recall: stored texts unreadable; snippets left empty", "dir", x.dir, "session", ck.session, "checkpoint", ck.ckpt, "err", err)
			got = map[int]storedText{}
		}
		texts[key] = got
	}
	for i := range ms {
		m := &ms[i]
		if got, ok := texts[m.key]; ok && m.ordered {
			e := got[m.index+1]
			m.loaded, m.text, m.meta = true, e.Text, e.Meta
		}
	}
	return nil
}

// copyPrint is what copies of a message share besides their session: a
// 64-bit hash of its role, tools and stored text, 0 for a message with no
// text (which has no copies). It is stored (fPrints), so it must not
// change from build to build: two CRC-32s (Castagnoli and IEEE, both done
// by the CPU's own instructions), not a seeded hash; CRC-64 ran at a
// tenth of their speed, ~3% of a bulk build's CPU.
func copyPrint(role string, tools []string, text string) uint64 {
	if text == "" {
		return 0
	}
	var a, b uint32
	add := func(s string) {
		p := unsafe.Slice(unsafe.StringData(s), len(s))
		a, b = crc32.Update(a, castagnoli, p), crc32.Update(b, crc32.IEEETable, p)
	}
	add(role)
	for _, t := range tools {
		add("\x00")
		add(t)
	}
	add("\x01")
	add(text)
	return max(uint64(a)<<32|uint64(b), 1)
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// stableScore rounds a score to float32 precision (24 bits). bleve sums
// a disjunction's scores (a prefix's terms, a word's alternatives) in the
// order its children happen to stand at a document, which follows the
// document numbers, so documents of the same content could score apart
// in their last bits, and their order, by score and then newest first,
// followed how a build happened to number them: two builds of the same
// store by the same binary ordered such hits of "migrat*" differently.
// Rounded, they score the same and the newest comes first, as the order
// promises; scores closer than a part in ten million are no ranking
// signal anyway.
func stableScore(s float64) float64 { return float64(float32(s)) }

// rankCmp compares a match, by what is known of it before its id is
// looked up (the number of words it holds in a partial search, whether it
// is derived, its score), with b: negative when it ranks below b (fewer
// words held, then derived below not derived, then a lower score),
// positive when above, 0 for the same rank.
func rankCmp(nheld int, derived bool, score float64, b *match) int {
	switch {
	case nheld != b.nheld:
		return cmpInt(nheld, b.nheld)
	case derived != b.derived:
		if derived {
			return -1
		}
		return 1
	case score < b.dm.Score:
		return -1
	case score > b.dm.Score:
		return 1
	}
	return 0
}

func cmpInt(a, b int) int {
	if a < b {
		return -1
	}
	return 1
}

// worse reports whether a ranks below b: by rankCmp, or at the same rank
// older (an earlier checkpoint, or an earlier message of the same one; a
// checkpoint's document after its messages, as it was written after
// them). Documents of checkpoints of the same time order by key, so that
// the order never depends on the order of matching. resolve looks up the
// ids the order at one rank needs.
//
// A derived document (a checkpoint's summary, or one archived again by a
// later fold) ranks after every message that matches, whatever their
// scores: it is a copy of what messages said, short, so BM25 put it above
// the message it was made from (a summary naming the deploy token above
// the file that held it).
func worse(a, b *match, resolve func(*match)) bool {
	if c := rankCmp(a.nheld, a.derived, a.dm.Score, b); c != 0 {
		return c < 0
	}
	resolve(a)
	resolve(b)
	if a.ordered != b.ordered {
		return !a.ordered
	}
	if a.ck.created != b.ck.created {
		return a.ck.created < b.ck.created
	}
	if a.key != b.key {
		return a.key < b.key
	}
	ai, bi := uint32(a.index), uint32(b.index) // -1: after every message
	return ai < bi
}

// matchHeap is a min-heap: the worst kept match on top.
type matchHeap struct {
	ms      []match
	resolve func(*match)
}

func (h *matchHeap) Len() int           { return len(h.ms) }
func (h *matchHeap) Less(i, j int) bool { return worse(&h.ms[i], &h.ms[j], h.resolve) }
func (h *matchHeap) Swap(i, j int)      { h.ms[i], h.ms[j] = h.ms[j], h.ms[i] }
func (h *matchHeap) Push(v any)         { h.ms = append(h.ms, v.(match)) }
func (h *matchHeap) Pop() any {
	v := h.ms[len(h.ms)-1]
	h.ms = h.ms[:len(h.ms)-1]
	return v
}
