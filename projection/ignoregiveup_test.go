package projection

import (
	"strings"
	"testing"
)

// A user telling the agent to ignore a failure gives it up, as "leave
// it" does (subject.go givenUp, flakyignore.go's cue).
func TestIgnoreGivesFailureUp(t *testing.T) {
	cases := []struct {
		name, say string
		givenUp   bool
	}{
		{"repro es", "lo de apps/docs ignóralo, esa app la van a borrar.", true},
		{"en", "ignore the docs lint, not ours", true},
		{"zh", "docs 的 lint 忽略它，那个 app 要删了。", true},
		{"de", "ignorier das, die App fliegt raus.", true},
		// near misses: negated, asked
		{"negated en", "don't ignore it, fix the import", false},
		{"negated es", "no lo ignores: no ignora el lint.", false},
		{"asked", "should I ignore it?", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "add cursor pagination to orders.list",
				"> assistant", scriptCall("shell", map[string]any{"command": "pnpm turbo run lint"}),
				"> result error", "docs:lint: 3:8  Error: 'React' is defined but never used.  no-unused-vars\nFailed:    docs#lint",
				"> user", c.say,
			}, "\n")
			out := reduceAll(t, script)
			open := `failure command/-/pnpm turbo run lint \[(?:open|investigating)/`
			if c.givenUp {
				expect(t, out, []string{`negative-knowledge .*pnpm-turbo-run-lint`}, []string{open})
			} else {
				expect(t, out, []string{open}, nil)
			}
		})
	}
}
