package projection

import (
	"strings"
	"testing"
)

// A test called flaky in Russian ("флейки", "флэйки", as the word is
// spoken) stays open after a green wider run (flaky.go): the trial's
// "это флейки, известная история, не трогай его" after 1 of 6 runs
// failed, then a green `cargo test --workspace`.
func TestFlakyRussianLoanword(t *testing.T) {
	cases := []struct {
		name, role, say string
		open            bool
	}{
		{"repro ru: user", "user", "это флейки, известная история, не трогай его.", true},
		{"ru: agent", "assistant", "`graceful_shutdown_drains` падает 1 раз из 6 — флейки.", true},
		{"ru: флэйки", "user", "graceful_shutdown_drains флэйкий, не трогай.", true},
		{"en", "user", "that one is flaky, known issue, leave it.", true},
		// near misses: a question, a negation
		{"ru asked", "user", "это флейки?", false},
		{"ru negated", "user", "graceful_shutdown_drains не флейки, там гонка в drain.", false},
		{"en negated", "user", "graceful_shutdown_drains is not flaky, the drain races.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "прогони тесты agg-server.",
				"> assistant", scriptCall("run_shell", map[string]any{"command": "cargo test -p agg-server 2>&1 | grep -E '^test shutdown|^test result'"}),
				"> result error", "exitcode: 101\ntest shutdown::tests::graceful_shutdown_drains ... FAILED\ntest result: FAILED. 13 passed; 1 failed; 0 ignored",
				"> " + c.role, c.say,
				"> assistant", scriptCall("run_shell", map[string]any{"command": "cargo test --workspace 2>&1 | grep -E '^test result'"}),
				"> result", "exitcode: 0\ntest result: ok. 42 passed; 0 failed; 0 ignored\ntest result: ok. 14 passed; 0 failed; 0 ignored",
			}, "\n")
			got := reduceAll(t, script)
			open := `failure test/-/shutdown::tests::graceful_shutdown_drains \[(?:open|investigating)/\w+\] = .*flaky`
			if c.open {
				expect(t, got, []string{open}, nil)
			} else {
				expect(t, got, nil, []string{open})
			}
		})
	}
}
