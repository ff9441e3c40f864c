package importer_test

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// OpenAI Responses API conversations (a request body with its input
// items and the response's output items, or JSONL of items) import:
// instructions are the system prompt, reasoning summaries reasoning,
// function_call and custom_tool_call are calls answered by their outputs
// by call_id (an exit code other than 0 a failure), an mcp_call and a
// code_interpreter_call hold their own result, a bare {"role", "content"}
// message reads as a typed one, and a web_search_call is a call of
// web_search with what it searched for, answered by a note that its
// results are not recorded (it was skipped, so the search the model read
// the results of left no trace). Before,
// the request body was an unknown format and the JSONL 'message has no
// "role"' at its line 2.
func TestImportResponses(t *testing.T) {
	im := importOne(t, "responses-request.json", importer.FormatResponses, []string{
		"user: Warum schlägt der Build fehl?",
		"user: Hier der Screenshot:\n[input_image omitted]",
		"assistant: Build first.\nshell {\"cmd\":[\"go\",\"build\",\"./...\"]}",
		"user: main.go:3: undefined: foo",
		"assistant: web_search {\"type\":\"search\",\"query\":\"go undefined\"}",
		"user: (the search's results are not recorded)",
		"assistant: gh.search_issues {\"q\":\"foo\"}",
		"user: rate limited",
		"assistant: foo was renamed to bar.\napply_patch {\"input\":\"*** Begin Patch\\n*** Update File: main.go\\n-foo()\\n+bar()\\n*** End Patch\"}\ncode_interpreter {\"code\":\"print(6*7)\"}",
		"user: " + importer.NoResultText,
		"user: 42",
		"assistant: Patched.",
	})
	if !inRequestHeader(im, "You are a careful coding agent.") {
		t.Error("instructions are not the system prompt")
	}
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"call_1", "mcp_1", "call_2"}) {
		t.Errorf("failed results %v", failed)
	}
	if st := im.Stats; st.ToolCalls != 5 || st.ToolResults != 4 || st.Unpaired != 1 || st.Skipped != 0 {
		t.Errorf("stats %+v", st)
	}
	// Its first line is a chat message: detected as a chat log, it is
	// imported as the Responses conversation it turns out to be (as a
	// chat log holding Anthropic blocks is an Anthropic one).
	ims, err := importer.Import(filepath.Join("testdata", "responses-items.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	checkSession(t, ims[0])
	want := []string{"user: List the files", "assistant: ls {\"dir\":\".\"}", "user: a.go\nb.go", "assistant: Two files."}
	if got := messageTexts(t, ims[0]); ims[0].Format != importer.FormatResponses || !reflect.DeepEqual(got, want) {
		t.Errorf("responses-items.jsonl: %s %q", ims[0].Format, got)
	}
}

// A call's output given as content items ([{"type": "input_text"},
// {"type": "input_image"}], as Codex writes an MCP tool's result and the
// Responses API accepts) is read as its parts: the text as recorded, an
// image named. It read as the JSON of the list ('[{"type":"input_text",
// "text":"line 1\nline 2"}]', its newlines escaped), in a Codex rollout
// and in a Responses conversation alike.
func TestImportOutputContentItems(t *testing.T) {
	codex := `{"timestamp":"t","type":"session_meta","payload":{"id":"s1"}}
{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Screenshot the page"}]}}
{"timestamp":"t","type":"response_item","payload":{"type":"function_call","name":"browser.screenshot","arguments":"{}","call_id":"c1"}}
{"timestamp":"t","type":"response_item","payload":{"type":"function_call_output","call_id":"c1","output":[{"type":"input_text","text":"Größe: 1280×720\nok"},{"type":"input_image","image_url":"data:image/png;base64,iVBORw0KGgo="}]}}
`
	items := `[{"role":"user","content":"Screenshot the page"},{"type":"function_call","name":"browser.screenshot","arguments":"{}","call_id":"c1"},{"type":"function_call_output","call_id":"c1","output":[{"type":"input_text","text":"Größe: 1280×720\nok"},{"type":"input_image","image_url":"data:image/png;base64,iVBORw0KGgo="}]}]`
	for name, data := range map[string]string{"rollout.jsonl": codex, "items.json": items} {
		ims, err := importer.ImportBytes(name, []byte(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := []string{"user: Screenshot the page", "assistant: browser.screenshot {}", "user: Größe: 1280×720\nok\n[input_image omitted]"}
		if got := messageTexts(t, ims[0]); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: messages\n got %q\nwant %q", name, got, want)
		}
	}
}

// The output of `codex exec --json` imports: completed items are the
// session (an item started and then completed is read once), a
// command_execution a shell call answered by its output (exit code 1 a
// failure), a file_change an apply_patch call answered by the files it
// changed, an mcp_tool_call a call of server.tool answered by its result
// or its error, a todo_list the agent's plan as a todo tool's call, a web search skipped; the
// thread id names the session. Before, 'unknown trajectory format'.
func TestImportCodexExec(t *testing.T) {
	im := importOne(t, "codex-exec.jsonl", importer.FormatCodexExec, []string{
		"assistant: **Looking for the failing test**\nshell {\"command\":\"bash -lc 'go test ./...'\"}",
		"user: --- FAIL: TestGröße (0.00s)\nFAIL\n",
		"assistant: todo_list {\"items\":[{\"text\":\"Fix TestGröße\",\"completed\":false},{\"text\":\"Run the tests\",\"completed\":true}]}",
		"user: [ ] Fix TestGröße\n[x] Run the tests",
		"assistant: apply_patch {\"changes\":[{\"path\":\"/p/size.go\",\"kind\":\"update\"}]}",
		"user: update /p/size.go",
		"assistant: docs.search {\"q\":\"unicode\"}",
		"user: 2 hits",
		"assistant: gh.create_pr {}",
		"user: token expired",
		"assistant: Fixed TestGröße; the PR could not be opened (token expired).",
	})
	if im.ID != "codex-exec:0199a213-81c0-7800-8aa1-bbab2a035a53" {
		t.Errorf("id %q", im.ID)
	}
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"item_1", "item_6"}) {
		t.Errorf("failed results %v", failed)
	}
	if !im.Stats.UnrecordedPrompts {
		t.Error("Stats.UnrecordedPrompts is false: the format never records the prompt")
	}
	if other, err := importer.Import(filepath.Join("testdata", "codex-rollout.jsonl")); err != nil || len(other) != 1 || other[0].Stats.UnrecordedPrompts {
		t.Errorf("a Codex rollout, which records the prompts: %v, or Stats.UnrecordedPrompts set", err)
	}
	checkStreamsAsImported(t, filepath.Join("testdata", "codex-exec.jsonl"))
}

