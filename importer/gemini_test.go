package importer_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
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
	// A cancelled call (the user denied or stopped it) is an interruption,
	// as Claude Code's refusals are: nothing ran, so nothing failed.
	var interrupted []string
	for _, m := range messages(t, im) {
		if m.Source != nil && m.Source.Injected == hostshim.InjectedInterruption {
			interrupted = append(interrupted, m.Source.CallID)
		}
	}
	if !reflect.DeepEqual(interrupted, []string{"write_file-2"}) {
		t.Errorf("interrupted results %v, want the cancelled write_file-2", interrupted)
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
			if !errors.Is(err, importer.ErrUnknownFormat) && got != importer.FormatGeneric {
				t.Errorf("%s: detected %q, %v; want no named format", tc.data, got, err)
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

// Gemini CLI 0.39 and later record a session as JSONL
// (chats/session-<time>-<id>.jsonl): a metadata line, then each message
// appended whole every time it changes (its tokens, its tool calls), $set
// lines that update the metadata, and $rewindTo lines that drop a message
// and all after it. The import is the conversation Gemini CLI resumes:
// each message at its first place with its last content; the rewound
// prompt and reply are left out (Stats.Abandoned); a tool call holds its
// result, so the user message that repeats it as functionResponse parts
// adds nothing; an error status is a failed result; the info notice is
// skipped. Before, an unknown format.
func TestImportGeminiCLIRecordingJSONL(t *testing.T) {
	im := importOne(t, "gemini-cli-session.jsonl", importer.FormatGemini, []string{
		"user: Pourquoi TestParseDate échoue-t-il ?",
		"assistant: Reproducing the failure\nRun the single failing test before reading code.\nJe lance le test d'abord.\nrun_shell_command {\"command\":\"go test ./dates -run TestParseDate\",\"description\":\"Run the failing test\"}",
		"user: --- FAIL: TestParseDate (0.00s)\n    parse_test.go:14: got error: parsing time \"2026-08-12T09:14:03Z\": cannot parse \"Z\" as \"-07:00\"\nFAIL",
		"assistant: Le parseur utilise le layout \"2006-01-02T15:04:05-07:00\", qui refuse le suffixe Z.",
		"user: Non, corrige plutôt le parseur : il doit accepter Z.",
		"assistant: replace {\"file_path\":\"/home/lea/dates/parse.go\",\"old_string\":\"\\\"2006-01-02T15:04:05-07:00\\\"\",\"new_string\":\"time.RFC3339\"}\nread_file {\"absolute_path\":\"/home/lea/dates/parse_rfc.go\"}",
		"user: Successfully modified file: /home/lea/dates/parse.go (1 replacements).",
		"user: File not found: /home/lea/dates/parse_rfc.go",
		"assistant: Checking the edit\nOne layout change is enough; the missing file was a guess.\nCorrigé : ParseDate utilise time.RFC3339, qui accepte Z et les décalages.",
	})
	if im.ID != "gemini:3c9a1f27-6b0e-4d52-8a41-e07d92b5c6f3" || !inRequestHeader(im, "gemini-2.5-pro") {
		t.Errorf("id %q, or the model is not in the header", im.ID)
	}
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"read_file_1755000949001_1"}) {
		t.Errorf("failed results %v", failed)
	}
	if st := im.Stats; st.ToolCalls != 3 || st.ToolResults != 3 || st.Orphans != 0 || st.Unpaired != 0 || st.Abandoned != 2 {
		t.Errorf("stats %+v", st)
	}
	checkStreamsAsImported(t, filepath.Join("testdata", "gemini-cli-session.jsonl"))
}

