package recall

import (
	"bytes"
	"container/heap"
	"context"
	"sort"

	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	bindex "github.com/blevesearch/bleve_index_api"
)

// match is one document kept by topN.
type match struct {
	dm    *search.DocumentMatch
	order []byte // session-order key, loaded only for competitive documents
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
	// only. The few hits shown get their match locations (for snippets)
	// from a second, narrow pass below.
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
	ids := make([]string, 0, len(out))
	for _, m := range out {
		id, err := r.ExternalID(m.dm.IndexInternalID)
		if err != nil {
			return nil, 0, err
		}
		m.dm.ID = id
		ids = append(ids, id)
	}
	locs, err := x.locations(ctx, r, q, ids)
	if err != nil {
		return nil, 0, err
	}
	for _, m := range out {
		m.dm.Locations = locs[m.dm.ID]
		doc, err := r.Document(m.dm.ID)
		if err != nil {
			return nil, 0, err
		}
		if doc == nil {
			continue
		}
		m.dm.Fields = map[string]interface{}{}
		doc.VisitFields(func(f bindex.Field) {
			v := string(f.Value())
			switch old := m.dm.Fields[f.Name()].(type) {
			case nil:
				m.dm.Fields[f.Name()] = v
			case string:
				m.dm.Fields[f.Name()] = []interface{}{old, v}
			case []interface{}:
				m.dm.Fields[f.Name()] = append(old, v)
			}
		})
	}
	return out, total, nil
}

// locations runs q again over the given documents only, with term
// vectors, and returns each one's match locations (for snippets). Reading
// positions for a handful of documents costs little; reading them for
// every match of a common word was most of a search's time.
func (x *Index) locations(ctx context.Context, r bindex.IndexReader, q query.Query, ids []string) (map[string]search.FieldTermLocationMap, error) {
	out := make(map[string]search.FieldTermLocationMap, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	narrow := query.NewConjunctionQuery([]query.Query{query.NewDocIDQuery(ids), q})
	s, err := narrow.Searcher(ctx, r, x.idx.Mapping(), search.SearcherOptions{IncludeTermVectors: true})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	pool := search.NewDocumentMatchPool(s.DocumentMatchPoolSize()+1, 0)
	pool.TooSmall = func(*search.DocumentMatchPool) *search.DocumentMatch { return &search.DocumentMatch{} }
	sctx := &search.SearchContext{DocumentMatchPool: pool, IndexReader: r}
	for {
		dm, err := s.Next(sctx)
		if err != nil {
			return nil, err
		}
		if dm == nil {
			return out, nil
		}
		id, err := r.ExternalID(dm.IndexInternalID)
		if err != nil {
			return nil, err
		}
		dm.Complete(nil) // term locations into dm.Locations
		out[id] = dm.Locations
	}
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
