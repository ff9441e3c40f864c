package recall

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
)

func TestFindPaths(t *testing.T) {
	got := findPaths("error: crates/gitafter/src/views.rs:1384:462 see ./README.md and /etc/hosts, not e.g. or 1/2 or //", 10)
	want := []string{"crates/gitafter/src/views.rs", "./README.md", "/etc/hosts"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestExtractMessage(t *testing.T) {
	names := map[string]string{}
	call := json.RawMessage(`{"role":"assistant","content":[{"type":"text","text":"Reading it."},{"type":"tool-call","id":"c1","name":"Read","arguments":"{\"file_path\":\"/home/u/crates/x/src/lib.rs\",\"limit\":20}"}]}`)
	f := extractMessage(call, names, 1<<20)
	if f.Role != "assistant" || !slices.Equal(f.Tools, []string{"Read"}) || !slices.Contains(f.Paths, "crates/x/src/lib.rs") || !slices.Contains(f.Paths, "lib.rs") {
		t.Fatalf("call: %+v", f)
	}
	// A Gen01 tool result (user message with a tool-result block) is a
	// "tool" message named after the call it answers.
	res := json.RawMessage(`{"role":"user","content":[{"type":"tool-result","toolCallId":"c1","isError":true,"content":[{"type":"text","text":"No such file: src/main.rs"}]}]}`)
	f = extractMessage(res, names, 1<<20)
	if f.Role != "tool" || !f.IsError || !slices.Equal(f.Tools, []string{"Read"}) || !slices.Contains(f.Paths, "src/main.rs") || f.Text != "No such file: src/main.rs" {
		t.Fatalf("result: %+v", f)
	}
	f = extractMessage(json.RawMessage(`{"not":"a message"}`), names, 8)
	if f.Role != "unknown" || f.Text != `{"not":"` {
		t.Fatalf("opaque: %+v", f)
	}
}

func TestCountTokens(t *testing.T) {
	for s, want := range map[string]int64{"": 0, "hello, world": 2, "移动光标": 3, "包": 1, "Vim 编辑器 test_x": 4} {
		if got := countTokens(s); got != want {
			t.Errorf("countTokens(%q) = %d, want %d", s, got, want)
		}
	}
}
