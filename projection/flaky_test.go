package projection

import (
	"strings"
	"testing"
)

// A test called flaky stays open after one pass (flaky.go).
func TestFlakyStaysOpen(t *testing.T) {
	const full = "test result: ok. 24 passed; 0 failed\ntest result: ok. 7 passed; 0 failed"
	cases := []struct {
		name, role, say, pass, out string
		open                       bool
	}{
		{"repro ja", "assistant", "`reconnect_after_broker_restart` は flaky です（5回中2回失敗）。issue #318 にしました。", "cargo test", full, true},
		{"en agent", "assistant", "reconnect_after_broker_restart is flaky: it failed 2 of 5 runs. Filed #318.", "cargo test", full, true},
		{"zh user", "user", "reconnect_after_broker_restart 是偶现的，先记 issue。", "cargo test", full, true},
		{"named nothing, right after", "assistant", "This one is intermittent; tracked in #318.", "cargo test", full, true},
		// near misses: a question, a guess, a negation, another test, a repeated run passing
		{"asked", "user", "is reconnect_after_broker_restart flaky?", "cargo test", full, false},
		{"guessed", "assistant", "reconnect_after_broker_restart might be flaky.", "cargo test", full, false},
		{"negated en", "assistant", "reconnect_after_broker_restart is not flaky, the backoff is wrong.", "cargo test", full, false},
		{"negated ja", "assistant", "reconnect_after_broker_restart は flaky じゃないです。", "cargo test", full, false},
		{"another test", "assistant", "publish_after_reconnect_timeout is flaky.", "cargo test", full, false},
		{"repeated run passes", "assistant", "reconnect_after_broker_restart is flaky.", "for i in 1 2 3 4 5 6 7 8 9 10; do cargo test -q --test integration reconnect_after_broker_restart; done", strings.Repeat("test result: ok. 1 passed; 0 failed\n", 10), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "run the tests",
				"> assistant", scriptCall("bash", map[string]any{"command": "cargo test --test integration 2>&1 | tail -n 5"}),
				"> result error", "test reconnect_after_broker_restart ... FAILED\n\nfailures:\n    reconnect_after_broker_restart\n\ntest result: FAILED. 6 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 14.22s",
				"> " + c.role, c.say,
				"> assistant", scriptCall("bash", map[string]any{"command": c.pass}),
				"> result", c.out,
			}, "\n")
			got := reduceAll(t, script)
			open := `failure test/-/reconnect_after_broker_restart \[(?:open|investigating)/\w+\] = .*flaky`
			if c.open {
				expect(t, got, []string{open}, nil)
			} else {
				expect(t, got, nil, []string{open})
			}
		})
	}
}
