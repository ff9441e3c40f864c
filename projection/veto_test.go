package projection

import "testing"

// A current value the user set is superseded when someone turns it down
// by name; a veto of something else, or of a value nobody set, moves
// nothing.
func TestValueVetoed(t *testing.T) {
	for _, c := range []struct {
		set, veto string
		want      string // the value's lifecycle after the veto
	}{
		{"dana wants dunning overlap = buffer_one", "priya pushed back on buffer_one. skip on every schedule, no exceptions.", Superseded},
		{"set the retention to 90 days", "legal vetoed 90 days, they want less.", Superseded},
		{"set the retention to 90 days", "legal pushed back on the dashboard colours.", Current},
		{"dana wants dunning overlap = buffer_one", "priya is fine with buffer_one.", Current},
	} {
		r := New(Options{SessionID: "s"})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: c.set})
		var v *Anchor
		for _, a := range r.Heads() {
			if a.Kind == KindValue {
				v = a
			}
		}
		if v == nil {
			t.Fatalf("%q: no value read", c.set)
		}
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: "Noted."})
		r.Apply(Event{Seq: 2, Role: RoleUser, Text: c.veto})
		got := ""
		for _, a := range r.Anchors() {
			if a.Key == v.Key && a.Kind == KindValue {
				got = a.Lifecycle
			}
		}
		if got != c.want {
			t.Errorf("%q then %q: value %s, want %s", c.set, c.veto, got, c.want)
		}
	}
}
