package importer_test

import (
	"reflect"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// LangChain's messages_to_dict list, a LangGraph state of model_dump
// messages and JSONL of them import to the same session: human, ai, tool
// and system types are the chat roles, tool_calls (name, args, id) are
// calls answered by tool messages' tool_call_id, content as a string or
// parts; a ToolMessage with status "error" is a failed result; the system
// message is a request header. Before, the list was
// refused ("cannot unmarshal array into Go value of type map…") and the
// state was an unknown format.
func TestImportLangChain(t *testing.T) {
	want := []string{
		"user: Find why CI is red. Never force-push to main.",
		"assistant: run {\"cmd\":\"make test\"}\nread {\"path\":\"ci.yml\"}",
		"user: FAIL test_auth: timeout",
		"user: timeout: 30",
		"assistant: test_auth times out after 30s.",
	}
	for _, file := range []string{"langchain-dict.json", "langgraph-state.json", "langchain.jsonl"} {
		im := importOne(t, file, importer.FormatLangChain, want)
		if st := im.Stats; st.ToolCalls != 2 || st.ToolResults != 2 || st.Unpaired != 0 || st.Orphans != 0 {
			t.Errorf("%s: pairing %+v", file, st)
		}
		if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"call_1"}) {
			t.Errorf("%s: results flagged as errors %v, want the one with status \"error\" (call_1)", file, failed)
		}
		if !inRequestHeader(im, "CI assistant") {
			t.Errorf("%s: the system message is in no request header", file)
		}
	}
}

// A file that is one JSON list of OpenAI messages (json.dump(messages))
// is an OpenAI chat log.
func TestImportOpenAIMessageList(t *testing.T) {
	importOne(t, "openai-list.json", importer.FormatOpenAIChat,
		[]string{"user: hi", "assistant: ls {}", "user: a.txt", "assistant: one file"})
}

// A LangChain AI message of an Anthropic model writes each call twice,
// as a tool_use block in its content and in tool_calls: it is one call,
// answered by the one tool message (it was two calls, the second given a
// renamed id and a made-up "no result recorded"). A ChatMessage keeps its
// own role, which no chat role is: its text is kept as a user message that
// names the role (it was refused: 'message has no "role"').
func TestImportLangChainAnthropicCalls(t *testing.T) {
	im := importOne(t, "langchain-anthropic.json", importer.FormatLangChain, []string{
		"user: What's the weather in Paris? Ask the critic first.",
		"user: [critic]\nCheck the units: the user is in the US.",
		"assistant: Let me check.\nget_weather {\"city\":\"Paris\",\"units\":\"F\"}",
		"user: 64F, cloudy",
		"assistant: It's 64F and cloudy in Paris.",
	})
	if st := im.Stats; st.ToolCalls != 1 || st.ToolResults != 1 || st.Unpaired != 0 || st.RenamedIDs != 0 || st.OtherRoles != 1 {
		t.Errorf("stats %+v, want one call paired with its result and one message of another role", st)
	}
}

// A chat log's message of a role the format does not have (Llama's
// "ipython" tool output) was in the model's context: it is kept as a user
// message naming its role and counted, not skipped without a word; one
// with no content is still skipped.
func TestImportChatOtherRoles(t *testing.T) {
	im := importOne(t, "openai-roles.jsonl", importer.FormatOpenAIChat, []string{
		"user: What is 7 * 6?",
		"assistant: <|python_tag|>print(7 * 6)",
		"user: [ipython]\n42",
		"assistant: 7 * 6 = 42.",
	})
	if st := im.Stats; st.OtherRoles != 1 || st.Skipped != 1 {
		t.Errorf("stats %+v, want 1 message of another role and 1 skipped (empty)", st)
	}
}
