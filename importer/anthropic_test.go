package importer_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// An Anthropic Messages API conversation, as a request body and as one
// message per line, keeps its tool calls and their results: tool_use
// blocks are calls, tool_result blocks in a user message answer them by id
// (in call order, the error flag kept), thinking is reasoning, an image is
// named with its media type and size, the top-level system prompt is a
// request header. Before, the blocks were read as unknown chat parts and
// every call and result became "[tool_use omitted]", so what the tools
// returned was in no checkpoint and no search.
func TestImportAnthropicMessages(t *testing.T) {
	want := []string{
		"user: The deploy fails on staging; here is the screenshot.\n[image omitted: image/png, 96 bytes of base64]",
		"assistant: Read the script first.\nReading deploy.sh.\nread_file {\"path\":\"scripts/deploy.sh\"}",
		"user: psql $DB -f migrate.sql",
		"assistant: bash {\"command\":\"./deploy.sh staging\"}\nbash {\"command\":\"psql --version\"}",
		"user: ERROR: relation \"users_v2\" does not exist",
		"user: psql (PostgreSQL) 15.4",
		"user: The timeout should be 30s.",
		"assistant: users_v2 is missing; psql is 15.4.",
	}
	for _, file := range []string{"anthropic-messages.json", "anthropic-messages.jsonl"} {
		im := importOne(t, file, importer.FormatAnthropic, want)
		if st := im.Stats; st.ToolCalls != 3 || st.ToolResults != 3 || st.Unpaired != 0 || st.Orphans != 0 {
			t.Errorf("%s: pairing %+v", file, st)
		}
		if !slices.Contains(failedResults(t, im), "toolu_02") {
			t.Errorf("%s: the failed call's result lost its error flag", file)
		}
		if system, want := inRequestHeader(im, "careful deploy assistant"), file == "anthropic-messages.json"; system != want {
			t.Errorf("%s: system prompt in a header: %v, want %v", file, system, want)
		}
	}
}

// A record JSON cannot decode is worded in JSON terms, and a file that is
// a JSON array says so: no Go type names (chatMessage.tool_calls,
// []importer.openAIToolCall, map[string]json.RawMessage) in what a user
// reads.
func TestImportErrorsInJSONTerms(t *testing.T) {
	cases := []struct {
		data string
		is   error
		says string
	}{
		{`{"messages":[{"role":"user","content":"hi"},{"role":5}]}`, importer.ErrMalformed, `"role" must be a string, not number`},
		{`{"messages":[{"role":"user","content":"hi"},{"role":"assistant","tool_calls":{"a":1}}]}`, importer.ErrMalformed, `"tool_calls" must be an array, not object`},
		{`{"system":5,"messages":[{"role":"user","content":"hi"}]}`, importer.ErrMalformed, `(system)`},
		{`[1, 2, 3]`, importer.ErrUnknownFormat, "the file is a JSON array whose first element is not a chat message"},
		{`[{"speaker":"me","text":"hi"}]`, importer.ErrUnknownFormat, `objects with a "role"`},
		// Cline's UI log beside the conversation: say which file to read.
		{"[\n {\"ts\": 1700000000000, \"type\": \"say\", \"say\": \"text\", \"text\": \"hi\"}]", importer.ErrUnknownFormat, "import api_conversation_history.json from the same task folder"},
		{` [ ] `, importer.ErrUnknownFormat, "the file is an empty JSON array: no messages"},
		{"", importer.ErrUnknownFormat, "the file is empty"},
		{"\n \r\n", importer.ErrUnknownFormat, "the file is empty"},
		{`"just a string"`, importer.ErrUnknownFormat, "the file is a JSON string, not an object"},
	}
	for _, tc := range cases {
		_, err := importer.ImportBytes("x.json", []byte(tc.data))
		if !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: error %v, want %v saying %q", tc.data, err, tc.is, tc.says)
		}
		for _, goWord := range []string{"Go ", "importer.", "map[", "json.RawMessage"} {
			if err != nil && strings.Contains(err.Error(), goWord) {
				t.Errorf("%s: error %q names Go's %q", tc.data, err, goWord)
			}
		}
	}
}

// A JSONL log cut by a crash inside its first message says so: the error
// names the torn line, not only "no session in file".
func TestTornOnlyMessageSaysSo(t *testing.T) {
	data := "{\"role\":\"system\",\"content\":\"be brief\"}\n{\"role\":\"user\",\"content\":\"the deploy to"
	_, err := importer.ImportBytes("x.jsonl", []byte(data))
	if !errors.Is(err, importer.ErrEmpty) || !strings.Contains(err.Error(), "line 2, the last, was cut short") {
		t.Errorf("torn first message: %v", err)
	}
}

// A server tool's result (web search, web fetch, code execution, an MCP
// connector's call), which the Anthropic API returns in the assistant's
// own content after the call, answers that call: the text the model wrote
// after it is a new assistant message, a fetch error a failed result. It
// read as '[web_search_tool_result omitted]' and each call got a made-up
// failure, 'no result recorded', in a Messages API log and a Claude Code
// session alike; an MCP connector's call read as '[mcp_tool_use omitted]'.
func TestImportAnthropicServerTools(t *testing.T) {
	im := importOne(t, "anthropic-server-tools.json", importer.FormatAnthropic, []string{
		"user: What is the weather in Oslo?",
		"assistant: Searching.\nweb_search {\"query\":\"Oslo weather\"}",
		"user: Oslo – yr https://yr.no/oslo",
		"assistant: It is 4°C in Oslo.",
		"user: Run code",
		"assistant: code_execution {\"code\":\"print(1)\"}",
		"user: 1",
		"assistant: gh.search {\"q\":\"x\"}",
		"user: 3 issues",
		"assistant: Done.",
		"user: Fetch the page",
		"assistant: web_fetch {\"url\":\"https://yr.no/oslo\"}",
		"user: [web_fetch_tool_error: url_not_accessible]",
		"assistant: The page is not accessible.",
	})
	if st := im.Stats; st.Unpaired != 0 || st.ToolResults != 4 {
		t.Errorf("stats %+v", st)
	}
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"srvtoolu_3"}) {
		t.Errorf("failed results %v, want the fetch error's", failed)
	}
	// Claude Code writes each block of a response on its own line.
	lines := []string{
		`{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"Weather in Oslo?"}}`,
		`{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s","message":{"id":"m1","role":"assistant","content":[{"type":"server_tool_use","id":"srv1","name":"web_search","input":{"query":"Oslo"}}]}}`,
		`{"type":"assistant","uuid":"a2","parentUuid":"a1","sessionId":"s","message":{"id":"m1","role":"assistant","content":[{"type":"web_search_tool_result","tool_use_id":"srv1","content":[{"type":"web_search_result","title":"Oslo – yr","url":"https://yr.no/oslo"}]}]}}`,
		`{"type":"assistant","uuid":"a3","parentUuid":"a2","sessionId":"s","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"4°C."}]}}`,
	}
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	checkStreamsAsImported(t, path) // line by line, as Open reads it
	ims, err := importer.Import(path)
	if err != nil {
		t.Fatal(err)
	}
	checkSession(t, ims[0])
	want := []string{"user: Weather in Oslo?", "assistant: web_search {\"query\":\"Oslo\"}", "user: Oslo – yr https://yr.no/oslo", "assistant: 4°C."}
	if got := messageTexts(t, ims[0]); !reflect.DeepEqual(got, want) || ims[0].Stats.Unpaired != 0 {
		t.Errorf("claude code: %q, stats %+v", got, ims[0].Stats)
	}
}