// The hosted shell tool's shell_call ({"action": {"commands": [...]}}) is a
// shell call answered by its shell_call_output (each command's stdout and
// stderr; an exit code other than 0 or a timeout a failure), an
// apply_patch_call a call of apply_patch on its operation's file answered
// by its output ("failed" a failure), and a call of a tool this reading
// does not know is skipped with its output. Before, the file was refused:
// 'message has no "role"'.
func TestImportResponsesHostedShell(t *testing.T) {
	data := `{"type":"message","role":"user","content":[{"type":"input_text","text":"kör testerna"}]}
{"id":"sh_1","type":"shell_call","call_id":"call_1","status":"completed","action":{"commands":["cd app","pytest -q | tail -1"],"timeout_ms":120000}}
{"type":"shell_call_output","call_id":"call_1","output":[{"stdout":"","stderr":"","outcome":{"type":"exit","exit_code":0}},{"stdout":"1 failed, 410 passed\n","stderr":"","outcome":{"type":"exit","exit_code":1}}]}
{"id":"ap_1","type":"apply_patch_call","call_id":"call_2","status":"completed","operation":{"type":"update_file","path":"app/tasks.py","diff":"@@\n-retry_backoff_max=300\n+retry_backoff_max=600\n"}}
{"type":"apply_patch_call_output","call_id":"call_2","status":"failed","output":"context mismatch in app/tasks.py"}
{"id":"sh_2","type":"shell_call","call_id":"call_3","action":{"commands":["sleep 999"]}}
{"type":"shell_call_output","call_id":"call_3","output":[{"stdout":"","stderr":"","outcome":{"type":"timeout"}}]}
{"id":"x_1","type":"future_tool_call","call_id":"call_4","status":"completed"}
{"type":"future_tool_call_output","call_id":"call_4","output":"whatever"}
{"type":"message","role":"assistant","content":[{"type":"output_text","text":"1 test failar."}]}
`
	ims, err := importer.ImportBytes("shell.jsonl", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	im := ims[0]
	checkSession(t, im)
	want := []string{
		"user: kör testerna",
		"assistant: shell {\"command\":\"cd app; pytest -q | tail -1\"}",
		"user: 1 failed, 410 passed\n[exit code 1]",
		"assistant: apply_patch {\"diff\":\"@@\\n-retry_backoff_max=300\\n+retry_backoff_max=600\\n\",\"operation\":\"update_file\",\"path\":\"app/tasks.py\"}",
		"user: context mismatch in app/tasks.py",
		"assistant: shell {\"command\":\"sleep 999\"}",
		"user: [timed out]",
		"assistant: 1 test failar.",
	}
	if got := messageTexts(t, im); im.Format != importer.FormatResponses || !reflect.DeepEqual(got, want) {
		t.Errorf("%s: messages\n got %q\nwant %q", im.Format, got, want)
	}
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"call_1", "call_2", "call_3"}) {
		t.Errorf("failed results %v", failed)
	}
	if im.Stats.Skipped != 2 {
		t.Errorf("skipped %d, want 2 (the unknown call and its output)", im.Stats.Skipped)
	}
}

// The Claude Agent SDK's stream as it prints it (a system/init record,
// session_id on every record, a sub-agent's turns marked by the Task
// call in parent_tool_use_id, a closing result record) is claude-sdk,
// named by its session id; the sub-agent's turns are left out (the Task
// call's result holds what it found). Before, it read as Claude Code
// named by a digest of the file.
func TestImportClaudeSDKStream(t *testing.T) {
	im := importOne(t, "sdk-stream.jsonl", importer.FormatClaudeSDK, []string{
		"user: terraform version?",
		"assistant: Task {\"prompt\":\"find the provider pins\"}",
		"user: aws is pinned to = 5.31.0",
		"assistant: The aws provider is pinned to 5.31.0.",
	})
	if im.ID != "claude-sdk:3f2c9a10-sdk" {
		t.Errorf("id %q", im.ID)
	}
}
