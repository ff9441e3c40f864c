package projection

import "testing"

// Rules said as a request to keep a thing working, and a prohibition that
// waits for the user's approval, are rules; a report of no changes is not
// (found by a user trial: a fold dropped "keep the existing URLs working").
func TestKeepWorkingAndApprovalRules(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"One important thing: please keep the existing URLs working, we have a lot of inbound links from Stack Overflow.", true},
		{"Keep the v1 endpoints backwards compatible.", true},
		{"Also no changes to prod config without my OK, just propose them.", true},
		{"No deploys until I sign off.", true},
		{"No changes.", false},
		{"no changes to prod config.", false},
		{"Is the old URL still working?", false},
	} {
		if got := isRule(c.s); got != c.want {
			t.Errorf("isRule(%q) = %v, want %v", c.s, got, c.want)
		}
	}
	out := reduceAll(t, `
> user
We're moving the docs from Sphinx to MkDocs. One important thing: please keep the existing URLs working, we have a lot of inbound links.
> user
Also no changes to prod config without my OK, just propose them.
`)
	expect(t, out, []string{`constraint/.* \[active/normative\] = .*keep the existing URLs working`, `constraint/.* \[active/normative\] = Also no changes to prod config without my OK`}, nil)
}
