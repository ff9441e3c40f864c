package importer_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// A Goose JSONL session (Goose before 1.10; shapes in testdata/NOTICE.md):
// the metadata line is no message, thinking is reasoning, toolRequest
// calls are answered by toolResponse results by id (a status error and
// the legacy content-list value both read), content for the user only (by
// its audience) is left out, a system notification is skipped.
func TestImportGooseSession(t *testing.T) {
	im := importOne(t, "goose-session.jsonl", importer.FormatGoose, []string{
		"user: Fix the failing test in parser.py. Never touch setup.cfg.",
		"assistant: Run the tests first.\nRunning the tests.\ndeveloper__shell {\"command\":\"pytest -q\"}",
		"user: FAILED tests/test_parser.py::test_empty - AssertionError\n1 failed, 12 passed",
		"assistant: developer__text_editor {\"command\":\"view\",\"path\":\"/home/u/proj/missing.py\"}",
		"user: -32603: File '/home/u/proj/missing.py' does not exist",
		"assistant: developer__shell {\"command\":\"git diff\"}",
		"user: diff --git a/parser.py b/parser.py",
		"assistant: Fixed the empty-input case.",
	})
	if got := failedResults(t, im); !reflect.DeepEqual(got, []string{"toolu_2"}) {
		t.Errorf("failed results %q, want toolu_2", got)
	}
	if im.Stats.SourceRecords != 8 || im.Stats.ToolCalls != 3 || im.Stats.ToolResults != 3 || im.Stats.Guess != "" {
		t.Errorf("stats %+v", im.Stats)
	}
	if !strings.HasPrefix(im.ID, "goose:") {
		t.Errorf("id %q", im.ID)
	}
}

// A session Goose exported from its database: the export's id is the
// session's; messages hidden from the agent are kept, and the agent-only
// message after them is the compaction's summary, after a marker; an
// isError result failed; a confirmation request is UI.
func TestImportGooseExport(t *testing.T) {
	im := importOne(t, "goose-export.json", importer.FormatGoose, []string{
		"user: Use Python 3.12 for everything.",
		"assistant: Noted: Python 3.12.",
		"user: Summary: the user asked for Python 3.12.",
		"user: Now run the linter.",
		"assistant: developer__shell {\"command\":\"ruff check .\"}",
		"user: error: E501 line too long",
	})
	if im.ID != "goose:20260412_3" {
		t.Errorf("id %q", im.ID)
	}
	if got := failedResults(t, im); !reflect.DeepEqual(got, []string{"call_9"}) {
		t.Errorf("failed results %q", got)
	}
	if c := im.Stats.Compactions; len(c) != 1 || c[0].Kind != "goose-compaction" || c[0].SummarySeq == 0 {
		t.Errorf("compactions %+v", c)
	}
}

// Goose's shapes are told from the formats they resemble: a message line
// without the metadata line is Goose's by its part types or visibility
// metadata; a chat message with a created time alone is not; Goose's
// SQLite database is refused with the advice to export.
func TestDetectGoose(t *testing.T) {
	cases := []struct {
		data string
		want importer.Format
	}{
		{`{"role":"user","created":1,"content":[{"type":"text","text":"x"}],"metadata":{"userVisible":true,"agentVisible":true}}`, importer.FormatGoose},
		{`{"role":"assistant","created":1,"content":[{"type":"toolRequest","id":"a","toolCall":{"status":"success","value":{"name":"n","arguments":{}}}}]}`, importer.FormatGoose},
		{`{"working_dir":"/p","description":"d","message_count":0}`, importer.FormatGoose},
		{`{"role":"user","created":1,"content":[{"type":"text","text":"x"}]}`, importer.FormatOpenAIChat},
		{`{"id":"s","working_dir":"/p","conversation":"x"}`, importer.FormatGeneric},
	}
	for _, tc := range cases {
		got, err := importer.DetectBytes([]byte(tc.data))
		if tc.want == importer.FormatGeneric {
			if got == importer.FormatGoose {
				t.Errorf("%s: detected goose", tc.data)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s: detected %q, %v; want %q", tc.data, got, err, tc.want)
		}
	}
	_, err := importer.DetectBytes(append([]byte("SQLite format 3\x00"), make([]byte, 64)...))
	if err == nil || !strings.Contains(err.Error(), "goose session export") {
		t.Errorf("SQLite: %v", err)
	}
}
