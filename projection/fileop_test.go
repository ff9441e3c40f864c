package projection

import "testing"

// editRefused is a script of an Edit refused until its file is read, then
// the read.
const editRefused = `
> user
Rename the flag in src/cli.rs.
> assistant
> call Edit {"file_path":"src/cli.rs","old_string":"verbose","new_string":"debug"}
> result error
<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>
> assistant
> call Read {"file_path":"src/cli.rs"}
> result
1 fn main() { let verbose = true; }`

// replaceMissed is a script of an editor's str_replace that found nothing.
const replaceMissed = `
> user
Fix the aliasing in match.c.
> assistant
> call str_replace_editor {"command":"str_replace","path":"/w/src/match.c","old_str":"case TK_X:","new_str":"case TK_Y:"}
> result error
ERROR:
No replacement was performed, old_str ` + "`case TK_X:`" + ` did not appear verbatim in /w/src/match.c.
`

// TestFileOpResolves: a failed file operation is resolved by a later call
// that did it, whatever its arguments (fileop.go), and only by one that
// did it: a read does not do a failed write.
func TestFileOpResolves(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"an edit refused until the file is read, done after a read", editRefused + `
> assistant
> call Edit {"file_path":"src/cli.rs","old_string":"let verbose","new_string":"let debug"}
> result
The file src/cli.rs has been updated.`,
			[]string{`failure tool/Edit/\S+ .*\[resolved/empirical\]`}, []string{`\[open/empirical\]`}},
		{"a read does not do a failed write", editRefused,
			[]string{`failure tool/Edit/\S+ .*\[open/empirical\]`}, nil},
		{"a str_replace that found nothing, done by an insert", replaceMissed + `> assistant
> call str_replace_editor {"command":"insert","path":"/w/src/match.c","insert_line":317,"new_str":"if (iso) t = trn;"}
> result
The file /w/src/match.c has been edited.`,
			[]string{`failure tool/str_replace_editor/\S+ .*\[resolved/empirical\] = failed: No replacement was performed`}, []string{`\[open/empirical\]`}},
		{"a str_replace that found nothing, done by a sed of the file", replaceMissed + `> assistant
> call bash {"command":"sed -i '317s/^/\\t/' /w/src/match.c"}
> result
(no output)`,
			[]string{`failure tool/str_replace_editor/\S+ .*\[resolved/empirical\]`}, []string{`\[open/empirical\]`}},
		{"a directory read, done by reading inside it", `
> user
Look at the crates.
> assistant
> call Read {"file_path":"/code/app/crates"}
> result error
EISDIR: illegal operation on a directory, read
> assistant
> call Read {"file_path":"/code/app/crates/core/src/lib.rs"}
> result
pub mod x;`,
			[]string{`failure tool/Read/\S+ .*\[resolved/empirical\]`}, []string{`\[open/empirical\]`}},
		{"a view is no write", `
> user
Look at match.c.
> assistant
> call str_replace_editor {"command":"view","path":"/w/src/match.c"}
> result
317 case TK_X:`,
			nil, []string{`artifact file/`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// TestFailureLineAfterLabel: an error's label alone on its line ("ERROR:")
// gives the line after it, and apt's "E: " marks its error.
func TestFailureLineAfterLabel(t *testing.T) {
	for in, want := range map[string]string{
		"ERROR:\nNo replacement was performed, old_str `x` did not appear verbatim in /a.c.":                        "No replacement was performed, old_str `x` did not appear verbatim in /a.c.",
		"Reading package lists... Done\nBuilding dependency tree... Done\nE: Unable to locate package libgtest-dev": "E: Unable to locate package libgtest-dev",
		"error: linker `cc` not found":       "error: linker `cc` not found",
		"Error:\n\n  Cannot find module 'x'": "Cannot find module 'x'",
	} {
		if got := failureLine(in); got != want {
			t.Errorf("failureLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestFailedTestLine: a failed test's line is its own, with the reason
// vitest prints after it; only Go's "--- FAIL" takes the assertion on
// the line before (cargo's and pytest's line before is another test's).
func TestFailedTestLine(t *testing.T) {
	out := reduceAll(t, `
> user
Run the tests.
> assistant
> call bash {"command":"cargo test"}
> result error
test rlog::tests::test_slug ... FAILED
test rlog::tests::test_rlog_output ... ok
test fixtures::tests::test_random ... FAILED

failures:
test result: FAILED. 1 passed; 2 failed
> assistant
> call bash {"command":"npx vitest run"}
> result error
 × parse > reads the header 4ms
   → expected 'a' to be 'b'
 ✓ parse > reads the body 1ms
`)
	expect(t, out, []string{
		`failure test/-/fixtures::tests::test_random .* = failed: test fixtures::tests::test_random \.\.\. FAILED @`,
		`failure test/-/parse > reads the header \[.* = failed: × parse > reads the header 4ms — → expected 'a' to be 'b' @`,
	}, []string{`FAILED — test`})
}
