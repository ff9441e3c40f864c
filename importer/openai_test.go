package importer_test

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
)

// messageTexts returns each surface message as "role: text".
func messageTexts(t *testing.T, im importer.Imported) []string {
	t.Helper()
	return eachMessage(t, im, func(m *hostshim.Message) string { return string(m.Role) + ": " + m.Text() })
}

// messages returns im's messages as the log holds them, in seq order: the
// surface's, and those a client compaction took off it (clientcompact.go).
func messages(t *testing.T, im importer.Imported) []*hostshim.Message {
	t.Helper()
	var ms []*hostshim.Message
	s := im.Session
	for seq := 0; seq < s.Len(); seq++ {
		e, _ := s.Event(seq)
		if !hostshim.SurfaceEligible(e.Type) {
			continue
		}
		m, err := s.Message(seq)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

// eachMessage returns f of each message of the log.
func eachMessage(t *testing.T, im importer.Imported, f func(*hostshim.Message) string) []string {
	t.Helper()
	var out []string
	for _, m := range messages(t, im) {
		out = append(out, f(m))
	}
	return out
}

// importOne detects testdata/file as format f, imports it as one session,
// checks the session's invariants and that its messages are want, and
// returns it.
func importOne(t *testing.T, file string, f importer.Format, want []string) importer.Imported {
	t.Helper()
	p := filepath.Join("testdata", file)
	if got, err := importer.Detect(p); err != nil || got != f {
		t.Fatalf("%s: detected %q, %v", file, got, err)
	}
	ims, err := importer.Import(p)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if len(ims) != 1 {
		t.Fatalf("%s: %d sessions", file, len(ims))
	}
	im := ims[0]
	checkSession(t, im)
	if im.Format != f {
		t.Errorf("%s: format %q", file, im.Format)
	}
	if got := messageTexts(t, im); !reflect.DeepEqual(got, want) {
		t.Errorf("%s: messages\n got %q\nwant %q", file, got, want)
	}
	return im
}

// inRequestHeader reports whether a request header of im's session holds
// text (where a system prompt goes).
func inRequestHeader(im importer.Imported, text string) bool {
	for _, e := range im.Session.Events() {
		if e.Type == hostshim.TypeRequestHeader && strings.Contains(string(e.Data), text) {
			return true
		}
	}
	return false
}

// failedResults lists the tool-call ids of the results flagged as errors.
func failedResults(t *testing.T, im importer.Imported) []string {
	t.Helper()
	var failed []string
	for _, m := range messages(t, im) {
		for _, b := range m.Content {
			if b.Type == hostshim.BlockToolResult && b.IsError != nil && *b.IsError {
				failed = append(failed, b.ToolCallID)
			}
		}
	}
	return failed
}

// A plain OpenAI chat log, as one document and as one message per line,
// imports to the same session: tool calls paired with their results by id
// (results in call order), content parts (text kept, an image named),
// null content, string and object arguments, reasoning_content, the
// developer role as a system prompt.
func TestImportOpenAIChat(t *testing.T) {
	want := []string{
		"user: Why does the build fail?\n[image_url omitted]",
		"assistant: bash {\"command\": \"go build ./...\"}\nread_file {\"path\":\"go.mod\"}",
		"user: main.go:3: undefined: foo",
		"user: module example.com/x\ngo 1.26",
		"assistant: foo was renamed\nmain.go calls foo, which was renamed to bar.\nedit {\"path\": \"main.go\"}",
		"user: (no output)",
		"assistant: Fixed: foo is now bar.",
	}
	stats := importer.Stats{SourceRecords: 9, Messages: 7, ToolCalls: 3, ToolResults: 3}
	var sessions []*hostshim.Session
	for _, file := range []string{"openai-chat.json", "openai-chat.jsonl"} {
		im := importOne(t, file, importer.FormatOpenAIChat, want)
		if !reflect.DeepEqual(im.Stats, stats) {
			t.Errorf("%s: stats\n got %+v\nwant %+v", file, im.Stats, stats)
		}
		sessions = append(sessions, im.Session)
	}
	// The system prompts are request headers, not messages.
	var systems []string
	for _, e := range sessions[0].Events() {
		if e.Type == hostshim.TypeRequestHeader && strings.Contains(string(e.Data), "Answer briefly.") {
			systems = append(systems, "developer")
		}
		if e.Type == hostshim.TypeRequestHeader && strings.Contains(string(e.Data), "careful coding agent") {
			systems = append(systems, "system")
		}
	}
	if !reflect.DeepEqual(systems, []string{"system", "developer"}) {
		t.Errorf("system prompts in headers: %v", systems)
	}
	a, b := sessions[0].Events(), sessions[1].Events()
	if len(a) != len(b) {
		t.Fatalf("document %d events, JSONL %d", len(a), len(b))
	}
	// The same events (the document names its model; the lines do not).
	for i := range a {
		da := strings.Replace(string(a[i].Data), `,"model":"gpt-4o-2024-08-06"`, "", 1)
		if a[i].Type != b[i].Type || (a[i].Type != hostshim.TypeRequestHeader && da != string(b[i].Data)) {
			t.Fatalf("event %d: document %s %s, JSONL %s %s", i, a[i].Type, da, b[i].Type, b[i].Data)
		}
	}
}

// One conversation per line is one session per line, named by line; the
// legacy function_call/function pair and tool calls without ids pair in
// order.
func TestImportOpenAIChatConversationsAndLegacy(t *testing.T) {
	ims, err := importer.Import(filepath.Join("testdata", "openai-convs.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ims) != 2 || ims[0].Name != "openai-convs.jsonl#1" || ims[1].Name != "openai-convs.jsonl#2" {
		t.Fatalf("sessions %d: %+v", len(ims), ims)
	}
	for _, im := range ims {
		checkSession(t, im)
	}
	if got := messageTexts(t, ims[1]); !reflect.DeepEqual(got, []string{"user: hi", "assistant: hello"}) {
		t.Errorf("second conversation: %q", got)
	}

	ims, err = importer.Import(filepath.Join("testdata", "openai-legacy.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	checkSession(t, ims[0])
	if st := ims[0].Stats; st.ToolCalls != 3 || st.ToolResults != 3 || st.Unpaired != 0 || st.Orphans != 0 {
		t.Errorf("legacy and id-less calls: %+v", st)
	}
	want := []string{"user: What time is it in Paris?", "assistant: clock {\"tz\": \"Europe/Paris\"}", "user: 14:05",
		"assistant: clock {}\ndate {}", "user: 14:06", "user: 2026-12-02", "assistant: It is 14:06 on 2 December."}
	if got := messageTexts(t, ims[0]); !reflect.DeepEqual(got, want) {
		t.Errorf("legacy messages\n got %q\nwant %q", got, want)
	}
}

// Bad chat logs are refused with an error that names the place and what
// was wrong.
func TestImportOpenAIChatBadInput(t *testing.T) {
	cases := []struct {
		name, data string
		is         error
		says       []string
	}{
		{"content a number", `{"messages":[{"role":"user","content":5}]}`, importer.ErrMalformed, []string{"messages[0]", "content is neither a string, null nor a list of parts: 5"}},
		{"no role", `{"messages":[{"role":"user","content":"hi"},{"content":"x"}]}`, importer.ErrMalformed, []string{"messages[1]", `no "role"`}},
		{"role not a string", `{"messages":[{"role":"user","content":"hi"},{"role":7}]}`, importer.ErrMalformed, []string{"messages[1]"}},
		{"call without a name", `{"messages":[{"role":"user","content":"hi"},{"role":"assistant","tool_calls":[{"id":"c","function":{"arguments":"{}"}}]}]}`, importer.ErrMalformed, []string{"messages[1]", "tool_calls[0] has no function name"}},
		{"bad line", "{\"role\":\"user\",\"content\":\"hi\"}\n{\"role\":\"assistant\",\"content\":\n{\"role\":\"user\",\"content\":\"again\"}\n", importer.ErrMalformed, []string{"x.jsonl:2"}},
		{"line not an object", "{\"role\":\"user\",\"content\":\"hi\"}\n[1,2]\n{\"role\":\"user\",\"content\":\"again\"}\n", importer.ErrMalformed, []string{"x.jsonl:2", "not a JSON object"}},
		{"content an object", "{\"role\":\"user\",\"content\":{\"a\":1}}\n", importer.ErrMalformed, []string{"x.jsonl:1", "content is neither"}},
		{"message then conversation", "{\"role\":\"user\",\"content\":\"hi\"}\n{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}\n", importer.ErrMalformed, []string{"x.jsonl:2", "not both"}},
		{"conversation then message", "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}\n{\"role\":\"user\",\"content\":\"hi\"}\n", importer.ErrMalformed, []string{"x.jsonl:2", "not both"}},
		{"no messages", `{"messages":[]}`, importer.ErrEmpty, nil},
		{"only a system prompt", `{"messages":[{"role":"system","content":"be brief"}]}`, importer.ErrEmpty, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ims, err := importer.ImportBytes("x.jsonl", []byte(tc.data))
			if err == nil {
				t.Fatalf("imported %d sessions", len(ims))
			}
			var ie *importer.Error
			if !errors.Is(err, tc.is) || !errors.As(err, &ie) || ie.Format != importer.FormatOpenAIChat {
				t.Fatalf("error %v: want %v from the %s importer", err, tc.is, importer.FormatOpenAIChat)
			}
			for _, s := range tc.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not say %q", err, s)
				}
			}
		})
	}
}

// Chat detection does not take other formats' records: a message inside a
// typed record, an unknown role, and a mini-swe-agent trajectory (also
// OpenAI messages) keep their reading.
func TestDetectOpenAIChatOnlyWhenItIs(t *testing.T) {
	cases := []struct {
		data string
		want importer.Format
	}{
		{`{"role":"user","content":"x"}`, importer.FormatOpenAIChat},
		{`{"messages":[{"role":"tool","tool_call_id":"a","content":null}]}`, importer.FormatOpenAIChat},
		{"{\n  \"messages\": [\n    {\"role\": \"user\", \"content\": \"x\"}\n  ]\n}\n", importer.FormatOpenAIChat},
		{`{"type":"message","role":"user","content":"x"}`, ""},
		{`{"role":"critic","content":"x"}`, ""},
		{`{"messages":[{"text":"x"}]}`, ""},
		{`{"messages":"x"}`, ""},
		{`{"info":{},"messages":[{"role":"user","content":"x"}]}`, importer.FormatMiniSWE},
		{`{"type":"user","uuid":"u","message":{"role":"user","content":"x"}}`, importer.FormatClaudeCode},
	}
	for _, tc := range cases {
		got, err := importer.DetectBytes([]byte(tc.data))
		if tc.want == "" {
			if !errors.Is(err, importer.ErrUnknownFormat) && got != importer.FormatGeneric {
				t.Errorf("%s: detected %q, %v; want unknown (or the generic reading)", tc.data, got, err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s: detected %q, %v; want %q", tc.data, got, err, tc.want)
		}
	}
}

// Vercel AI SDK message lists are chat logs whose calls are tool-call
// parts (v4 args, v5 input) and whose results are tool-result parts of a
// tool message, several to a message, each naming its call (v4 result and
// isError, v5 typed output: error-text is a failure). Before, each call
// read as "[tool-call omitted]" and each tool message as one result with
// no call (dropped).
func TestImportAISDKParts(t *testing.T) {
	im := importOne(t, "aisdk-v4.json", importer.FormatOpenAIChat, []string{
		"user: How much disk is free on /data?",
		"assistant: Checking.\nbash {\"command\":\"df -h /data\"}\nbash {\"command\":\"du -sh /data/tmp\"}",
		"user: {\"stdout\":\"/dev/sdb1 500G 431G 69G 87% /data\",\"exitCode\":0}",
		"user: 12G\t/data/tmp",
		"assistant: 69G free on /data; /data/tmp holds 12G.",
	})
	if st := im.Stats; st.ToolCalls != 2 || st.ToolResults != 2 || st.Orphans != 0 || st.Unpaired != 0 {
		t.Errorf("v4: stats %+v", st)
	}
	im = importOne(t, "aisdk-v5.jsonl", importer.FormatOpenAIChat, []string{
		"user: Read config",
		"assistant: Reading both.\nreadFile {\"path\":\"app.yaml\"}\nreadFile {\"path\":\"db.yaml\"}",
		"user: ENOENT: app.yaml",
		"user: {\"host\":\"db\",\"port\":5432}",
		"assistant: app.yaml is missing; the database is db:5432.",
	})
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"c1"}) {
		t.Errorf("v5: failed results %v, want the error-text one (c1)", failed)
	}
}

// A call written flat ({"id", "name", "arguments"} without "function")
// and text parts of the Assistants API ({"text": {"value": …}}) are read:
// they were refused ('tool_calls[0] has no function name', 'content is
// neither a string, null nor a list of parts').
func TestImportOpenAIChatShapes(t *testing.T) {
	importOne(t, "openai-shapes.json", importer.FormatOpenAIChat, []string{
		"user: List the files",
		"assistant: ls {\"dir\":\".\"}",
		"user: a.go\nb.go",
		"assistant: Two files: a.go and b.go.",
	})
}

// A log that mixes encodings (a Windows tool's output written into a
// UTF-8 log unconverted) reads each byte that is not UTF-8 as the
// Windows-1252 character it is: „config.ini“ and Größe, where decoding
// JSON made each byte U+FFFD and lost it. Valid UTF-8 is untouched.
func TestImportMixedEncoding(t *testing.T) {
	importOne(t, "openai-mixed-encoding.jsonl", importer.FormatOpenAIChat, []string{
		"user: Résumé the build log ✅",
		"assistant: bash {\"command\":\"type build.log\"}",
		"user: Fehler: Datei „config.ini“ nicht gefunden (Größe 0)",
		"assistant: The build can't find config.ini.",
	})
	// Every byte 0x80–0xFF alone reads as a character of its own, so the
	// bytes can be told back from the text.
	var doc []byte
	for b := 0x80; b <= 0xff; b++ {
		doc = append(doc, byte(b))
	}
	ims, err := importer.ImportBytes("all.json", append(append([]byte(`{"messages":[{"role":"user","content":"`), doc...), `"}]}`...))
	if err != nil {
		t.Fatal(err)
	}
	got := []rune(strings.TrimPrefix(messageTexts(t, ims[0])[0], "user: "))
	seen := map[rune]bool{}
	for _, r := range got {
		seen[r] = true
	}
	if len(got) != 128 || len(seen) != 128 || seen['\uFFFD'] {
		t.Errorf("128 bytes read as %d characters, %d distinct (U+FFFD among them: %v)", len(got), len(seen), seen['\uFFFD'])
	}
}
