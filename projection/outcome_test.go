package projection

import "testing"

// TestSessionOutcome: the task handed in (SWE-agent's submit, mini-swe-
// agent's submission command even without a recorded result) or the goal
// completed (DSH's goal tool and its notice) is the session's outcome.
func TestSessionOutcome(t *testing.T) {
	for name, c := range map[string]struct{ script, want string }{
		"swe-agent submit":                   {"> user\nfix it\n> assistant\nCalling submit.\n> call submit {}\n> result\ndiff --git a/x b/x\n", "submitted"},
		"submit command":                     {"> user\nfix it\n> assistant\nok\n> call bash {\"command\":\"submit\"}\n> result\ndiff --git a/x b/x\n", "submitted"},
		"mini-swe-agent, no result recorded": {"> user\nfix it\n> assistant\nok\n> call bash {\"command\":\"echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && cat patch.txt\"}\n> result error\nno result recorded\n", "submitted"},
		"openhands finish":                   {"> user\nfix it\n> assistant\ndone\n> call finish {\"final_thought\":\"Fixed.\"}\n> result\nrun finished: Fixed.\n", "finished"},
		"goal tool":                          {"> user\ndo two turns\n> assistant\ndone\n> call update_goal {\"goal_id\":\"g-1\",\"action\":\"complete\"}\n> result\n{\"goal\":{\"phase\":\"complete\"}}\n", "goal complete"},
		"goal notice":                        {"> user\ndo two turns\n> assistant\ndone\n> user\n<goal_complete>\nThe goal is marked complete and this autonomous run is ending. Write the closing message to the user now.\n", "goal complete"},
	} {
		t.Run(name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), []string{`value/-/session_outcome \[current/\w+\] = ` + c.want + ` @`}, nil)
		})
	}
	expect(t, reduceAll(t, "> user\nfix it\n> assistant\nok\n> call bash {\"command\":\"echo submit\"}\n> result\nsubmit\n"), nil, []string{`outcome`})
}

// TestOutcomeEndsObjective: the task handed in or the goal completed, its
// objective is done, not work still to do; a request after it is a new
// task, active, and the outcome of the one before is no longer the
// session's. A session not handed in keeps its objective.
func TestOutcomeEndsObjective(t *testing.T) {
	submitted := "> user\nFix the crash in the CSV importer when a row is empty.\n> assistant\nok\n> call bash {\"command\":\"echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\"}\n> result\ndiff --git a/x b/x\n"
	expect(t, reduceAll(t, submitted), []string{`objective/session/goal \[done/\w+\] = Fix the crash`, `session_outcome \[current/\w+\] = submitted`}, []string{`\[active/\w+\] = Fix the crash`})
	notice := "> user\nFix the crash in the CSV importer when a row is empty.\n> assistant\ndone\n> user\n<goal_complete>\nObjective: \"Fix the crash in the CSV importer when a row is empty.\"\nThe goal is marked complete and this autonomous run is ending.\n</goal_complete>\n"
	expect(t, reduceAll(t, notice), []string{`objective/session/goal \[done/\w+\] = `}, []string{`objective/session/goal \[active`})
	next := submitted + "> user\nNow add a --strict flag to the importer that rejects empty rows.\n"
	expect(t, reduceAll(t, next), []string{`objective/session/goal \[active/\w+\] = Now add a --strict flag`},
		[]string{`session_outcome \[current`, `= Fix the crash`})
	open := "> user\nFix the crash in the CSV importer when a row is empty.\n> assistant\nok\n> call bash {\"command\":\"pytest\"}\n> result\n1 passed\n"
	expect(t, reduceAll(t, open), []string{`objective/session/goal \[active/\w+\] = Fix the crash`}, []string{`done`})
}
