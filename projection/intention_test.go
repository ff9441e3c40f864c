package projection

import "testing"

// TestStepIntention: what the agent says it does next is a step; a choice
// of how the work goes, however phrased, is not.
func TestStepIntention(t *testing.T) {
	for s, want := range map[string]bool{
		"I'll claim this issue and implement the budget control types.":                     true,
		"Let me now run the tests.":                                                         true,
		"OK, I'm going to submit the patch I created.":                                      true,
		"We will now write a script to revert the seed.":                                    true,
		"I'll comment out the WebSocket usage in the relay plugin to get the site running.": true,
		"Let's use the `find_file` command to locate the handler.":                          true,
		"I'll use `rpassword` for a simple terminal password prompt.":                       false,
		"I'll use format_relative_time instead of format_timestamp.":                        false,
		"I'll follow the same pattern with `rusqlite`.":                                     false,
		"I'll replace the polling loop with a websocket subscription.":                      false,
		"The fix is to reorder these operations.":                                           false,
		"We'll keep the old schema for now.":                                                false,
	} {
		if got := stepIntention(s); got != want {
			t.Errorf("stepIntention(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestStepIntentionDone: a step intention the agent acted on is done once
// it says its next step, the user speaks, or the task is handed in; one
// not acted on yet, and a choice, stay in force.
func TestStepIntentionDone(t *testing.T) {
	const claim = "> user\nWork through the open issues.\n> assistant\nI'll claim issue #64 and implement the refund types.\n> call bash {\"command\":\"issue claim 64\"}\n> result\nclaimed #64\n"
	expect(t, reduceAll(t, claim+"> assistant\nNow let me run the tests.\n> call bash {\"command\":\"cargo test\"}\n> result\ntest result: ok\n"),
		[]string{`decision/-/claim-issue-#64-implement-refund-types \[done/decision\]`}, nil)
	expect(t, reduceAll(t, claim+"> user\nthanks, now the budget types\n"),
		[]string{`decision/-/claim-issue-#64-implement-refund-types \[done/decision\]`}, nil)
	expect(t, reduceAll(t, claim+"> assistant\nok\n> call bash {\"command\":\"echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\"}\n> result\ndone\n"),
		[]string{`decision/-/claim-issue-#64-implement-refund-types \[done/decision\]`}, nil)
	// still the step in progress: no next step said, no turn ended
	expect(t, reduceAll(t, claim+"> assistant\nThe refund type needs a currency field.\n> call bash {\"command\":\"cat src/refund.rs\"}\n> result\npub struct Refund {}\n"),
		[]string{`decision/-/claim-issue-#64-implement-refund-types \[active/decision\]`}, nil)
	// said, not acted on: the user's reply does not end it
	expect(t, reduceAll(t, "> user\nPrepare the release.\n> assistant\nI will tag the release with the version you confirm.\n> user\nconfirmed, 2.4.0\n"),
		[]string{`\[active/decision\] = I will tag the release`}, nil)
	// a choice stays
	expect(t, reduceAll(t, "> user\nAdd a password prompt.\n> assistant\nI'll use rpassword for the terminal password prompt.\n> call bash {\"command\":\"cargo add rpassword\"}\n> result\nAdding rpassword\n> assistant\nLet me now wire it into main.\n> user\nlooks good\n"),
		[]string{`\[active/decision\] = I'll use rpassword`}, nil)
}
