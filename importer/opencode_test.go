package importer_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
)

// openCodeSessionFile is the OpenCode session testdata/opencode-export.json
// exports, as OpenCode 1.1 keeps it in its storage directory.
var openCodeSessionFile = filepath.Join("testdata", "opencode-storage", "session",
	"4b0ea68d7af9a6031a7ffda7ad66e0cb83315750", "ses_5d3f0a8e1ffeQm7KxR2pLw9TnB.json")

// openCodeWant are the messages of that session: the user's text, then
// OpenCode's synthetic read of the attached file and the user's image;
// the first assistant message's three steps, each followed by its calls'
// results (a bash run that failed its tests, a read that failed, one that
// worked, an edit the user refused); an edit, and a test run the user
// stopped, its output so far kept; a call still running when the session
// was saved, answered by the synthetic result; the errored API attempt
// left out; the compaction's prompt and summary; a commit.
var openCodeWant = []string{
	"user: The tests in ./tally fail since yesterday. Can you find out why and fix it? @tally/sum.go",
	"user: Called the Read tool with the following input: {\"filePath\":\"/home/ana/src/tally/tally/sum.go\"}\n<file>\n00001| package tally\n00002| \n00003| // Sum adds the numbers of xs.\n00004| func Sum(xs []int) int {\n00005| \tt := 0\n00006| \tfor i := 1; i < len(xs); i++ {\n00007| \t\tt += xs[i]\n00008| \t}\n00009| \treturn t\n00010| }\n\n(End of file - total 10 lines)\n</file>",
	"user: [file omitted: image/png, ci-failure.png, 118 bytes of data URL]",
	"assistant: Sum starts its loop at 1, so the first element is never added. Let me run the tests to confirm before editing.\nLet me run the tests first.\nbash {\"command\":\"go test ./tally/\",\"description\":\"Run the tally tests\"}\nread {\"filePath\":\"/home/ana/src/tally/sum_test.go\"}",
	"user: --- FAIL: TestSum (0.00s)\n    sum_test.go:9: Sum([1 2 3]) = 5, want 6\nFAIL\nFAIL\tgithub.com/ana/tally/tally\t0.004s\nFAIL\n",
	"user: Error: File not found: /home/ana/src/tally/sum_test.go\n\nDid you mean one of these?\n/home/ana/src/tally/tally/sum_test.go",
	"assistant: The test lives in the package directory; reading it there.\nread {\"filePath\":\"/home/ana/src/tally/tally/sum_test.go\"}",
	"user: <file>\n00001| package tally\n00002| \n00003| import \"testing\"\n00004| \n00005| func TestSum(t *testing.T) {\n00006| \tgot := Sum([]int{1, 2, 3})\n00007| \tif got != 6 {\n00008| \t\tt.Errorf(\"Sum([1 2 3]) = %d, want 6\", got)\n00009| \t}\n00010| }\n\n(End of file - total 10 lines)\n</file>",
	"assistant: The loop skips xs[0]. I'll start it at 0.\nedit {\"filePath\":\"/home/ana/src/tally/tally/sum.go\",\"oldString\":\"for i := 1; i < len(xs); i++\",\"newString\":\"for i := 0; i < len(xs); i++\"}",
	"user: The user rejected permission to use this specific tool call. You may try again with different parameters.",
	"user: Sorry, misclick. Go ahead and apply the edit, then rerun the tests.",
	"assistant: edit {\"filePath\":\"/home/ana/src/tally/tally/sum.go\",\"oldString\":\"for i := 1; i < len(xs); i++\",\"newString\":\"for i := 0; i < len(xs); i++\"}\nbash {\"command\":\"go test ./...\",\"description\":\"Run all tests\"}",
	"user: (no output)",
	"user: ok  \tgithub.com/ana/tally/tally\t0.003s\n\nTool execution aborted",
	"user: Run them once more, all packages.",
	"assistant: Running the whole suite.\nbash {\"command\":\"go test -count=1 ./...\",\"description\":\"Run all tests\"}",
	"user: " + importer.NoResultText,
	"user: What did we do so far?",
	"assistant: ## Summary\nSum skipped xs[0]: the loop started at 1. The edit to tally/sum.go starts it at 0; the tally tests pass. A full `go test ./...` run was cut off.",
	"user: Thanks. Commit it.",
	"assistant: bash {\"command\":\"git commit -am 'tally: Sum adds the first element too'\",\"description\":\"Commit the fix\"}",
	"user: [main 1c2d3e4] tally: Sum adds the first element too\n 1 file changed, 1 insertion(+), 1 deletion(-)\n",
	"assistant: Committed as 1c2d3e4.",
}

