package projection

import (
	"strings"
	"testing"
)

// TestValuesOfARequirementsList: settings given as a list of what
// someone wants ("- birthday — 50 points", "a welcome bonus of 5
// points"), changed later by a correction, a relative change or a
// command, each applied to the setting it names and to no other.
func TestValuesOfARequirementsList(t *testing.T) {
	const list = `
> user
Irina approved points instead of stamps. What she wants:
- 1 point for every 10 UAH on the receipt;
- points can pay up to 30% of a receipt;
- birthday — 50 points as a gift;
- for registering in the app: a welcome bonus of 5 points.

We never award points on the part paid with points.
> assistant
Ok.
`
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"the list read", list, []string{
			`value/-/birthday \[current/normative\] = 50 points @`,
			`value/-/welcome_bonus \[current/normative\] = 5 points @`,
			`constraint .* = We never award points on the part paid with points\.`,
		}, []string{`value/-/every`, `\*30/100`}},
		{"a correction of the number it names", list + `> user
Wait, the welcome bonus: no, not 5 but 15.
`, []string{`welcome_bonus \[current/normative\] = 15 points \(was 5 points\)`, `birthday \[current/normative\] = 50 points @`}, nil},
		{"a correction of a number no setting holds", `
> user
What she wants:
- birthday — 50 points as a gift;
> user
The other one: no, not 5 but 15.
`, []string{`birthday \[current/normative\] = 50 points @`}, []string{`= 15`}},
		{"a change of a percentage is no change of a count", list + `> user
Irina changed her mind about the birthday: make it twice as much. And Halyna says 30% is too much, make it a third less.
`, []string{`birthday \[current/normative\] = 100 points \(was 50 points\)`}, []string{`33\.3`, `halyna`}},
		{"a command's edit of the number held", `
> user
What she wants:
- birthday — 50 points as a gift;
> assistant
Changing the constant.
> call bash {"command": "sed -i 's/BIRTHDAY_BONUS = 50;/BIRTHDAY_BONUS = 100;/' app/Points.php"}
> result
ok
`, []string{`value/-/birthday \[current/empirical\] = 100 \(was 50 points\)`}, []string{`= 50 points @`}},
		{"a list item of a setting and its quantity", `
> user
Set up the nightly export.
> user
Limits from ops:
- retention — 30 days
- max upload: 10 MB
`, []string{`value/-/retention \[current/normative\] = 30 days`, `max_upload \[current/normative\] = 10 MB`}, nil},
		{"a setting counted in a noun no unit names", `
> user
Add the grace period.
> user
The grace period is 3 sprints.
`, []string{`value/-/grace_period \[current/normative\] = 3 sprints`}, nil},
		{"a setting keyed in the user's words", `
> user
Що вона хоче:
- на день народження — 50 балів у подарунок;
> user
Ірина передумала з днем народження: давай удвічі більше.
`, []string{`value/-/на_день_народження \[current/normative\] = 100 балів \(was 50 балів\)`}, []string{`per_day`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// TestTeamNormsWithAnyVerb: "we never/don't <verb>" states a norm with
// a verb no list names; a description ("we can't reproduce it", "we
// don't know", a past) and a gloss's verb left in its language ("we
// don't sait …") state none.
func TestTeamNormsWithAnyVerb(t *testing.T) {
	for s, want := range map[string]bool{
		"We never award points on the part paid with points.": true,
		"we don't round up, ever.":                            true,
		"We always escalate P1s to the on-call first.":        true,
		"we can't reproduce it locally.":                      false,
		"we don't know why yet.":                              false,
		"we never heard back from them.":                      false,
		"we don't even have a staging db.":                    false,
		"we don't sait encore pourquoi.":                      false,
	} {
		if got := isRule(s); got != want {
			t.Errorf("isRule(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestLastSentenceBefore: the sentence before a position, found in the
// bytes just before it; none when it is longer than the window.
func TestLastSentenceBefore(t *testing.T) {
	text := "First one. Second one! Third"
	if got := lastSentenceBefore(text, strings.Index(text, "Third")); got != "Second one!" {
		t.Errorf("got %q", got)
	}
	long := strings.Repeat("word ", 1000) + "end. Next"
	if got := lastSentenceBefore(long, strings.Index(long, "Next")); got != "" {
		t.Errorf("a sentence longer than the window: got %q", oneLine(got, 40))
	}
	if got := lastSentenceBefore("Only. Next", 6); got != "Only." {
		t.Errorf("at the start: got %q", got)
	}
}
