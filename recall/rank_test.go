package recall_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/english"
	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// Messages as the host archives them (the 0.1.7 wire).
func userMsg(text string) json.RawMessage {
	return mustJSON(map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": text}}, "source": map[string]any{"kind": "user"}})
}

func assistantMsg(text string) json.RawMessage {
	return mustJSON(map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "text", "text": text}}})
}

func callMsg(id, name string, args any) json.RawMessage {
	a := mustJSON(args)
	return mustJSON(map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "tool-call", "id": id, "name": name, "arguments": string(a)}}})
}

func resultMsg(id, text string) json.RawMessage {
	return mustJSON(map[string]any{"role": "tool", "toolCallId": id, "content": []any{map[string]any{"type": "text", "text": text}}, "source": map[string]any{"kind": "tool", "callId": id}})
}

// checkpointMsg is an EF checkpoint's message as a later fold archives
// it: the host's frame around the checkpoint's text, whose first line is
// its marker.
func checkpointMsg(compactionID, text string) json.RawMessage {
	return mustJSON(map[string]any{"role": "user", "content": hostshim.FrameSummary([]hostshim.Block{hostshim.TextBlock(text)}),
		"source": map[string]any{"kind": "compact-checkpoint", "compactionId": compactionID}})
}

// trialSession is the session of a new user's trial with the real host,
// folded as EF folds it: a leaf checkpoint holds the user's task (a
// request for the deploy token) and the read of the file that states it;
// the model then searched the archive, and a root fold archived the
// leaf's checkpoint message, the task again (still on the surface), the
// search call and its result (which quotes the snippets it found).
func trialSession() []recalltest.Checkpoint {
	notes := []string{"# build notes, part 1", "The deploy token is K7-QX-9931; never commit it."}
	for j := range 60 {
		notes = append(notes, fmt.Sprintf("step 1.%d: compiled crate parser_1_%d in %d ms, warnings %d", j, j, (37+j)%97, j%3))
	}
	task := userMsg("Read notes/part-1.txt to notes/part-16.txt, then tell me the deploy token.")
	leafText := "[ef-checkpoint id=ef-leaf mode=leaf seqs=2-6]\nFolded 3 surface nodes.\nUser requests:\n- Read notes/part-1.txt to notes/part-16.txt, then tell me the deploy token.\nTools: read×1\nFiles: notes/part-1.txt"
	leaf := recalltest.Checkpoint{Archive: []json.RawMessage{
		task,
		callMsg("call_read_1", "read", map[string]string{"file_path": "notes/part-1.txt"}),
		resultMsg("call_read_1", strings.Join(notes, "\n")),
	}}
	leaf.SessionID, leaf.CheckpointID, leaf.Mode, leaf.CreatedAt, leaf.Rendered = "trial", "ef-leaf", "leaf", recalltest.T0, leafText
	root := recalltest.Checkpoint{Archive: []json.RawMessage{
		checkpointMsg("leaf", leafText),
		task,
		callMsg("call_search", "context_search", map[string]string{"query": "deploy token"}),
		resultMsg("call_search", "context_search \"deploy token\" (scope: session): 2 matches, best first.\n"+
			"1. ref ef-leaf#0 · message 0 · user · folded 2025-11-30 00:00Z\n   …then tell me the **deploy** **token**.\n"+
			"2. ref ef-leaf#2 · message 2 · tool result of read · folded 2025-11-30 00:00Z\n   The **deploy** **token** is K7-QX-9931; never commit it.\n"),
		callMsg("call_recall", "mcp__epistemic-fold__context_recall", map[string]string{"ref": "ef-leaf#2"}),
		resultMsg("call_recall", "context_recall ef-leaf#2 · exact\nThe deploy token is K7-QX-9931; never commit it."),
	}}
	root.SessionID, root.CheckpointID, root.Mode, root.CreatedAt = "trial", "ef-root", "root", recalltest.T0+60_000
	root.Rendered = "[ef-checkpoint id=ef-root mode=root seqs=2-20]\nUser requests:\n- Read notes/part-1.txt to notes/part-16.txt, then tell me the deploy token.\nTools: read×1, context_search×1"
	return []recalltest.Checkpoint{leaf, root}
}

