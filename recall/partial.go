package recall

import (
	"context"
	"fmt"
	"math"

	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/blevesearch/bleve/v2/search/searcher"
	bindex "github.com/blevesearch/bleve_index_api"
)

// partialQuery is the fallback of a search in which no document holds
// every word: it matches the documents that hold every required clause
// (the session filter, quoted phrases) and at least minHeld of the
// counted ones (the query's other words), and scores them by all they
// hold, optional words (stop words) included. Its searcher says which
// counted clauses each match holds (partialSearcher.held), which the
// collector ranks by before the score.
type partialQuery struct {
	required, counted, optional []query.Query
	minHeld                     int
}

func (q *partialQuery) Searcher(ctx context.Context, r bindex.IndexReader, m mapping.IndexMapping, opts search.SearcherOptions) (search.Searcher, error) {
	s := &partialSearcher{minHeld: q.minHeld}
	build := func(qs []query.Query) ([]search.Searcher, error) {
		var out []search.Searcher
		for _, sub := range qs {
			ss, err := sub.Searcher(ctx, r, m, opts)
			if err != nil {
				return out, err
			}
			out = append(out, ss)
		}
		return out, nil
	}
	var err error
	if s.counted, err = build(q.counted); err == nil {
		var req []search.Searcher
		if req, err = build(q.required); err == nil && len(req) > 0 {
			// The required clauses are a conjunction of their own, which
			// leaps over the documents that lack one of them.
			s.required, err = searcher.NewConjunctionSearcher(ctx, r, req, opts)
			if err != nil {
				for _, x := range req {
					_ = x.Close()
				}
			}
		}
		if err == nil {
			s.optional, err = build(q.optional)
		}
	}
	if err != nil {
		_ = s.Close()
		return nil, fmt.Errorf("recall: partial searcher: %w", err)
	}
	if len(s.counted) > 32 {
		_ = s.Close()
		return nil, fmt.Errorf("recall: partial searcher: %d counted clauses (at most 32)", len(s.counted))
	}
	if s.required == nil && s.minHeld < 1 {
		s.minHeld = 1 // nothing else bounds the matches
	}
	s.cur = make([]*search.DocumentMatch, len(s.counted))
	s.optCur = make([]*search.DocumentMatch, len(s.optional))
	// One query norm over every clause, as a conjunction of them would
	// have it, so that a clause weighs what it weighs in the all-words
	// search.
	w := 0.0
	for _, x := range s.all() {
		w += x.Weight()
	}
	if w > 0 {
		for _, x := range s.all() {
			x.SetQueryNorm(1 / math.Sqrt(w))
		}
	}
	return s, nil
}

// partialSearcher is partialQuery's searcher. Documents come in the
// order of their internal ids, as from every searcher. It is not safe for
// concurrent use (no searcher is).
type partialSearcher struct {
	required search.Searcher // nil when nothing but the counted clauses is required
	counted  []search.Searcher
	optional []search.Searcher
	minHeld  int

	started bool
	reqCur  *search.DocumentMatch   // required's current document
	cur     []*search.DocumentMatch // each counted clause's current document; nil when done
	optCur  []*search.DocumentMatch // each optional clause's current document; nil when done or not yet read
	optRead []bool
	// held is the mask of the counted clauses the document Next or
	// Advance returned last holds (bit i: counted clause i).
	held uint32
}

func (s *partialSearcher) all() []search.Searcher {
	out := append([]search.Searcher(nil), s.counted...)
	if s.required != nil {
		out = append(out, s.required)
	}
	return append(out, s.optional...)
}

func (s *partialSearcher) start(ctx *search.SearchContext) error {
	if s.started {
		return nil
	}
	s.started = true
	s.optRead = make([]bool, len(s.optional))
	var err error
	for i, c := range s.counted {
		if s.cur[i], err = c.Next(ctx); err != nil {
			return err
		}
	}
	if s.required != nil {
		s.reqCur, err = s.required.Next(ctx)
	}
	return err
}

// Next returns the next document that holds the required clauses and at
// least minHeld counted ones.
func (s *partialSearcher) Next(ctx *search.SearchContext) (*search.DocumentMatch, error) {
	if err := s.start(ctx); err != nil {
		return nil, err
	}
	return s.next(ctx, nil)
}

// Advance returns the first such document at or after id.
func (s *partialSearcher) Advance(ctx *search.SearchContext, id bindex.IndexInternalID) (*search.DocumentMatch, error) {
	if err := s.start(ctx); err != nil {
		return nil, err
	}
	return s.next(ctx, id)
}