// The output of `opencode export` imports: text, reasoning, file and
// tool parts become what OpenCode shows the model, an assistant message is
// split at its steps with each call answered by its result (a completed
// tool by its output, an errored one as a failure), a running tool's call
// is unpaired, an errored API attempt is left out, the compaction is a
// marker with its summary, and the session's id names it. Before, the file
// was taken for a mini-swe-agent trajectory (it has "info" and "messages")
// and refused: 'import mini-swe-agent …: no session in file'.
func TestImportOpenCode(t *testing.T) {
	im := importOne(t, "opencode-export.json", importer.FormatOpenCode, openCodeWant)
	if im.ID != "opencode:ses_5d3f0a8e1ffeQm7KxR2pLw9TnB" || !inRequestHeader(im, `"provider":"anthropic","model":"claude-sonnet-4-5"`) {
		t.Errorf("id %q, or the model is not in the header", im.ID)
	}
	st := im.Stats
	if st.SourceRecords != 11 || st.ToolCalls != 8 || st.ToolResults != 7 || st.Unpaired != 1 || st.Orphans != 0 || st.Reordered != 0 || st.Skipped != 1 {
		t.Errorf("stats %+v", st)
	}
	if len(st.Compactions) != 1 || st.Compactions[0].Kind != "compaction" || st.Compactions[0].SummarySeq <= st.Compactions[0].Seq {
		t.Errorf("compactions %+v", st.Compactions)
	}
	if got, want := failedResults(t, im), []string{"toolu_01VqB7m3kLr9XwPz2sT4yNcd", "toolu_01Hc8Ju2wEr5TyUi7oPa3sDf", "toolu_01Zx9Cv8Bn7Mq6Wd5Ef4Rt3Y", "toolu_01Gt7Ru8Nn9Te0St1Sa2Ga3I", "toolu_01Rn5Ng6Ru7Nn8In9Gx0Yz1W"}; !reflect.DeepEqual(got, want) {
		t.Errorf("failed results %q, want %q", got, want)
	}
	injected := eachMessage(t, im, func(m *hostshim.Message) string {
		if m.Source == nil {
			return ""
		}
		return m.Source.Injected
	})
	want := make([]string, len(openCodeWant))
	want[1], want[9], want[13], want[17] = hostshim.InjectedChatter, hostshim.InjectedInterruption, hostshim.InjectedInterruption, hostshim.InjectedChatter
	if !reflect.DeepEqual(injected, want) {
		t.Errorf("injected %q, want %q", injected, want)
	}
}

// A session in OpenCode's storage directory imports from its info file:
// its messages and parts are read beside it, and it is the session the
// export holds, event for event (only the file's name differs); Open
// streams the same. Before, the info file read as no format.
func TestImportOpenCodeStorage(t *testing.T) {
	if f, err := importer.Detect(openCodeSessionFile); err != nil || f != importer.FormatOpenCode {
		t.Fatalf("detected %q, %v", f, err)
	}
	ims, err := importer.Import(openCodeSessionFile)
	if err != nil {
		t.Fatal(err)
	}
	exp, err := importer.Import(filepath.Join("testdata", "opencode-export.json"))
	if err != nil {
		t.Fatal(err)
	}
	im := ims[0]
	checkSession(t, im)
	if got := messageTexts(t, im); !reflect.DeepEqual(got, openCodeWant) {
		t.Errorf("messages\n got %q\nwant %q", got, openCodeWant)
	}
	if im.ID != exp[0].ID || !reflect.DeepEqual(im.Stats, exp[0].Stats) {
		t.Errorf("id %s stats %+v; export: %s %+v", im.ID, im.Stats, exp[0].ID, exp[0].Stats)
	}
	a, b := im.Session.Events(), exp[0].Session.Events()
	if len(a) != len(b) {
		t.Fatalf("%d events from storage, %d from the export", len(a), len(b))
	}
	for i := range a {
		ja, _ := json.Marshal(a[i])
		jb, _ := json.Marshal(b[i])
		if string(ja) != string(jb) {
			t.Fatalf("event %d differs:\nstorage %s\nexport  %s", i, ja, jb)
		}
	}
	checkStreamsAsImported(t, openCodeSessionFile)
}

