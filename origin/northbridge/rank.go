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
	bindex "github.com/blevesearch/bleve_index_api"

	"github.com/epistemicfold/ef/recall"
)

// rank orders the candidates by BM25 relevance of their claim and source
// to the goal, analyzed with context_search's analyzer, and drops those
// that share no term with it. Ties keep the candidates' order (newest task
// first). The index is an in-memory scorch index built per request: the
// candidates are the scope's verified facts, a few hundred at most in
// practice, and 200 documents index in about 10 ms.
func rank(ctx context.Context, goal string, cands []Memory) ([]Memory, error) {
	if len(cands) == 0 {
		return nil, nil
	}
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

	idx, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
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
	words := contentWords(goal)
	if words == "" {
		return nil, nil
	}
	q := bleve.NewMatchQuery(words)
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
		hits = append(hits, hit{i, h.Score})
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
