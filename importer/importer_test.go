package importer_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
)

// TestImportFixtures runs small hand-written files through the importers
// and checks the pairing repairs they need: merged split responses,
// synthetic results for unanswered calls, dropped orphans, results moved to
// follow their call, renamed duplicate ids, compaction markers and the
// SWE-agent trajectory fallback.
func TestImportFixtures(t *testing.T) {
	cases := []struct {
		file   string
		format importer.Format
		want   importer.Stats
	}{
		{"sdk-edge.jsonl", importer.FormatClaudeSDK, importer.Stats{
			SourceRecords: 5, Messages: 5, ToolCalls: 2, ToolResults: 1, Unpaired: 1, Orphans: 1, Skipped: 3,
			UnpairedCalls: []importer.UnpairedCall{{Name: "Read", Seq: 3}},
			Compactions:   []importer.Compaction{{Seq: 12, SummarySeq: 12, Kind: "compact_boundary", PreTokens: 1234, Shadowed: 3}},
		}},
		{"atif-before.json", importer.FormatATIF, importer.Stats{
			SourceRecords: 4, Messages: 5, ToolCalls: 2, ToolResults: 2, Reordered: 1,
		}},
		{"atif-rfc.json", importer.FormatATIF, importer.Stats{
			SourceRecords: 3, Messages: 5, ToolCalls: 2, ToolResults: 2,
		}},
		{"openai-dup.json", importer.FormatMiniSWE, importer.Stats{
			SourceRecords: 8, Messages: 7, ToolCalls: 3, ToolResults: 2, Unpaired: 1, RenamedIDs: 1, Skipped: 1,
			UnpairedCalls: []importer.UnpairedCall{{Name: "bash", Seq: 14}},
		}},
		{"swe-fallback.traj", importer.FormatSWEAgent, importer.Stats{
			SourceRecords: 5, Messages: 5, ToolCalls: 2, ToolResults: 2,
		}},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			p := filepath.Join("testdata", tc.file)
			ims, err := importer.Import(p)
			if err != nil {
				t.Fatal(err)
			}
			if len(ims) != 1 || ims[0].Format != tc.format {
				t.Fatalf("got %d sessions of format %q", len(ims), ims[0].Format)
			}
			if !reflect.DeepEqual(ims[0].Stats, tc.want) {
				t.Errorf("stats\n got %+v\nwant %+v", ims[0].Stats, tc.want)
			}
			checkSession(t, ims[0])
		})
	}
}

