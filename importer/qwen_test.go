package importer_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// A Qwen Code recording imports as the conversation Qwen Code resumes:
// from the last record up the parentUuid chain. The turn a /rewind
// replaced (its rewind record's parent is the record it went back to) is
// left out and counted; the tool_result records answer their calls by
// id, the shell tool's "Exit Code: 1" fails its result and a call the
// user cancelled (toolCallResult status "cancelled") is an interruption;
// the chat_compression record is a compaction marker whose summary (the
// first content of its compressed history) follows it as the client's
// chatter; what the user typed while tools ran (mid_turn_user_message)
// is the user's, a background task's notification (a user record of
// provenance "system") the client's chatter; ui_telemetry and
// slash_command records are skipped. Before,
// the claude-code reader claimed the file and refused it ("no session in
// file").
func TestImportQwenCode(t *testing.T) {
	im := importOne(t, "qwen-code-session.jsonl", importer.FormatQwen, []string{
		"user: Make the tests in tests/test_api.py pass. Do not change the public API.",
		"assistant: Let me look at the failures first.\nRunning the tests.\nrun_shell_command {\"command\":\"pytest tests/test_api.py\"}",
		"user: Command: pytest tests/test_api.py\nOutput: 2 failed, 5 passed\nExit Code: 1",
		"user: Fix the handler instead; keep the tests.",
		"assistant: edit {\"file_path\":\"/home/u/proj/api.py\",\"old_string\":\"return None\",\"new_string\":\"return {}\"}\nrun_shell_command {\"command\":\"rm -rf build\"}",
		"user: Successfully modified file: /home/u/proj/api.py (1 replacements).",
		"user: [Operation Cancelled] Reason: User cancelled the operation.",
		"user: Never run rm -rf in this repo.",
		"user: Background shell task bg-1 (npm run watch) exited with code 1.",
		"user: <state_snapshot>\n<overall_goal>Make tests/test_api.py pass without changing the public API.</overall_goal>\n</state_snapshot>",
		"user: Now run the tests again.",
		"assistant: All 7 tests pass.",
	})
	checkMarks(t, im, []string{"-", "-", "-", "-", "-", "-", "interruption", "-", "chatter", "chatter", "-", "-"})
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"call_1", "call_3"}) {
		t.Errorf("failed results %v, want the exit 1 and the cancelled call", failed)
	}
	st := im.Stats
	if st.ToolCalls != 3 || st.ToolResults != 3 || st.Unpaired != 0 || st.Abandoned != 2 || st.Skipped != 3 {
		t.Errorf("stats %+v", st)
	}
	if c := st.Compactions; len(c) != 1 || c[0].Kind != "chat_compression" || c[0].PreTokens != 98000 || c[0].SummarySeq == 0 {
		t.Errorf("compactions %+v", c)
	}
	if im.ID != "qwen-code:7f1c2a9e-0b3d-4c55-9a61-2d8e4f0a1b23" {
		t.Errorf("id %q", im.ID)
	}
}

// qwenLines joins records into a recording.
func qwenLines(lines ...string) []byte { return []byte(strings.Join(lines, "\n") + "\n") }

