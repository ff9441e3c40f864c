package recall_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// A hit's "lacks" note and its snippet's marks agree: a query word of two
// words ("values-prod") is a phrase, which the index matches on whole
// words only, so a text holding it only inside a longer word
// ("values-prod.yaml", the words "values" and "prod.yaml") lacks it and
// its snippet does not mark it (trial 14: "lacks values-prod" beside
// **values**-**prod.yaml**). Near misses: the phrase as whole words is
// found and marked; a one-word query still finds and marks an identifier
// part ("prod" in "prod.yaml"). English and Portuguese.
func TestSearchLacksAgreesWithSnippet(t *testing.T) {
	src := recalltest.NewMemSource()
	c := recalltest.Checkpoint{Archive: []json.RawMessage{
		userMsg("blz. regras: n mexe no values-prod.yaml do chart, e n usa kubectl apply direto"),
		userMsg("rules: never touch values-prod.yaml in the chart"),
		userMsg("the values-prod file is the chart's production overrides"),
		userMsg("prod.yaml holds the overrides"),
	}}
	c.SessionID, c.CheckpointID, c.CreatedAt, c.Mode, c.Rendered = "s", "ck", recalltest.T0, "leaf", "summary"
	src.Put(c)
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)
	for _, tc := range []struct {
		q, ref string
		lacks  []string
		marked []string // in the hit's snippet
		not    []string // not in it
	}{
		{"n mexe no values-prod", "ck#0", []string{"values-prod"}, []string{"**mexe**"}, []string{"**values**", "**prod.yaml**"}},
		{"never touch values-prod", "ck#1", []string{"values-prod"}, []string{"**touch**"}, []string{"**values**", "**prod.yaml**"}},
		{"values-prod overrides", "ck#2", nil, []string{"**values**-**prod**", "**overrides**"}, nil},
		{"prod", "ck#3", nil, []string{"**prod.yaml**"}, nil},
	} {
		res := search(t, x, recall.SearchRequest{Query: tc.q, SessionID: "s"})
		i := slices.IndexFunc(res.Hits, func(h recall.Hit) bool { return h.Ref == tc.ref })
		if i < 0 {
			t.Errorf("%q: no hit %s in\n%s", tc.q, tc.ref, recall.RenderSearch(res))
			continue
		}
		h := res.Hits[i]
		if !slices.Equal(h.Lacks, tc.lacks) {
			t.Errorf("%q: %s lacks %v, want %v", tc.q, tc.ref, h.Lacks, tc.lacks)
		}
		for _, m := range tc.marked {
			if !strings.Contains(h.Snippet, m) {
				t.Errorf("%q: snippet %q does not mark %s", tc.q, h.Snippet, m)
			}
		}
		for _, m := range tc.not {
			if strings.Contains(h.Snippet, m) {
				t.Errorf("%q: snippet %q marks %s, which the hit lacks", tc.q, h.Snippet, m)
			}
		}
	}
}
