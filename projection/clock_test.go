package projection

import "testing"

func TestClockMinutes(t *testing.T) {
	for c, want := range map[string]int{"2pm": 14 * 60, "14:00": 14 * 60, "two": 14 * 60, "noon": 12 * 60, "9:30 am": 9*60 + 30,
		"11": 11 * 60, "下午3点": 15 * 60, "15:30": 15*60 + 30, "10点半": 10*60 + 30, "12am": 0} {
		if got, ok := clockMinutes(c); !ok || got != want {
			t.Errorf("clockMinutes(%q) = %d, %v; want %d", c, got, ok, want)
		}
	}
}

// A rule bound to a time of day is lifted when the session's clock shows
// that time passed: a date line of output or the time told; a log line's
// time, or a clock before the hour, lifts nothing, and a rule told after
// the clock had passed its hour waits.
func TestRuleEndsAtItsHour(t *testing.T) {
	rule := "iiif-stg is frozen until 2pm today, don't restart or deploy anything there before two."
	for _, c := range []struct {
		name  string
		shown []Event
		want  string
	}{
		{"date output", []Event{{Role: RoleTool, Text: "Thu  3 Dec 15:05:41 GMT 2026\nNumber of files: 4,878"}}, Lifted},
		{"ISO date output", []Event{{Role: RoleTool, Text: "2026-12-03T14:20:00+00:00"}}, Lifted},
		{"the time told", []Event{{Role: RoleAssistant, Text: "It's past two now, so syncing to staging."}}, Lifted},
		{"before the hour", []Event{{Role: RoleAssistant, Text: "Also, it's 12:35, so iiif-stg is still frozen."}}, Active},
		{"a log line", []Event{{Role: RoleTool, Text: "2026-12-03 15:05:41 INFO cantaloupe started"}}, Active},
	} {
		r := New(Options{SessionID: "s"})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: rule})
		for i, e := range c.shown {
			e.Seq = i + 1
			r.Apply(e)
		}
		n := 0
		for _, a := range r.Anchors() {
			if a.Kind == KindConstraint {
				n++
				if a.Lifecycle != c.want {
					t.Errorf("%s: %q %s, want %s", c.name, a.Value, a.Lifecycle, c.want)
				}
			}
		}
		if n == 0 {
			t.Fatalf("%s: no rule read", c.name)
		}
	}
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 0, Role: RoleAssistant, Text: "It's 15:10 already."})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "don't deploy to prod before 2pm."})
	r.Apply(Event{Seq: 2, Role: RoleAssistant, Text: "It's 15:20 now."})
	for _, a := range r.Anchors() {
		if a.Kind == KindConstraint && a.Lifecycle != Active {
			t.Errorf("a rule told at 15:10 for 2pm: %s, want active (tomorrow's)", a.Lifecycle)
		}
	}
}