// Qwen Code's records, one field changed at a time: what each reads as,
// and the near misses that are not Qwen Code's.
func TestQwenCodeRecords(t *testing.T) {
	const (
		user = `{"uuid":"u1","parentUuid":null,"sessionId":"s","timestamp":"t","type":"user","cwd":"/p","version":"0.5.1","message":{"role":"user","parts":[{"text":"hi"}]}}`
		asst = `{"uuid":"a1","parentUuid":"u1","sessionId":"s","timestamp":"t","type":"assistant","cwd":"/p","version":"0.5.1","model":"qwen3","message":{"role":"model","parts":[{"text":"hello"}]}}`
	)
	// qwenChild is a second user record, a child of user, of type typ.
	qwenChild := func(typ string) string {
		return strings.NewReplacer(`"uuid":"u1","parentUuid":null`, `"uuid":"u2","parentUuid":"u1"`, `"type":"user"`, typ).Replace(user)
	}
	cases := []struct {
		name    string
		data    []byte
		format  importer.Format // "" when detection refuses or another format wins
		wantErr bool
		check   func(t *testing.T, im importer.Imported)
	}{
		{name: "a system record first", format: importer.FormatQwen,
			data: qwenLines(`{"uuid":"x","parentUuid":null,"sessionId":"s","timestamp":"t","type":"system","subtype":"session_source","cwd":"/p","version":"1","systemPayload":{"sourceType":"cli"}}`,
				`{"uuid":"u1","parentUuid":"x","sessionId":"s","timestamp":"t","type":"user","message":{"role":"user","parts":[{"text":"hi"}]}}`)},
		{name: "a QWEN.md content is the project's instructions", format: importer.FormatQwen,
			data: qwenLines(`{"uuid":"u0","parentUuid":null,"sessionId":"s","timestamp":"t","type":"user","message":{"role":"user","parts":[{"text":"--- Context from: QWEN.md ---\nUse tabs.\n--- End of Context from: QWEN.md ---"}]}}`,
				strings.Replace(user, `"parentUuid":null`, `"parentUuid":"u0"`, 1), asst),
			check: func(t *testing.T, im importer.Imported) { checkMarks(t, im, []string{"instructions", "-", "-"}) }},
		{name: "a cron prompt is chatter", format: importer.FormatQwen,
			data:  qwenLines(user, qwenChild(`"type":"user","subtype":"cron"`)),
			check: func(t *testing.T, im importer.Imported) { checkMarks(t, im, []string{"-", "chatter"}) }},
		{name: "a realtime message is the user's", format: importer.FormatQwen,
			data:  qwenLines(user, qwenChild(`"type":"user","subtype":"realtime_message"`)),
			check: func(t *testing.T, im importer.Imported) { checkMarks(t, im, []string{"-", "-"}) }},
		{name: "a duplicate uuid reads its first record", format: importer.FormatQwen,
			data: qwenLines(user, asst, strings.Replace(asst, "hello", "again", 1)),
			check: func(t *testing.T, im importer.Imported) {
				if im.Stats.Messages != 2 || im.Stats.Skipped != 1 {
					t.Errorf("stats %+v", im.Stats)
				}
			}},
		{name: "a parent not in the file keeps what comes before", format: importer.FormatQwen,
			data: qwenLines(user, strings.Replace(asst, `"parentUuid":"u1"`, `"parentUuid":"gone"`, 1)),
			check: func(t *testing.T, im importer.Imported) {
				if im.Stats.Messages != 2 || im.Stats.Abandoned != 0 {
					t.Errorf("stats %+v", im.Stats)
				}
			}},
		{name: "a parent loop stops the walk", format: importer.FormatQwen,
			data: qwenLines(strings.Replace(user, `"parentUuid":null`, `"parentUuid":"a1"`, 1), asst)},
		{name: "a sidechain record is skipped", format: importer.FormatQwen,
			data: qwenLines(user, strings.Replace(asst, `"model"`, `"isSidechain":true,"model"`, 1)),
			check: func(t *testing.T, im importer.Imported) {
				if im.Stats.Messages != 1 || im.Stats.Skipped != 1 {
					t.Errorf("stats %+v", im.Stats)
				}
			}},
		{name: "a sub-agent's own recording is its conversation", format: importer.FormatQwen,
			data: qwenLines(strings.Replace(user, `"type"`, `"isSidechain":true,"type"`, 1), strings.Replace(asst, `"model"`, `"isSidechain":true,"model"`, 1)),
			check: func(t *testing.T, im importer.Imported) {
				if im.Stats.Messages != 2 || im.Stats.Skipped != 0 {
					t.Errorf("stats %+v", im.Stats)
				}
			}},
		{name: "an empty response is skipped", format: importer.FormatQwen,
			data: qwenLines(user, `{"uuid":"a1","parentUuid":"u1","sessionId":"s","timestamp":"t","type":"assistant","message":{"role":"model","parts":[]}}`)},
		{name: "a compression with no payload is a bare marker", format: importer.FormatQwen,
			data: qwenLines(user, `{"uuid":"c","parentUuid":"u1","sessionId":"s","timestamp":"t","type":"system","subtype":"chat_compression"}`, strings.Replace(asst, `"u1"`, `"c"`, 1)),
			check: func(t *testing.T, im importer.Imported) {
				if c := im.Stats.Compactions; len(c) != 1 || c[0].SummarySeq != 0 {
					t.Errorf("compactions %+v", c)
				}
			}},
		{name: "a compression payload of the wrong shape", format: importer.FormatQwen, wantErr: true,
			data: qwenLines(user, `{"uuid":"c","parentUuid":"u1","sessionId":"s","timestamp":"t","type":"system","subtype":"chat_compression","systemPayload":{"compressedHistory":"x"}}`)},
		{name: "a message of the wrong shape", format: importer.FormatQwen, wantErr: true,
			data: qwenLines(user, `{"uuid":"a1","parentUuid":"u1","sessionId":"s","timestamp":"t","type":"assistant","message":{"role":"model","parts":{"text":1}}}`)},
		{name: "a call with no name", format: importer.FormatQwen, wantErr: true,
			data: qwenLines(user, `{"uuid":"a1","parentUuid":"u1","sessionId":"s","timestamp":"t","type":"assistant","message":{"role":"model","parts":[{"functionCall":{"args":{}}}]}}`)},
		{name: "a line that is no JSON", format: importer.FormatQwen, wantErr: true,
			data: qwenLines(user, `{"uuid":`, asst)},
		{name: "a record with no uuid is read in file order", format: importer.FormatQwen,
			data: qwenLines(user, `{"sessionId":"s","type":"user","message":{"role":"user","parts":[{"text":"more"}]}}`, asst)},
		// near misses: Claude Code's records have the same ids
		{name: "Claude Code's user record", format: importer.FormatClaudeCode,
			data: qwenLines(`{"uuid":"u1","parentUuid":null,"sessionId":"s","timestamp":"t","type":"user","message":{"role":"user","content":"hi"}}`)},
		{name: "Claude Code's record with parts beside content", format: importer.FormatClaudeCode,
			data: qwenLines(`{"uuid":"u1","parentUuid":null,"sessionId":"s","timestamp":"t","type":"user","message":{"role":"user","content":"hi","parts":[{"text":"hi"}]}}`)},
		{name: "a Qwen-like record of another type", format: importer.FormatClaudeCode,
			data: qwenLines(`{"uuid":"u1","parentUuid":null,"sessionId":"s","type":"summary","systemPayload":{}}`, `{"uuid":"u2","parentUuid":"u1","sessionId":"s","type":"user","message":{"role":"user","content":"hi"}}`)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := importer.DetectBytes(c.data)
			if err != nil || got != c.format {
				t.Fatalf("detected %q, %v; want %q", got, err, c.format)
			}
			ims, err := importer.ImportBytes("s.jsonl", c.data)
			if c.wantErr {
				if err == nil || !errors.Is(err, importer.ErrMalformed) {
					t.Fatalf("err %v, want a malformed record", err)
				}
				return
			}
			if c.format != importer.FormatQwen {
				return
			}
			if err != nil || len(ims) != 1 {
				t.Fatalf("%d sessions, %v", len(ims), err)
			}
			if c.check != nil {
				c.check(t, ims[0])
			}
			path := filepath.Join(t.TempDir(), "s.jsonl")
			if err := os.WriteFile(path, c.data, 0o600); err != nil {
				t.Fatal(err)
			}
			checkStreamsAsImported(t, path)
		})
	}
}

// No Claude Code session in testdata is read as Qwen Code's.
func TestQwenCodeClaimsNoClaudeCodeFile(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "claude-code-*.jsonl"))
	for _, p := range files {
		if f, err := importer.Detect(p); err != nil || f != importer.FormatClaudeCode {
			t.Errorf("%s: detected %q, %v", p, f, err)
		}
	}
}
