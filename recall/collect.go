package recall

import (
	"bytes"
	"container/heap"
	"context"
	"sort"
	"strings"

	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	bindex "github.com/blevesearch/bleve_index_api"
)

// match is one document kept by topN.
type match struct {
	dm    *search.DocumentMatch
	order []byte // session-order key, loaded only for competitive documents
	// Loaded for the matches returned (see load).
	loaded  bool
	session string
	ckpt    string
	index   int // message index, -1 for a checkpoint document
	text    string
	meta    []byte
}

// topN runs q and keeps the n best matches by (score, then newest first),
// counting all matches. It replaces bleve's collector for one reason:
// bleve sorting by score then a field loads the field's doc values for
// every match (most of the latency of a common word at 100K messages);
// here the order key is loaded only for a match whose score can still
// enter the top n. The caller holds x.mu (read).
func (x *Index) topN(ctx context.Context, q query.Query, n int, stats *search.BM25Stats) ([]match, uint64, error) {
	adv, err := x.idx.Advanced()
	if err != nil {
		return nil, 0, err
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, 0, err
	}
	defer r.Close()
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
	dvr, err := r.DocValueReader([]string{fOrder})
	if err != nil {
		return nil, 0, err
	}
	pool := search.NewDocumentMatchPool(s.DocumentMatchPoolSize()+n+1, 0)
	pool.TooSmall = func(*search.DocumentMatchPool) *search.DocumentMatch { return &search.DocumentMatch{} }
	sctx := &search.SearchContext{DocumentMatchPool: pool, IndexReader: r}
	h := &matchHeap{}
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
		if h.Len() == n && dm.Score < (*h)[0].dm.Score {
			pool.Put(dm)
			continue
		}
		var order []byte
		err = dvr.VisitDocValues(dm.IndexInternalID, func(field string, term []byte) {
			if field == fOrder {
				order = append(order[:0], term...)
			}
		})
		if err != nil {
			return nil, 0, err
		}
		m := match{dm: dm, order: order}
		switch {
		case h.Len() < n:
			heap.Push(h, m)
		case worse((*h)[0], m):
			pool.Put((*h)[0].dm)
			(*h)[0] = m
			heap.Fix(h, 0)
		default:
			pool.Put(dm)
		}
	}
	out := []match(*h)
	sort.Slice(out, func(i, j int) bool { return worse(out[j], out[i]) })
	if err := x.load(r, out); err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

// load fills in the ids, meta and texts of the matches kept, from their
// checkpoints' documents: the names (fRef) and the stored chunks
// (texts.go), each checkpoint's read once. A match whose checkpoint
// document is gone, or whose id this package did not write, stays not
// loaded; one whose chunk is unreadable keeps an empty meta and text.
func (x *Index) load(r bindex.IndexReader, ms []match) error {
	want := map[string]map[int]bool{} // checkpoint document id → entry numbers
	keys := make([]string, len(ms))
	for i := range ms {
		m := &ms[i]
		id, err := r.ExternalID(m.dm.IndexInternalID)
		if err != nil {
			return err
		}
		m.dm.ID = id
		key, index, ok := parseDocID(id)
		if !ok {
			continue
		}
		keys[i], m.index = key, index
		if want[key] == nil {
			want[key] = map[int]bool{}
		}
		want[key][index+1] = true
	}
	type checkpoint struct {
		session, ckpt string
		texts         map[int]storedText
	}
	cks := make(map[string]checkpoint, len(want))
	for key, nums := range want {
		doc, err := r.Document(key)
		if err != nil {
			return err
		}
		if doc == nil {
			continue // deleted between match and load
		}
		var chunks [][]byte
		var ref []byte
		doc.VisitFields(func(f bindex.Field) {
			switch f.Name() {
			case fTexts:
				chunks = append(chunks, f.Value())
			case fRef:
				ref = f.Value()
			}
		})
		s, c, ok := strings.Cut(string(ref), "\x00")
		if !ok {
			continue // not a checkpoint document this package wrote
		}
		got, err := x.codec.texts(chunks, nums)
		if err != nil {
			// The hits stand; only their snippets are lost.
			x.opts.Logger.Warn("recall: stored texts unreadable; snippets left empty", "dir", x.dir, "session", s, "checkpoint", c, "err", err)
			got = map[int]storedText{}
		}
		cks[key] = checkpoint{session: s, ckpt: c, texts: got}
	}
	for i := range ms {
		m := &ms[i]
		if ck, ok := cks[keys[i]]; ok && keys[i] != "" {
			e := ck.texts[m.index+1]
			m.loaded, m.session, m.ckpt, m.text, m.meta = true, ck.session, ck.ckpt, e.Text, e.Meta
		}
	}
	return nil
}

// worse reports whether a ranks below b: a lower score, or an equal score
// and older.
func worse(a, b match) bool {
	if a.dm.Score != b.dm.Score {
		return a.dm.Score < b.dm.Score
	}
	return bytes.Compare(a.order, b.order) < 0
}

// matchHeap is a min-heap: the worst kept match on top.
type matchHeap []match

func (h matchHeap) Len() int           { return len(h) }
func (h matchHeap) Less(i, j int) bool { return worse(h[i], h[j]) }
func (h matchHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *matchHeap) Push(v any)        { *h = append(*h, v.(match)) }
func (h *matchHeap) Pop() any {
	old := *h
	v := old[len(old)-1]
	*h = old[:len(old)-1]
	return v
}