// indexedTrial indexes the trial's leaf, then its root: the first by the
// bulk build of an empty index, the second by the writer of a live one.
func indexedTrial(t *testing.T) *recall.Index {
	t.Helper()
	src := recalltest.NewMemSource()
	cs := trialSession()
	src.Put(cs[0])
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)
	src.Put(cs[1])
	recalltest.MustSync(t, x)
	return x
}

// TestSearchRanksTheSourceFirst: the trial's search for "deploy token"
// put the user's own request first, then the leaf's summary, the root's
// copy of the task, the root's summary, and the file that states the
// token fifth; after the root fold, the search's own result (an echo of
// the snippets) came first. The file ranks first now; the summaries
// (derived) follow the messages; the task, archived twice, is one hit,
// marked a question and ranked last; the leaf's checkpoint message,
// archived again by the root, is one hit with the leaf's summary; the
// search's and the recall's calls and results match no word they quote.
func TestSearchRanksTheSourceFirst(t *testing.T) {
	x := indexedTrial(t)
	for _, q := range []string{"deploy token", "what is the deploy token", "K7-QX-9931", "deploy"} {
		res := search(t, x, recall.SearchRequest{Query: q, SessionID: "trial"})
		var got []string
		for _, h := range res.Hits {
			got = append(got, h.Ref)
		}
		if len(got) == 0 || got[0] != "ef-leaf#2" {
			t.Errorf("%q: hits %v, want the read's result ef-leaf#2 first\n%s", q, got, recall.RenderSearch(res))
			continue
		}
		for _, h := range res.Hits {
			if h.CheckpointID == "ef-root" && h.Message != nil && *h.Message >= 2 {
				t.Errorf("%q: hit %s is a context_search or context_recall call or result: %q", q, h.Ref, h.Snippet)
			}
		}
		if q == "K7-QX-9931" {
			if len(got) != 1 {
				t.Errorf("%q: hits %v, want only the file (the recall's result echoes it)", q, got)
			}
			continue
		}
		// The file, the two summaries (by score), the task.
		want := []string{"ef-leaf#2", "ef-leaf", "ef-root", "ef-leaf#0"}
		if len(got) == 4 && got[1] == "ef-root" {
			want[1], want[2] = want[2], want[1]
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: hits %v, want %v\n%s", q, got, want, recall.RenderSearch(res))
			continue
		}
		for _, h := range res.Hits[1:3] {
			if h.CheckpointID == "ef-leaf" && h.Copies != 1 {
				t.Errorf("%q: the leaf's summary counts %d copies, want 1 (the root's message 0)", q, h.Copies)
			}
		}
		if h := res.Hits[3]; !h.Question || h.Copies != 1 {
			t.Errorf("%q: the task: question %v, copies %d; want a question with 1 copy (the root's message 1)", q, h.Question, h.Copies)
		}
		text := recall.RenderSearch(res)
		for _, w := range []string{"message 0 · user (a question)", "1 identical copy not listed", "checkpoint summary (leaf)"} {
			if !strings.Contains(text, w) {
				t.Errorf("%q: the text lacks %q:\n%s", q, w, text)
			}
		}
		if res.Total != 6 {
			// Every document that holds the words counts: the two copies
			// too.
			t.Errorf("%q: total %d, want 6", q, res.Total)
		}
	}
	// A smaller limit shows the first of the same hits: the search runs
	// again for more matches when the first ones fold or move down.
	full := search(t, x, recall.SearchRequest{Query: "deploy token", SessionID: "trial"})
	for limit := 1; limit < len(full.Hits); limit++ {
		res := search(t, x, recall.SearchRequest{Query: "deploy token", SessionID: "trial", Limit: limit})
		if len(res.Hits) != limit {
			t.Fatalf("limit %d: %d hits", limit, len(res.Hits))
		}
		for i, h := range res.Hits {
			if h.Ref != full.Hits[i].Ref {
				t.Errorf("limit %d: hit %d is %s, want %s", limit, i, h.Ref, full.Hits[i].Ref)
			}
		}
		// The count is the hits listed above it; the copies the hits
		// name are said apart ("3 of 15 matches shown (and 1 copy of
		// them, not listed)", not "4 of 15 matches shown" under 3 hits).
		copies := 0
		for _, h := range res.Hits {
			copies += h.Copies + h.Echoes
		}
		if text := recall.RenderSearch(res); uint64(limit+copies) < res.Total && !strings.Contains(text, fmt.Sprintf("[%d of %d matches shown", limit, res.Total)) {
			t.Errorf("limit %d: the count is not the %d hits listed:\n%s", limit, limit, text)
		} else if copies > 0 && uint64(limit+copies) < res.Total && !strings.Contains(text, fmt.Sprintf("(and %s of them, not listed)", english.Count(copies, "copy"))) {
			t.Errorf("limit %d: the %d copies are not said:\n%s", limit, copies, text)
		}
	}
	// The echoes stay findable by their tools' names.
	res := search(t, x, recall.SearchRequest{Query: "context_search", SessionID: "trial"})
	var refs []string
	for _, h := range res.Hits {
		refs = append(refs, h.Ref)
	}
	if !slices.Contains(refs, "ef-root#2") || !slices.Contains(refs, "ef-root#3") {
		t.Errorf("context_search finds %v, want its call and result (ef-root#2, ef-root#3)", refs)
	}
	res = search(t, x, recall.SearchRequest{Query: "mcp__epistemic-fold__context_recall", SessionID: "trial"})
	if len(res.Hits) != 2 || res.Hits[0].Ref+res.Hits[1].Ref != "ef-root#4ef-root#5" {
		t.Errorf("the recall's call and result by its MCP name: %+v", res.Hits)
	}
}

