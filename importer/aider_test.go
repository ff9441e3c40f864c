package importer_test

import (
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
)

// An Aider chat history (.aider.chat.history.md) imports: each "# aider
// chat started at" line opens a session (one of Aider's banner alone,
// started and left, is left out: this file of two is one, named FILE#2),
// "#### " lines are the user's input (a multi-line one is one message),
// replies are the assistant's (a fenced block in a reply keeps its "> " and
// "####" lines), Aider's "> " output and the user's /commands are kept
// as user messages marked as the client's chatter, a /run's output is a
// shell call's result (its question to add the output left out); the "Main model" line
// names the model. Before, 'unknown trajectory format'.
func TestImportAider(t *testing.T) {
	p := filepath.Join("testdata", "aider.chat.history.md")
	if f, err := importer.Detect(p); err != nil || f != importer.FormatAider {
		t.Fatalf("detected %q, %v", f, err)
	}
	ims, err := importer.Import(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(ims) != 1 || ims[0].Name != "aider.chat.history.md#2" {
		t.Fatalf("sessions %d, first named %q", len(ims), ims[0].Name)
	}
	im := ims[0]
	checkSession(t, im)
	want := []string{
		"user: Aider v0.86.1\nMain model: anthropic/claude-sonnet-4-5 with diff edit format, infinite output\nGit repo: .git with 42 files",
		"user: Füge eine Funktion hinzu,\ndie den Zeitstempel in UTC formatiert.",
		"assistant: Ich ändere `util.py`:\n\nutil.py\n```python\n<<<<<<< SEARCH\n> not a quote: inside the block\n=======\n#### not user input: inside the block\n>>>>>>> REPLACE\n```",
		"user: Applied edit to util.py\nCommit 3f2a1b9 feat: UTC-Zeitstempel",
		"user: /run pytest -q",
		"assistant: shell {\"command\":\"pytest -q\"}",
		"user: 1 failed, 3 passed\nFAILED tests/test_util.py::test_tz",
		"assistant: Der Test erwartet `+00:00`, nicht `Z`.",
	}
	if got := messageTexts(t, im); !reflect.DeepEqual(got, want) {
		t.Errorf("messages\n got %q\nwant %q", got, want)
	}
	marks := eachMessage(t, im, func(m *hostshim.Message) string { return m.Source.Injected })
	if wantMarks := []string{"chatter", "", "", "chatter", "chatter", "", "", ""}; !reflect.DeepEqual(marks, wantMarks) {
		t.Errorf("injected marks %q, want %q", marks, wantMarks)
	}
	if !inRequestHeader(im, "anthropic/claude-sonnet-4-5") || inRequestHeader(im, "diff edit format") {
		t.Error("the model is not the Main model line's")
	}
	// Markdown that is not an Aider history stays unknown.
	if _, err := importer.DetectBytes([]byte("# Notes\n\n#### not aider\n")); !errors.Is(err, importer.ErrUnknownFormat) {
		t.Errorf("plain Markdown: %v", err)
	}
	if _, err := importer.ImportBytes("h.md", []byte("\n# aider chat started at 2025-11-01 10:00:00\n\n> Aider v0.86.1\n")); !errors.Is(err, importer.ErrEmpty) {
		t.Errorf("a history of an empty session: %v", err)
	}
}
