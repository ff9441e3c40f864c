package importer_test

import (
	"errors"
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
