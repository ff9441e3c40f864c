package importer_test

import (
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// Gemini API contents import: the systemInstruction is the system prompt,
// a thought is reasoning, functionCall parts are calls and functionResponse
// parts answer them (by id, else the first pending call of their name, so
// responses in another order than the calls pair right), {"error": …} is a
// failed result, executed code is a call answered by its result part, and
// inline data and files are named. Before, the document was an unknown
// format.
func TestImportGeminiContents(t *testing.T) {
	im := importOne(t, "gemini-contents.json", importer.FormatGemini, []string{
		"user: Почему падает сборка?\n[inline data omitted: image/png, 12 bytes of base64]",
		"assistant: Build first.\nRunning both.\nrun_shell_command {\"command\":\"go build ./...\"}\nread_file {\"absolute_path\":\"/src/go.mod\"}",
		"user: main.go:3: undefined: foo",
		"user: module example.com/x",
		"assistant: code_execution {\"code\":\"print(6*7)\",\"language\":\"PYTHON\"}",
		"user: 42\n",
		"assistant: foo was renamed to bar.",
		"user: Fix it.\n[file omitted: text/x-go, gs://bucket/main.go]",
		"assistant: replace {\"old\":\"foo()\",\"new\":\"bar()\"}",
		"user: 1 replacement",
	})
	if !inRequestHeader(im, "You are an interactive CLI agent.") {
		t.Error("systemInstruction is not the system prompt")
	}
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"gemini-call-1"}) {
		t.Errorf("failed results %v, want the run_shell_command error", failed)
	}
	if st := im.Stats; st.ToolCalls != 4 || st.ToolResults != 4 || st.Orphans != 0 || st.Unpaired != 0 || st.Skipped != 1 {
		t.Errorf("stats %+v", st)
	}
}

// A Gemini CLI /chat save checkpoint is a bare list of contents. Its first
// element has role "user", so it was read as an OpenAI chat log whose
// messages had no content: 'no session in file'.
func TestImportGeminiCheckpoint(t *testing.T) {
	importOne(t, "gemini-checkpoint.json", importer.FormatGemini, []string{
		"user: List the files",
		"assistant: list_directory {\"path\":\".\"}",
		"user: a.go\nb.go",
		"assistant: Two files.",
	})
}

// A Gemini CLI session recording imports: its sessionId names the session,
// thoughts are reasoning, each tool call holds its result (a status other
// than success a failed one, a call cancelled before it ran a failed
// "[cancelled]"), and the CLI's info and error notices, which the model
// never saw, are skipped. Before, an unknown format.
func TestImportGeminiCLISession(t *testing.T) {
	im := importOne(t, "gemini-cli-session.json", importer.FormatGemini, []string{
		"user: Lance les tests",
		"assistant: Running tests\npytest first.\nrun_shell_command {\"command\":\"pytest -q\"}\nwrite_file {\"file_path\":\"a.py\"}\nread_file {\"absolute_path\":\"/p/a.py\"}",
		"user: 1 failed, 3 passed",
		"user: [cancelled]",
		"user: (no output)",
		"user: Ne touche pas à a.py.",
		"assistant: D'accord, je ne modifie pas a.py.",
	})
	if im.ID != "gemini:5d0c0a0e-1111-4c2b-9d57-2f0e4b7a9c31" {
		t.Errorf("id %q", im.ID)
	}
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"run_shell_command-1", "write_file-2"}) {
		t.Errorf("failed results %v", failed)
	}
	if st := im.Stats; st.Skipped != 2 || st.ToolResults != 3 {
		t.Errorf("stats %+v", st)
	}
}

// Gemini detection takes no other format's records: a Vercel AI SDK UI
// message (typed parts) and a chat message stay theirs, parts that hold
// no Gemini key are no Gemini content, and a bad Gemini record names its
// place.
func TestDetectGeminiOnlyWhenItIs(t *testing.T) {
	cases := []struct {
		data string
		want importer.Format
	}{
		{`[{"role":"user","parts":[{"text":"x"}]}]`, importer.FormatGemini},
		{`{"contents":[{"parts":[{"text":"x"}]}]}`, importer.FormatGemini},
		{`{"role":"model","parts":[{"text":"x"}]}` + "\n" + `{"role":"user","parts":[{"text":"y"}]}`, importer.FormatGemini},
		{`[{"role":"user","parts":[{"type":"text","text":"x"}]}]`, importer.FormatOpenAIChat},
		{`[{"role":"user","content":"x"}]`, importer.FormatOpenAIChat},
		{`[{"role":"user","content":"x","parts":[{"text":"x"}]}]`, importer.FormatOpenAIChat},
		{`{"contents":[{"role":"user","parts":[{"body":"x"}]}]}`, ""},
		{`{"contents":[{"role":"critic","parts":[{"text":"x"}]}]}`, ""},
	}
	for _, tc := range cases {
		got, err := importer.DetectBytes([]byte(tc.data))
		if tc.want == "" {
			if !errors.Is(err, importer.ErrUnknownFormat) {
				t.Errorf("%s: detected %q, %v; want unknown", tc.data, got, err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s: detected %q, %v; want %q", tc.data, got, err, tc.want)
		}
	}
	_, err := importer.ImportBytes("bad.json", []byte(`{"contents":[{"role":"model","parts":[{"functionCall":{"args":{}}}]}]}`))
	var ie *importer.Error
	if !errors.Is(err, importer.ErrMalformed) || !errors.As(err, &ie) || ie.Record != "contents[0]" {
		t.Errorf("a call with no name: %v", err)
	}
	// A later content's damage is named, not an unknown format.
	_, err = importer.ImportBytes("bad.json", []byte(`{"contents":[{"role":"user","parts":[{"text":"x"}]},{"role":"model","parts":{"text":"y"}}]}`))
	if !errors.Is(err, importer.ErrMalformed) || !errors.As(err, &ie) || ie.Record != "contents[1]" {
		t.Errorf("parts that are no list in contents[1]: %v", err)
	}
}

// Gemini CLI's stream-json output (gemini -p … --output-format
// stream-json) imports: tool_use events are calls answered by their
// tool_result by tool_id (an error status a failure, its message the
// text), the assistant's delta chunks join into one text, the init event
// names the session, the CLI's error and result events are skipped.
// Before, 'unknown trajectory format'.
func TestImportGeminiStream(t *testing.T) {
	im := importOne(t, "gemini-stream.jsonl", importer.FormatGemini, []string{
		"user: Lister les fichiers Go",
		"assistant: glob {\"pattern\":\"**/*.go\"}",
		"user: main.go\nutil.go",
		"assistant: read_file {\"absolute_path\":\"/p/missing.go\"}",
		"user: File not found: /p/missing.go",
		"assistant: Il y a deux fichiers : main.go et util.go.",
	})
	if im.ID != "gemini:c0ffee00-1234-4abc-9def-000000000001" || !inRequestHeader(im, "gemini-2.5-pro") {
		t.Errorf("id %q, or the model is not in the header", im.ID)
	}
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"read_file-2"}) {
		t.Errorf("failed results %v", failed)
	}
	checkStreamsAsImported(t, filepath.Join("testdata", "gemini-stream.jsonl"))
}
