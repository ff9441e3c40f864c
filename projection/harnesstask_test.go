package projection

import "testing"

// A benchmark harness's first message: the task's title is the
// objective; the harness's standing instructions on the response, the
// tools and the submission are no constraints; the rules of the task and
// those bounding what the work may change still are.
func TestHarnessTemplate(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"mini-swe-agent template", `
> user
<pr_description>
Consider the following PR description:
HttpResponse doesn't handle memoryview objects
Description
I am trying to write a BinaryField into a HttpResponse. Please don't change the public API of HttpResponse.
</pr_description>

<instructions>
# Task Instructions
You'll be helping implement necessary changes to meet requirements in the PR description.
## Important Boundaries
- DO NOT MODIFY: Tests, configuration files (pyproject.toml, setup.cfg, etc.)
## Command Execution Rules
- Your response MUST include AT LEAST ONE bash tool call.
- Avoid interactive tools like vi, nano, or any that require user input
- Always use non-interactive flags (-y, -f) for commands
## Submission
When you've completed your work, you MUST submit your changes as a git patch.
Do NOT commit your changes.
</instructions>
`, []string{`objective .*= HttpResponse doesn't handle memoryview objects @`, ` constraint .*DO NOT MODIFY: Tests`, ` constraint .*public API`},
			[]string{`Consider the following`, `objects Description`, `bash tool call`, `interactive`, `submit your changes`, `NOT commit`}},
		{"SWE-agent template", `
> user
We're currently solving the following issue within our repository. Here's the issue text:
ISSUE:
TimeDelta serialization precision
Output of this snippet is 344, but it seems that 345 is correct.

INSTRUCTIONS:
Now, you're going to solve this issue on your own. Your terminal session has started and you're in the repository's root directory.
Remember, YOU SHOULD ALWAYS INCLUDE EXACTLY ONE TOOL CALL/FUNCTION CALL PER RESPONSE.
When you're satisfied with all of the changes you've made, you can submit your changes to the code base by simply running the submit command.
Note however that you cannot use any interactive session commands (e.g. python, vim) in this environment.
NOTE ABOUT THE EDIT COMMAND: Indentation really matters! When editing a file, make sure to insert appropriate indentation before each line!
`, []string{`objective .*= TimeDelta serialization precision @`},
			[]string{` constraint `, ` obligation `, `We're currently solving`}},
		{"a CTF description keeps its lead-in", `
> user
We're currently solving the following CTF challenge. The CTF challenge is a reverse engineering problem named "Rock", worth 100 points. The description is:
Never forget the people's champ.

INSTRUCTIONS:
Remember, YOU CAN ONLY ENTER ONE COMMAND AT A TIME. You should always wait for feedback after every command.
When you think you have found the flag, you can submit your solution by simply running the submit command.
Note however that you cannot use any interactive session commands (e.g. python, vim) in this environment.
`, []string{`objective.*We're currently solving the following CTF challenge`},
			[]string{`ONE COMMAND AT A TIME`, `wait for feedback`, `interactive session`}},
		// near misses: no template
		{"a user's own rules about the work", `
> user
Fix the flaky login test in auth_test.go. You must include a test for the race. Always run the linter before you commit, and never use an interactive rebase.
`, []string{`objective.*flaky login test`, ` constraint .*include a test`, ` (?:constraint|obligation) .*linter`},
			nil},
		{"a task block without instructions after it", `
> user
<issue>
Login fails on Safari 17 after the redirect
</issue>
Please fix it and never touch the vendored code in third_party/.
`, []string{` constraint .*vendored code`}, nil},
		{"an instructions label over the user's own rules", `
> user
Update the README for the 2.0 release.
Instructions:
Don't change the license section. Keep every example runnable.
`, []string{` constraint .*license section`}, nil},
	})
}