// next finds the first matching document at or after from (nil: any).
func (s *partialSearcher) next(ctx *search.SearchContext, from bindex.IndexInternalID) (*search.DocumentMatch, error) {
	target := append(bindex.IndexInternalID(nil), from...)
	if len(from) == 0 {
		target = nil
	}
	for {
		// The candidate: with counted clauses to hold, the least of their
		// current documents at or after target, which the required
		// conjunction must hold too; else the conjunction's.
		var cand bindex.IndexInternalID
		if s.minHeld >= 1 {
			for i, c := range s.counted {
				if err := s.advanceTo(ctx, &s.cur[i], c, target); err != nil {
					return nil, err
				}
				if d := s.cur[i]; d != nil && (cand == nil || d.IndexInternalID.Compare(cand) < 0) {
					cand = d.IndexInternalID
				}
			}
			if cand == nil {
				return nil, nil
			}
			if s.required != nil {
				if err := s.advanceTo(ctx, &s.reqCur, s.required, cand); err != nil {
					return nil, err
				}
				if s.reqCur == nil {
					return nil, nil
				}
				if s.reqCur.IndexInternalID.Compare(cand) > 0 {
					target = append(target[:0], s.reqCur.IndexInternalID...)
					continue
				}
			}
		} else {
			if err := s.advanceTo(ctx, &s.reqCur, s.required, target); err != nil {
				return nil, err
			}
			if s.reqCur == nil {
				return nil, nil
			}
			cand = s.reqCur.IndexInternalID
			for i, c := range s.counted {
				if err := s.advanceTo(ctx, &s.cur[i], c, cand); err != nil {
					return nil, err
				}
			}
		}
		var mask uint32
		held := 0
		for i, d := range s.cur {
			if d != nil && d.IndexInternalID.Equals(cand) {
				mask |= 1 << i
				held++
			}
		}
		if held < s.minHeld {
			// Too few here: look after this document.
			next, ok := nextID(cand)
			if !ok {
				return nil, nil
			}
			target = next
			continue
		}
		out := ctx.DocumentMatchPool.Get()
		out.IndexInternalID = append(out.IndexInternalID[:0], cand...)
		if s.reqCur != nil {
			out.Score += s.reqCur.Score
		}
		for i, d := range s.cur {
			if mask&(1<<i) != 0 {
				out.Score += d.Score
			}
		}
		for i, o := range s.optional {
			if err := s.advanceOptional(ctx, i, o, cand); err != nil {
				return nil, err
			}
			if d := s.optCur[i]; d != nil && d.IndexInternalID.Equals(cand) {
				out.Score += d.Score
			}
		}
		s.held = mask
		// Step past the document: the next call starts after it.
		for i, c := range s.counted {
			if mask&(1<<i) != 0 {
				ctx.DocumentMatchPool.Put(s.cur[i])
				var err error
				if s.cur[i], err = c.Next(ctx); err != nil {
					return nil, err
				}
			}
		}
		if s.required != nil {
			ctx.DocumentMatchPool.Put(s.reqCur)
			var err error
			if s.reqCur, err = s.required.Next(ctx); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
}

// advanceTo moves a clause whose current document is *cur to its first
// document at or after id (nil id: where it is).
func (s *partialSearcher) advanceTo(ctx *search.SearchContext, cur **search.DocumentMatch, c search.Searcher, id bindex.IndexInternalID) error {
	if *cur == nil || id == nil || (*cur).IndexInternalID.Compare(id) >= 0 {
		return nil
	}
	ctx.DocumentMatchPool.Put(*cur)
	var err error
	*cur, err = c.Advance(ctx, id)
	return err
}

// advanceOptional moves optional clause i to its first document at or
// after id, reading its first document on first use.
func (s *partialSearcher) advanceOptional(ctx *search.SearchContext, i int, c search.Searcher, id bindex.IndexInternalID) error {
	if !s.optRead[i] {
		s.optRead[i] = true
		var err error
		s.optCur[i], err = c.Advance(ctx, id)
		return err
	}
	return s.advanceTo(ctx, &s.optCur[i], c, id)
}

// nextID returns the internal id right after id, of the same length (an
// internal id is a big-endian document number), and false when id is the
// last there can be.
func nextID(id bindex.IndexInternalID) (bindex.IndexInternalID, bool) {
	out := append(bindex.IndexInternalID(nil), id...)
	for i := len(out) - 1; i >= 0; i-- {
		out[i]++
		if out[i] != 0 {
			return out, true
		}
	}
	return nil, false
}

func (s *partialSearcher) Weight() float64 {
	w := 0.0
	for _, x := range s.all() {
		w += x.Weight()
	}
	return w
}

func (s *partialSearcher) SetQueryNorm(n float64) {
	for _, x := range s.all() {
		x.SetQueryNorm(n)
	}
}

// Count is an estimate, as a disjunction's: the counted clauses' counts
// summed (or the required conjunction's, when smaller).
func (s *partialSearcher) Count() uint64 {
	var n uint64
	for _, c := range s.counted {
		n += c.Count()
	}
	if s.required != nil && (len(s.counted) == 0 || s.required.Count() < n) {
		n = s.required.Count()
	}
	return n
}

func (s *partialSearcher) Min() int { return 0 }

func (s *partialSearcher) Close() error {
	var first error
	for _, x := range s.all() {
		if x == nil {
			continue
		}
		if err := x.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

func (s *partialSearcher) DocumentMatchPoolSize() int {
	n := 1
	for _, x := range s.all() {
		if x != nil {
			n += x.DocumentMatchPoolSize()
		}
	}
	return n
}

func (s *partialSearcher) Size() int {
	n := 0
	for _, x := range s.all() {
		if x != nil {
			n += x.Size()
		}
	}
	return n
}
