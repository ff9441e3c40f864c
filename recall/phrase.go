package recall

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/scorer"
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
// slowPhrase makes every phrase take the conjunction path (tests compare
// the two).
var slowPhrase = false

type phraseQuery struct {
	terms [][]string
	field string
}

func (q *phraseQuery) Searcher(ctx context.Context, r bindex.IndexReader, _ mapping.IndexMapping, opts search.SearcherOptions) (search.Searcher, error) {
	opts.IncludeTermVectors = true
	if q.plain() && !slowPhrase {
		return newPhraseRun(ctx, r, q.terms, q.field, opts)
	}
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

// plain reports whether every position of the phrase holds exactly one
// term (no alternatives, no gaps), the phrases phraseRun serves.
func (q *phraseQuery) plain() bool {
	if len(q.terms) < 2 {
		return false
	}
	for _, alts := range q.terms {
		if len(alts) != 1 || alts[0] == "" {
			return false
		}
	}
	return true
}

// phraseRun is the searcher of a plain phrase. It walks the term readers
// of the phrase's terms itself instead of through a conjunction of term
// searchers, which scored every candidate document (each term's score,
// their sum, a merged list of every location) before the positions were
// checked: most candidates of a phrase of common words ("unit tests",
// "git status") are not the phrase, and their scoring was a third of the
// query. Here a candidate's positions are checked first, and only a
// document holding the phrase is scored, by the same term scorers, summed
// in the same order, under the same query norm as the conjunction did, so
// that scores and counts are those of phraseSearcher (TestPhraseRunSame).
type phraseRun struct {
	parts []*phrasePart            // in the conjunction's order: fewest documents first
	pos   [][]uint64               // scratch: each phrase position's term positions in the current document
	terms [][]string               // the phrase, for phraseAt
	curr  []bindex.IndexInternalID // each part's current document, nil when it must move on
	locs  []search.FieldTermLocation
	done  bool
}

// phrasePart is one term of a plain phrase.
type phrasePart struct {
	term   string
	reader bindex.TermFieldReader
	scorer *scorer.TermQueryScorer
	tfd    *bindex.TermFieldDoc
	count  uint64
}

// byCount orders parts as bleve's conjunction orders its searchers
// (OrderedSearcherList: the same comparison under sort.Sort, so the same
// permutation), which fixes the order scores are summed in.
type byCount []*phrasePart

func (p byCount) Len() int           { return len(p) }
func (p byCount) Less(i, j int) bool { return p[i].count < p[j].count }
func (p byCount) Swap(i, j int)      { p[i], p[j] = p[j], p[i] }

// newPhraseRun builds the searcher of a plain phrase, with the readers,
// scorers and query norm bleve's term and conjunction searchers would
// have.
func newPhraseRun(ctx context.Context, r bindex.IndexReader, terms [][]string, field string, opts search.SearcherOptions) (search.Searcher, error) {
	docs, avg, err := bm25Metrics(ctx, field, r)
	if err != nil {
		return nil, err
	}
	s := &phraseRun{terms: terms, pos: make([][]uint64, len(terms))}
	for _, alts := range terms {
		if err := search.RecordTermSearcher(ctx); err != nil {
			_ = s.Close()
			return nil, err
		}
		term := []byte(alts[0])
		tfr, err := r.TermFieldReader(ctx, term, field, true, true, true)
		if err != nil {
			_ = s.Close()
			return nil, err
		}
		n := tfr.Count()
		s.parts = append(s.parts, &phrasePart{term: alts[0], reader: tfr, count: n, tfd: &bindex.TermFieldDoc{},
			scorer: scorer.NewTermQueryScorer(term, field, 1, docs, n, avg, opts)})
	}
	sort.Sort(byCount(s.parts))
	// As the conjunction searcher does: the readers share the
	// intersection of their documents (scorch ANDs the postings bitmaps
	// of each segment), so a reader visits only documents holding every
	// term.
	var octx bindex.OptimizableContext
	for _, p := range s.parts {
		o, ok := p.reader.(bindex.Optimizable)
		if !ok {
			octx = nil
			break
		}
		if octx, err = o.Optimize("conjunction", octx); err != nil {
			_ = s.Close()
			return nil, err
		}
		if octx == nil {
			break
		}
	}
	if octx != nil {
		if _, err := octx.Finish(); err != nil {
			_ = s.Close()
			return nil, err
		}
	}
	s.curr = make([]bindex.IndexInternalID, len(s.parts))
	// The conjunction's query norm, as phraseQuery sets it.
	s.SetQueryNorm(1 / math.Sqrt(s.Weight()))
	return s, nil
}

// bm25Metrics are the document count and average field length a term
// searcher scores with (bleve's bm25ScoreMetrics, which is not exported):
// from the BM25 statistics in ctx (Search always sets them), else from
// the index.
func bm25Metrics(ctx context.Context, field string, r bindex.IndexReader) (uint64, float64, error) {
	var docs uint64
	var card int
	if st, ok := ctx.Value(search.BM25StatsKey).(*search.BM25Stats); ok {
		docs = uint64(st.DocCount)
		if card, ok = st.FieldCardinality[field]; !ok {
			return 0, 0, fmt.Errorf("recall: phrase searcher: no BM25 statistics for field %s", field)
		}
	} else {
		var err error
		if docs, err = r.DocCount(); err != nil {
			return 0, 0, err
		}
		if br, ok := r.(bindex.BM25Reader); ok {
			if card, err = br.FieldCardinality(field); err != nil {
				return 0, 0, err
			}
		}
	}
	if docs == 0 && card == 0 {
		return 0, 0, nil
	}
	return docs, math.Ceil(float64(card) / float64(docs)), nil
}

// Next returns the next document holding the phrase.
func (s *phraseRun) Next(ctx *search.SearchContext) (*search.DocumentMatch, error) {
	return s.seek(ctx, nil)
}

// Advance returns the first document at or after id holding the phrase.
func (s *phraseRun) Advance(ctx *search.SearchContext, id bindex.IndexInternalID) (*search.DocumentMatch, error) {
	return s.seek(ctx, id)
}

// seek returns the first document at or after target (after the last
// one returned when target is nil) that holds the phrase: the reader of
// the rarest term leads, every other reader is advanced to its document,
// and one that overshoots moves the lead to where it landed.
func (s *phraseRun) seek(ctx *search.SearchContext, target bindex.IndexInternalID) (*search.DocumentMatch, error) {
	for !s.done {
		d, err := s.move(0, target)
		if d == nil || err != nil {
			return nil, err
		}
		agree := true
		for i := 1; i < len(s.parts); i++ {
			e, err := s.move(i, d)
			if e == nil || err != nil {
				return nil, err
			}
			if e.Compare(d) > 0 {
				target, agree = e, false
				break
			}
		}
		if !agree {
			continue
		}
		// Every reader is on d: it holds every term. Either way each
		// reader moves past it next time.
		hit := phraseAt(s.locations(), s.terms, s.pos)
		var dm *search.DocumentMatch
		if hit {
			dm = s.score(ctx)
		}
		for i := range s.curr {
			s.curr[i] = nil
		}
		if hit {
			return dm, nil
		}
		target = nil
	}
	return nil, nil
}

// move brings reader i to its first document at or after target (its
// next document when target is nil and it has none current), and returns
// it; nil when the reader is exhausted, which ends the search.
func (s *phraseRun) move(i int, target bindex.IndexInternalID) (bindex.IndexInternalID, error) {
	if c := s.curr[i]; c != nil && (target == nil || c.Compare(target) >= 0) {
		return c, nil
	}
	p := s.parts[i]
	var d *bindex.TermFieldDoc
	var err error
	if target == nil {
		d, err = p.reader.Next(p.tfd.Reset())
	} else {
		d, err = p.reader.Advance(target, p.tfd.Reset())
	}
	if err != nil || d == nil {
		s.done = true
		return nil, err
	}
	s.curr[i] = d.ID
	return d.ID, nil
}

// locations lists the current document's term locations as phraseAt
// reads them (term and position only).
func (s *phraseRun) locations() []search.FieldTermLocation {
	s.locs = s.locs[:0]
	for _, p := range s.parts {
		for _, v := range p.tfd.Vectors {
			s.locs = append(s.locs, search.FieldTermLocation{Term: p.term, Location: search.Location{Pos: v.Pos}})
		}
	}
	return s.locs
}

// score scores the current document as the conjunction did: each term's
// score by its scorer, summed in the parts' order (the conjunction's),
// on the first part's match.
func (s *phraseRun) score(ctx *search.SearchContext) *search.DocumentMatch {
	var rv *search.DocumentMatch
	var sum float64
	for i, p := range s.parts {
		vs := p.tfd.Vectors
		p.tfd.Vectors = nil // the scorer would copy them into the match: nobody reads them
		dm := p.scorer.Score(ctx, p.tfd)
		p.tfd.Vectors = vs
		sum += dm.Score
		if i == 0 {
			rv = dm
		} else {
			ctx.DocumentMatchPool.Put(dm)
		}
	}
	rv.Score = sum
	return rv
}

func (s *phraseRun) Weight() float64 {
	var w float64
	for _, p := range s.parts {
		w += p.scorer.Weight()
	}
	return w
}

func (s *phraseRun) SetQueryNorm(n float64) {
	for _, p := range s.parts {
		p.scorer.SetQueryNorm(n)
	}
}

// Count is the conjunction's: the sum of the terms' document counts (an
// upper bound; a conjunction above orders its searchers by it).
func (s *phraseRun) Count() uint64 {
	var n uint64
	for _, p := range s.parts {
		n += p.count
	}
	return n
}

func (s *phraseRun) Min() int { return 0 }

func (s *phraseRun) Close() error {
	var first error
	for _, p := range s.parts {
		if err := p.reader.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// DocumentMatchPoolSize is the conjunction's (one match per term searcher
// and one per current document), plus one.
func (s *phraseRun) DocumentMatchPoolSize() int { return 2*len(s.parts) + 1 }

func (s *phraseRun) Size() int { return 64 * len(s.parts) }
