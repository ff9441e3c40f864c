package importer_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
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
		p := filepath.Join("testdata", file)
		if f, err := importer.Detect(p); err != nil || f != importer.FormatLangChain {
			t.Fatalf("%s: detected %q, %v", file, f, err)
		}
		ims, err := importer.Import(p)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		im := ims[0]
		checkSession(t, im)
		if im.Format != importer.FormatLangChain {
			t.Errorf("%s: format %q", file, im.Format)
		}
		if st := im.Stats; st.ToolCalls != 2 || st.ToolResults != 2 || st.Unpaired != 0 || st.Orphans != 0 {
			t.Errorf("%s: pairing %+v", file, st)
		}
		if got := messageTexts(t, im); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: messages\n got %q\nwant %q", file, got, want)
		}
		ms, err := im.Session.Messages()
		if err != nil {
			t.Fatal(err)
		}
		var failed []string
		for _, m := range ms {
			for _, b := range m.Content {
				if b.Type == hostshim.BlockToolResult && b.IsError != nil && *b.IsError {
					failed = append(failed, b.ToolCallID)
				}
			}
		}
		if !reflect.DeepEqual(failed, []string{"call_1"}) {
			t.Errorf("%s: results flagged as errors %v, want the one with status \"error\" (call_1)", file, failed)
		}
		system := false
		for _, e := range im.Session.Events() {
			system = system || e.Type == hostshim.TypeRequestHeader && strings.Contains(string(e.Data), "CI assistant")
		}
		if !system {
			t.Errorf("%s: the system message is in no request header", file)
		}
	}
}

// A file that is one JSON list of OpenAI messages (json.dump(messages))
// is an OpenAI chat log.
func TestImportOpenAIMessageList(t *testing.T) {
	p := filepath.Join("testdata", "openai-list.json")
	if f, err := importer.Detect(p); err != nil || f != importer.FormatOpenAIChat {
		t.Fatalf("detected %q, %v", f, err)
	}
	ims, err := importer.Import(p)
	if err != nil {
		t.Fatal(err)
	}
	checkSession(t, ims[0])
	want := []string{"user: hi", "assistant: ls {}", "user: a.txt", "assistant: one file"}
	if got := messageTexts(t, ims[0]); !reflect.DeepEqual(got, want) {
		t.Errorf("messages\n got %q\nwant %q", got, want)
	}
}
