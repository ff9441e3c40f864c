package recall_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// copiesVocab are the words of the messages of TestSearchLimitProperty:
// few, so that most messages match a query and many score alike.
var copiesVocab = []string{"alpha", "bravo", "kilo", "delta"}

// copiesStore builds a store of one or two sessions whose checkpoints
// archive messages drawn from a small set (so that later folds archive
// copies of earlier ones): statements, questions, tool results, and the
// summaries of the session's earlier checkpoints, whose rendered texts
// often say the same thing (echoes).
func copiesStore(seed uint64) *recalltest.MemSource {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	words := func() string {
		n := 1 + rng.IntN(3)
		ws := make([]string, n)
		for i := range ws {
			ws[i] = copiesVocab[rng.IntN(len(copiesVocab))]
		}
		return strings.Join(ws, " ")
	}
	var pool []json.RawMessage
	for i := range 3 + rng.IntN(6) {
		switch rng.IntN(4) {
		case 0:
			pool = append(pool, userMsg("note "+words()+"."))
		case 1:
			pool = append(pool, userMsg("what about "+words()+"?"))
		case 2:
			pool = append(pool, resultMsg(fmt.Sprintf("call%d", i), words()))
		default:
			pool = append(pool, assistantMsg(words()+" done."))
		}
	}
	src := recalltest.NewMemSource()
	for s := range 1 + rng.IntN(2) {
		session := fmt.Sprintf("s%d", s)
		var rendered []string // earlier checkpoints' texts
		for c := range 1 + rng.IntN(5) {
			id := fmt.Sprintf("c%d", c)
			var archive []json.RawMessage
			for range 1 + rng.IntN(4) {
				archive = append(archive, pool[rng.IntN(len(pool))])
			}
			if len(rendered) > 0 && rng.IntN(2) == 0 {
				k := rng.IntN(len(rendered))
				archive = append([]json.RawMessage{checkpointMsg(fmt.Sprintf("c%d", k), rendered[k])}, archive...)
			}
			mode := "leaf"
			if c > 0 && rng.IntN(2) == 0 {
				mode = "root"
			}
			// A long summary's snippet leaves out its marker: summaries
			// stating the same request echo one another.
			pad := strings.Repeat("Commands: go build, go test, git status. ", 8)
			text := fmt.Sprintf("[ef-checkpoint id=%s mode=%s]\n%s\nUser requests:\n- note %s\n", id, mode, pad, words())
			if rng.IntN(2) == 0 {
				text = fmt.Sprintf("[ef-checkpoint id=%s mode=%s]\n%s\nUser requests:\n- note alpha bravo\n", id, mode, pad)
			}
			rendered = append(rendered, text)
			ck := recalltest.Checkpoint{Archive: archive}
			ck.SessionID, ck.CheckpointID, ck.Mode, ck.Rendered = session, id, mode, text
			ck.CreatedAt = recalltest.T0 + int64(c)*1000
			if rng.IntN(4) == 0 && c > 0 {
				ck.CreatedAt -= 1000 // two checkpoints of one time
			}
			src.Put(ck)
		}
	}
	return src
}

// TestSearchLimitProperty: over random stores with copies and echoes, for
// every limit, the hits are the first of the largest limit's, each the
// same ref counting the same copies and echoes; no limit is a limit of
// DefaultSearchLimit.
func TestSearchLimitProperty(t *testing.T) {
	base := t.TempDir()
	rapid.Check(t, func(rt *rapid.T) {
		seed, q, session, x := drawCopiesIndex(t, rt, base)
		defer x.Close()
		req := recall.SearchRequest{Query: strings.Join(q, " "), SessionID: session, Budget: recall.MaxBudget}
		req.Limit = recall.MaxSearchLimit
		full, err := x.Search(t.Context(), req)
		if err != nil {
			rt.Fatalf("store seed %d: %v", seed, err)
		}
		if full.Cut {
			rt.Skip("the largest page was cut by the budget")
		}
		want := hitKeys(full.Hits)
		for limit := range min(len(full.Hits), 12) + 1 {
			req.Limit = limit
			res, err := x.Search(t.Context(), req)
			if err != nil {
				rt.Fatalf("store seed %d: limit %d: %v", seed, limit, err)
			}
			n := limit
			if limit == 0 {
				n = recall.DefaultSearchLimit
			}
			n = min(n, len(want))
			if got := hitKeys(res.Hits); !slices.Equal(got, want[:n]) {
				rt.Fatalf("store seed %d, query %q, session %q, limit %d: hits (ref+copies+echoes)\n%v\nwant the first %d of\n%v",
					seed, req.Query, session, limit, got, n, want)
			}
			if res.Total != full.Total {
				rt.Fatalf("store seed %d: limit %d: total %d, want %d", seed, limit, res.Total, full.Total)
			}
		}
	})
}

// drawCopiesIndex draws a store seed, a query of one or two of copiesVocab's
// words and a session scope ("" for the project), and opens and syncs an
// index of the seed's copiesStore under base: what the copy properties
// search.
func drawCopiesIndex(t *testing.T, rt *rapid.T, base string) (seed uint64, q []string, session string, x *recall.Index) {
	seed = rapid.Uint64().Draw(rt, "store seed")
	q = rapid.SliceOfNDistinct(rapid.SampledFrom(copiesVocab), 1, 2, rapid.ID[string]).Draw(rt, "query")
	session = rapid.SampledFrom([]string{"", "s0"}).Draw(rt, "session")
	x, err := recall.Open(filepath.Join(base, fmt.Sprint(seed)), copiesStore(seed), recall.Options{})
	if err != nil {
		rt.Fatalf("store seed %d: open: %v", seed, err)
	}
	if _, err := x.Sync(t.Context()); err != nil {
		x.Close()
		rt.Fatalf("store seed %d: sync: %v", seed, err)
	}
	return seed, q, session, x
}