func TestHarnessInstructionsAt(t *testing.T) {
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{"<pr_description>\nFix the parser crash on empty input\n</pr_description>\n<instructions>Your response must include one bash tool call. Avoid interactive tools. Submit when done.</instructions>", true},
		{"Fix the parser crash on empty input\nINSTRUCTIONS:\nEnter one command at a time in the shell, nothing interactive, then submit.", true},
		{"<pr_description>\nFix the parser crash on empty input\n</pr_description>\nThanks!", false},
		{"INSTRUCTIONS:\nEnter one command at a time in the shell, nothing interactive, then submit.", false},
		{"Fix the parser crash.\nInstructions:\nkeep the tests green and the docs short.", false},
		{"", false},
	} {
		if got := harnessInstructionsAt(c.text) >= 0; got != c.ok {
			t.Errorf("harnessInstructionsAt(%q) found = %v, want %v", c.text, got, c.ok)
		}
	}
}

func TestTitleFirst(t *testing.T) {
	for _, c := range []struct{ in, title string }{
		{"Consider the following PR description:\nHttpResponse doesn't handle memoryview objects\nDescription", "HttpResponse doesn't handle memoryview objects"},
		{"Here's the issue text:\nISSUE:\nTimeDelta serialization precision\nHi there!", "TimeDelta serialization precision"},
		{"The description is:\nNever forget the people's champ.", ""},
		// a tracker's title with its full stop, over its section label
		{"Consider the following PR description:\nForeignKey's to_field parameter gets the old field's name when renaming a PrimaryKey.\nDescription\n\t\nHaving these two models", "ForeignKey's to_field parameter gets the old field's name when renaming a PrimaryKey."},
		{"Here's the issue text:\nThe parser crashes on empty input.\n\n## Steps to reproduce\n1. run it", "The parser crashes on empty input."},
		// near misses: a description of two sentences, a description
		// over another line, a label after a sentence that is no title
		{"Consider the following PR description:\nThe parser crashes. It happens on empty input.\nDescription", ""},
		{"The description is:\nNote: The flag is the entire thing decrypted.\nFiles included in the challenge: ['a.mpeg']", ""},
		{"Fix the login bug\nIt fails on Safari.", "Fix the login bug"},
		{"Fix the login bug on Safari.\nIt fails after the redirect.", ""},
		{"Fix the login bug", ""},
		{"Issue:", ""},
		{"The description is:\ni every1 im new!!!!!!! holds up spork my name is katy but u can call me t3h PeNgU1N oF d00m", ""},
	} {
		if _, got := titleFirst(c.in); got != c.title {
			t.Errorf("titleFirst(%q) title = %q, want %q", c.in, got, c.title)
		}
	}
}

// An OpenHands template: the tagged issue's title is the objective, the
// workflow steps after it no obligations, its scope rule kept.
func TestHarnessOpenHands(t *testing.T) {
	runScriptCases(t, []scriptCase{{"openhands template", `
> user
<uploaded_files>
/workspace/ponylang__ponyc__0.1
</uploaded_files>
I've uploaded a C code repository in the directory ponylang__ponyc__0.1. Consider the following issue description:

<issue_description>
ponyc segfaults when trying to match using a single element tuple form
` + "`ponyc`" + ` segfaults when trying to use match with a single element tuple destructure form.
</issue_description>

Can you help me implement the necessary changes to the repository so that the requirements specified in the <issue_description> are met?
Your task is to make the minimal changes to non-test files in the /workspace directory to ensure the <issue_description> is satisfied.
Follow these steps to resolve the issue:
1. Create a script to reproduce the error and run it using the BashTool, to confirm the error.
2. Rerun your reproduce script and confirm that the error is fixed!
3. Think about edgecases, add comprehensive tests for them in your reproduce script, and run them to make sure your fix handles them as well.
`, []string{`objective .*= ponyc segfaults when trying to match using a single element tuple form @`, ` constraint .*non-test files`},
		[]string{` obligation `, `Can you help`}}})
}
