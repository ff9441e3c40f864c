package projection

import "testing"

// A pleasantry opening with "no" ends its sentence with a stop ("No
// problem.", "No thanks."): it is still no rule. "Don't forget the
// tests." is a task, not a prohibition. "Half an hour earlier" moves a
// time by thirty minutes, not an hour.
func TestEnglishSlips(t *testing.T) {
	kinds := func(msgs ...string) map[Kind]int {
		r := New(Options{SessionID: "s"})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Let us plan the routes for tomorrow."})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: "I will start with the matrix."})
		for i, m := range msgs {
			r.Apply(Event{Seq: 2 + i, Role: RoleUser, Text: m})
		}
		out := map[Kind]int{}
		for _, a := range r.Heads() {
			out[a.Kind]++
		}
		return out
	}
	for _, s := range []string{"No problem.", "No thanks.", "No rush."} {
		if k := kinds(s); k[KindConstraint] != 0 {
			t.Errorf("%q: %d rules", s, k[KindConstraint])
		}
	}
	if k := kinds("No force pushes."); k[KindConstraint] != 1 {
		t.Errorf("No force pushes.: %d rules, want 1", k[KindConstraint])
	}
	if k := kinds("Don't forget the tests."); k[KindConstraint] != 0 || k[KindObligation] != 1 {
		t.Errorf("Don't forget the tests.: %v, want one task and no rule", k)
	}
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Move the standup to 10:00."})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "Half an hour earlier."})
	if v := currentValues(r, "value/-/standup"); len(v) != 1 || v[0] != "09:30" {
		t.Errorf("standup after half an hour earlier: %q, want 09:30", v)
	}
}
