package recall

import (
	"bytes"
	"container/heap"
	"context"
	"sort"
	"strconv"
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
// checkpoints' stored chunks (texts.go), each checkpoint's read once. A
// match whose checkpoint document is gone, or whose id this package did
// not write, stays not loaded; one whose chunk is unreadable keeps an
// empty meta and text.
func (x *Index) load(r bindex.IndexReader, ms []match) error {
	want := map[string]map[int]bool{} // checkpoint document id → entry numbers
	for i := range ms {
		m := &ms[i]
		id, err := r.ExternalID(m.dm.IndexInternalID)
		if err != nil {
			return err
		}
		m.dm.ID = id
		var ok bool
		if m.session, m.ckpt, m.index, ok = parseDocID(id); !ok {
			continue
		}
		ck := docID(m.session, m.ckpt, -1)
		if want[ck] == nil {
			want[ck] = map[int]bool{}
		}
		want[ck][m.index+1] = true
	}
	texts := make(map[string]map[int]storedText, len(want))
	for ck, nums := range want {
		doc, err := r.Document(ck)
		if err != nil {
			return err
		}
		if doc == nil {
			continue // deleted between match and load
		}
		var chunks [][]byte
		doc.VisitFields(func(f bindex.Field) {
			if f.Name() == fTexts {
				chunks = append(chunks, f.Value())
			}
		})
		got, err := x.codec.texts(chunks, nums)
		if err != nil {
			// The hits stand; only their snippets are lost.
			x.opts.Logger.Warn("recall: stored texts unreadable; snippets left empty", "dir", x.dir, "doc", ck, "err", err)
			got = map[int]storedText{}
		}
		texts[ck] = got
	}
	for i := range ms {
		m := &ms[i]
		if m.session == "" {
			continue
		}
		if got, ok := texts[docID(m.session, m.ckpt, -1)]; ok {
			e := got[m.index+1]
			m.loaded, m.text, m.meta = true, e.Text, e.Meta
		}
	}
	return nil
}

// parseDocID splits a document id into its session, checkpoint and
// message index (-1 for a checkpoint document); see docID.
func parseDocID(id string) (session, ckpt string, i int, ok bool) {
	parts := strings.Split(id, "\x00")
	switch len(parts) {
	case 2:
		return parts[0], parts[1], -1, true
	case 3:
		i, err := strconv.Atoi(parts[2])
		if err != nil || i < 0 {
			return "", "", 0, false
		}
		return parts[0], parts[1], i, true
	}
	return "", "", 0, false
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
