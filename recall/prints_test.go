package recall_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/epistemicfold/ef/recall"
)

// TestCopyPrintsProperty: over random stores with copies and echoes, a
// search that tells copies by their stored prints answers exactly as one
// that loads every text to compare them (an index without prints): the
// same hits, refs, copy and echo counts, snippets and metas, for every
// limit.
func TestCopyPrintsProperty(t *testing.T) {
	base := t.TempDir()
	rapid.Check(t, func(rt *rapid.T) {
		seed, q, session, x := drawCopiesIndex(t, rt, base)
		defer x.Close()
		for _, limit := range []int{1, 2, 3, 5, 8, recall.MaxSearchLimit} {
			req := recall.SearchRequest{Query: strings.Join(q, " "), SessionID: session, Budget: recall.MaxBudget, Limit: limit}
			got, err := x.Search(t.Context(), req)
			if err != nil {
				rt.Fatalf("store seed %d: %v", seed, err)
			}
			restore := recall.SetIgnorePrints(true)
			want, err := x.Search(t.Context(), req)
			restore()
			if err != nil {
				rt.Fatalf("store seed %d: %v", seed, err)
			}
			if g, w := printHits(got.Hits), printHits(want.Hits); !slices.Equal(g, w) || got.Total != want.Total {
				rt.Fatalf("store seed %d, query %q, session %q, limit %d: with prints (total %d)\n%v\nwithout (total %d)\n%v",
					seed, req.Query, session, limit, got.Total, strings.Join(g, "\n"), want.Total, strings.Join(w, "\n"))
			}
		}
	})
}

func printHits(hs []recall.Hit) []string {
	var out []string
	for _, h := range hs {
		out = append(out, fmt.Sprintf("%s+%d+%d %s %v %v q=%v %q", h.Ref, h.Copies, h.Echoes, h.Role, h.Tools, h.Error, h.Question, h.Snippet))
	}
	return out
}

// TestCopyPrint: a copy print is stored, so it must not change from build
// to build; it tells role, tools and text apart, and a message with no
// text has none (0).
func TestCopyPrint(t *testing.T) {
	if got, want := recall.CopyPrint("tool", []string{"bash"}, "No ready issues available"), uint64(0x731e0f58fbfe285a); got != want {
		t.Errorf("CopyPrint = %#x, want %#x (stored in indexes: changing it needs a new schema version)", got, want)
	}
	if recall.CopyPrint("user", nil, "") != 0 {
		t.Error("a message with no text has a print")
	}
	seen := map[uint64]string{}
	for _, c := range []struct {
		role  string
		tools []string
		text  string
	}{
		{"tool", []string{"bash"}, "ok"}, {"tool", []string{"bash", "ls"}, "ok"}, {"tool", []string{"bashls"}, "ok"},
		{"tool", nil, "ok"}, {"assistant", nil, "ok"}, {"tool", []string{"bash"}, "ok "}, {"", nil, "\x00ok"},
	} {
		p := recall.CopyPrint(c.role, c.tools, c.text)
		k := fmt.Sprintf("%q %q %q", c.role, c.tools, c.text)
		if was, ok := seen[p]; ok || p == 0 {
			t.Errorf("%s: print %#x, as %s", k, p, was)
		}
		seen[p] = k
	}
}
