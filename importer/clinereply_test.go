package importer_test

import (
	"reflect"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// A Cline task whose first message goes on after its
// <environment_details> (the working directory's files) is a Cline task
// from its first message, so the first read_file is paired with its
// result. The user's <answer> to ask_followup_question and <feedback> on
// attempt_completion are read once, as the user's message: the call's
// result keeps what Cline said around them, or says the reply follows.
func TestImportClineReplies(t *testing.T) {
	doc := `[
{"role":"user","content":[{"type":"text","text":"<task>\nFix the cart total.\n</task>"},{"type":"text","text":"<environment_details>\n# Current Mode\nACT MODE\n</environment_details>\n\n# Current Working Directory (/repo) Files\napps/\npackages/"}]},
{"role":"assistant","content":[{"type":"text","text":"<read_file>\n<path>src/Cart.tsx</path>\n</read_file>"}]},
{"role":"user","content":[{"type":"text","text":"[read_file for 'src/Cart.tsx'] Result:"},{"type":"text","text":"export const Cart = () => null;"},{"type":"text","text":"<environment_details>\n</environment_details>"}]},
{"role":"assistant","content":[{"type":"text","text":"<ask_followup_question>\n<question>Use pnpm instead of yarn?</question>\n</ask_followup_question>"}]},
{"role":"user","content":[{"type":"text","text":"[ask_followup_question for 'Use pnpm instead of yarn?'] Result:"},{"type":"text","text":"<answer>\nYes, always use pnpm.\n</answer>"},{"type":"text","text":"<environment_details>\n</environment_details>"}]},
{"role":"assistant","content":[{"type":"text","text":"<attempt_completion>\n<result>\nDone.\n</result>\n</attempt_completion>"}]},
{"role":"user","content":[{"type":"text","text":"[attempt_completion] Result:"},{"type":"text","text":"The user has provided feedback on the results. Consider their input to continue the task, and then attempt completion again.\n<feedback>\nAlso bump the debounce to 500.\n</feedback>"},{"type":"text","text":"<environment_details>\n</environment_details>"}]}
]`
	ims, err := importer.ImportBytes("api_conversation_history.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	im := ims[0]
	checkSession(t, im)
	if im.Stats.Unpaired != 0 || im.Stats.ToolResults != 3 {
		t.Errorf("unpaired %d, results %d: want every call answered", im.Stats.Unpaired, im.Stats.ToolResults)
	}
	got := messageTexts(t, im)
	want := []string{
		"user: Fix the cart total.",
		"user: <environment_details>\n# Current Mode\nACT MODE\n</environment_details>\n\n# Current Working Directory (/repo) Files\napps/\npackages/",
		`assistant: read_file {"path":"src/Cart.tsx"}`,
		"user: export const Cart = () => null;",
		"user: <environment_details>\n</environment_details>",
		`assistant: ask_followup_question {"question":"Use pnpm instead of yarn?"}`,
		"user: (the user's reply follows)",
		"user: Yes, always use pnpm.",
		"user: <environment_details>\n</environment_details>",
		`assistant: attempt_completion {"result":"Done."}`,
		"user: The user has provided feedback on the results. Consider their input to continue the task, and then attempt completion again.",
		"user: Also bump the debounce to 500.",
		"user: <environment_details>\n</environment_details>",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("messages\n got %q\nwant %q", got, want)
	}
}
