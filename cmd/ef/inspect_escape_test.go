package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ef inspect shows a tool call's command as it was: "&&", not the
// "\u0026\u0026" an importer's encoding/json put in the arguments (trial4,
// a codex exec --json session), and "•", not an ASCII-only encoder's
// "\u2022". The --json preview reads the same.
func TestInspectShowsCallText(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "exec.jsonl")
	body := `{"type":"thread.started","thread_id":"0199a213-81c0-7800-8aa1-bbab2a035a99"}
{"type":"turn.started"}
{"type":"item.completed","item":{"id":"item_1","type":"command_execution","command":"bash -lc \"cd stacks && terraform plan > plan.txt\"","aggregated_output":"ok\n","exit_code":0,"status":"completed"}}
{"type":"item.completed","item":{"id":"item_2","type":"agent_message","text":"Planned."}}
{"type":"turn.completed","usage":{"input_tokens":10,"output_tokens":2}}
`
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "inspect", path)
	if code != 0 {
		t.Fatalf("inspect: exit %d, stderr %q", code, errs)
	}
	if strings.Contains(out, `\u0026`) || strings.Contains(out, `\u003e`) || !strings.Contains(out, `cd stacks && terraform plan >`) {
		t.Errorf("inspect shows the command escaped:\n%s", out)
	}
	code, out, _ = runCLI(t, "inspect", path, "--json")
	if code != 0 || strings.Contains(out, `\\u0026`) || !strings.Contains(out, `cd stacks && terraform plan`) {
		t.Errorf("inspect --json preview: exit %d\n%s", code, out)
	}
}

func TestReadableJSON(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"command":"a \u0026\u0026 b \u003e c"}`, `{"command":"a && b > c"}`},
		{`{"cmd": "sed -n '/x \u2022 y/p'", "n": [1, 2.50, true, null, {}], "q": "say \"hi\"\u000a"}`, `{"cmd":"sed -n '/x • y/p'","n":[1,2.50,true,null,{}],"q":"say \"hi\"\n"}`},
		{`{"path": "a.go"}`, `{"path": "a.go"}`}, // no escape: as it was
		{`not json \u0026`, `not json \u0026`},
		{`{"a":"\u0026"} {"b":1}`, `{"a":"\u0026"} {"b":1}`},
		{`{"a":"\u0026"`, `{"a":"\u0026"`},
	} {
		if got := readableJSON(c.in); got != c.want {
			t.Errorf("readableJSON(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}
