package projection

import (
	"strings"
	"testing"
)

// TestPromiseLater: the agent's promise of work put to a later time ("in
// a follow-up", "later", "später") is its open obligation whatever the
// object; the same work done now, a step with no verb of work, a
// refusal and an offer are none (promise.go promiseLaterRE).
func TestPromiseLater(t *testing.T) {
	say := func(s string) string { return "> user\nfree deleted users' emails\n> assistant\n" + s + "\n" }
	runScriptCases(t, []scriptCase{
		{"en follow-up", say("I'll write the matching down migrations for all three in a follow-up once the feature settles."),
			[]string{`obligation/-/.*down-migrations.* \[open/`}, nil},
		{"de später", say("Die Down-Migrationen schreibe ich später."),
			[]string{`obligation/-/.*down-migrationen.* \[open/`}, nil},
		{"now, no time", say("I'll write the matching down migrations now."), nil, []string{`obligation/`}},
		{"no verb of work", say("I'll check the logs later."), nil, []string{`obligation/`}},
		{"refused", say("I won't write the down migrations later."), nil, []string{`obligation/`}},
		{"offer", say("If you want I'll write the down migrations later."), nil, []string{`obligation/`}},
	})
}

// TestUserTakesLongTask: a task the user takes on with several words
// before "myself" or between "ich" and "selbst" is theirs, open; done,
// negated or asked it is none (usertask.go).
func TestUserTakesLongTask(t *testing.T) {
	say := func(s string) string {
		return "> user\nbuild it\n> assistant\nThe build needs the netrc secret.\n> user\n" + s + "\n"
	}
	runScriptCases(t, []scriptCase{
		{"en long object", say("fine. I'll update the CI workflow to use nextest with the retry profile myself."),
			[]string{`obligation/-/.*update-ci-workflow.* \[open/`}, nil},
		{"de reflexive verb", say("ok. Ich kümmer mich selbst um das netrc-Secret in der Pipeline."),
			[]string{`obligation/-/.*netrc-secret.* \[open/`}, nil},
		{"de done", say("Ich hab mich selbst um das netrc-Secret gekümmert."), nil, []string{`obligation/`}},
		{"de not known", say("Ich weiß das selbst nicht genau mit dem Secret."), nil, []string{`obligation/`}},
		{"en asked", say("should I update the CI workflow to use nextest myself?"), nil, []string{`obligation/`}},
	})
}

// TestSetToPurposeVerb: "update X to use Y" says what X is changed to
// do, no value of X; "set X to V" still sets one (valuesone.go).
func TestSetToPurposeVerb(t *testing.T) {
	say := func(s string) string { return "> user\n" + s + "\n" }
	runScriptCases(t, []scriptCase{
		{"to use", say("please update the CI workflow to use nextest with the retry profile."), nil, []string{`value/-/ci_workflow`}},
		{"to run", say("change the pre-commit hook to run clippy first."), nil, []string{`value/-/pre-commit_hook`}},
		{"a plain value", say("set the log level to debug."), []string{`value/-/log_level \[current/\w+\] = debug`}, nil},
		{"a runner named", say("switch the test runner to nextest."), []string{`value/-/test_runner \[current/\w+\] = nextest`}, nil},
		{"a verb ending the sentence", say("set the on-failure policy to retry."), []string{`value/-/on-failure_policy \[current/\w+\] = retry`}, nil},
	})
}

// TestNextestVerdicts: cargo nextest's FAIL line names the failed test,
// with what its thread panicked with; its PASS line a test that passed
// (runcommand.go nextestFailRE).
func TestNextestVerdicts(t *testing.T) {
	out := strings.Join([]string{
		"    Starting 38 tests across 3 binaries",
		"        PASS [   0.012s] api users::tests::create_user",
		"        FAIL [   0.188s] api users::tests::soft_delete_hides_user",
		"thread 'users::tests::soft_delete_hides_user' panicked at crates/api/src/users.rs:212:9:",
		"assertion `left == right` failed",
		"     Summary [   3.904s] 38 tests run: 37 passed, 1 failed, 0 skipped",
		"error: test run failed",
	}, "\n")
	script := strings.Join([]string{
		"> user", "soft-delete for users",
		"> assistant", scriptCall("bash", map[string]any{"command": "cargo nextest run -p api"}),
		"> result error", out,
	}, "\n")
	got := reduceAll(t, script)
	expect(t, got, []string{
		`failure test/-/users::tests::soft_delete_hides_user \[open/\w+\] = failed: FAIL \[ 0.188s\] api users::tests::soft_delete_hides_user — thread 'users::tests::soft_delete_`,
		`evidence test/-/users::tests::create_user \[observed/\w+\] = passed:`,
	}, []string{`failure command/`})
	// a summary line is no verdict on a test
	if m := nextestFailRE.FindStringSubmatch("     Summary [   3.904s] 38 tests run: 37 passed, 1 failed, 0 skipped"); m != nil {
		t.Errorf("summary read as a verdict: %q", m)
	}
}
