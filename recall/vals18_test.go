package recall_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// A user trial searched "E0502" with --limit 3 in a store where a leaf
// fold archived the build error and root folds rendered the same passage
// again, each archiving the summary before it: the answer listed two hits
// and said "[2 of 12 matches shown (and 6 copies of them, not listed)]
// For more, repeat with a larger limit", though no limit showed more. The
// copies of an echoed summary were counted nowhere. Every match is now a
// hit or counted by one: the hits and their copies and echoes add up to
// the matches, and no footer asks for a larger limit.
func TestSearchEchoCopiesCounted(t *testing.T) {
	src := recalltest.NewMemSource()
	passage := "Failures:\n- cargo build -p agg-server: resolved (failed: error[E0502]: cannot borrow `self` as mutable)\n"
	pad := strings.Repeat("Commands: cargo build, cargo test, cargo clippy, git status. ", 6)
	prev, prevID := "", ""
	for i, id := range []string{"leaf", "r1", "r2", "r3"} {
		mode := "root"
		archive := []json.RawMessage{assistantMsg(fmt.Sprintf("fold step %d done", i))}
		if i == 0 {
			mode = "leaf"
			archive = []json.RawMessage{resultMsg("c1", "error[E0502]: cannot borrow `self` as mutable because it is also borrowed as immutable")}
		} else {
			// a root fold archives the checkpoint message before it
			archive = append([]json.RawMessage{checkpointMsg(prevID, prev)}, archive...)
		}
		text := "[ef-checkpoint id=" + id + " mode=" + mode + "]\n" + pad + "\n" + passage
		c := recalltest.Checkpoint{Archive: archive}
		c.SessionID, c.CheckpointID, c.CreatedAt, c.Mode, c.Rendered = "s", id, recalltest.T0+int64(i)*1000, mode, text
		src.Put(c)
		prev, prevID = text, id
	}
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)
	full := search(t, x, recall.SearchRequest{Query: "E0502", Limit: recall.MaxSearchLimit})
	for _, limit := range []int{1, 2, 3, recall.MaxSearchLimit} {
		res := search(t, x, recall.SearchRequest{Query: "E0502", Limit: limit})
		counted := uint64(len(res.Hits))
		for _, h := range res.Hits {
			counted += uint64(h.Copies + h.Echoes)
		}
		text := recall.RenderSearch(res)
		if limit >= len(full.Hits) {
			if counted != res.Total || strings.Contains(text, "larger") {
				t.Errorf("limit %d: %d hits counting %d of %d matches:\n%s", limit, len(res.Hits), counted, res.Total, text)
			}
			continue
		}
		// near miss: a limit below the hits still asks for a larger one
		if len(res.Hits) != limit || !strings.Contains(text, fmt.Sprintf("[%d of %d matches shown", limit, res.Total)) {
			t.Errorf("limit %d: %d hits:\n%s", limit, len(res.Hits), text)
		}
	}
	if len(full.Hits) != 2 {
		t.Errorf("%d hits, want the message and the leaf's summary:\n%s", len(full.Hits), recall.RenderSearch(full))
	}
}
