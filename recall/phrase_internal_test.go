package recall

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search/query"
	"pgregory.net/rapid"
)

// TestPhraseQueryEqualsBleve holds phraseQuery to bleve's multi-phrase
// query: on a generated index, the same documents match, with the same
// scores, for phrases of one to four positions, alternatives at a
// position, a position that matches any term, and Chinese bigrams.
func TestPhraseQueryEqualsBleve(t *testing.T) {
	words := []string{"cargo", "build", "test", "fail", "run", "git", "status", "移动", "动光", "光标"}
	stems := newStemCache()
	x := &Index{text: newTextAnalyzer(stems), terms: newTermAnalyzer(stems)}
	idx, err := bleve.NewMemOnly(newMapping())
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	// Fixed texts: every pair of words side by side, in both orders and
	// apart, repeated words, and some random ones below.
	var texts []string
	for i, a := range words {
		for j, b := range words {
			texts = append(texts, a+" "+b, b+" x "+a, strings.Repeat(a+" ", i%3+1)+b+" "+words[(i+j)%len(words)])
		}
	}
	b := idx.NewBatch()
	for i, text := range texts {
		if err := b.IndexAdvanced(newDoc(fmt.Sprintf("d%d", i), keyword(fSession, "s"), text, i%2 == 0, x.terms)); err != nil {
			t.Fatal(err)
		}
	}
	if err := idx.Batch(b); err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 4).Draw(t, "positions")
		terms := make([][]string, n)
		for k := range terms {
			alts := rapid.IntRange(1, 2).Draw(t, fmt.Sprintf("alternatives %d", k))
			if k > 0 && k < n-1 && rapid.IntRange(0, 5).Draw(t, fmt.Sprintf("gap %d", k)) == 0 {
				alts = 0 // a position that matches any term
			}
			for a := 0; a < alts; a++ {
				terms[k] = append(terms[k], rapid.SampledFrom(words).Draw(t, fmt.Sprintf("term %d.%d", k, a)))
			}
		}
		want := searchAll(t, idx, query.NewMultiPhraseQuery(terms, fText))
		got := searchAll(t, idx, &phraseQuery{terms: terms, field: fText})
		if len(got) != len(want) {
			t.Fatalf("%q: %d matches, bleve's phrase query %d", terms, len(got), len(want))
		}
		for id, s := range want {
			if g, ok := got[id]; !ok || g != s {
				t.Fatalf("%q: document %s: score %v (found %v), bleve's %v", terms, id, g, ok, s)
			}
		}
	})
}

func searchAll(t *rapid.T, idx bleve.Index, q query.Query) map[string]float64 {
	req := bleve.NewSearchRequestOptions(q, 10000, 0, false)
	res, err := idx.SearchInContext(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, h := range res.Hits {
		out[h.ID] = h.Score
	}
	return out
}

// TestPhraseRunSame holds phraseRun, the searcher of plain phrases, to
// the conjunction path it replaced (phraseSearcher), on a scorch index of
// several segments: the same documents with the same scores, for a phrase
// alone (Next) and inside a conjunction with a term and in a disjunction
// (Advance, and the Count a conjunction orders its searchers by).
func TestPhraseRunSame(t *testing.T) {
	words := []string{"cargo", "build", "test", "fail", "run", "git", "status", "no", "such", "file", "移动", "动光"}
	stems := newStemCache()
	x := &Index{text: newTextAnalyzer(stems), terms: newTermAnalyzer(stems)}
	idx, err := bleve.NewUsing("", newMapping(), scorch.Name, scorch.Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	rng := rand.New(rand.NewPCG(7, 13))
	id := 0
	for batch := 0; batch < 6; batch++ { // one segment per batch
		b := idx.NewBatch()
		for i := 0; i < 150; i++ {
			n := 1 + rng.IntN(30)
			ws := make([]string, n)
			for k := range ws {
				ws[k] = words[rng.IntN(len(words))]
			}
			if err := b.IndexAdvanced(newDoc(fmt.Sprintf("d%04d", id), keyword(fSession, "s"), strings.Join(ws, " "), i%2 == 0, x.terms)); err != nil {
				t.Fatal(err)
			}
			id++
		}
		if err := idx.Batch(b); err != nil {
			t.Fatal(err)
		}
	}
	defer func() { slowPhrase = false }()
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 4).Draw(t, "positions")
		terms := make([][]string, n)
		for k := range terms {
			terms[k] = []string{rapid.SampledFrom(words).Draw(t, fmt.Sprintf("term %d", k))}
		}
		other := bleve.NewTermQuery(rapid.SampledFrom(words).Draw(t, "other"))
		other.SetField(fText)
		var q query.Query = &phraseQuery{terms: terms, field: fText}
		switch rapid.IntRange(0, 2).Draw(t, "shape") {
		case 1:
			q = bleve.NewConjunctionQuery(other, q)
		case 2:
			q = bleve.NewDisjunctionQuery(other, q)
		}
		slowPhrase = true
		want := searchAll(t, idx, q)
		slowPhrase = false
		got := searchAll(t, idx, q)
		if len(got) != len(want) {
			t.Fatalf("%q: %d matches, the conjunction path %d", terms, len(got), len(want))
		}
		for id, s := range want {
			if g, ok := got[id]; !ok || g != s {
				t.Fatalf("%q: document %s: score %v (found %v), the conjunction path's %v", terms, id, g, ok, s)
			}
		}
	})
}