// putCopies puts into src three checkpoints of session "s", old, mid and
// new (a second apart), each archiving a note of its own then the same
// user message, which it returns: one message with three copies.
func putCopies(src *recalltest.MemSource) json.RawMessage {
	msg := userMsg("the flaky widget test failed again")
	for i, id := range []string{"old", "mid", "new"} {
		c := recalltest.Checkpoint{Archive: []json.RawMessage{assistantMsg(fmt.Sprintf("fold %d", i)), msg}}
		c.SessionID, c.CheckpointID, c.CreatedAt, c.Mode, c.Rendered = "s", id, recalltest.T0+int64(i)*1000, "leaf", "summary "+id
		src.Put(c)
	}
	return msg
}

// TestSearchCopiesAreOneHit: a message archived by three folds of one
// session is one hit, the earliest, counting the other two; in another
// session it is a hit of its own.
func TestSearchCopiesAreOneHit(t *testing.T) {
	src := recalltest.NewMemSource()
	msg := putCopies(src)
	other := recalltest.Checkpoint{Archive: []json.RawMessage{msg}}
	other.SessionID, other.CheckpointID, other.CreatedAt, other.Mode, other.Rendered = "s2", "x", recalltest.T0+5000, "leaf", "summary x"
	src.Put(other)
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)
	res := search(t, x, recall.SearchRequest{Query: "widget", SessionID: "s"})
	if len(res.Hits) != 1 || res.Hits[0].Ref != "old#1" || res.Hits[0].Copies != 2 || res.Total != 3 {
		t.Fatalf("hits %+v (total %d), want old#1 with 2 copies", res.Hits, res.Total)
	}
	if text := recall.RenderSearch(res); strings.Contains(text, "of 3 matches shown") {
		t.Errorf("the copies are counted as shown, not as more to see:\n%s", text)
	}
	res = search(t, x, recall.SearchRequest{Query: "widget", Scope: recall.ScopeProject})
	if len(res.Hits) != 2 {
		t.Fatalf("project: %d hits, want one per session", len(res.Hits))
	}
	// Under a limit, the count is the hits listed and their copies are
	// said apart: "2 of 5 matches shown (and 2 copies of them, not
	// listed)", not "4 of 5 matches shown" under two hits.
	more := recalltest.Checkpoint{Archive: []json.RawMessage{userMsg("the nightly build log: compiler cache warm, linker flags unchanged, timings steady, artifacts uploaded, one widget mentioned in passing among many other packages and modules and steps"), userMsg("release notes draft: storage engine, query planner, scheduler, dashboards, alerts, exports, imports, permissions, audit trail, billing, and a widget, plus docs and translations and onboarding")}}
	more.SessionID, more.CheckpointID, more.CreatedAt, more.Mode, more.Rendered = "s", "later", recalltest.T0+9000, "leaf", "summary later"
	src.Put(more)
	recalltest.MustSync(t, x)
	res = search(t, x, recall.SearchRequest{Query: "widget", SessionID: "s", Limit: 2})
	if len(res.Hits) != 2 || res.Total != 5 || res.Hits[0].Copies != 2 {
		t.Fatalf("limit 2: hits %+v (total %d), want 2 of 5, the first with 2 copies", res.Hits, res.Total)
	}
	want := "[2 of 5 matches shown (and 2 copies of them, not listed). "
	if text := recall.RenderSearch(res); !strings.Contains(text, want) {
		t.Errorf("limit 2: want %q in\n%s", want, text)
	}
}

