package projection

import (
	"strings"
	"testing"
)

// TestUserStoppedRun: a run whose result holds only the host's wrapper
// around exit status 130 was stopped by the user: no failure; one that
// printed lines of its own, or another status with no output, is read as
// before (interruptedrun.go).
func TestUserStoppedRun(t *testing.T) {
	const roo = "Command executed in terminal  within working directory '/home/tom/code/app'. Command execution was not successful, inspect the cause and adjust as needed.\nExit code: "
	cases := []struct {
		name, out string
		failed    bool
	}{
		{"roo ctrl-c, no output", roo + "130\nOutput:\n", false},
		{"^C echoed", roo + "130\nOutput:\n^C\n", false},
		{"130 after failures printed", roo + "130\nOutput:\n FAIL  test/invoices.e2e-spec.ts\n  ● totals › rounds half-even\nTests:       1 failed, 3 passed, 4 total", true},
		{"status 1, no output", roo + "1\nOutput:\n", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "fix the invoice totals rounding bug",
				"> assistant", scriptCall("bash", map[string]any{"command": "pnpm test:e2e -- invoices"}),
				"> result error", c.out,
			}, "\n")
			got := reduceAll(t, script)
			f := `failure command/-/pnpm test:e2e -- invoices|failure test/`
			if c.failed {
				expect(t, got, []string{f}, nil)
			} else {
				expect(t, got, nil, []string{f, `evidence command/`})
			}
		})
	}
}
