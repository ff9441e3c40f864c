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
