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

// A Continue session file (~/.continue/sessions/<id>.json) imports as
// Continue's GUI sends it to the model (constructMessages): a user
// message opens with its context items, a thinking message is the next
// reply's reasoning, each tool call is answered by its toolCallState
// (its output rendered, a terminal command's status after it; an errored
// call without output and a canceled one get Continue's own notes; a call
// still awaiting approval is unpaired), the tool messages that repeat
// those results add nothing, and a conversation summary is a compaction
// marker followed by the summary. Before, an unknown format.
func TestImportContinueSession(t *testing.T) {
	im := importOne(t, "continue-session.json", importer.FormatContinue, []string{
		"user: ```retry.go\nfunc backoff(n int) time.Duration { return time.Duration(n) * base }\n```\n",
		"user: Why does TestRetryBackoff fail on CI only?",
		"assistant: The test probably depends on wall-clock timing; check the test file.\nLet me look at the test and run it.\nread_file {\"filepath\":\"retry_test.go\"}\nrun_terminal_command {\"command\":\"go test -run TestRetryBackoff -count=5 ./...\",\"waitForCompletion\":true}",
		"user: if elapsed > 35*time.Millisecond { t.Fatal(\"too slow\") }",
		"user: --- FAIL: TestRetryBackoff (0.04s)\n    retry_test.go:21: too slow\nFAIL\n[Status: Command failed with exit code 1]",
		"assistant: The test asserts a 35ms upper bound on real sleeps; CI machines are slower. Inject a fake clock instead.",
		"user: Previous conversation summary:\n\n The user asked why TestRetryBackoff fails on CI. The test bounds real sleeps at 35ms in retry_test.go; the fix is a fake clock.",
		"user: Do it, and delete the old sleep helper.",
		"assistant: edit_existing_file {\"filepath\":\"retry.go\",\"changes\":\"// ... existing code ...\\nfunc backoff(c Clock, n int) time.Duration {\"}\nrun_terminal_command {\"command\":\"rm sleep_helper.go\"}\nrun_terminal_command {\"command\":\"go vet ./...\"}",
		"user: There was an error calling the tool.",
		"user: The user cancelled this tool call.",
		"user: " + importer.NoResultText,
	})
	if im.ID != "continue:6f0c2b7e-4a91-4d3b-9e58-1c7a2d4f8b30" {
		t.Errorf("id %q", im.ID)
	}
	want := []string{"toolu_01Kc9XBm5oP0rT4uV6wY8zA0", "toolu_01Ld0YCn6pQ1sU5vW7xZ9aB1", "toolu_01Me1ZDo7qR2tV6wX8yA0bC2"}
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, want) {
		t.Errorf("failed results %v, want %v", failed, want)
	}
	if st := im.Stats; st.SourceRecords != 8 || st.ToolCalls != 5 || st.ToolResults != 4 || st.Unpaired != 1 || st.Orphans != 0 || st.Skipped != 0 ||
		len(st.Compactions) != 1 || st.Compactions[0].Kind != "conversationSummary" || st.Compactions[0].SummarySeq == 0 {
		t.Errorf("stats %+v", st)
	}
	var injected []string
	for _, m := range messages(t, im) {
		if m.Source != nil && m.Source.Injected != "" {
			injected = append(injected, m.Source.Injected)
		}
	}
	if !reflect.DeepEqual(injected, []string{hostshim.InjectedChatter, hostshim.InjectedInterruption}) {
		t.Errorf("injected %v: want the attached file chatter, the canceled call an interruption", injected)
	}
	checkStreamsAsImported(t, filepath.Join("testdata", "continue-session.json"))
}

