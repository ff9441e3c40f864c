package recall_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// Words past the indexed part of a long message are not found, and the
// answer says so and points to context_recall, which reads the message
// whole: an agent told only "no matches" would take the words for absent.
func TestSearchPastIndexedBytesSaysSo(t *testing.T) {
	out := strings.Repeat("compiling crate serde ok\n", 200) + "error: zebrafinch linker failed\n"
	msgs := []json.RawMessage{
		json.RawMessage(`{"role":"user","content":"build the workspace"}`),
		json.RawMessage(`{"role":"tool","toolCallId":"c1","content":` + quote(t, out) + `}`),
	}
	src := recalltest.NewMemSource()
	for _, c := range recalltest.Fold("s", "c", msgs, 2, recalltest.T0) {
		src.Put(c)
	}
	x, _ := recalltest.MustOpen(t, src, recall.Options{MaxIndexedBytes: 1 << 10})
	recalltest.MustSync(t, x)
	ctx := context.Background()
	early, err := x.Search(ctx, recall.SearchRequest{Query: "serde", SessionID: "s"})
	if err != nil || early.Total == 0 {
		t.Fatalf("a word in the indexed part: %+v, %v", early, err)
	}
	late, err := x.Search(ctx, recall.SearchRequest{Query: "zebrafinch", SessionID: "s"})
	if err != nil || late.Total != 0 || late.IndexedBytes != 1<<10 {
		t.Fatalf("a word past the indexed part: %+v, %v", late, err)
	}
	if got := recall.RenderSearch(late); !strings.Contains(got, "Only the first 1 KiB of a message is searchable; context_recall reads a message whole.") {
		t.Errorf("no-match answer does not name the indexed part: %q", got)
	}
	if got := recall.RenderSearch(early); strings.Contains(got, "Only the first") {
		t.Errorf("an answer with matches carries the no-match note: %q", got)
	}
	page, err := x.Recall(ctx, recall.RecallRequest{Ref: "c-0#1", SessionID: "s", Depth: recall.DepthExact})
	if err != nil || !strings.Contains(recall.RenderRecall(page), "zebrafinch") {
		t.Fatalf("recall of the whole message lacks the late word: %v", err)
	}
}

func quote(t *testing.T, s string) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
