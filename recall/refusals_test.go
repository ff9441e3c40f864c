package recall_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// A ref naming a session that is a path ("…@../../etc", escaped or not)
// or a checkpoint id the store could never hold is refused as an invalid
// id naming the rule, not answered as a session or checkpoint the store
// happens not to hold ("unknown session", "no session: add @<session>").
func TestParseRefRefusesPathIDs(t *testing.T) {
	for _, c := range []struct {
		ref, want string // want: "" for a ref that parses
	}{
		{"ef-1#3@../../etc", `invalid session id after '@': "../../etc" is a path with a ".." segment`},
		{"ef-1#3@..%2f..%2fetc", `invalid session id after '@': "../../etc" is a path with a ".." segment`},
		{"ef-1@..", `".." segment`},
		{"ef-1@.", `"." segment`},
		{"ef-1@a%2f.%2fb", `"." segment`},
		{`ef-1@x%5c..%5cy`, `".." segment`},
		{"ef-1@a%00b", "holds a NUL"},
		{"../../etc/passwd", `invalid checkpoint id "../../etc/passwd" (want 1 to 128 characters from [A-Za-z0-9._-], no leading dot)`},
		{"../../etc/passwd@x", `invalid checkpoint id "../../etc/passwd"`},
		{".hidden@x", "invalid checkpoint id"},
		{"a/b#1@x", "invalid checkpoint id"},
		{strings.Repeat("a", 129) + "@x", "invalid checkpoint id"},
		// near misses: dots that are no path segment, slashes without one
		{"ef-1@..a", ""}, {"ef-1@a..b", ""}, {"ef-1@...", ""}, {"ef-1@.hidden", ""}, {"ef-1@a%2fb", ""},
		{"ef-0c5e2a71-9d3b-8f46-a1c8-5b7e3d9f2a64#12@mini-swe-agent:9cc2790246058aed", ""},
		{"ef-1@claude-code:865916aa-1e0f-4d43-9f1d-2f0a3c1b7e55", ""}, {"ef-1@%E4%BC%9A%E8%AF%9D", ""},
		{"prune-3.x_y#0:100@s", ""}, {strings.Repeat("a", 128), ""}, {"ef-1@a%09b", ""},
	} {
		_, err := recall.ParseRef(c.ref)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("ParseRef(%q): %v, want it parsed", c.ref, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("ParseRef(%q): %v, want an error saying %q", c.ref, err, c.want)
		case c.want != "" && !errors.As(err, new(*recall.RefError)):
			t.Errorf("ParseRef(%q): %T, want a *recall.RefError", c.ref, err)
		}
	}
}

// The session a recall falls back on (the caller's, --session) follows
// the same rule.
func TestRecallRefusesAPathSession(t *testing.T) {
	src := recalltest.NewMemSource()
	_, err := recall.Recall(context.Background(), src, recall.RecallRequest{Ref: "ef-1", SessionID: "../../etc"}, recall.Options{})
	var re *recall.RefError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "invalid session id") || !strings.Contains(err.Error(), recall.SessionIDRule) {
		t.Fatalf("recall in session ../../etc: %v, want an invalid session id naming the rule", err)
	}
}

// The trial: one byte of a bundle changed, ef search still listed its hit
// with a snippet from the index and no mark, and only the recall of it
// said "corrupt". A hit whose checkpoint cannot be read is left out (the
// index is derived; the bundle is the truth, and recall serves none of
// it), its place goes to the next match, and a note names the checkpoint,
// why, and ef store verify.
func TestSearchLeavesOutHitsOfUnreadableCheckpoints(t *testing.T) {
	src := recalltest.NewMemSource()
	for i := range 4 {
		msg, _ := json.Marshal(map[string]string{"role": "user", "content": fmt.Sprintf("zebra stripes, note %d of %s", i, strings.Repeat("zebra ", 4-i))})
		other, _ := json.Marshal(map[string]string{"role": "user", "content": fmt.Sprintf("giraffe %d", i)})
		c := recalltest.Checkpoint{Archive: []json.RawMessage{msg, other}}
		c.SessionID, c.CheckpointID, c.Mode, c.CreatedAt = "s1", fmt.Sprintf("ck-%d", i), "leaf", recalltest.T0+int64(i)*60_000
		c.Rendered = fmt.Sprintf("checkpoint %d", i)
		src.Put(c)
	}
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)
	ctx := context.Background()
	search := func(limit int) *recall.SearchResult {
		t.Helper()
		res, err := x.Search(ctx, recall.SearchRequest{Query: "zebra", Limit: limit})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	ids := func(r *recall.SearchResult) []string {
		var out []string
		for _, h := range r.Hits {
			out = append(out, h.CheckpointID)
		}
		return out
	}
	before := search(2)
	if len(before.Hits) != 2 || len(before.Unavailable) != 0 {
		t.Fatalf("intact store: hits %v, unavailable %v", ids(before), before.Unavailable)
	}
	top := before.Hits[0].CheckpointID
	src.Break("s1", top, "corrupt")
	// A broken checkpoint the query does not reach is not mentioned.
	src.Break("s1", "ck-none", "corrupt")

	after := search(2)
	if got := ids(after); len(got) != 2 || strings.Contains(strings.Join(got, " "), top) {
		t.Errorf("hits %v, want two hits, none of the broken %s", got, top)
	}
	if got := ids(after); len(got) == 2 && got[0] != before.Hits[1].CheckpointID {
		t.Errorf("hits %v: the second hit of the intact store should come first now", got)
	}
	if len(after.Unavailable) != 1 || after.Unavailable[0].CheckpointID != top || after.Unavailable[0].SessionID != "s1" ||
		after.Unavailable[0].Hits != 1 || !strings.Contains(after.Unavailable[0].Reason, "corrupt") {
		t.Errorf("unavailable %+v, want %s with one hit, corrupt", after.Unavailable, top)
	}
	text := recall.RenderSearch(after)
	for _, want := range []string{"Left out: 1 hit of checkpoint " + top + " (session s1)", "corrupt", "ef store verify"} {
		if !strings.Contains(text, want) {
			t.Errorf("the rendered search does not say %q:\n%s", want, text)
		}
	}
	b, _ := json.Marshal(after)
	if !strings.Contains(string(b), `"unavailable":[{"sessionId":"s1","checkpointId":"`+top+`"`) {
		t.Errorf("the JSON does not list the unavailable checkpoint: %s", b)
	}

	// Repaired, the hit is back and nothing is noted.
	src.Break("s1", top, "")
	if again := search(2); ids(again)[0] != top || len(again.Unavailable) != 0 || strings.Contains(recall.RenderSearch(again), "Left out") {
		t.Errorf("after the repair: hits %v, unavailable %v", ids(again), again.Unavailable)
	}
}
