package projection

import "testing"

// A quantity said by reference ("whatever nproc says", "as many as the
// server has", Dutch "zoveel … als") is no value of its own: the state
// never shows the word as the setting's value.
func TestWordIsNoValue(t *testing.T) {
	for _, text := range []string{
		"Set the worker count to whatever nproc says.",
		"Zet het aantal workers gewoon op zoveel cores als de planserver heeft.",
		"Set the worker count to as many as the server has cores.",
	} {
		r := New(Options{SessionID: "s"})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Let us plan the routes for tomorrow."})
		r.Apply(Event{Seq: 1, Role: RoleUser, Text: text})
		for _, a := range r.Heads() {
			if a.Kind == KindValue && (a.Value == "whatever" || a.Value == "zoveel" || a.Value == "as") {
				t.Errorf("%q: value %s = %q", text, a.Key, a.Value)
			}
		}
	}
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Set the worker count to 16."})
	if v := currentValues(r, "value/-/worker_count"); len(v) != 1 || v[0] != "16" {
		t.Errorf("a number is still a value: %q", v)
	}
}
