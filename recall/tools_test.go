package recall_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/recall"
)

func TestToolDefinitions(t *testing.T) {
	tools := recall.Tools()
	if len(tools) != 2 || tools[0].Name != recall.ToolSearch || tools[1].Name != recall.ToolRecall {
		names := make([]string, len(tools))
		for i, td := range tools {
			names[i] = td.Name
		}
		t.Fatalf("recall.Tools() = %q, want [%q %q] (a new tool: list it here)", names, recall.ToolSearch, recall.ToolRecall)
	}
	for _, td := range tools {
		for what, raw := range map[string]json.RawMessage{"parameters": td.Parameters, "result": td.Result} {
			var schema map[string]any
			if err := json.Unmarshal(raw, &schema); err != nil {
				t.Fatalf("%s %s schema: %v", td.Name, what, err)
			}
			if schema["type"] != "object" {
				t.Errorf("%s %s schema type %v", td.Name, what, schema["type"])
			}
		}
		if len(td.Description) < 200 {
			t.Errorf("%s: description too short for a model", td.Name)
		}
	}
	// The parameter schemas name exactly the fields the args structs decode.
	for _, tc := range []struct {
		td   recall.ToolDef
		args any
	}{{tools[0], recall.SearchArgs{}}, {tools[1], recall.RecallArgs{}}} {
		var schema struct {
			Properties map[string]any `json:"properties"`
			Required   []string       `json:"required"`
		}
		_ = json.Unmarshal(tc.td.Parameters, &schema)
		b, _ := json.Marshal(tc.args)
		var fields map[string]any
		_ = json.Unmarshal(b, &fields)
		for f := range fields {
			if _, ok := schema.Properties[f]; !ok {
				t.Errorf("%s: field %q not in the schema", tc.td.Name, f)
			}
		}
		for _, r := range schema.Required {
			if _, ok := fields[r]; !ok {
				t.Errorf("%s: required %q not an always-present field", tc.td.Name, r)
			}
		}
	}
	// Results encode to objects carrying the schemas' required fields.
	x, _ := indexed(t)
	sr, _ := x.Search(context.Background(), recall.SearchRequest{Query: "cargo", Limit: 2})
	rr, _ := x.Recall(context.Background(), recall.RecallRequest{Ref: "ck-0", SessionID: sessionID(0)})
	for i, v := range []any{sr, rr} {
		var schema struct {
			Required []string `json:"required"`
		}
		_ = json.Unmarshal(tools[i].Result, &schema)
		b, _ := json.Marshal(v)
		var obj map[string]any
		_ = json.Unmarshal(b, &obj)
		for _, r := range schema.Required {
			if _, ok := obj[r]; !ok {
				t.Errorf("%s result lacks required %q: %s", tools[i].Name, r, b)
			}
		}
	}
}