// A recording's $set of "messages" (Gemini CLI writes one when it replaces
// the history: a compression, a rolled back turn) replaces every message
// recorded before it; turns it records from the history carry their
// calls and responses as parts, which pair as the API's do, and a call
// with no response is unpaired. A $rewindTo naming no message empties the
// conversation, as Gemini CLI reads it. A line that is not JSON is named;
// a torn last line is skipped.
func TestImportGeminiCLIRecordingRewrites(t *testing.T) {
	meta := `{"sessionId":"s-1","projectHash":"ab12","startTime":"2026-08-01T10:00:00.000Z","lastUpdated":"2026-08-01T10:00:00.000Z","kind":"main"}`
	u1 := `{"id":"m1","timestamp":"2026-08-01T10:00:01.000Z","type":"user","content":[{"text":"first prompt"}]}`
	g1 := `{"id":"m2","timestamp":"2026-08-01T10:00:02.000Z","type":"gemini","content":"first reply","model":"gemini-2.5-flash"}`
	set := `{"$set":{"messages":[` +
		`{"id":"h1","timestamp":"2026-08-01T10:01:00.000Z","type":"user","content":[{"text":"summary of the earlier turns"}]},` +
		`{"id":"m2","timestamp":"2026-08-01T10:00:02.000Z","type":"gemini","content":"first reply","model":"gemini-2.5-flash"},` +
		`{"id":"h2","timestamp":"2026-08-01T10:01:00.000Z","type":"gemini","content":[{"functionCall":{"id":"c1","name":"glob","args":{"pattern":"*.go"}}},{"functionCall":{"id":"c2","name":"ls","args":{}}}]},` +
		`{"id":"h3","timestamp":"2026-08-01T10:01:00.000Z","type":"user","content":[{"functionResponse":{"id":"c1","name":"glob","response":{"output":"a.go"}}}]}` +
		`],"lastUpdated":"2026-08-01T10:01:00.000Z"}}`
	u2 := `{"id":"m3","timestamp":"2026-08-01T10:02:00.000Z","type":"user","content":[{"text":"next"}]}`
	join := func(lines ...string) []byte { return []byte(strings.Join(lines, "\n") + "\n") }

	ims, err := importer.ImportBytes("r.jsonl", join(meta, u1, g1, set, u2))
	if err != nil {
		t.Fatal(err)
	}
	im := ims[0]
	want := []string{
		"user: summary of the earlier turns",
		"assistant: first reply",
		"assistant: glob {\"pattern\":\"*.go\"}\nls {}",
		"user: a.go",
		"user: " + importer.NoResultText,
		"user: next",
	}
	if got := messageTexts(t, im); !reflect.DeepEqual(got, want) {
		t.Errorf("messages\n got %q\nwant %q", got, want)
	}
	if st := im.Stats; st.ToolResults != 1 || st.Unpaired != 1 || st.Abandoned != 1 || st.Orphans != 0 {
		t.Errorf("stats %+v", st)
	}
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(path, join(meta, u1, g1, set, u2), 0o600); err != nil {
		t.Fatal(err)
	}
	checkStreamsAsImported(t, path)

	ims, err = importer.ImportBytes("r.jsonl", join(meta, u1, g1, `{"$rewindTo":"gone"}`, u2))
	if err != nil {
		t.Fatal(err)
	}
	if got := messageTexts(t, ims[0]); !reflect.DeepEqual(got, []string{"user: next"}) || ims[0].Stats.Abandoned != 2 {
		t.Errorf("rewind to no message: %q, stats %+v", got, ims[0].Stats)
	}

	_, err = importer.ImportBytes("r.jsonl", join(meta, u1, `{"id":"m2","type":"gemini",`, u2))
	var ie *importer.Error
	if !errors.Is(err, importer.ErrMalformed) || !errors.As(err, &ie) || ie.Line != 3 || ie.Format != importer.FormatGemini {
		t.Errorf("a line that is not JSON: %v", err)
	}
	ims, err = importer.ImportBytes("r.jsonl", join(meta, u1, g1, `{"id":"m3","type":"us`))
	if err != nil || ims[0].Torn == nil || ims[0].Torn.Line != 4 || len(messageTexts(t, ims[0])) != 2 {
		t.Errorf("torn last line: %v", err)
	}
	_, err = importer.ImportBytes("r.jsonl", join(meta))
	if !errors.Is(err, importer.ErrEmpty) {
		t.Errorf("metadata only: %v, want ErrEmpty", err)
	}
}

// Gemini CLI 0.16 and later save a /chat save (now /resume save)
// checkpoint as {"history": [contents…], "authType"}, no longer a bare
// list (packages/core/src/core/logger.ts, Checkpoint). It reads as the
// list does. Before, an unknown format.
func TestImportGeminiCheckpointObject(t *testing.T) {
	im := importOne(t, "gemini-checkpoint-auth.json", importer.FormatGemini, []string{
		"user: Session context: working directory /home/ana/site, Linux.",
		"assistant: Understood.",
		"user: Какие страницы без заголовка?",
		"assistant: search_file_content {\"pattern\":\"<title>\",\"include\":\"*.html\"}",
		"user: index.html:3: <title>Home</title>",
		"assistant: Только index.html задаёт <title>; about.html и faq.html — без заголовка.",
	})
	if st := im.Stats; st.SourceRecords != 6 || st.ToolResults != 1 || st.Orphans != 0 {
		t.Errorf("stats %+v", st)
	}
	// A history of no Gemini contents is no Gemini checkpoint.
	if f, err := importer.DetectBytes([]byte(`{"history":[{"message":{"role":"user","content":"x"}}]}`)); f == importer.FormatGemini {
		t.Errorf("a history of other records detected as %q, %v", f, err)
	}
}

// A $set's message without a string id is no message, as Gemini CLI
// reads it, even beside one whose id is the empty string.
func TestImportGeminiCLIRecordingSetIDs(t *testing.T) {
	data := `{"sessionId":"s","projectHash":"p"}` + "\n" +
		`{"$set":{"messages":[{"id":"","type":"user","content":"kept"},{"id":7,"type":"user","content":"not a message"},{"type":"user","content":"nor this"}]}}` + "\n"
	ims, err := importer.ImportBytes("r.jsonl", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if got := messageTexts(t, ims[0]); !reflect.DeepEqual(got, []string{"user: kept"}) {
		t.Errorf("messages %q", got)
	}
}
