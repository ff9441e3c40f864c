package importer

import "testing"

// The result headers Cline, Roo Code and Kilo Code write open a result;
// texts that only look like one (no "] Result:", prose in brackets, a
// user's "Skipping" sentence) do not.
func TestClineHeaderForms(t *testing.T) {
	results := []struct {
		text string
		want bool
	}{
		{"[attempt_completion] Result:", true},
		{"[attempt_completion] Result: Done", true},
		{"[execute_command for 'cat > f <<'EOF'\nx\nEOF'] Result:", true},
		{"[read_file for 'a.py'. Reading multiple files at once is more efficient for the LLM. If other files are relevant to your current task, please read them simultaneously.] Result:", true},
		{"[read_file for 'a.py', 'b.py', 'c.py'] Result:", true},
		{"[read_file for 7 files] Result:", true},
		{"[read_file with no valid paths] Result:", true},
		{"[search_files for 'TIME_LIMIT' in '*.py'] Result:", true},
		{"[apply_diff for 'a.py' and 2 more files] Result:", true},
		{"[switch_mode to 'debug' because: the shell is broken] Result:", true},
		{"[new_task in 💻 Code mode: 'write the tests'] Result:", true},
		{"[apply_patch for patch application] Result:\nThe content was successfully saved to a.py.", true},
		{"[use_skill for \"pdf\"] Result:", true},
		{"[subagent: reviewer] Result:", true},
		// near misses
		{"[read_file for 'a.py'. Reading multiple files at once is more efficient]", false},
		{"[TASK RESUMPTION] This task was interrupted 2 hours ago.", false},
		{"see [read_file for 'a.py'] Result: above", false},
		{"[Read File] Result:", false},
		{"[ERROR] You did not use a tool in your previous response! Please retry with a tool use.", false},
	}
	for _, c := range results {
		if got := clineResultRE.MatchString(c.text); got != c.want {
			t.Errorf("result header %q: %v, want %v", c.text, got, c.want)
		}
	}
	skipped := []struct {
		text string
		want bool
	}{
		{"Skipping tool [execute_command for 'pytest -q'] due to user rejecting a previous tool.", true},
		{"Tool [write_to_file for 'a.py'] was interrupted and not executed due to user rejecting a previous tool.", true},
		{"Tool [read_file] was not executed because a tool has already been used in this message. Only one tool may be used per message.", true},
		// near misses
		{"Skipping tool runs is fine for now, just edit [a.py] due to the deadline", false},
		{"Tool [read_file] worked fine.", false},
	}
	for _, c := range skipped {
		if got := clineSkippedRE.MatchString(c.text); got != c.want {
			t.Errorf("skipped %q: %v, want %v", c.text, got, c.want)
		}
	}
	failed := []struct {
		text string
		want bool
	}{
		{"The tool execution failed with the following error:\n<error>\nspawn ENOENT\n</error>", true},
		{"<files><error>Missing value for required parameter 'path'.</error></files>", true},
		{"<files>\n<file><path>a.py</path><error>Error reading file: File not found</error></file>\n</files>", true},
		// near misses: one file read, one not; a file that holds the word
		{"<files>\n<file><path>a.py</path><error>Error reading file: File not found</error></file>\n<file><path>b.py</path>\n<content lines=\"1-1\">\n1 | x = 1\n</content>\n</file>\n</files>", false},
		{"<files>\n<file><path>errors.py</path>\n<content lines=\"1-1\">\n1 | # <error> tags are parsed here\n</content>\n</file>\n</files>", false},
		{"Command executed in terminal. Exit code: 1\nOutput:\nThe tool execution failed with the following error:", false},
	}
	for _, c := range failed {
		if got := clineFailed(c.text); got != c.want {
			t.Errorf("failed %q: %v, want %v", c.text, got, c.want)
		}
	}
}