// Continue's index (~/.continue/sessions/sessions.json) imports, by its
// path, as every session it lists, read from <sessionId>.json beside it
// (entries of the old format, with session_id, are left out as Continue
// leaves them out); FILE#ID opens one. Its bytes alone, without the files
// beside it, are refused with a word on what to import.
func TestImportContinueIndex(t *testing.T) {
	p := filepath.Join("testdata", "continue-sessions", "sessions.json")
	if f, err := importer.Detect(p); err != nil || f != importer.FormatContinue {
		t.Fatalf("detected %q, %v", f, err)
	}
	ims, err := importer.Import(p)
	if err != nil {
		t.Fatal(err)
	}
	var names, ids []string
	for _, im := range ims {
		checkSession(t, im)
		names, ids = append(names, im.Name), append(ids, im.ID)
	}
	if want := []string{"sessions.json#2d4f6a8c-0e1b-4c3d-8e5f-7a9b1c3d5e01", "sessions.json#9e7c5a3b-1f0d-4e2c-b4a6-8c0e2f4a6b02"}; !reflect.DeepEqual(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	if want := []string{"continue:2d4f6a8c-0e1b-4c3d-8e5f-7a9b1c3d5e01", "continue:9e7c5a3b-1f0d-4e2c-b4a6-8c0e2f4a6b02"}; !reflect.DeepEqual(ids, want) {
		t.Errorf("ids %q", ids)
	}
	if got := messageTexts(t, ims[1]); !reflect.DeepEqual(got, []string{"user: Rename --max-retry to --retries.", "assistant: Renamed in flags.go and the README."}) {
		t.Errorf("second session %q", got)
	}
	checkStreamsAsImported(t, p)
	s, err := importer.Open(p, ims[1].Name)
	if err != nil || s.ID != ims[1].ID {
		t.Fatalf("open %s: %v", ims[1].Name, err)
	}
	s.Close()

	// Open reads only the session named: one listed session whose file is
	// gone fails Import, not the opening of another.
	dir := t.TempDir()
	one, err := os.ReadFile(filepath.Join("testdata", "continue-sessions", "2d4f6a8c-0e1b-4c3d-8e5f-7a9b1c3d5e01.json"))
	if err != nil {
		t.Fatal(err)
	}
	idx := filepath.Join(dir, "sessions.json")
	if err := os.WriteFile(filepath.Join(dir, "2d4f6a8c-0e1b-4c3d-8e5f-7a9b1c3d5e01.json"), one, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(idx, []byte(`[{"sessionId":"2d4f6a8c-0e1b-4c3d-8e5f-7a9b1c3d5e01","title":"a","dateCreated":"1","workspaceDirectory":""},`+
		`{"sessionId":"gone","title":"b","dateCreated":"2","workspaceDirectory":""}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := importer.Import(idx); !errors.Is(err, importer.ErrEmpty) {
		t.Errorf("import with a listed file gone: %v", err)
	}
	if s, err := importer.Open(idx, "sessions.json#2d4f6a8c-0e1b-4c3d-8e5f-7a9b1c3d5e01"); err != nil {
		t.Errorf("open the session that is there: %v", err)
	} else {
		s.Close()
	}
	if _, err := importer.Open(idx, "sessions.json#nope"); err == nil || !strings.Contains(err.Error(), "sessions.json#gone") {
		t.Errorf("open a session not listed: %v", err)
	}

	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := importer.ImportBytes("sessions.json", data); !errors.Is(err, importer.ErrEmpty) || !strings.Contains(err.Error(), "sessions.json") {
		t.Errorf("the index's bytes alone: %v", err)
	}

	// An index that lists a session whose file is not beside it, or an id
	// that would name a file elsewhere, names the entry.
	dir = t.TempDir()
	for _, tc := range []struct{ id, want string }{
		{"0a1b2c3d-0000-4000-8000-000000000000", "0a1b2c3d-0000-4000-8000-000000000000.json"},
		{"../../etc/passwd", "not a session id"},
	} {
		idx := filepath.Join(dir, "sessions.json")
		body := `[{"sessionId":"` + tc.id + `","title":"t","dateCreated":"1","workspaceDirectory":""}]`
		if err := os.WriteFile(idx, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := importer.Import(idx)
		var ie *importer.Error
		if !errors.As(err, &ie) || ie.Format != importer.FormatContinue || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("index listing %q: %v", tc.id, err)
		}
	}
}

// Continue detection takes no other format's documents, and a malformed
// Continue session names its history item.
func TestDetectContinueOnlyWhenItIs(t *testing.T) {
	for _, data := range []string{
		`{"sessionId":"s","title":"t","workspaceDirectory":"","history":[]}`,
		`[{"sessionId":"s","title":"t","dateCreated":"1","workspaceDirectory":""}]`,
	} {
		if f, err := importer.DetectBytes([]byte(data)); err != nil || f != importer.FormatContinue {
			t.Errorf("%s: detected %q, %v", data, f, err)
		}
	}
	for _, data := range []string{
		`{"sessionId":"s","projectHash":"p","messages":[]}`, // a Gemini CLI recording
		`[{"role":"user","content":"x"}]`,
	} {
		if f, _ := importer.DetectBytes([]byte(data)); f == importer.FormatContinue {
			t.Errorf("%s: detected as Continue", data)
		}
	}
	_, err := importer.ImportBytes("s.json", []byte(`{"sessionId":"s","title":"t","workspaceDirectory":"","history":[{"message":{"role":"user","content":"x"},"contextItems":[]},{"message":{"role":"assistant","content":7},"contextItems":[]}]}`))
	var ie *importer.Error
	if !errors.Is(err, importer.ErrMalformed) || !errors.As(err, &ie) || ie.Record != "history[1]" {
		t.Errorf("content that is a number: %v", err)
	}
	_, err = importer.ImportBytes("s.json", []byte(`{"sessionId":"s","title":"t","workspaceDirectory":"","history":[]}`))
	if !errors.Is(err, importer.ErrEmpty) {
		t.Errorf("no history: %v", err)
	}
}

// An empty thinking message adds nothing: the reply after it stays a
// message of its own, not a part of the reply before it.
func TestImportContinueEmptyThinking(t *testing.T) {
	ims, err := importer.ImportBytes("s.json", []byte(`{"sessionId":"s","title":"t","workspaceDirectory":"","history":[`+
		`{"message":{"role":"user","content":"q"},"contextItems":[]},{"message":{"role":"assistant","content":"A"},"contextItems":[]},`+
		`{"message":{"role":"thinking","content":""},"contextItems":[]},{"message":{"role":"assistant","content":"B"},"contextItems":[]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := messageTexts(t, ims[0]), []string{"user: q", "assistant: A", "assistant: B"}; !reflect.DeepEqual(got, want) {
		t.Errorf("messages %q, want %q", got, want)
	}
}