// TestSearchSummaryEchoesAreOneHit: four root folds of one session each
// render the user's request again in their summaries; a search shows the
// best-ranked summary once, counting the others as echoes, and still
// lists a summary whose snippet differs and the message itself.
func TestSearchSummaryEchoesAreOneHit(t *testing.T) {
	src := recalltest.NewMemSource()
	for i, id := range []string{"r1", "r2", "r3", "r4"} {
		c := recalltest.Checkpoint{Archive: []json.RawMessage{assistantMsg(fmt.Sprintf("fold step %d done", i))}}
		c.SessionID, c.CheckpointID, c.CreatedAt, c.Mode = "s", id, recalltest.T0+int64(i)*1000, "root"
		c.Rendered = "[ef-checkpoint id=" + id + " mode=root]\n" + strings.Repeat("Commands: cargo build, cargo test, cargo clippy, git status. ", 6) +
			"User requests:\n- no, use the time crate. chrono pulled in a ton of deps last time\n"
		src.Put(c)
	}
	odd := recalltest.Checkpoint{Archive: []json.RawMessage{userMsg("chrono was dropped in 0.2, keep it out")}}
	odd.SessionID, odd.CheckpointID, odd.CreatedAt, odd.Mode = "s", "leaf", recalltest.T0+9000, "leaf"
	odd.Rendered = "[ef-checkpoint id=leaf mode=leaf]\nConstraints in force:\n- chrono stays out of the dependency tree\n"
	src.Put(odd)
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)
	res := search(t, x, recall.SearchRequest{Query: "chrono", SessionID: "s"})
	var summaries, echoes, messages int
	for _, h := range res.Hits {
		if h.Message == nil {
			summaries++
			echoes += h.Echoes
		} else {
			messages++
		}
	}
	if summaries != 2 || echoes != 3 || messages != 1 {
		t.Fatalf("%d summaries (%d echoes), %d messages; want 2 summaries, 3 echoes, 1 message\n%s", summaries, echoes, messages, recall.RenderSearch(res))
	}
	text := recall.RenderSearch(res)
	if !strings.Contains(text, "3 other summaries showing this passage not listed") || strings.Contains(text, "matches shown") {
		t.Errorf("the echoes are counted as shown and named:\n%s", text)
	}
}

