package projection

import (
	"fmt"
	"strings"
	"testing"
)

// cargoFailed is a script of a cargo test run with one test failing.
const cargoFailed = `
> user
fix the tests
> assistant
> call bash {"command":"cargo test -p testing"}
> result error
test fixtures::tests::test_random_text_with_zero_range ... FAILED
test fixtures::tests::test_other ... ok
test result: FAILED. 16 passed; 1 failed
`

// TestTurnReadings: readings an audit of ef state on real sessions asked
// for (agent guesses, narration, a question then a task, rules for one
// reply).
func TestTurnReadings(t *testing.T) {
	var guesses strings.Builder
	guesses.WriteString("> user\nFix the GROUP BY bug in the subquery.\n")
	for i, g := range []string{"resolve_expression", "as_subquery", "output_field", "get_group_by", "has_select_fields", "process_rhs"} {
		fmt.Fprintf(&guesses, "> assistant\nI think the issue might be in `%s`.\n> call bash {\"command\":\"grep -n %s django/db/models/query.py\"}\n> result\n%d: def %s(self):\n", g, g, 100+i, g)
	}
	cases := []scriptCase{
		{"the agent's older guesses leave the hot state", guesses.String(),
			[]string{"`get_group_by`", "`has_select_fields`", "`process_rhs`", "`output_field`"},
			[]string{"`resolve_expression`", "`as_subquery`"}},
		{"a guess that names nothing", `
> user
Fix the GROUP BY bug in the subquery.
> assistant
Actually, I think the issue might be elsewhere.
> assistant
I think the issue is more complex.
> assistant
This is likely because the LLVM development package is not installed.`,
			[]string{`uncertainty hypothesis/.* = This is likely because the LLVM development package`}, []string{`elsewhere`, `more complex`}},
		{"where to look next is no decision", `
> user
Fix the aliasing of iso in match.
> assistant
I'll focus on the ast and expr directories as they are likely related to parsing.
> assistant
I will carefully review the code and ensure the syntax is correct before submitting the edit.`,
			nil, []string{`decision`}},
		{"a task after the question the session opened with", `
> user
Can you create or edit a normal file right now under the current policy? Answer directly in one sentence.
> assistant
No: the policy is read-only.
> user
Create the relative path policy-neutral.txt containing exactly POLICY_NEUTRAL_OK, verify its contents, then report completion.`,
			[]string{`objective .* = Create the relative path policy-neutral.txt .* \(was Can you create`}, nil},
		{"a setting after a question is no task", `
> user
how many jobs do we run in parallel now?
> assistant
The dispatcher runs 4 jobs at once.
> user
make the pool 6`,
			[]string{`objective .* = how many jobs`}, nil},
		{"rules for one reply end with the next turn", `
> user
Does the sandbox restrict file operations? Answer directly in one sentence. Do not call tools.
> assistant
Yes, it does.
> user
Create notes.txt with the word OK, then read it back.`,
			[]string{`constraint .* \[lifted/normative\] = Do not call tools.`}, []string{`\[active/normative\] = Do not call tools`}},
		{"rules for one reply end with the reply", `
> user
Repeat back, verbatim, the exact output the subagent reported. Reply with only that text. Do not use any tools.
> assistant
CHILD_REPORT_OK`,
			[]string{`\[lifted/normative\] = Do not use any tools.`, `\[lifted/normative\] = Reply with only that text.`}, nil},
		{"a rule said for this run", `
> user
<goal_complete>
The goal is marked complete and this autonomous run is ending. Do not call any more tools in this run; further work waits for the user's next instruction.
> assistant
Both rounds are done.`,
			[]string{`\[lifted/normative\] = Do not call any more tools in this run`}, nil},
		{"the same run with other options gets past the error", `
> user
build it
> assistant
> call bash {"command":"cmake -B . -S /w/ponyc"}
> result error
CMake Error at CMakeLists.txt:27 (find_package): Could not find LLVM
> assistant
> call bash {"command":"cmake -DLLVM_DIR=/usr/lib/llvm-14/cmake -B . -S /w/ponyc"}
> result error
CMake Error at CMakeLists.txt:28 (find_package): Could not find GTest`,
			[]string{`failure command/-/cmake -B \. -S /w/ponyc \[superseded/empirical\]`, `failure command/-/cmake -DLLVM_DIR=\S+ -B \. -S /w/ponyc \[open/empirical\]`}, nil},
		{"a rule on every reply stays", `
> user
When the task needs access beyond that scope, do not retry the denied operation; state the limitation in your reply so the delegating agent can handle it.
> assistant
OK.`,
			[]string{`\[active/normative\] = When the task needs access beyond that scope`}, nil},
		{"a list run on after a sentence", `
> user
Follow these steps exactly, then stop. 1. Call the subagent tool once with description 'Report a finding'. 2. Reply with the single word STARTED.`,
			[]string{`objective .* = Follow these steps exactly, then stop. 1. Call the subagent tool once`}, nil},
		{"a rule on tools in a work request stays", `
> user
Refactor the parser. Do not call tools that touch the network.
> assistant
OK.
> user
Also rename parse_one to parse_item.`,
			[]string{`constraint .* \[active/normative\] = Do not call tools that touch the network.`}, nil},
		{"a failed test removed, the same run passing", cargoFailed + `> assistant
The fake library doesn't handle empty ranges. Let me remove that edge case test.
> call bash {"command":"cargo test -p testing"}
> result
test fixtures::tests::test_other ... ok
test result: ok. 16 passed; 0 failed`,
			[]string{`failure test/-/fixtures::tests::test_random_text_with_zero_range \[resolved/empirical\]`}, nil},
		{"a filtered run says nothing of the test it leaves out", cargoFailed + `> assistant
> call bash {"command":"cargo test -p testing test_other"}
> result
test fixtures::tests::test_other ... ok
test result: ok. 1 passed; 0 failed`,
			[]string{`failure test/-/fixtures::tests::test_random_text_with_zero_range \[open/empirical\]`}, nil},
		{"a search that found nothing, its exit code apart", `
> user
find the parser
> assistant
> call bash {"command":"grep -r \"CommandParser\" src"}
> result error
(no output)`,
			[]string{`evidence command/-/grep -r "CommandParser" src \[observed/empirical\] = no match`}, []string{`failure`}},
		{"a script's own verdict lines are no tests", `
> user
check the fix
> assistant
> call bash {"command":"python final_test.py"}
> result error
Test 6: scalar bounds
✗ FAILED: only 0-dimensional arrays can be converted to Python scalars
Results: 7/8 tests passed
✗ 1 tests failed.`,
			[]string{`failure command/-/python final_test.py`}, []string{`test/-/FAILED`, `test/-/1 tests`}},
	}
	runScriptCases(t, cases)
}