func TestCallTool(t *testing.T) {
	x, _ := indexed(t)
	big := sessionID(bigSession(loadCorpus(t)))
	ctx := context.Background()
	out, err := x.CallTool(ctx, big, recall.ToolSearch, json.RawMessage(`{"query":"error[E0308]","limit":3}`))
	if err != nil || out.IsError {
		t.Fatalf("search: %v %+v", err, out)
	}
	res := out.Result.(*recall.SearchResult)
	if res.Scope != recall.ScopeSession || len(res.Hits) == 0 || out.Text != recall.RenderSearch(res) {
		t.Fatalf("search result %+v", res)
	}
	// JSON Schema's integer is any number with no fractional part: a
	// Python client's 3.0 or 3e0 is the limit 3 (it was refused: '"limit"
	// must be an integer, not number 3.0').
	for _, limit := range []string{"3.0", "3e0", "0.3e1"} {
		out, err := x.CallTool(ctx, big, recall.ToolSearch, json.RawMessage(`{"query":"error[E0308]","limit":`+limit+`}`))
		if err != nil || out.IsError || len(out.Result.(*recall.SearchResult).Hits) != len(res.Hits) {
			t.Errorf("limit %s: %v %q", limit, err, out.Text)
		}
	}
	// Follow the first hit's ref as a model would.
	args, _ := json.Marshal(map[string]any{"ref": res.Hits[0].Ref})
	out, err = x.CallTool(ctx, big, recall.ToolRecall, args)
	if err != nil || out.IsError {
		t.Fatalf("recall: %v %+v", err, out)
	}
	rr := out.Result.(*recall.RecallResult)
	if rr.Depth != recall.DepthExact || len(rr.Exact) != 1 || !strings.Contains(rr.Exact[0].Raw, "E0308") {
		t.Fatalf("recall of hit %s: %+v", res.Hits[0].Ref, rr)
	}
	if !strings.Contains(out.Text, "byte-exact JSON as archived") || !strings.Contains(out.Text, rr.Exact[0].Raw) {
		t.Fatalf("render:\n%s", out.Text)
	}
	for _, tc := range []struct {
		name, args string
		want       error
		says       string
	}{
		{recall.ToolSearch, `{"query":""}`, recall.ErrEmptyQuery, "Query syntax"},
		// A required argument left out (or null) is named as missing, not
		// read as an empty one; an empty one stays an empty query.
		{recall.ToolSearch, `{}`, recall.ErrBadArgs, `bad tool arguments: "query" is required: the words to search for.`},
		{recall.ToolSearch, `{"query":null,"limit":3}`, recall.ErrBadArgs, `"query" is required`},
		{recall.ToolSearch, ``, recall.ErrBadArgs, `"query" is required`},
		{recall.ToolRecall, `{"depth":"exact"}`, recall.ErrBadArgs, `bad tool arguments: "ref" is required: a ref from context_search or a checkpoint id.`},
		{recall.ToolRecall, `{"ref":""}`, recall.ErrBadRef, "empty ref"},
		{recall.ToolSearch, `{"query":"x","scope":"everywhere"}`, recall.ErrBadScope, "bad scope"},
		{recall.ToolSearch, `{"q":"x"}`, recall.ErrBadArgs, "unknown field"},
		{recall.ToolSearch, `{"query":5}`, recall.ErrBadArgs, `bad tool arguments: "query" must be a string, not number`},
		{recall.ToolSearch, `{"query":"x","limit":"ten"}`, recall.ErrBadArgs, `"limit" must be an integer, not string.`},
		{recall.ToolSearch, `{"query":"x","limit":2.5}`, recall.ErrBadArgs, `"limit" must be an integer, not number 2.5.`},
		{recall.ToolRecall, `{"ref":"a b"}`, recall.ErrBadRef, "A ref is"},
		{recall.ToolRecall, `{"ref":"ck-0","depth":"all"}`, recall.ErrBadDepth, `context_recall error: bad depth: "all" (want summary, detail or exact).`},
		{recall.ToolSearch, `"x"`, recall.ErrBadArgs, "the arguments must be a JSON object, not string."},
		{recall.ToolRecall, `[1]`, recall.ErrBadArgs, "the arguments must be a JSON object, not array."},
		{"context_delete", `{}`, recall.ErrUnknownTool, "unknown tool"},
		// The schemas say 1 to 50 and 1 to 500: an explicit 0 is refused
		// as -1 and 51 are (it was taken as the default), and the search's
		// error names no offset, which search does not have.
		{recall.ToolSearch, `{"query":"x","limit":0}`, recall.ErrBadLimit, "limit 0 (want 1 to 50; leave it out for the default)"},
		{recall.ToolSearch, `{"query":"x","limit":-1}`, recall.ErrBadLimit, "limit -1 (want 1 to 50"},
		{recall.ToolSearch, `{"query":"x","limit":51}`, recall.ErrBadLimit, "limit 51 (want 1 to 50"},
		{recall.ToolRecall, `{"ref":"ck-0","limit":0}`, recall.ErrBadLimit, "limit 0 (want 1 to 500; leave it out for the default)"},
		{recall.ToolRecall, `{"ref":"ck-0","limit":501}`, recall.ErrBadLimit, "limit 501 (want 1 to 500"},
		{recall.ToolRecall, `{"ref":"ck-0","offset":-1}`, recall.ErrBadOffset, "bad offset: offset -1 (want 0 or more)"},
	} {
		out, err := x.CallTool(ctx, big, tc.name, json.RawMessage(tc.args))
		if !errors.Is(err, tc.want) || !out.IsError || !strings.HasPrefix(out.Text, tc.name+" error: ") || !strings.Contains(out.Text, tc.says) || strings.Contains(out.Text, "Go value") {
			t.Errorf("%s %s: %v; text %q", tc.name, tc.args, err, out.Text)
		}
		if tc.name == recall.ToolSearch && strings.Contains(out.Text, "offset") {
			t.Errorf("%s %s: the error names an offset, which search has not: %q", tc.name, tc.args, out.Text)
		}
	}
	// A call that names no tool says so in its first words.
	if out, err := x.CallTool(ctx, big, "", json.RawMessage(`{}`)); !errors.Is(err, recall.ErrUnknownTool) || !strings.HasPrefix(out.Text, "tool call error: unknown tool") {
		t.Errorf("no tool name: %v; text %q", err, out.Text)
	}
	// A limit left out (or null) is the default, not an error.
	for _, args := range []string{`{"query":"error[E0308]"}`, `{"query":"error[E0308]","limit":null}`} {
		if out, err := x.CallTool(ctx, big, recall.ToolSearch, json.RawMessage(args)); err != nil || out.IsError {
			t.Errorf("%s: %v %q", args, err, out.Text)
		}
	}
}

