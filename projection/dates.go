package projection

import (
	"strconv"
	"strings"
	"time"
)

// Days and dates as values, and a change of one by days or weeks.
//
// "The report is due Wednesday the 12th" — "they gave us two more days":
// Friday the 14th. "The deadline is Friday" — "make the deadline
// Monday". "The release date is 2026-03-10" — "push it a week later":
// 2026-03-17. A value that names a day of the week, a day of the month
// ("the 12th") or an ISO date moves by a whole number of days or weeks:
// each of its parts that names a day moves (a weekday by its name, a
// day of the month by its number, within its month when the month is
// not named), a time of day beside it stays. A value that names no day
// (a count, a duration) is left to applyChange; a time of day alone is
// applyShift's.

// dayPat is a day as a value is written: a weekday, perhaps with its day
// of the month and a time of day ("Wednesday the 12th", "Thursday
// 18:00", "next Monday"), or an ISO date.
const dayPat = `(?:(?:next|this|coming)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:,?\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b)?(?:,?\s+(?:at\s+)?\d{1,2}:\d{2}(?:\s*(?:utc|cet|cest|z))?)?|\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2})?`

var (
	weekdayRE  = mustPattern(`(?i)\b(mon|tues|wednes|thurs|fri|satur|sun)day\b`)
	monthDayRE = mustPattern(`(?i)\b(?:the\s+)?(\d{1,2})(st|nd|rd|th)\b`)
	isoDateRE  = mustPattern(`\b(\d{4})-(\d{2})-(\d{2})\b`)
	// dayKeyRE are the words of a setting that is a day: "deadline",
	// "due", "release date", "freeze", "cutoff".
	dayKeyRE = mustPattern(`(?i)\b(?:deadline|due|date|day|freeze|cutoff|cut-off|launch|release|go-live|golive|handoff|hand-off|demo|review|start|end|until|expiry|expires)\b`)
)

var weekdays = []string{"sun", "mon", "tues", "wednes", "thurs", "fri", "satur"}

// shiftDays moves the days a value names by n days; ok is false when it
// names none.
func shiftDays(held string, n int) (string, bool) {
	if m := isoDateRE.FindStringSubmatchIndex(held); m != nil {
		t, err := time.Parse("2006-01-02", held[m[0]:m[1]])
		if err != nil {
			return "", false
		}
		return held[:m[0]] + t.AddDate(0, 0, n).Format("2006-01-02") + held[m[1]:], true
	}
	w := weekdayRE.FindStringSubmatchIndex(held)
	d := monthDayRE.FindStringSubmatchIndex(held)
	if w == nil {
		// "the 12th" alone is a day of the month only beside a weekday.
		return "", false
	}
	out := held
	if d != nil {
		day, _ := strconv.Atoi(held[d[2]:d[3]])
		nd := day + n
		if day < 1 || day > 31 || nd < 1 || nd > 30 {
			// Into another month, whose length is not said.
			return "", false
		}
		out = out[:d[2]] + strconv.Itoa(nd) + ordinal(nd) + out[d[5]:]
	}
	i := -1
	name := strings.ToLower(held[w[2]:w[3]])
	for k, wd := range weekdays {
		if wd == name {
			i = k
		}
	}
	nw := weekdays[((i+n)%7+7)%7]
	word := held[w[0]:w[1]]
	nwWord := nw + "day"
	if word[0] >= 'A' && word[0] <= 'Z' {
		nwWord = strings.ToUpper(nwWord[:1]) + nwWord[1:]
	}
	out = out[:w[0]] + nwWord + out[w[1]:]
	return out, true
}

func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return "th"
	case n%10 == 1:
		return "st"
	case n%10 == 2:
		return "nd"
	case n%10 == 3:
		return "rd"
	}
	return "th"
}

// dayChange is a change by days or weeks as a number of days ("+2 days",
// "@-1 day", "+1 week"); ok false for any other change.
func dayChange(change string) (int, bool) {
	c := strings.TrimPrefix(change, "@")
	if len(c) < 2 || c[0] != '+' && c[0] != '-' {
		return 0, false
	}
	num, unit, _ := strings.Cut(c[1:], " ")
	n, err := strconv.Atoi(num)
	if err != nil {
		return 0, false
	}
	switch strings.ToLower(unit) {
	case "d", "day", "days":
	case "week", "weeks":
		n *= 7
	default:
		return 0, false
	}
	if c[0] == '-' {
		n = -n
	}
	return n, true
}

// dayValue reports whether v is a day (dayPat) said for a setting named
// k that is one (dayKeyRE): "deadline" = "Friday".
func dayValue(k, v string) bool {
	return dayKeyRE.MatchString(k) && dayValueRE.MatchString(strings.TrimSpace(v))
}

var dayValueRE = mustPattern(`(?i)^(?:` + dayPat + `)$`)

// dayValueFor is the current value that is a day a change by days with
// no setting named moves: the one whose name the sentence s names, else
// the only one.
func (r *Reducer) dayValueFor(s string) *Anchor {
	ws := stems(s)
	var named, only *Anchor
	n := 0
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current {
			continue
		}
		if _, ok := shiftDays(a.Value, 1); !ok {
			continue
		}
		n++
		only = a
		for w := range stems(a.Name) {
			if ws[w] && (named == nil || newer(a, named)) {
				named = a
			}
		}
	}
	switch {
	case named != nil:
		return named
	case n == 1:
		return only
	}
	return nil
}

// unitOf is the unit written after a value's number ("" for none, or no
// number).
func unitOf(v string) string {
	m := heldNumRE.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil {
		return ""
	}
	return m[3]
}
