package projection

import (
	"strings"
	"testing"
)

// TestParkedTaskCalledFine: after a change marker the old task is set
// aside and called fine as it stands ("park the pagination, it's fine as
// is"); that word on the old task is no new task, the next sentence names
// it. Near misses: a real task after the set-aside, a "not fine", and no
// new task at all.
func TestParkedTaskCalledFine(t *testing.T) {
	cases := []struct {
		text string
		want string // words of the new task; "" when none is named
	}{
		{"cheers. change of plan though: park the pagination, it's fine as is. the priority now is a CSV export of invoices for finance (GET /invoices/export?from=&to=), they need it by Friday.", "CSV export"},
		{"change of plans: shelve the retry work, that's good enough for now. new focus: the login crash on Android", "login crash"},
		{"change of plans: park the pagination, fix the login crash on Android instead", "login crash"},
		{"change of plans: park the pagination, it's fine as is.", ""},
	}
	for _, c := range cases {
		_, got, _ := switchedTask(glossed(c.text, langNone))
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%q: task %q, want one naming %q", c.text, got, c.want)
		}
		if strings.Contains(got, "fine") || strings.Contains(got, "good enough") {
			t.Errorf("%q: task %q is the word on the old task", c.text, got)
		}
	}
	for _, s := range []string{"it's fine as is.", "that's done.", "the pagination is fine as it is."} {
		if !closedTask(s) {
			t.Errorf("closedTask(%q) = false", s)
		}
	}
	for _, s := range []string{"it's not fine as is.", "it's fine as is?", "it's the export next."} {
		if closedTask(s) {
			t.Errorf("closedTask(%q) = true", s)
		}
	}
}
