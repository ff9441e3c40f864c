package importer_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// A Gemini CLI JSONL recording of 2026 imports whole. The chat opens
// with Gemini CLI's <session_context>, its chatter, whose GEMINI.md
// (between "--- Context from:" and "--- End of Context from:") is the
// project's instructions. The shell tool's status is "success" however
// the command ended: "Exit Code: 1" after its output, or its timeout
// note, marks the result failed, while "Exit Code: 1" printed by the
// command itself (a log line, followed by more output) does not; an
// error status fails. A compression rewrites the messages ($set) with
// its <state_snapshot> summary: the messages it replaced are history the
// model read and keep their places, the summary is a compaction marker's
// summary, marked as the client's chatter. Info and error notices and a
// record of no kind Gemini CLI reads are skipped and counted. Before, the
// session context was the user's first message (its date and folder tree
// the objective), the failed commands read as passing, and everything
// before the compression was left out.
func TestImportGeminiCLI2026(t *testing.T) {
	im := importOne(t, "gemini-cli-2026.jsonl", importer.FormatGemini, []string{
		"user: <session_context>\nThis is the Gemini CLI. We are setting up the context for our chat.\nToday's date is Wednesday, October 14, 2026 (formatted according to the user's locale).\nMy operating system is: linux\nThe workspace's temporary directory is: /home/lena/.gemini/tmp/geo-tiles\n- **Workspace Directories:**\n  - /home/lena/geo-tiles\n- **Directory Structure:**\n\nShowing up to 200 items (files + folders).\n\n/home/lena/geo-tiles/\n├───GEMINI.md\n├───go.mod\n└───tiles/\n    ├───cache.go\n    └───cache_test.go\n\n--- Context from: GEMINI.md ---\n",
		"user: Run go vet before every commit.\nNever edit files under vendor/.\n",
		"user: --- End of Context from: GEMINI.md ---\n</session_context>",
		"user: Der Tile-Cache liefert nach einem Neustart veraltete Kacheln. Finde die Ursache.",
		"assistant: Reproducing\nRun the cache tests to see the stale read.\nIch führe zuerst die Cache-Tests aus.\nrun_shell_command {\"command\":\"go test ./tiles/\",\"description\":\"Run the tile cache tests\"}",
		"user: Output: --- FAIL: TestReloadEvictsStale (0.01s)\n    cache_test.go:41: tile 12/2200/1343: got etag \"v1\", want \"v2\"\nFAIL\nFAIL\tgeo-tiles/tiles\t0.014s\nExit Code: 1\nProcess Group PGID: 48211",
		"assistant: read_file {\"file_path\":\"tiles/cache.go\"}",
		"user: func (c *Cache) Load(dir string) error {\n\tc.entries = readIndex(dir) // etags from the last run\n\treturn nil\n}",
		"assistant: Load übernimmt die ETags des letzten Laufs ungeprüft. Ich ändere das.\nreplace {\"file_path\":\"/home/lena/geo-tiles/tiles/cache.go\",\"old_string\":\"\\tc.entries = readIndex(dir)\",\"new_string\":\"\\tc.entries = revalidate(readIndex(dir))\"}",
		"user: Failed to edit, 0 occurrences found for old_string in /home/lena/geo-tiles/tiles/cache.go. No edits made.",
		"assistant: run_shell_command {\"command\":\"go test -count=50 ./tiles/\"}",
		"user: Command was automatically cancelled because it exceeded the timeout of 5.0 minutes without output. There was no output before it was cancelled.",
		"user: Lass -count weg. Zeig mir nur das Log von gestern.",
		"assistant: run_shell_command {\"command\":\"tail -n 3 logs/2026-10-13.log\"}",
		"user: Output: 23:58:01 reload: worker exited\nExit Code: 1\n23:58:02 reload: restarted\nProcess Group PGID: 48377",
		"assistant: Der Worker ist um 23:58 neu gestartet; danach wurden die alten ETags geladen.",
		"user: <state_snapshot>\n    <overall_goal>Find why the tile cache serves stale tiles after a restart.</overall_goal>\n    <active_constraints>Run go vet before every commit; never edit vendor/; no -count on go test.</active_constraints>\n    <key_knowledge>Cache.Load reads the etags of the last run without revalidating them.</key_knowledge>\n    <task_state>1. [DONE] Reproduce (TestReloadEvictsStale fails). 2. [TODO] Revalidate etags in Load.</task_state>\n</state_snapshot>",
		"assistant: Got it. Thanks for the additional context!",
		"user: Dann bau die Revalidierung in Load ein und führ go vet aus.",
		"assistant: run_shell_command {\"command\":\"go vet ./...\"}",
		"user: Output: (empty)\nProcess Group PGID: 48502",
		"assistant: go vet ist sauber.",
	})
	checkMarks(t, im, []string{"chatter", "instructions", "chatter", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-",
		"chatter", "-", "-", "-", "-", "-"})
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"run_shell_command_1760428805101_0", "replace_1760428820003_0", "run_shell_command_1760428830004_0"}) {
		t.Errorf("failed results %v, want the exit 1, the failed edit and the timeout", failed)
	}
	st := im.Stats
	if st.ToolCalls != 6 || st.ToolResults != 6 || st.Unpaired != 0 || st.Abandoned != 0 || st.Skipped != 4 {
		t.Errorf("stats %+v", st)
	}
	if c := st.Compactions; len(c) != 1 || c[0].Kind != "state_snapshot" || c[0].SummarySeq == 0 {
		t.Errorf("compactions %+v, want one state_snapshot with its summary", c)
	}
	checkStreamsAsImported(t, "testdata/gemini-cli-2026.jsonl")
}

