package importer_test

import (
	"reflect"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
)

// A Cline task's api_conversation_history.json: the assistant's XML tool
// calls become tool calls, each "[tool for '…'] Result:" block answers
// the call before, a denied call is an interruption and the feedback
// given with it the user's words, the <task> is unwrapped, the answer to
// ask_followup_question is the user's message (the call's result says so
// and does not repeat it), and <environment_details> is the extension's
// chatter.
func TestImportCline(t *testing.T) {
	doc := `[
{"role":"user","content":[{"type":"text","text":"<task>\nAdd retry logic to src/api/checkout.ts. Never touch the migrations folder.\n</task>"},{"type":"text","text":"<environment_details>\n# VSCode Visible Files\nsrc/api/checkout.ts\n</environment_details>"}]},
{"role":"assistant","content":[{"type":"text","text":"<thinking>\nRun the tests first.\n</thinking>\n\n<execute_command>\n<command>pnpm test src/api</command>\n<requires_approval>false</requires_approval>\n</execute_command>"}]},
{"role":"user","content":[{"type":"text","text":"[execute_command for 'pnpm test src/api'] Result:"},{"type":"text","text":"Command executed.\nOutput:\nFAIL src/api/checkout.test.ts"},{"type":"text","text":"<environment_details>\n# Current Mode\nACT MODE\n</environment_details>"}]},
{"role":"assistant","content":[{"type":"text","text":"<replace_in_file>\n<path>src/api/checkout.ts</path>\n<diff>\n------- SEARCH\nA\n=======\nB\n+++++++ REPLACE\n</diff>\n</replace_in_file>"}]},
{"role":"user","content":[{"type":"text","text":"[replace_in_file for 'src/api/checkout.ts'] Result:"},{"type":"text","text":"The user denied this operation."},{"type":"text","text":"The user provided the following feedback:\n<feedback>\nactually make the timeout 45s\n</feedback>"}]},
{"role":"assistant","content":[{"type":"text","text":"<ask_followup_question>\n<question>How many attempts?</question>\n</ask_followup_question>"}]},
{"role":"user","content":[{"type":"text","text":"[ask_followup_question for 'How many attempts?'] Result:"},{"type":"text","text":"<answer>\n3 attempts\n</answer>"}]}
]`
	ims, err := importer.ImportBytes("api_conversation_history.json", []byte(doc))
	if err != nil || len(ims) != 1 {
		t.Fatalf("ImportBytes: %v %+v", err, ims)
	}
	im := ims[0]
	if im.Format != importer.FormatCline {
		t.Errorf("format %q, want %q", im.Format, importer.FormatCline)
	}
	got := markedMessages(t, im)
	want := []string{
		"user - Add retry logic to src/api/checkout.ts. Never touch the migrations folder.",
		"user chatter <environment_details>\n# VSCode Visible Files\nsrc/api/checkout.ts\n</environment_details>",
		"assistant - <thinking>\nRun the tests first.\n</thinking>\nexecute_command {\"command\":\"pnpm test src/api\",\"requires_approval\":\"false\"}",
		"user - Command executed.\nOutput:\nFAIL src/api/checkout.test.ts",
		"user chatter <environment_details>\n# Current Mode\nACT MODE\n</environment_details>",
		"assistant - replace_in_file {\"diff\":\"------- SEARCH\\nA\\n=======\\nB\\n+++++++ REPLACE\",\"path\":\"src/api/checkout.ts\"}",
		"user " + hostshim.InjectedInterruption + " The user denied this operation.",
		"user - actually make the timeout 45s",
		"assistant - ask_followup_question {\"question\":\"How many attempts?\"}",
		"user - (the user's reply follows)",
		"user - 3 attempts",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("messages\n got %q\nwant %q", got, want)
	}
	// A conversation without Cline's conventions is read as before, a
	// <task> tag of its own prompt included.
	for _, plain := range []string{
		`[{"role":"user","content":[{"type":"text","text":"<execute_command>ls</execute_command> is what I typed"}]},{"role":"assistant","content":[{"type":"text","text":"<execute_command>\n<command>ls</command>\n</execute_command>"}]}]`,
		`[{"role":"user","content":[{"type":"text","text":"<task>\nSummarize the report.\n</task>"}]},{"role":"assistant","content":[{"type":"text","text":"<execute_command>\n<command>ls</command>\n</execute_command>"}]}]`,
	} {
		ims, err = importer.ImportBytes("chat.json", []byte(plain))
		if err != nil || len(ims) != 1 || ims[0].Format == importer.FormatCline || ims[0].Stats.ToolCalls != 0 {
			t.Errorf("a plain chat: %v %+v", err, ims)
		}
	}
}

// What a result's header quotes may span lines, as Cline writes the
// call's parameter as it is: a heredoc command, a question of several
// lines. Each result still answers its call (no synthetic "no result
// recorded"), and a quote holding "'" (<<'EOF') ends only at "'] Result:".
func TestImportClineMultilineHeader(t *testing.T) {
	doc := `[
{"role":"user","content":[{"type":"text","text":"<task>\nadd the task\n</task>"},{"type":"text","text":"<environment_details>\n# Current Mode\nACT MODE\n</environment_details>"}]},
{"role":"assistant","content":[{"type":"text","text":"<execute_command>\n<command>cat > tasks.py <<'EOF'\nfrom celery import shared_task\nEOF</command>\n<requires_approval>false</requires_approval>\n</execute_command>"}]},
{"role":"user","content":[{"type":"text","text":"[execute_command for 'cat > tasks.py <<'EOF'\nfrom celery import shared_task\nEOF'] Result:"},{"type":"text","text":"Command executed.\nOutput:\n"},{"type":"text","text":"<environment_details>\n# Current Mode\nACT MODE\n</environment_details>"}]},
{"role":"assistant","content":[{"type":"text","text":"<ask_followup_question>\n<question>Summary:\n- task added\nHow many retries?</question>\n</ask_followup_question>"}]},
{"role":"user","content":[{"type":"text","text":"[ask_followup_question for 'Summary:\n- task added\nHow many retries?'] Result:"},{"type":"text","text":"<answer>\nfive\n</answer>"}]}
]`
	ims, err := importer.ImportBytes("api_conversation_history.json", []byte(doc))
	if err != nil || len(ims) != 1 {
		t.Fatalf("ImportBytes: %v %+v", err, ims)
	}
	st := ims[0].Stats
	if st.ToolCalls != 2 || st.ToolResults != 2 || st.Unpaired != 0 || len(st.UnpairedCalls) != 0 {
		t.Errorf("stats %+v: want both calls answered by their results", st)
	}
	got := markedMessages(t, ims[0])
	want := []string{
		"user - add the task",
		"user chatter <environment_details>\n# Current Mode\nACT MODE\n</environment_details>",
		"assistant - execute_command {\"command\":\"cat \\u003e tasks.py \\u003c\\u003c'EOF'\\nfrom celery import shared_task\\nEOF\",\"requires_approval\":\"false\"}",
		"user - Command executed.\nOutput:",
		"user chatter <environment_details>\n# Current Mode\nACT MODE\n</environment_details>",
		"assistant - ask_followup_question {\"question\":\"Summary:\\n- task added\\nHow many retries?\"}",
		"user - (the user's reply follows)",
		"user - five",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("messages\n got %q\nwant %q", got, want)
	}
}
