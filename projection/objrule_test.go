package projection

import "testing"

// The sentence the objective is read from is not a rule as well when it
// only says what has to be done ("before Sunday we must load-test the
// service"): the state would say it twice. A prohibition, an "only" or an
// "always" in it is a rule of its own and stays.
func TestObjectiveNotAlsoARule(t *testing.T) {
	for _, tc := range []struct {
		text  string
		rules int
	}{
		{"hey, today is thursday, before sunday we must load test scorecast-ws and scale it. target 50k connections.", 0},
		{"Нужно починить сборку агента мониторинга на новой машине.", 0},
		{"hey bhai, aaj thursday hai, sunday se pehle scorecast-ws ko load test karke scale karna hai.", 0},
		{"We must port the exporter to the new API and never modify anything under vendor/.", 1},
		{"Port the exporter to the new API. You must run the linter before every commit.", 1},
	} {
		r := New(Options{SessionID: "s"})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: tc.text})
		obj, rules := 0, 0
		for _, a := range r.Heads() {
			switch a.Kind {
			case KindObjective:
				obj++
			case KindConstraint:
				rules++
			}
		}
		if obj != 1 || rules != tc.rules {
			t.Errorf("%q: %d objectives, %d rules; want 1, %d", tc.text, obj, rules, tc.rules)
		}
	}
}
