package northbridge

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	bindex "github.com/blevesearch/bleve_index_api"

	"github.com/epistemicfold/ef/recall"
)

// rank orders the candidates by relevance to the goal and drops those
// that share no term with it. Relevance is first how many of the goal's
// words (analyzed with context_search's analyzer: stemmed, lower case,
// stop words left out) the fact carries, a word counted whole in its
// claim and half in its source only (a source is a command or a path:
// "cat exporter/csv_writer.py" shares "export" with a goal about an
// export without saying anything about it); then BM25 over claim and
// source, which weighs rare words up, breaks ties among facts that share
// as many words; then the candidates' order (state[]'s). BM25
// alone ranked a fact sharing one rare word above one sharing two common
// ones. Score is the word count plus BM25 mapped below 0.5, so it orders
// as the ranking does. The index is an in-memory scorch index built per
// request: the candidates are the scope's verified facts, a few hundred
// at most in practice, and 200 documents index in about 10 ms.
func rank(ctx context.Context, rel *relevance, cands []Memory) ([]Memory, error) {
	if len(cands) == 0 || len(rel.goal) == 0 {
		return nil, nil
	}
	idx, err := bleve.NewUsing("", rel.m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, fmt.Errorf("northbridge: index: %w", err)
	}
	defer idx.Close()
	batch := idx.NewBatch()
	for i, c := range cands {
		if err := batch.Index(strconv.Itoa(i), map[string]any{"text": c.Claim + "\n" + c.Source}); err != nil {
			return nil, fmt.Errorf("northbridge: index: %w", err)
		}
	}
	if err := idx.Batch(batch); err != nil {
		return nil, fmt.Errorf("northbridge: index: %w", err)
	}
	q := bleve.NewMatchQuery(rel.words)
	q.SetField("text")
	q.Analyzer = recall.TextAnalyzer
	res, err := idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(q, len(cands), 0, false))
	if err != nil {
		return nil, fmt.Errorf("northbridge: search: %w", err)
	}
	type hit struct {
		i     int
		score float64
	}
	hits := make([]hit, 0, len(res.Hits))
	for _, h := range res.Hits {
		i, err := strconv.Atoi(h.ID)
		if err != nil || i < 0 || i >= len(cands) || !(h.Score > 0) || math.IsInf(h.Score, 0) {
			continue
		}
		c := cands[i]
		inClaim := rel.shared(c.Claim)
		words := float64(len(inClaim))
		for w := range rel.shared(c.Source) {
			if !inClaim[w] {
				words += 0.5
			}
		}
		hits = append(hits, hit{i, words + 0.49*h.Score/(1+h.Score)})
	}
	slices.SortFunc(hits, func(a, b hit) int {
		if a.score != b.score {
			if a.score > b.score {
				return -1
			}
			return 1
		}
		return a.i - b.i
	})
	out := make([]Memory, len(hits))
	for k, h := range hits {
		out[k] = cands[h.i]
		out[k].Score = math.Round(h.score*1000) / 1000
	}
	return out, nil
}

// relevance is a goal made ready for ranking: its content words, their
// analyzed terms, and the index mapping that analyzes.
type relevance struct {
	m     *mapping.IndexMappingImpl
	an    analysis.Analyzer
	words string          // the goal without stop words (the query)
	goal  map[string]bool // its terms
}

func newRelevance(goal string) (*relevance, error) {
	m := bleve.NewIndexMapping()
	if err := recall.AddTextAnalyzer(m); err != nil {
		return nil, fmt.Errorf("northbridge: mapping: %w", err)
	}
	m.ScoringModel = bindex.BM25Scoring
	m.DefaultAnalyzer = recall.TextAnalyzer
	m.StoreDynamic, m.IndexDynamic, m.DocValuesDynamic = false, false, false
	text := bleve.NewTextFieldMapping()
	text.Analyzer = recall.TextAnalyzer
	text.Store, text.IncludeInAll, text.IncludeTermVectors, text.DocValues = false, false, false, false
	dm := bleve.NewDocumentStaticMapping()
	dm.AddFieldMappingsAt("text", text)
	m.DefaultMapping = dm
	an := m.AnalyzerNamed(recall.TextAnalyzer)
	if an == nil {
		return nil, fmt.Errorf("northbridge: no analyzer %s", recall.TextAnalyzer)
	}
	r := &relevance{m: m, an: an, words: contentWords(goal), goal: map[string]bool{}}
	for _, t := range an.Analyze([]byte(r.words)) {
		r.goal[string(t.Term)] = true
	}
	return r, nil
}

// shared is the set of the goal's terms that text carries.
func (r *relevance) shared(text string) map[string]bool {
	out := map[string]bool{}
	if len(r.goal) == 0 {
		return out
	}
	for _, t := range r.an.Analyze([]byte(text)) {
		if w := string(t.Term); r.goal[w] {
			out[w] = true
		}
	}
	return out
}

// contentWords drops English stop words from a goal. A goal is a sentence
// ("write the release doc"), not a keyword query: without this, "the"
// would make every fact with "the" relevant. The analyzer is still
// context_search's; only the query's function words go. CJK text passes
// through whole.
func contentWords(goal string) string {
	stop := analysis.NewTokenMap()
	_ = stop.LoadBytes(en.EnglishStopWords) // a constant list
	var kept []string
	for _, w := range strings.FieldsFunc(goal, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if !stop[strings.ToLower(w)] {
			kept = append(kept, w)
		}
	}
	return strings.Join(kept, " ")
}