// TestImportSyntheticResult checks the synthetic result's shape on the
// Gen01 wire: a user-role message with one tool-result block that is an
// error saying no result was recorded, citing its tool/call event.
func TestImportSyntheticResult(t *testing.T) {
	ims, err := importer.Import(filepath.Join("testdata", "sdk-edge.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	s := ims[0].Session
	found := false
	for _, e := range s.Events() {
		if e.Type != hostshim.TypeToolResult {
			continue
		}
		m, err := hostshim.DeriveMessage(e)
		if err != nil {
			t.Fatal(err)
		}
		id, _ := m.ToolResultID()
		if id != "toolu_b" {
			continue
		}
		found = true
		b := m.Content[0]
		if m.Role != hostshim.RoleUser || b.Type != hostshim.BlockToolResult || b.IsError == nil || !*b.IsError ||
			len(b.Content) != 1 || b.Content[0].Text != importer.NoResultText || m.Source == nil || m.Source.CallID != "toolu_b" {
			t.Errorf("synthetic result: %s", e.Encode())
		}
		call, _ := s.Event(e.SourceEventSeqs[0])
		var cd hostshim.ToolCallData
		if err := call.Decode(&cd); err != nil || call.Type != hostshim.TypeToolCall || cd.CallID != "toolu_b" {
			t.Errorf("result cites %s %s", call.Type, call.Encode())
		}
	}
	if !found {
		t.Fatal("no result for toolu_b")
	}
}

// TestImportRenamedID checks that a reused call id gets a suffix on the
// call, its tool/call event and its result.
func TestImportRenamedID(t *testing.T) {
	ims, err := importer.Import(filepath.Join("testdata", "openai-dup.json"))
	if err != nil {
		t.Fatal(err)
	}
	var callIDs, resultIDs []string
	for _, e := range ims[0].Session.Events() {
		switch e.Type {
		case hostshim.TypeToolCall:
			var d hostshim.ToolCallData
			if err := e.Decode(&d); err != nil {
				t.Fatal(err)
			}
			callIDs = append(callIDs, d.CallID)
		case hostshim.TypeToolResult:
			m, _ := hostshim.DeriveMessage(e)
			id, _ := m.ToolResultID()
			resultIDs = append(resultIDs, id)
		}
	}
	want := []string{"call_1", "call_1~1", "call_9"}
	if !reflect.DeepEqual(callIDs, want) || !reflect.DeepEqual(resultIDs, want) {
		t.Errorf("calls %v results %v, want %v", callIDs, resultIDs, want)
	}
}

// TestDetectErrors checks that unknown and unreadable input is reported
// with the package's sentinels.
func TestDetectErrors(t *testing.T) {
	if _, err := importer.Detect(filepath.Join("testdata", "unknown.json")); !errors.Is(err, importer.ErrUnknownFormat) {
		t.Errorf("unknown.json: %v", err)
	}
	if _, err := importer.Import(filepath.Join("testdata", "unknown.json")); !errors.Is(err, importer.ErrUnknownFormat) {
		t.Errorf("Import unknown.json: %v", err)
	}
	if _, err := importer.Detect(filepath.Join("testdata", "missing.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing.json: %v", err)
	}
	_, err := importer.ImportBytes("bad.jsonl", []byte("{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"x\"}]},\"timestamp\":\"t\"}\n{\"type\":\"user\",\"message\":{\"content\":7},\"timestamp\":\"t\"}\n"))
	var ie *importer.Error
	if !errors.Is(err, importer.ErrMalformed) || !errors.As(err, &ie) || ie.Line != 2 || ie.Format != importer.FormatClaudeSDK {
		t.Errorf("malformed line 2: %v (%+v)", err, ie)
	}
}

// TestImportDSHZstd: a DSH log written Zstandard-compressed by hostshim is
// detected and loaded with the same events as the plain one.
func TestImportDSHZstd(t *testing.T) {
	plain := filepath.Join("testdata", "dsh-tool-turn.jsonl")
	ims, err := importer.Import(plain)
	if err != nil {
		t.Fatal(err)
	}
	zst := filepath.Join(t.TempDir(), "session.jsonl.zstd")
	if err := hostshim.WriteSession(zst, ims[0].Session, hostshim.LogOptions{Compression: hostshim.CompressionZstd}); err != nil {
		t.Fatal(err)
	}
	if f, err := importer.Detect(zst); err != nil || f != importer.FormatDSH {
		t.Fatalf("Detect = %q, %v", f, err)
	}
	got, err := importer.Import(zst)
	if err != nil {
		t.Fatal(err)
	}
	a, b := ims[0].Session.Events(), got[0].Session.Events()
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("%d vs %d events", len(a), len(b))
	}
	for i := range a {
		if !bytes.Equal(a[i].Encode(), b[i].Encode()) {
			t.Fatalf("event %d differs", i)
		}
	}
	if !reflect.DeepEqual(ims[0].Stats, got[0].Stats) || got[0].Stats.ToolCalls != 1 || got[0].Stats.ToolResults != 1 {
		t.Errorf("stats %+v vs %+v", ims[0].Stats, got[0].Stats)
	}
}

// TestDetectPastBookkeepingLines: a Claude Code session that opens with
// records naming no format (file-history-snapshot, queue-operation, as
// current Claude Code writes them) is still detected and imported, while
// a file whose first line is some other JSON object stays unknown.
func TestDetectPastBookkeepingLines(t *testing.T) {
	body := `{"type":"file-history-snapshot","messageId":"m1","snapshot":{"trackedFileBackups":{}},"isSnapshotUpdate":false}
{"type":"queue-operation","operation":"enqueue","content":"hi","sessionId":"s"}

{"parentUuid":null,"type":"user","uuid":"u1","sessionId":"s","message":{"role":"user","content":"Use Node 22."}}
{"parentUuid":"u1","type":"assistant","uuid":"u2","sessionId":"s","message":{"id":"a1","role":"assistant","model":"m","content":[{"type":"text","text":"ok"}]}}
`
	if f, err := importer.DetectBytes([]byte(body)); err != nil || f != importer.FormatClaudeCode {
		t.Fatalf("DetectBytes = %q, %v; want %q", f, err, importer.FormatClaudeCode)
	}
	ims, err := importer.ImportBytes("cc.jsonl", []byte(body))
	if err != nil || len(ims) != 1 || ims[0].Stats.Messages != 2 {
		t.Fatalf("ImportBytes: %v %+v", err, ims)
	}
	for _, other := range []string{
		`{"name":"x","items":[1]}` + "\n" + `{"uuid":"u","type":"user"}` + "\n",
		`{"type":"file-history-snapshot"}` + "\nnot json\n" + `{"uuid":"u","type":"user"}` + "\n",
	} {
		if f, err := importer.DetectBytes([]byte(other)); !errors.Is(err, importer.ErrUnknownFormat) {
			t.Errorf("DetectBytes(%q) = %q, %v; want ErrUnknownFormat", other, f, err)
		}
	}
}

// TestDetectBOMAndBrokenJSON: a trajectory written with a UTF-8 byte order
// mark (Windows tools write one) is read; a file that is not JSON at all,
// or a JSON document cut short, is refused with the reason.
func TestDetectBOMAndBrokenJSON(t *testing.T) {
	doc := `{"trajectory_format":"mini-swe-agent-1.1","info":{},"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"ok"}]}`
	ims, err := importer.ImportBytes("bom.traj.json", append([]byte("\xef\xbb\xbf"), doc...))
	if err != nil || len(ims) != 1 || ims[0].Format != importer.FormatMiniSWE || ims[0].Stats.Messages != 2 {
		t.Fatalf("with a BOM: %v %+v", err, ims)
	}
	_, err = importer.ImportBytes("cut.traj.json", []byte(doc[:len(doc)/2]))
	if !errors.Is(err, importer.ErrUnknownFormat) || !strings.Contains(err.Error(), "one JSON document that ends before it closes") {
		t.Fatalf("cut short: %v", err)
	}
}

// A one-document trajectory cut short (a crash, an interrupted copy, a run
// still writing it) is named as such, not only as an unknown format with
// a decoder's "unexpected end of JSON input"; other broken JSON is not.
func TestDetectCutShortDocument(t *testing.T) {
	const cut = "ends before it closes"
	for _, doc := range []string{
		`{"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "cont`,
		"{\n  \"messages\": [\n    {\"role\": \"user\", \"content\": \"Größe 📂\"}",
		`[{"role": "user", "content": "hi"}`,
		`{"trajectory": [{"action": "ls"`,
	} {
		_, err := importer.DetectBytes([]byte(doc))
		if !errors.Is(err, importer.ErrUnknownFormat) || !strings.Contains(err.Error(), cut) {
			t.Errorf("%.40q: %v", doc, err)
		}
	}
	for _, doc := range []string{`{"a": ]`, `{"messages": [}`, "not json"} {
		if _, err := importer.DetectBytes([]byte(doc)); err == nil || strings.Contains(err.Error(), cut) {
			t.Errorf("%q: %v", doc, err)
		}
	}
}

// An OpenHands run recorded without native function calling has actions
// without tool_call_metadata: each is a call named by its event id, with
// the agent's thought as text, answered by the observation whose cause is
// that event. Before, every such action and observation was skipped: the
// session held the user's request and the agent's last message only.
func TestImportOpenHandsWithoutFunctionCalling(t *testing.T) {
	ims, err := importer.Import(filepath.Join("testdata", "openhands-nofc.jsonl"))
	if err != nil || len(ims) != 1 {
		t.Fatalf("%d sessions, %v", len(ims), err)
	}
	im := ims[0]
	checkSession(t, im)
	want := []string{
		"user: Fix the segfault in src/parse.c",
		"assistant: Let me reproduce the crash first.\nrun {\"command\":\"make test 2>&1 | tail -5\",\"thought\":\"Let me reproduce the crash first.\",\"is_input\":false}",
		"user: Segmentation fault (core dumped) in parse_header at src/parse.c:88",
		"assistant: read {\"path\":\"/workspace/src/parse.c\",\"thought\":\"\"}",
		"user: 86: char *p = NULL;\n88: *p = hdr[0];",
		"assistant: The crash is a NULL dereference at parse.c:88.",
		"assistant: finish {\"final_thought\":\"Fixed.\"}",
		"user: run finished: Fixed.",
	}
	if got := messageTexts(t, im); !reflect.DeepEqual(got, want) {
		t.Errorf("messages\n got %q\nwant %q", got, want)
	}
	if st := im.Stats; st.ToolCalls != 3 || st.ToolResults != 2 || st.Unpaired != 0 || st.Ended != 1 || st.Orphans != 0 || st.Skipped != 1 {
		t.Errorf("stats %+v: want 3 calls, 2 answered, finish answered by the run's end, the state change skipped", st)
	}
}

// A trajectory saved as UTF-16 (Windows PowerShell's > writes UTF-16LE
// with a byte order mark) is refused with its encoding and how to convert
// it, not as "invalid character 'ÿ' looking for beginning of value"; with
// or without the mark, little- or big-endian.
func TestDetectUTF16(t *testing.T) {
	text := `{"role":"user","content":"hi"}` + "\r\n" + `{"role":"assistant","content":"ok"}` + "\r\n"
	u16 := utf16.Encode([]rune(text))
	le, be := []byte{}, []byte{}
	for _, u := range u16 {
		le = append(le, byte(u), byte(u>>8))
		be = append(be, byte(u>>8), byte(u))
	}
	for name, data := range map[string][]byte{
		"UTF-16LE": append([]byte{0xff, 0xfe}, le...), "UTF-16BE": append([]byte{0xfe, 0xff}, be...),
		"UTF-16LE ": le, "UTF-16BE ": be,
	} {
		_, err := importer.DetectBytes(data)
		if !errors.Is(err, importer.ErrUnknownFormat) || !strings.Contains(err.Error(), "the file is "+strings.TrimSpace(name)+" text, not UTF-8: convert it first") {
			t.Errorf("%q: %v", name, err)
		}
	}
	if f, err := importer.DetectBytes([]byte(text)); err != nil || f != importer.FormatOpenAIChat {
		t.Errorf("the same log in UTF-8: %q, %v", f, err)
	}
}

// A Claude Code file keeps the turns a /rewind (or an edited prompt, or a
// retried response) replaced: they are records off the parentUuid path
// from the last message to the root. They are left out, and counted;
// before, the session held both branches in file order (the rewound
// "Use pandas" turn and its failure read as part of the conversation).
// Parallel calls' results that hang off a call's record beside the path
// stay. A file whose path reaches a parent not in it is read whole, as
// before (fail open).
func TestImportClaudeCodeDeadEnds(t *testing.T) {
	im := importOne(t, "claude-code-rewind.jsonl", importer.FormatClaudeCode, []string{
		"user: Make the CSV export stream rows instead of building the file in memory.",
		"assistant: Read {\"file_path\":\"export.py\"}",
		"user: def export(rows): return ''.join(map(fmt, rows))",
		"assistant: export() joins every row in memory.",
		"user: No new dependencies: use a generator and csv.writer.",
		"assistant: Edit {\"file_path\":\"export.py\"}\nBash {\"command\":\"pytest -q tests/test_export.py\"}",
		"user: export.py updated",
		"user: 3 passed",
		"assistant: export() now streams rows through csv.writer; 3 tests pass.",
	})
	if st := im.Stats; st.Abandoned != 5 || st.Unpaired != 0 || st.Orphans != 0 || st.ToolResults != 3 {
		t.Errorf("stats %+v: want 5 abandoned records and every kept call answered", st)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "claude-code-rewind.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	broken := bytes.Replace(data, []byte(`"parentUuid": "a2", "isSidechain": false, "userType": "external", "cwd": "/repo", "sessionId": "9b2e6c1a-0000-4000-8000-00000000cafe", "version": "2.1.90", "type": "user", "message": {"role": "user", "content": "No new`), []byte(`"parentUuid": "gone", "isSidechain": false, "userType": "external", "cwd": "/repo", "sessionId": "9b2e6c1a-0000-4000-8000-00000000cafe", "version": "2.1.90", "type": "user", "message": {"role": "user", "content": "No new`), 1)
	if bytes.Equal(broken, data) {
		t.Fatal("the fixture changed: no parent to break")
	}
	ims, err := importer.ImportBytes("broken.jsonl", broken)
	if err != nil || len(ims) != 1 || ims[0].Stats.Abandoned != 0 || ims[0].Stats.Messages != 14 {
		t.Errorf("a path to a missing parent: %v, %+v", err, ims[0].Stats)
	}
}

// An OpenAI Codex CLI rollout (response_item records of Responses API
// items) imports as a session: messages, reasoning summaries, function,
// custom-tool and shell calls answered by their outputs by call_id (an
// exit code other than 0 is a failed result), the session id from
// session_meta; event_msg records, which repeat the items for the UI, are
// skipped. Before, it was an unknown format.
func TestImportCodex(t *testing.T) {
	im := importOne(t, "codex-rollout.jsonl", importer.FormatCodex, []string{
		"user: <environment_context>\n  <cwd>/srv/app</cwd>\n</environment_context>",
		"user: Why does `make lint` fail? Do not change the CI config.",
		"assistant: **Running the linter**\nshell {\"command\":[\"bash\",\"-lc\",\"make lint\"],\"workdir\":\"/srv/app\"}",
		"user: src/api.ts:12:5 error no-unused-vars 'retry' is defined but never used\nmake: *** [lint] Error 1\n",
		"assistant: apply_patch {\"input\":\"*** Begin Patch\\n*** Update File: src/api.ts\\n@@\\n-const retry = 3;\\n*** End Patch\"}",
		"user: Success. Updated the following files:\nM src/api.ts\n",
		"assistant: `make lint` failed on an unused `retry` in src/api.ts; I removed it.",
	})
	if im.ID != "codex:019a2d7a-41c4-78b1-b7cc-a45d62a89cd5" {
		t.Errorf("id %q, want the session_meta's", im.ID)
	}
	if st := im.Stats; st.ToolCalls != 2 || st.ToolResults != 2 || st.Unpaired != 0 || st.Orphans != 0 {
		t.Errorf("stats %+v", st)
	}
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"call_lint1"}) {
		t.Errorf("failed results %v, want the one that exited 2", failed)
	}
}

// A Codex rollout written before mid-2025 has no envelope: a first line
// {"id", "timestamp", "instructions"}, the items themselves, and
// {"record_type": "state"} lines. It reads as the enveloped one does, the
// instructions as the system prompt.
func TestImportCodexLegacy(t *testing.T) {
	im := importOne(t, "codex-rollout-legacy.jsonl", importer.FormatCodex, []string{
		"user: Add a --dry-run flag to deploy.sh",
		"assistant: Look at the argument parsing first.\nshell {\"command\":[\"sed\",\"-n\",\"1,40p\",\"deploy.sh\"]}",
		"user: while getopts 'v' opt; do\n",
		"assistant: deploy.sh parses only -v; I will add -n for --dry-run.",
	})
	if im.ID != "codex:3f1d2c4b-5e6f-4a7b-8c9d-0e1f2a3b4c5d" || !inRequestHeader(im, "Prefer small diffs.") {
		t.Errorf("id %q; instructions in a request header: %v", im.ID, inRequestHeader(im, "Prefer small diffs."))
	}
	if st := im.Stats; st.ToolResults != 1 || st.Unpaired != 0 || len(failedResults(t, im)) != 0 {
		t.Errorf("stats %+v", st)
	}
}

// An image in a Claude Code record is named as it is in an Anthropic
// Messages API conversation, with its media type and size ("[image
// omitted]" said neither), in a user's message and in a tool's result.
func TestClaudeCodeImageNamed(t *testing.T) {
	lines := []string{
		`{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":[{"type":"text","text":"What does this show?"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}]}}`,
		`{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s","message":{"id":"m1","role":"assistant","model":"claude","content":[{"type":"tool_use","id":"t1","name":"Read","input":{"file_path":"shot.jpg"}}]}}`,
		`{"type":"user","uuid":"r1","parentUuid":"a1","sessionId":"s","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":[{"type":"image","source":{"type":"base64","media_type":"image/jpeg","data":"/9j/4AAQ"}}]}]}}`,
		`{"type":"assistant","uuid":"a2","parentUuid":"r1","sessionId":"s","message":{"id":"m2","role":"assistant","model":"claude","content":[{"type":"text","text":"A login form with a 401 banner."}]}}`,
	}
	ims, err := importer.ImportBytes("cc.jsonl", []byte(strings.Join(lines, "\n")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	got := messageTexts(t, ims[0])
	if len(got) != 4 || got[0] != "user: What does this show?\n[image omitted: image/png, 12 bytes of base64]" || got[2] != "user: [image omitted: image/jpeg, 8 bytes of base64]" {
		t.Errorf("got %q", got)
	}
}

// A compressed or binary file is refused as what it is, not as "invalid
// character '\x1f' looking for beginning of value".
func TestDetectCompressedOrBinary(t *testing.T) {
	for name, c := range map[string]struct {
		data []byte
		want string
	}{
		"gzip":   {[]byte{0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xab, 0xae, 0x05, 0x00}, "the file is gzip-compressed: decompress it first"},
		"binary": {append([]byte("PK\x03\x04\x14"), 0, 0, 8, 0), "the file is binary (control byte 0x03 at offset 2), not JSON text"},
		"sqlite": {append([]byte("SQLite format 3"), 0, 0x10, 0), "the file is an SQLite database, not JSON text: export the session from its client first (OpenCode 1.2+"},
		"random": {[]byte{0xf7, 0x3a, 0x91, 0x05, 0x7b}, "the file is binary (control byte 0x05 at offset 3), not JSON text"},
	} {
		_, err := importer.DetectBytes(c.data)
		if !errors.Is(err, importer.ErrUnknownFormat) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
	// A log whose tail a crash left as zeros is still a log.
	log := `{"role":"user","content":"hi"}` + "\n" + `{"role":"assistant","content":"ok"}` + "\n"
	if f, err := importer.DetectBytes(append([]byte(log), make([]byte, 512)...)); err != nil || f != importer.FormatOpenAIChat {
		t.Errorf("a chat log with a zeroed tail: %q, %v", f, err)
	}
}

// A Claude Code sub-agent's transcript (agent-<id>.jsonl, every record a
// sidechain's) is read as the conversation it is, line by line as Open
// reads it, and filed under an id that names the agent beside the
// session's (its records carry the session's id). It was 'no session in
// file': sidechain records are skipped in a session's file, where they
// are another agent's.
func TestImportClaudeCodeSubagent(t *testing.T) {
	p := filepath.Join("testdata", "claude-code-subagent.jsonl")
	im := importOne(t, "claude-code-subagent.jsonl", importer.FormatClaudeCode, []string{
		"user: Find the config loader",
		"assistant: Grep {\"pattern\":\"Load\"}",
		"user: config.go:12 func Load()",
		"assistant: Grep {\"pattern\":\"Load\"}",
		"user: config.go:12 func Load()",
		"assistant: Grep {\"pattern\":\"Load\"}",
		"user: " + importer.NoResultText,
		"assistant: Load is in config.go:12.",
	})
	if im.ID != "claude-code:main-sess-agent-a1b2c3" {
		t.Errorf("id %q, want the session's and the agent's", im.ID)
	}
	checkStreamsAsImported(t, p)
}

// An OpenHands observation says a failure in three ways besides an
// "error" observation: a command's exit code above 0 (in extras.metadata,
// or in extras itself before 0.14; -1, a command still running, is no
// verdict), and the file editor's "ERROR:" answer to a view or an edit,
// which is recorded as an ordinary read or edit observation. All were
// read as passing: an agent's last blocker (cmake exit 1, apt-get exit
// 100) was an "ok".
func TestImportOpenHandsFailures(t *testing.T) {
	ev := func(id int, obs, content string, extras string) string {
		return fmt.Sprintf(`{"id":%d,"source":"agent","observation":%q,"content":%q,"cause":%d,"extras":%s,"tool_call_metadata":{"function_name":"f","tool_call_id":"c%d","model_response":{"id":"r%d","choices":[{"message":{"content":"","tool_calls":[{"id":"c%d","type":"function","function":{"name":"f","arguments":"{}"}}]}}]}}}`,
			id+1, obs, content, id, extras, id, id, id)
	}
	act := func(id int) string {
		return fmt.Sprintf(`{"id":%d,"source":"agent","action":"run","args":{"command":"x"},"tool_call_metadata":{"function_name":"f","tool_call_id":"c%d","model_response":{"id":"r%d","choices":[{"message":{"content":"","tool_calls":[{"id":"c%d","type":"function","function":{"name":"f","arguments":"{}"}}]}}]}}}`, id, id, id, id)
	}
	events := []string{`{"id":0,"source":"user","action":"message","args":{"content":"build it"}}`}
	for i, o := range []struct{ obs, content, extras string }{
		{"run", "CMake Error at CMakeLists.txt:28", `{"metadata":{"exit_code":1}}`},
		{"run", "E: Unable to locate package libgtest-dev", `{"metadata":{"exit_code":100}}`},
		{"run", "ok", `{"metadata":{"exit_code":0}}`},
		{"run", "[still running]", `{"metadata":{"exit_code":-1}}`},
		{"run", "Segmentation fault", `{"exit_code":139}`},
		{"edit", "ERROR:\nNo replacement was performed, old_str `x` did not appear verbatim in /a.c.", `{"path":"/a.c"}`},
		{"read", "ERROR:\nInvalid `path` parameter: /nope does not exist.", `{"path":"/nope"}`},
		{"edit", "The file /a.c has been edited.", `{"path":"/a.c"}`},
	} {
		id := 10 * (i + 1)
		events = append(events, act(id), ev(id, o.obs, o.content, o.extras))
	}
	path := filepath.Join(t.TempDir(), "output.jsonl")
	line := `{"instance_id":"x-1","history":[` + strings.Join(events, ",") + "]}\n"
	if err := os.WriteFile(path, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	ims, err := importer.Import(path)
	if err != nil || len(ims) != 1 {
		t.Fatalf("%d sessions, %v", len(ims), err)
	}
	if got, want := failedResults(t, ims[0]), []string{"c10", "c20", "c50", "c60", "c70"}; !reflect.DeepEqual(got, want) {
		t.Errorf("failed results %q, want %q", got, want)
	}
}

// SWE-agent puts a demonstration of another task before the issue (a
// history message with is_demo): the model read it, but its rules, its
// values and its outcomes are not the session's, so it is chatter. It
// was the user's first message: the demonstration's preamble was the
// session's objective and its narration a rule.
func TestImportSWEAgentDemonstration(t *testing.T) {
	doc := `{"trajectory":[],"history":[
{"role":"system","content":"SETTING: You are an autonomous programmer."},
{"role":"user","content":"Here is a demonstration of how to correctly accomplish this task.\n--- DEMONSTRATION ---\nDO NOT re-run the same failed edit command.\n--- END OF DEMONSTRATION ---","is_demo":true},
{"role":"user","content":"We're currently solving the following issue within our repository. Here's the issue text:\nISSUE:\nTimeDelta serialization precision"},
{"role":"assistant","content":"Let me look.","thought":"Let me look.","action":"ls"},
{"role":"user","content":"README.md"}]}`
	path := filepath.Join(t.TempDir(), "x.traj")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	ims, err := importer.Import(path)
	if err != nil || len(ims) != 1 {
		t.Fatalf("%d sessions, %v", len(ims), err)
	}
	marks := eachMessage(t, ims[0], func(m *hostshim.Message) string {
		if m.Source != nil && m.Source.Injected != "" {
			return string(m.Role) + " " + m.Source.Injected
		}
		return string(m.Role)
	})
	if want := []string{"user " + hostshim.InjectedChatter, "user", "assistant", "user"}; !reflect.DeepEqual(marks, want) {
		t.Errorf("messages %q, want %q", marks, want)
	}
}

// An OpenHands trajectory saved as a JSON array of events (no evaluation
// run around it) is one session: detected by its events, read like a
// run's history, its finish answered by the run's end.
func TestImportOpenHandsEventArray(t *testing.T) {
	p := filepath.Join("testdata", "openhands-events.json")
	if f, err := importer.Detect(p); err != nil || f != importer.FormatOpenHands {
		t.Fatalf("Detect: %q, %v", f, err)
	}
	ims, err := importer.Import(p)
	if err != nil || len(ims) != 1 {
		t.Fatalf("%d sessions, %v", len(ims), err)
	}
	checkSession(t, ims[0])
	want := []string{
		"user: Why is checkout failing?",
		"assistant: execute_bash {\"command\":\"kubectl get pods\",\"thought\":\"Checking pods.\"}",
		"user: error: You must be logged in to the server (Unauthorized)",
		"assistant: finish {\"message\":\"The cluster credentials expired; checkout is fine.\",\"task_completed\":\"true\"}",
		"user: run finished: The cluster credentials expired; checkout is fine.",
	}
	if got := messageTexts(t, ims[0]); !reflect.DeepEqual(got, want) {
		t.Errorf("messages\n got %q\nwant %q", got, want)
	}
	if st := ims[0].Stats; st.ToolCalls != 2 || st.ToolResults != 1 || st.Ended != 1 || st.Unpaired != 0 {
		t.Errorf("stats %+v: want 2 calls, 1 answered, the finish ended", st)
	}
}

// TestImportATIFRFCNames checks that calls written as the ATIF RFC writes
// them ({tool_call_id, function_name}) keep their names and ids.
func TestImportATIFRFCNames(t *testing.T) {
	ims, err := importer.Import(filepath.Join("testdata", "atif-rfc.json"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ims[0].Session.Events() {
		if e.Type != hostshim.TypeToolCall {
			continue
		}
		var d hostshim.ToolCallData
		if err := e.Decode(&d); err != nil {
			t.Fatal(err)
		}
		got = append(got, d.CallID+" "+d.Name)
	}
	if want := []string{"call_size_1 bash", "call_map_2 read_file"}; !reflect.DeepEqual(got, want) {
		t.Errorf("calls %q, want %q", got, want)
	}
}