// TestSearchPartial: models write queries whose every word no message
// holds ("deploy token value", "database decision"); the search then
// returns the messages holding the most of them, says so, and names what
// each hit lacks. Stop words only rank ("which database", "what is the
// deploy token"); quoted phrases stay required; "decision" finds
// "Decision:" (case and stemming are the analyzer's).
func TestSearchPartial(t *testing.T) {
	src := recalltest.NewMemSource()
	c := recalltest.Checkpoint{Archive: []json.RawMessage{
		userMsg("Which database should we use for the ledger?"),
		assistantMsg("Decision: we use PostgreSQL 16, not MySQL."),
		callMsg("c1", "read", map[string]string{"file_path": "notes.txt"}),
		resultMsg("c1", "The deploy token is K7-QX-9931; never commit it."),
		assistantMsg("The value of the retry limit is 5."),
		userMsg("Keep the database migrations small."),
	}}
	c.SessionID, c.CheckpointID, c.CreatedAt, c.Mode, c.Rendered = "s", "ck", recalltest.T0, "leaf", "summary"
	src.Put(c)
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)
	for _, tc := range []struct {
		q       string
		partial bool
		first   string   // ref of the first hit
		lacks   []string // of the first hit
		refs    []string // every hit, in order (nil: not checked)
	}{
		{q: "deploy token value", partial: true, first: "ck#3", lacks: []string{"value"}, refs: []string{"ck#3", "ck#4"}},
		{q: "what is the deploy token", first: "ck#3", refs: []string{"ck#3"}},
		{q: "database decision", partial: true, refs: []string{"ck#1", "ck#5", "ck#0"}},
		{q: "which database", refs: []string{"ck#5", "ck#0"}},
		{q: "decision", first: "ck#1"},
		{q: `"deploy token" value`, partial: true, first: "ck#3", lacks: []string{"value"}, refs: []string{"ck#3"}},
		{q: `"token value" deploy`}, // the phrase is nowhere: nothing
		{q: "what is the"},          // stop words only: all required, and nothing holds "what is the"
		{q: "deploy ledger migrations", partial: true, refs: []string{"ck#5", "ck#3", "ck#0"}},
	} {
		res := search(t, x, recall.SearchRequest{Query: tc.q, SessionID: "s"})
		var refs []string
		for _, h := range res.Hits {
			refs = append(refs, h.Ref)
		}
		text := recall.RenderSearch(res)
		if res.Partial != tc.partial {
			t.Errorf("%q: partial %v, want %v\n%s", tc.q, res.Partial, tc.partial, text)
		}
		if tc.partial != strings.Contains(text, "no message has every word") {
			t.Errorf("%q: the text does not say whether every word was found:\n%s", tc.q, text)
		}
		if tc.first == "" && tc.refs == nil {
			if len(refs) != 0 {
				t.Errorf("%q: hits %v, want none", tc.q, refs)
			}
			continue
		}
		if tc.first != "" && (len(refs) == 0 || refs[0] != tc.first) {
			t.Errorf("%q: hits %v, want %s first\n%s", tc.q, refs, tc.first, text)
			continue
		}
		if tc.refs != nil && !slices.Equal(refs, tc.refs) {
			t.Errorf("%q: hits %v, want %v\n%s", tc.q, refs, tc.refs, text)
		}
		if tc.lacks != nil && !slices.Equal(res.Hits[0].Lacks, tc.lacks) {
			t.Errorf("%q: the first hit lacks %v, want %v", tc.q, res.Hits[0].Lacks, tc.lacks)
		}
		for _, h := range res.Hits {
			if res.Partial && !strings.Contains(text, h.Ref+" ·") {
				t.Errorf("%q: %s not rendered", tc.q, h.Ref)
			}
			if !res.Partial && len(h.Lacks) > 0 {
				t.Errorf("%q: %s lacks %v in a search of every word", tc.q, h.Ref, h.Lacks)
			}
			for _, w := range h.Lacks {
				if !strings.Contains(text, "lacks "+w) && !strings.Contains(text, ", "+w) {
					t.Errorf("%q: the text does not say %s lacks %q:\n%s", tc.q, h.Ref, w, text)
				}
			}
		}
	}
}

// TestSearchLimitKeepsCopies: a search with a limit where a hit has
// copies shows the same hit, counting the same copies, as one without: a
// limit of 1 showed the newest copy (new#1) counting none, since it
// loaded the first match only, while 10 showed the earliest (old#1)
// counting 2. The hits of a smaller limit are the first of a larger's.
func TestSearchLimitKeepsCopies(t *testing.T) {
	src := recalltest.NewMemSource()
	putCopies(src)
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)
	for _, limit := range []int{0, 1, 3, 10, recall.MaxSearchLimit} {
		res := search(t, x, recall.SearchRequest{Query: "widget", SessionID: "s", Limit: limit})
		if len(res.Hits) != 1 || res.Hits[0].Ref != "old#1" || res.Hits[0].Copies != 2 {
			t.Errorf("limit %d: hits %+v, want old#1 with 2 copies", limit, res.Hits)
		}
	}
	// The trial: each limit's hits are the first of the largest's, with
	// the same copies and echoes.
	x = indexedTrial(t)
	for _, q := range []string{"deploy token", "deploy", "notes", "token"} {
		full := search(t, x, recall.SearchRequest{Query: q, SessionID: "trial", Limit: recall.MaxSearchLimit})
		for limit := 1; limit <= len(full.Hits); limit++ {
			res := search(t, x, recall.SearchRequest{Query: q, SessionID: "trial", Limit: limit})
			if got, want := hitKeys(res.Hits), hitKeys(full.Hits[:limit]); !slices.Equal(got, want) {
				t.Errorf("%q limit %d: hits %v, want %v", q, limit, got, want)
			}
		}
	}
}

// hitKeys are hits as "ref+copies+echoes".
func hitKeys(hs []recall.Hit) []string {
	var out []string
	for _, h := range hs {
		out = append(out, fmt.Sprintf("%s+%d+%d", h.Ref, h.Copies, h.Echoes))
	}
	return out
}
