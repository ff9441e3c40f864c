package importer_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
)

// headLine is the first line of s.
func headLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// A Roo Code 3.x task (XML tool calls) in the shapes Roo Code writes:
// every result header form pairs with its call ("[read_file for 'a'.
// Reading multiple files at once is more efficient …] Result:", a read of
// two files, "[search_files for 'x' in '*.py']", "[switch_mode to 'debug'
// because: …]"), so no file content becomes the user's words; a read
// whose every file is an error and "The tool execution failed with the
// following error:" are error results; "The user denied this operation
// and responded with the message:" is a denial whose message is the
// user's; "Skipping tool [x] due to user rejecting a previous tool."
// answers the call Roo Code did not run; and an attempt_completion the user did not answer (at the end, or
// before the task was taken up again) ended the task, no lost result.
func TestImportRooCodeHeaders(t *testing.T) {
	want := []string{
		"user: The export times out on staging. Fix it; never edit applied migrations.",
		"user: <environment_details>\n# VSCode Visible Files\nshop/settings.py\n\n# Current Mode\n<slug>code</slug>\n<name>💻 Code</name>\n</environment_details>",
	}
	ims, err := importer.Import(filepath.Join("testdata", "roo-code-task.json"))
	if err != nil || len(ims) != 1 {
		t.Fatalf("Import: %v, %d sessions", err, len(ims))
	}
	im := ims[0]
	checkSession(t, im)
	if im.Format != importer.FormatCline {
		t.Errorf("format %q, want %q", im.Format, importer.FormatCline)
	}
	got := messageTexts(t, im)
	if len(got) < 2 || !reflect.DeepEqual(got[:2], want) {
		t.Fatalf("first messages %q", got)
	}
	if im.Stats.Unpaired != 0 || im.Stats.Ended != 2 || im.Stats.ToolResults != 9 {
		t.Errorf("unpaired %d, ended %d, results %d: want every call answered and the last completion ended", im.Stats.Unpaired, im.Stats.Ended, im.Stats.ToolResults)
	}
	var results []string
	for _, m := range messages(t, im) {
		if len(m.Content) == 0 || m.Content[0].Type != hostshim.BlockToolResult {
			if m.Role == hostshim.RoleUser && (m.Source == nil || m.Source.Injected == "") {
				results = append(results, "USER "+m.Text())
			}
			continue
		}
		b := m.Content[0]
		mark := "ok"
		if b.IsError != nil && *b.IsError {
			mark = "error"
		}
		if m.Source != nil && m.Source.Injected != "" {
			mark = m.Source.Injected
		}
		results = append(results, mark+" "+headLine(m.Text()))
	}
	wantResults := []string{
		"USER The export times out on staging. Fix it; never edit applied migrations.",
		"ok <files>",
		"ok <files>",
		"error <files>",
		"ok Found 1 result.",
		"interruption The user denied this operation and responded with the message:",
		"interruption Skipping tool [execute_command for 'pytest -q'] due to user rejecting a previous tool.",
		"USER 900 is too much, make it 600",
		"error The tool execution failed with the following error:",
		"ok Successfully switched from 💻 Code mode to 🪲 Debug mode because: the shell is broken.",
		"ok run finished: The export now streams rows.",
		"USER also run the linter",
		"ok Command executed in terminal  within working directory '/home/dev/shop'. Exit code: 0",
		"ok run finished: Export fixed and lint clean.",
	}
	if !reflect.DeepEqual(results, wantResults) {
		t.Errorf("results and user words\n got %q\nwant %q", results, wantResults)
	}
}
