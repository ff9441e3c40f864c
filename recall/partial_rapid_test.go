package recall_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// partialVocab are words the analyzer keeps apart (no two share a stem),
// and two stop words.
var partialVocab = []string{"alpha", "bravo", "kilo", "delta", "lima", "oscar", "tango", "zulu", "the", "what"}

func isPartialStop(w string) bool { return w == "the" || w == "what" }

// TestSearchWordsProperty checks a search against a scan of the messages
// it searches: with stop words only ranking, a search of every word finds
// exactly the messages holding every other word; when none does, the
// partial search finds exactly those holding one of them (or, for a query
// of stop words only, nothing), ranks them by how many they hold, and
// says truly which each lacks. Messages of random words from a small
// vocabulary, in three sessions, make every case common.
func TestSearchWordsProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	src := recalltest.NewMemSource()
	texts := map[string][]string{} // ref (with session) → the message's words
	for s := range 3 {
		session := fmt.Sprintf("s%d", s)
		for c := range 4 {
			var archive []json.RawMessage
			for i := range 25 {
				n := 1 + rng.IntN(5)
				var ws []string
				for range n {
					ws = append(ws, partialVocab[rng.IntN(len(partialVocab))])
				}
				// Distinct texts: copies would be one hit.
				ws = append(ws, fmt.Sprintf("m%d_%d_%d", s, c, i))
				texts[fmt.Sprintf("c%d#%d@%s", c, i, session)] = ws
				if i%2 == 0 {
					archive = append(archive, userMsg(strings.Join(ws, " ")+"."))
				} else {
					archive = append(archive, resultMsg(fmt.Sprintf("call%d", i), strings.Join(ws, " ")))
				}
			}
			ck := recalltest.Checkpoint{Archive: archive}
			ck.SessionID, ck.CheckpointID, ck.Mode = session, fmt.Sprintf("c%d", c), "leaf"
			ck.CreatedAt, ck.Rendered = recalltest.T0+int64(s*10+c)*1000, "summary"
			src.Put(ck)
		}
	}
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)

	rapid.Check(t, func(rt *rapid.T) {
		q := rapid.SliceOfNDistinct(rapid.SampledFrom(partialVocab), 1, 4, rapid.ID[string]).Draw(rt, "query")
		scope := rapid.SampledFrom([]string{"", "s0", "s1"}).Draw(rt, "session")
		var content []string
		for _, w := range q {
			if !isPartialStop(w) {
				content = append(content, w)
			}
		}
		stopOnly := len(content) == 0
		if stopOnly {
			content = q // all required
		}
		req := recall.SearchRequest{Query: strings.Join(q, " "), Limit: recall.MaxSearchLimit, Budget: recall.MaxBudget, SessionID: scope}
		res, err := x.Search(t.Context(), req)
		if err != nil {
			rt.Fatal(err)
		}
		holds := func(ref string) (n int, lacks []string) {
			ws := texts[ref]
			for _, w := range content {
				if slices.Contains(ws, w) {
					n++
				} else {
					lacks = append(lacks, w)
				}
			}
			return n, lacks
		}
		all, some := 0, 0
		for ref := range texts {
			if scope != "" && !strings.HasSuffix(ref, "@"+scope) {
				continue
			}
			switch n, _ := holds(ref); {
			case n == len(content):
				all++
			case n > 0:
				some++
			}
		}
		want, partial := uint64(all), false
		if all == 0 && !stopOnly && len(content) >= 2 {
			want, partial = uint64(some), some > 0
		}
		if res.Total != want || res.Partial != partial {
			rt.Fatalf("%q in %q: total %d, partial %v; the scan: %d with all, %d with some", req.Query, scope, res.Total, res.Partial, all, some)
		}
		prev := len(content) + 1
		for _, h := range res.Hits {
			ref := h.Ref
			if !strings.Contains(ref, "@") {
				ref += "@" + scope
			}
			if h.Kind != "message" {
				rt.Fatalf("%q: hit %s is not a message", req.Query, ref)
			}
			n, lacks := holds(ref)
			if n == 0 || !partial && n != len(content) {
				rt.Fatalf("%q: hit %s holds %d of %v: %v", req.Query, ref, n, content, texts[ref])
			}
			if !slices.Equal(h.Lacks, lacks) && (partial || len(h.Lacks) > 0) {
				rt.Fatalf("%q: hit %s says it lacks %v, it lacks %v", req.Query, ref, h.Lacks, lacks)
			}
			if n > prev {
				rt.Fatalf("%q: hit %s holds %d words, after a hit holding %d", req.Query, ref, n, prev)
			}
			prev = n
		}
		if want > 0 && len(res.Hits) == 0 {
			rt.Fatalf("%q: total %d, no hits", req.Query, res.Total)
		}
	})
}
