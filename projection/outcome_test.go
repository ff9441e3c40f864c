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
		"goal tool":                          {"> user\ndo two turns\n> assistant\ndone\n> call update_goal {\"goal_id\":\"g-1\",\"action\":\"complete\"}\n> result\n{\"goal\":{\"phase\":\"complete\"}}\n", "goal complete"},
		"goal notice":                        {"> user\ndo two turns\n> assistant\ndone\n> user\n<goal_complete>\nThe goal is marked complete and this autonomous run is ending. Write the closing message to the user now.\n", "goal complete"},
	} {
		t.Run(name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), []string{`value/-/session_outcome \[current/\w+\] = ` + c.want + ` @`}, nil)
		})
	}
	expect(t, reduceAll(t, "> user\nfix it\n> assistant\nok\n> call bash {\"command\":\"echo submit\"}\n> result\nsubmit\n"), nil, []string{`outcome`})
}
