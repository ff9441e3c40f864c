package importer_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
)

// The other places Cline wraps the user's words: a denial with feedback
// is an interruption whose feedback is the user's message; newer
// versions' <user_message> (feedback on attempt_completion, the reply to
// plan_mode_respond) is read as <feedback> is; a resumed task's note is
// chatter and only the words in its <user_message> are the user's; the
// feedback Cline relays when the agent keeps failing is the user's,
// Cline's lead chatter. Each of the user's words is in the session once.
// A task that only mentions such tags is the user's whole.
func TestImportClineWrappedUserText(t *testing.T) {
	env := `{"type":"text","text":"<environment_details>\n</environment_details>"}`
	doc := `[
{"role":"user","content":[{"type":"text","text":"<task>\nWrite a parser for XML like\n<feedback>\nok\n</feedback>\nin src/parse.ts.\n</task>"},` + env + `]},
{"role":"assistant","content":[{"type":"text","text":"<write_to_file>\n<path>src/parse.ts</path>\n<content>x</content>\n</write_to_file>"}]},
{"role":"user","content":[{"type":"text","text":"[write_to_file for 'src/parse.ts'] Result:"},{"type":"text","text":"The user denied this operation and provided the following feedback:\n<feedback>\nDon't write to src/, put it in lib/.\n</feedback>"},` + env + `]},
{"role":"assistant","content":[{"type":"text","text":"<attempt_completion>\n<result>\nThe parser is in lib/parse.ts.\n</result>\n</attempt_completion>"}]},
{"role":"user","content":[{"type":"text","text":"[attempt_completion] Result:"},{"type":"text","text":"<user_message>\nWhy does it drop CDATA?\n</user_message>"},` + env + `]},
{"role":"assistant","content":[{"type":"text","text":"<plan_mode_respond>\n<response>\nCDATA is skipped by the tokenizer.\n</response>\n</plan_mode_respond>"}]},
{"role":"user","content":[{"type":"text","text":"[plan_mode_respond] Result:"},{"type":"text","text":"<user_message>\nKeep CDATA as text.\n</user_message>"},` + env + `]},
{"role":"assistant","content":[{"type":"text","text":"<read_file>\n<path>lib/parse.ts</path>\n</read_file>"}]},
{"role":"user","content":[{"type":"text","text":"[read_file for 'lib/parse.ts'] Result:"},{"type":"text","text":"export function parse() {}"},{"type":"text","text":"[TASK RESUMPTION] This task was interrupted 2 hours ago. It may or may not be complete, so please reassess the task context. If the task has not been completed, retry the last step before interruption and proceed with completing the task."},{"type":"text","text":"New instructions for task continuation:\n<user_message>\nAlso never use regexes for XML.\n</user_message>"},` + env + `]},
{"role":"assistant","content":[{"type":"text","text":"<execute_command>\n<command>pnpm test</command>\n</execute_command>"}]},
{"role":"user","content":[{"type":"text","text":"[execute_command for 'pnpm test'] Result:"},{"type":"text","text":"Command executed.\nOutput:\n1 failed"},` + env + `]},
{"role":"user","content":[{"type":"text","text":"You seem to be having trouble proceeding. The user has provided the following feedback to help guide you:\n<feedback>\nRun only lib tests.\n</feedback>"},` + env + `]}
]`
	ims, err := importer.ImportBytes("api_conversation_history.json", []byte(doc))
	if err != nil || len(ims) != 1 {
		t.Fatalf("ImportBytes: %v %+v", err, ims)
	}
	im := ims[0]
	checkSession(t, im)
	var got []string
	for _, m := range markedMessages(t, im) {
		if !strings.HasSuffix(m, "chatter <environment_details>\n</environment_details>") {
			got = append(got, m)
		}
	}
	want := []string{
		"user - Write a parser for XML like\n<feedback>\nok\n</feedback>\nin src/parse.ts.",
		`assistant - write_to_file {"content":"x","path":"src/parse.ts"}`,
		"user " + hostshim.InjectedInterruption + " The user denied this operation and provided the following feedback:",
		"user - Don't write to src/, put it in lib/.",
		`assistant - attempt_completion {"result":"The parser is in lib/parse.ts."}`,
		"user - (the user's reply follows)",
		"user - Why does it drop CDATA?",
		`assistant - plan_mode_respond {"response":"CDATA is skipped by the tokenizer."}`,
		"user - (the user's reply follows)",
		"user - Keep CDATA as text.",
		`assistant - read_file {"path":"lib/parse.ts"}`,
		"user - export function parse() {}",
		"user chatter [TASK RESUMPTION] This task was interrupted 2 hours ago. It may or may not be complete, so please reassess the task context. If the task has not been completed, retry the last step before interruption and proceed with completing the task.",
		"user chatter New instructions for task continuation:",
		"user - Also never use regexes for XML.",
		`assistant - execute_command {"command":"pnpm test"}`,
		"user - Command executed.\nOutput:\n1 failed",
		"user chatter You seem to be having trouble proceeding. The user has provided the following feedback to help guide you:",
		"user - Run only lib tests.",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("messages\n got %q\nwant %q", got, want)
	}
	// Each of the user's words once.
	all := strings.Join(markedMessages(t, im), "\n")
	for _, w := range []string{"put it in lib/", "Why does it drop CDATA?", "Keep CDATA as text.", "never use regexes", "Run only lib tests."} {
		if n := strings.Count(all, w); n != 1 {
			t.Errorf("%q is in the session %d times, want once", w, n)
		}
	}
}