// copyTree copies the directory src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o600)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// What cannot be read from OpenCode's storage is refused with what is
// wrong, where, and what to do: an info file's bytes without its
// directory, one outside a storage directory, a session whose messages are
// not there (OpenCode 1.2 and later keep them in opencode.db), a part that
// is not JSON, a parts directory that leads outside the storage, and a
// message or part file given for a session.
func TestImportOpenCodeStorageErrors(t *testing.T) {
	info, err := os.ReadFile(openCodeSessionFile)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := importer.ImportBytes("ses.json", info); !errors.Is(err, importer.ErrEmpty) || !strings.Contains(err.Error(), "opencode export") {
		t.Errorf("info bytes alone: %v", err)
	}
	lone := filepath.Join(t.TempDir(), "ses_5d3f0a8e1ffeQm7KxR2pLw9TnB.json")
	os.WriteFile(lone, info, 0o600)
	if _, err := importer.Import(lone); err == nil || !strings.Contains(err.Error(), "storage/session/<projectID>/<sessionID>.json") {
		t.Errorf("info outside a storage directory: %v", err)
	}
	if _, err := importer.Open(lone, ""); err == nil {
		t.Errorf("Open of an info outside a storage directory: no error")
	}

	fresh := func() (storage, session string) {
		storage = filepath.Join(t.TempDir(), "storage")
		copyTree(t, filepath.Join("testdata", "opencode-storage"), storage)
		rel, _ := filepath.Rel(filepath.Join("testdata", "opencode-storage"), openCodeSessionFile)
		return storage, filepath.Join(storage, rel)
	}
	const ses, msg1 = "ses_5d3f0a8e1ffeQm7KxR2pLw9TnB", "msg_a2c0f1e51001Hs8dKq2LmZ4vX1"

	storage, session := fresh()
	os.RemoveAll(filepath.Join(storage, "message", ses))
	if _, err := importer.Import(session); !errors.Is(err, importer.ErrEmpty) || !strings.Contains(err.Error(), "opencode.db") {
		t.Errorf("no message directory: %v", err)
	}

	storage, session = fresh()
	parts, _ := filepath.Glob(filepath.Join(storage, "part", msg1, "*.json"))
	os.WriteFile(parts[0], []byte(`{"id": "prt_`), 0o600)
	var ie *importer.Error
	if _, err := importer.Import(session); !errors.As(err, &ie) || !errors.Is(err, importer.ErrMalformed) || ie.Record != "part/"+msg1+"/"+filepath.Base(parts[0]) {
		t.Errorf("torn part: %v", err)
	}

	storage, session = fresh()
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "prt_x.json"), []byte(`{"type":"text","text":"SECRET outside the storage"}`), 0o600)
	os.RemoveAll(filepath.Join(storage, "part", msg1))
	if err := os.Symlink(outside, filepath.Join(storage, "part", msg1)); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	ims, err := importer.Import(session)
	if err == nil {
		for _, m := range messageTexts(t, ims[0]) {
			if strings.Contains(m, "SECRET") {
				t.Errorf("read a part outside the storage directory: %q", m)
			}
		}
		t.Errorf("a parts directory linked outside the storage: no error")
	}

	storage, _ = fresh()
	parts, _ = filepath.Glob(filepath.Join(storage, "part", msg1, "*.json"))
	for _, piece := range []string{filepath.Join(storage, "message", ses, msg1+".json"), parts[0]} {
		if _, err := importer.Import(piece); !errors.Is(err, importer.ErrUnknownFormat) || !strings.Contains(err.Error(), "info file") {
			t.Errorf("%s: %v", filepath.Base(piece), err)
		}
	}
}

// A pending revert (/undo) leaves out the messages from the one it
// names, as OpenCode removes them before the next prompt; an export of a
// session with no messages is empty; mini-swe-agent's trajectory, which
// also has "info" and "messages", is not OpenCode's.
func TestImportOpenCodeShapes(t *testing.T) {
	doc := `{"info": {"id": "ses_1", "projectID": "global", "directory": "/p", "title": "t", "version": "1.0.0", "time": {"created": 1, "updated": 2},
	  "revert": {"messageID": "msg_3"}},
	 "messages": [
	  {"info": {"id": "msg_1", "sessionID": "ses_1", "role": "user", "time": {"created": 1}}, "parts": [{"id": "prt_1", "type": "text", "text": "hi"}]},
	  {"info": {"id": "msg_2", "sessionID": "ses_1", "role": "assistant", "providerID": "openai", "modelID": "gpt-5"}, "parts": [{"id": "prt_2", "type": "text", "text": "hello"}]},
	  {"info": {"id": "msg_3", "sessionID": "ses_1", "role": "user"}, "parts": [{"id": "prt_3", "type": "text", "text": "undone"}]},
	  {"info": {"id": "msg_4", "sessionID": "ses_1", "role": "assistant"}, "parts": [{"id": "prt_4", "type": "text", "text": "undone too"}]}]}`
	ims, err := importer.ImportBytes("e.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if got := messageTexts(t, ims[0]); !reflect.DeepEqual(got, []string{"user: hi", "assistant: hello"}) || ims[0].Stats.Abandoned != 2 {
		t.Errorf("revert: %q, abandoned %d", got, ims[0].Stats.Abandoned)
	}
	empty := `{"info": {"id": "ses_1", "projectID": "global", "directory": "/p", "title": "t", "time": {"created": 1}}, "messages": []}`
	if f, _ := importer.DetectBytes([]byte(empty)); f != importer.FormatOpenCode {
		t.Errorf("empty export detected as %q", f)
	}
	if _, err := importer.ImportBytes("e.json", []byte(empty)); !errors.Is(err, importer.ErrEmpty) {
		t.Errorf("empty export: %v", err)
	}
	mini := `{"info": {"exit_status": "Submitted"}, "messages": [{"role": "user", "content": "x"}]}`
	if f, _ := importer.DetectBytes([]byte(mini)); f != importer.FormatMiniSWE {
		t.Errorf("mini-swe-agent trajectory detected as %q", f)
	}
	bad := `{"info": {"id": "ses_1"}, "messages": [{"info": {"id": "m", "role": "assistant"}, "parts": [{"type": "tool", "callID": "c", "tool": "bash", "state": {"status": "exploded", "input": {}}}]}]}`
	if _, err := importer.ImportBytes("e.json", []byte(bad)); !errors.Is(err, importer.ErrMalformed) || !strings.Contains(err.Error(), `"exploded"`) {
		t.Errorf("unknown tool state: %v", err)
	}
}
