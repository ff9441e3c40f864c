package recall

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/searcher"
	bindex "github.com/blevesearch/bleve_index_api"
)

// phraseQuery matches documents whose field holds the terms at
// consecutive positions (several terms at one position are alternatives;
// a position without terms matches any term). It scores and matches
// exactly as bleve's multi-phrase query without fuzziness (the conjunction
// of the terms, scored as such, kept where the positions line up), but
// checks the positions on the conjunction's term locations directly:
// bleve's phrase searcher builds a map of maps of every location of every
// candidate and records the matching paths, which nobody here reads (a
// snippet finds its matches again in the text it shows). That was most
// of a phrase query's CPU.
type phraseQuery struct {
	terms [][]string
	field string
}

func (q *phraseQuery) Searcher(ctx context.Context, r bindex.IndexReader, _ mapping.IndexMapping, opts search.SearcherOptions) (search.Searcher, error) {
	opts.IncludeTermVectors = true
	var parts []search.Searcher
	fail := func(err error) (search.Searcher, error) {
		for _, s := range parts {
			_ = s.Close()
		}
		return nil, fmt.Errorf("recall: phrase searcher: %w", err)
	}
	for _, alts := range q.terms {
		var ts []search.Searcher
		for _, term := range alts {
			if term == "" {
				continue
			}
			s, err := searcher.NewTermSearcher(ctx, r, term, q.field, 1, opts)
			if err != nil {
				for _, s := range ts {
					_ = s.Close()
				}
				return fail(err)
			}
			ts = append(ts, s)
		}
		switch len(ts) {
		case 0:
			continue // any term
		case 1:
			parts = append(parts, ts[0])
		default:
			d, err := searcher.NewDisjunctionSearcher(ctx, r, ts, 1, opts)
			if err != nil {
				for _, s := range ts {
					_ = s.Close()
				}
				return fail(err)
			}
			parts = append(parts, d)
		}
	}
	if len(parts) == 0 {
		return searcher.NewMatchNoneSearcher(r)
	}
	conj, err := searcher.NewConjunctionSearcher(ctx, r, parts, opts)
	if err != nil {
		return fail(err)
	}
	s := &phraseSearcher{conj: conj, terms: q.terms, pos: make([][]uint64, len(q.terms))}
	// The query norm as bleve's phrase searcher sets it, so that scores
	// are the same.
	s.conj.SetQueryNorm(1 / math.Sqrt(s.conj.Weight()))
	return s, nil
}

// phraseSearcher keeps the documents of a conjunction of a phrase's terms
// whose term locations hold the phrase. It is not safe for concurrent use
// (no searcher is).
type phraseSearcher struct {
	conj  search.Searcher
	terms [][]string
	pos   [][]uint64 // scratch: the positions of each phrase position's terms in the current document
}

// Next returns the next document holding the phrase.
func (s *phraseSearcher) Next(ctx *search.SearchContext) (*search.DocumentMatch, error) {
	for {
		dm, err := s.conj.Next(ctx)
		if dm == nil || err != nil {
			return dm, err
		}
		if s.holds(dm) {
			return dm, nil
		}
		ctx.DocumentMatchPool.Put(dm)
	}
}

// Advance returns the first document at or after id holding the phrase.
func (s *phraseSearcher) Advance(ctx *search.SearchContext, id bindex.IndexInternalID) (*search.DocumentMatch, error) {
	dm, err := s.conj.Advance(ctx, id)
	if dm == nil || err != nil {
		return dm, err
	}
	if s.holds(dm) {
		return dm, nil
	}
	ctx.DocumentMatchPool.Put(dm)
	return s.Next(ctx)
}

// holds reports whether the document's term locations hold the phrase,
// and drops the locations (no caller reads them).
func (s *phraseSearcher) holds(dm *search.DocumentMatch) bool {
	ok := phraseAt(dm.FieldTermLocations, s.terms, s.pos)
	dm.FieldTermLocations = dm.FieldTermLocations[:0]
	return ok
}

// phraseAt reports whether the locations hold the terms at consecutive
// positions; pos is scratch, one slice per phrase position.
func phraseAt(locs []search.FieldTermLocation, terms [][]string, pos [][]uint64) bool {
	first := -1
	for k, alts := range terms {
		pos[k] = pos[k][:0]
		if len(alts) == 0 || len(alts) == 1 && alts[0] == "" {
			continue // any term
		}
		for _, l := range locs {
			if slices.Contains(alts, l.Term) {
				pos[k] = append(pos[k], l.Location.Pos)
			}
		}
		if len(pos[k]) == 0 {
			return false
		}
		slices.Sort(pos[k])
		if first < 0 {
			first = k
		}
	}
	if first < 0 {
		return true
	}
next:
	for _, p := range pos[first] {
		if p < uint64(first) {
			continue
		}
		start := p - uint64(first)
		for k := first + 1; k < len(terms); k++ {
			if len(terms[k]) == 0 || len(terms[k]) == 1 && terms[k][0] == "" {
				continue
			}
			if _, found := slices.BinarySearch(pos[k], start+uint64(k)); !found {
				continue next
			}
		}
		return true
	}
	return false
}

func (s *phraseSearcher) Weight() float64            { return s.conj.Weight() }
func (s *phraseSearcher) SetQueryNorm(n float64)     { s.conj.SetQueryNorm(n) }
func (s *phraseSearcher) Count() uint64              { return s.conj.Count() }
func (s *phraseSearcher) Min() int                   { return 0 }
func (s *phraseSearcher) Close() error               { return s.conj.Close() }
func (s *phraseSearcher) DocumentMatchPoolSize() int { return s.conj.DocumentMatchPoolSize() + 1 }
func (s *phraseSearcher) Size() int                  { return s.conj.Size() }