// An unavailable checkpoint of the caller's own session left its summary
// in the caller's context; one of another session (every ref an MCP server
// without a session answers) left nothing there, and the text must not
// send the model looking for it ("the summary on your surface").
func TestRenderRecallUnavailable(t *testing.T) {
	own := recall.RenderRecall(&recall.RecallResult{Ref: "ef-0c5e2a71#3", CheckpointID: "ef-0c5e2a71", Status: recall.StatusUnavailable, Reason: "bundle missing"})
	if !strings.Contains(own, "unavailable — bundle missing") || !strings.Contains(own, "the summary that replaced them in your context is what remains") {
		t.Errorf("own session: %q", own)
	}
	other := recall.RenderRecall(&recall.RecallResult{Ref: "ef-0c5e2a71#3@s1", SessionID: "s1", CheckpointID: "ef-0c5e2a71", Status: recall.StatusUnavailable, Reason: "bundle missing"})
	if !strings.Contains(other, "unavailable — bundle missing") || strings.Contains(other, "your context") || strings.Contains(other, "surface") ||
		!strings.Contains(other, "Neither its summary nor its archived messages can be served") {
		t.Errorf("another session: %q", other)
	}
}

func ExampleRenderRecall() {
	r := &recall.RecallResult{
		Ref: "ck-7", CheckpointID: "ck-7", Depth: recall.DepthDetail, Status: recall.StatusOK,
		Mode: "leaf", CreatedAt: 1764460800000, Messages: 40, Offset: 0, Count: 2, Total: 40,
		Lines: []recall.DetailLine{
			{Index: 0, Role: "user", Text: "Fix the failing test in crates/x/src/lib.rs"},
			{Index: 1, Role: "assistant", Text: "[calls Bash] cargo test -p x"},
		},
		Next: &recall.RecallRequest{Ref: "ck-7", Depth: recall.DepthDetail, Offset: 2, Limit: 2},
	}
	fmt.Print(recall.RenderRecall(r))
	// Output:
	// context_recall ck-7 · detail · leaf checkpoint of 2025-11-30 00:00Z · 40 archived messages
	// messages 0–1 of 40 (indexes from 0):
	// #0 user: Fix the failing test in crates/x/src/lib.rs
	// #1 assistant: [calls Bash] cargo test -p x
	// [more. Next page: context_recall {"ref":"ck-7","depth":"detail","offset":2,"limit":2}]
}

// A search that matched nothing suggests only what would widen it: no
// project scope when the search already was the project's, no prefix when
// every word already is one, no "fewer words" unless a phrase is required
// beside other words (the search already tried each other word alone).
func TestRenderSearchNoMatchHint(t *testing.T) {
	for _, tc := range []struct {
		query     string
		scope     recall.Scope
		want, not []string
	}{
		{"flaky retry", recall.ScopeSession, []string{"other words", "a prefix (word*)", `scope "project"`}, []string{"unquoted", "fewer"}},
		{"flaky retry", recall.ScopeProject, []string{"a prefix (word*)"}, []string{`scope "project"`, "fewer"}},
		{`"flaky test" retry`, recall.ScopeProject, []string{"fewer words", "a prefix (word*)", "unquoted"}, []string{`scope "project"`}},
		{`what is the "flaky test"`, recall.ScopeProject, []string{"unquoted"}, []string{"fewer", "prefix"}},
		{"flak*", recall.ScopeProject, []string{"Try other words."}, []string{"fewer", "prefix", `scope "project"`}},
		{"flak*", recall.ScopeSession, []string{`Try other words or scope "project"`}, []string{"fewer", "prefix"}},
		{`"connection reset"`, recall.ScopeProject, []string{"a phrase's words unquoted"}, []string{"fewer", "prefix", `scope "project"`}},
	} {
		got := recall.RenderSearch(&recall.SearchResult{Query: tc.query, Scope: tc.scope})
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%q in %s: %q lacks %q", tc.query, tc.scope, got, w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(got, w) {
				t.Errorf("%q in %s: %q suggests %q", tc.query, tc.scope, got, w)
			}
		}
	}
}

// A hit's time is when its checkpoint was made, not when the message was
// written (an imported or replayed session is folded long after): the line
// said only "· 2025-11-30 00:00Z", which reads as the message's time.
func TestRenderSearchHitTimeIsTheFolds(t *testing.T) {
	msg := 3
	got := recall.RenderSearch(&recall.SearchResult{Query: "retry", Scope: recall.ScopeProject, Total: 1, Hits: []recall.Hit{{
		Ref: "ck-7#3@s1", SessionID: "s1", CheckpointID: "ck-7", Kind: "message", Message: &msg, Role: "tool",
		CreatedAt: time.Date(2025, 11, 30, 0, 0, 0, 0, time.UTC).UnixMilli(), Snippet: "**retry** failed"}}})
	if !strings.Contains(got, "message 3 · tool · folded 2025-11-30 00:00Z") {
		t.Errorf("the hit's time is not marked as the fold's:\n%s", got)
	}
}

// A hit built by hand without its message index renders, with "?" for
// the index, rather than panicking.
func TestRenderSearchHitWithoutIndex(t *testing.T) {
	for _, h := range []recall.Hit{{Kind: "message"}, {Kind: "message", Summary: true}, {}} {
		got := recall.RenderSearch(&recall.SearchResult{Query: "x", Scope: recall.ScopeProject, Total: 1, Hits: []recall.Hit{h}})
		if !strings.Contains(got, "message ?") {
			t.Errorf("%+v renders as %q", h, got)
		}
	}
}