// A /chat save checkpoint of a compressed chat, written by Gemini CLI
// before it wrapped its context in <session_context>: the bare context
// is chatter, the <state_snapshot> a compaction's summary; the shell
// tool's older report, which always writes "Exit Code:" ("(none)" or 0
// when nothing failed), fails at 2 and not at 0; a command the user
// stopped is an interruption. Near misses: a prompt that quotes the
// context's opening words, or a snapshot tag, after words of its own is
// the user's.
func TestImportGeminiCheckpointCompressed(t *testing.T) {
	shell := func(id, out string) string {
		return `{"role":"model","parts":[{"functionCall":{"id":"` + id + `","name":"run_shell_command","args":{"command":"make"}}}]},` +
			`{"role":"user","parts":[{"functionResponse":{"id":"` + id + `","name":"run_shell_command","response":{"output":` + out + `}}}]}`
	}
	doc := `{"history":[` +
		`{"role":"user","parts":[{"text":"This is the Gemini CLI. We are setting up the context for our chat.\nToday's date is Monday, March 2, 2026.\nMy operating system is: darwin"}]},` +
		`{"role":"model","parts":[{"text":"Got it. Thanks for the context!"}]},` +
		`{"role":"user","parts":[{"text":"<state_snapshot>\n<overall_goal>Ship the build.</overall_goal>\n</state_snapshot>"}]},` +
		`{"role":"model","parts":[{"text":"Got it. Thanks for the additional context!"}]},` +
		`{"role":"user","parts":[{"text":"Run make. I pasted <state_snapshot> by mistake before; ignore it. This is the Gemini CLI. We are setting up the context for our chat."}]},` +
		shell("c1", `"Command: make\nDirectory: (root)\nOutput: cc: error: main.c: No such file\nError: (none)\nExit Code: 2\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 9"`) + `,` +
		shell("c2", `"Command: make\nDirectory: (root)\nOutput: ok\nError: (none)\nExit Code: 0\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 10"`) + `,` +
		shell("c3", `"Command was cancelled by user before it could complete. Below is the output before it was cancelled:\ncc -c a.c"`) +
		`],"authType":"oauth-personal"}`
	ims, err := importer.ImportBytes("checkpoint-ship.json", []byte(doc))
	if err != nil || len(ims) != 1 || ims[0].Format != importer.FormatGemini {
		t.Fatalf("ImportBytes: %v %+v", err, ims)
	}
	im := ims[0]
	var marks []string
	for _, m := range markedMessages(t, im) {
		f := strings.SplitN(m, " ", 3)
		marks = append(marks, f[0]+" "+f[1])
	}
	want := []string{"user chatter", "assistant -", "user chatter", "assistant -", "user -",
		"assistant -", "user -", "assistant -", "user -", "assistant -", "user interruption"}
	if !reflect.DeepEqual(marks, want) {
		t.Errorf("marks\n got %q\nwant %q", marks, want)
	}
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"c1", "c3"}) {
		t.Errorf("failed results %v, want c1 (exit 2) and c3 (stopped)", failed)
	}
	if c := im.Stats.Compactions; len(c) != 1 || c[0].SummarySeq == 0 {
		t.Errorf("compactions %+v, want the snapshot's", c)
	}
}

// Gemini CLI's stream-json reports a shell command's result with status
// "success" too; its output's "Exit Code: 1" fails it.
func TestImportGeminiStreamShellExit(t *testing.T) {
	lines := []string{
		`{"type":"init","timestamp":"2026-10-01T10:00:00.000Z","session_id":"s-st","model":"gemini-3-pro-preview"}`,
		`{"type":"message","timestamp":"2026-10-01T10:00:00.001Z","role":"user","content":"Run the tests."}`,
		`{"type":"tool_use","timestamp":"2026-10-01T10:00:01.000Z","tool_name":"run_shell_command","tool_id":"t1","parameters":{"command":"pytest -q"}}`,
		`{"type":"tool_result","timestamp":"2026-10-01T10:00:03.000Z","tool_id":"t1","status":"success","output":"Output: 1 failed\nExit Code: 1\nProcess Group PGID: 77"}`,
		`{"type":"message","timestamp":"2026-10-01T10:00:04.000Z","role":"assistant","content":"One test fails.","delta":true}`,
		`{"type":"result","timestamp":"2026-10-01T10:00:04.500Z","status":"success","stats":{"total_tokens":900}}`,
	}
	ims, err := importer.ImportBytes("out.jsonl", []byte(strings.Join(lines, "\n")+"\n"))
	if err != nil || len(ims) != 1 {
		t.Fatalf("ImportBytes: %v", err)
	}
	if failed := failedResults(t, ims[0]); !reflect.DeepEqual(failed, []string{"t1"}) {
		t.Errorf("failed results %v, want t1", failed)
	}
}
