package recall_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// FuzzParseRef: any text parses to a ref or a *RefError, never a panic,
// and a parsed ref prints (FormatRef) to text that parses back to it.
func FuzzParseRef(f *testing.F) {
	for _, s := range []string{"ckpt-7", "ckpt-7#12", "ckpt-7#12:300", "ef-1#0@claude-sdk:7583", "a@..%2F..%2Fetc", "x#", "#1", "a:1", "ckpt-1#99999999999999999999@x", " a@b%zz", "a@"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := recall.ParseRef(s)
		if err != nil {
			var re *recall.RefError
			if !errors.As(err, &re) || !errors.Is(err, recall.ErrBadRef) {
				t.Fatalf("ParseRef(%q): %v is no *RefError wrapping ErrBadRef", s, err)
			}
			return
		}
		text := recall.FormatRef(r, "")
		back, err := recall.ParseRef(text)
		if err != nil {
			t.Fatalf("ParseRef(%q) = %+v prints as %q, which does not parse: %v", s, r, text, err)
		}
		if !reflect.DeepEqual(back, r) {
			t.Fatalf("ParseRef(%q) = %+v prints as %q, which parses to %+v", s, r, text, back)
		}
	})
}

// fuzzMessages are a small session's archived messages: English, Chinese,
// a tool call with a path and a Rust error.
var fuzzMessages = []string{
	`{"id":"m0","role":"user","content":[{"type":"text","text":"Please fix the failing test in src/lib.rs; 输出文件结构"}]}`,
	`{"id":"m1","role":"assistant","content":[{"type":"text","text":"Running cargo test."},{"type":"tool-call","id":"c1","name":"Bash","arguments":"{\"command\":\"cargo test -p core\"}"}]}`,
	`{"id":"m2","role":"tool","content":[{"type":"tool-result","toolCallId":"c1","content":[{"type":"text","text":"error[E0308]: mismatched types at src/lib.rs:12"}],"isError":true}]}`,
	`{"id":"m3","role":"assistant","content":[{"type":"text","text":"The threshold is 0.85 now; deploy to staging."}]}`,
}

// FuzzToolCall: any arguments to context_search or context_recall, as a
// model or an MCP client sends them, get an answer or a request error that
// says what to fix (an error output with text), never a panic and never
// an internal error. The query parser, the ref parser and the argument
// decoder all sit behind CallTool.
func FuzzToolCall(f *testing.F) {
	src := recalltest.NewMemSource()
	var msgs []json.RawMessage
	for _, m := range fuzzMessages {
		msgs = append(msgs, json.RawMessage(m))
	}
	for _, ck := range recalltest.Fold("s1", "ck", msgs, 2, recalltest.T0) {
		src.Put(ck)
	}
	x, _ := recalltest.MustOpen(f, src, recall.Options{})
	recalltest.MustSync(f, x)
	for _, q := range []string{`cargo`, `"mismatched types"`, `thres*`, `文件`, `error[E0308]`, `src/lib.rs`, `ck-1`, `"`, `a*b`, `*`, `""`, "x\u0000",
		`what is the cargo value`, `"mismatched types" nosuchword`, `the what is`, `cargo thres* 文件 nosuchword`, `Which? database decision`} {
		b, _ := json.Marshal(map[string]any{"query": q})
		f.Add(false, b)
		b, _ = json.Marshal(map[string]any{"query": q, "scope": "session", "limit": 3})
		f.Add(false, b)
	}
	for _, r := range []string{`ck-0`, `ck-1#1`, `ck-1#0:5`, `ck-0@s1`, `ck-9`, `ck-0#99`, `../x`} {
		for _, d := range []string{"", "summary", "detail", "exact"} {
			b, _ := json.Marshal(map[string]any{"ref": r, "depth": d})
			f.Add(true, b)
		}
	}
	f.Add(true, []byte(`{"ref":"ck-0","offset":-1,"limit":1e10}`))
	f.Add(false, []byte(`{"query":"cargo","limit":5.0}`))
	f.Add(false, []byte(`[]`))
	f.Add(false, []byte(`{"query":"a"} {}`))
	requestErrors := []error{recall.ErrBadArgs, recall.ErrEmptyQuery, recall.ErrQueryTooLong, recall.ErrBadQuery,
		recall.ErrBadScope, recall.ErrBadLimit, recall.ErrBadOffset, recall.ErrBadRef, recall.ErrBadDepth, recall.ErrUnavailable, recall.ErrNoCheckpoint, recall.ErrNoMessage, recall.ErrPastEnd}
	f.Fuzz(func(t *testing.T, isRecall bool, args []byte) {
		name := recall.ToolSearch
		if isRecall {
			name = recall.ToolRecall
		}
		out, err := x.CallTool(context.Background(), "s1", name, args)
		if err == nil {
			if out.Text == "" {
				t.Fatalf("%s %s: no error and no text", name, args)
			}
			return
		}
		if !out.IsError || out.Text == "" {
			t.Fatalf("%s %s: error %v answered with %+v", name, args, err, out)
		}
		for _, want := range requestErrors {
			if errors.Is(err, want) {
				return
			}
		}
		t.Fatalf("%s %s: %v is not a request error (%s)", name, args, err, fmt.Sprintf("%T", err))
	})
}
