package recall

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
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
		if err := b.IndexAdvanced(x.newDoc(fmt.Sprintf("d%d", i), "s", text, i%2 == 0)); err != nil {
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
