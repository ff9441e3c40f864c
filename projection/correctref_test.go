package projection

import (
	"strings"
	"testing"
)

// TestProFormCorrectionKeepsRules: a correction refusing the agent's act
// by a pro-form ("don't do that") replaces no earlier rule of the user's,
// however many words it shares with it.
func TestProFormCorrectionKeepsRules(t *testing.T) {
	r := New(Options{})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "for voided invoices we drop them entirely, don't even keep the invoice number, nothing, as if they were never issued."})
	r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: "Looking at the duplicate invoice numbers before deleting them."})
	r.Apply(Event{Seq: 2, Role: RoleUser, Text: "oh wait, no, don't do that, those are reissues, we keep the invoice number when voided invoices are reissued, nothing is dropped"})
	active := 0
	for _, a := range r.Anchors() {
		if a.Kind == KindConstraint && strings.HasPrefix(a.Value, "for voided invoices") {
			if a.Lifecycle != Active {
				t.Errorf("the voided-invoice rule is %s", a.Lifecycle)
			}
			active++
		}
		if a.Kind == KindConstraint && a.Was != "" {
			t.Errorf("%q shown replacing %q", a.Value, a.Was)
		}
	}
	if active != 1 {
		t.Errorf("voided-invoice rules: %d", active)
	}
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"no wait, don't do that, the table is shared", true},
		{"hmm no, stop that, it's the prod bucket", true},
		{"anzi no, non farlo, è il server vecchio", true},
		{"no wait, keep 3 retries at most", false},
		{"actually no, the limit is 20 per minute, not 10; don't do anything else today", false},
	} {
		if got := proFormRefusal(c.v); got != c.want {
			t.Errorf("%q: %v", c.v, got)
		}
	}
}
