package projection

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A rule bound to a time of day.
//
// "iiif-stg is frozen until 2pm today", "don't restart or deploy anything
// there before two", "14:00 之前别动 prod": the rule ends when the clock
// passes its hour, whether or not anyone says so. The session's clock is
// read where it shows: a line of output that is a date and a time whole
// (what `date` prints: "Thu  3 Dec 15:05:41 GMT 2026",
// "2026-12-03T15:05:41+00:00"), or the user or the agent telling the time
// ("it's 12:35", "it's past two now", "现在 15:10 了"). Log lines, which
// may be old, are not read. A rule bound to an hour is lifted, with the
// time seen as the reason, at the first event that shows the clock at or
// after its hour; one told after the clock last showed a later hour (the
// next day's rule) waits for a time after it was told.

var (
	// clockBoundRE is a rule's bound at a time of day.
	clockBoundRE = mustPattern(`(?i)\b(?:until|till|til|before|by)\s+(?:about\s+|around\s+)?(?P<c>` + clockPat + `)|(?P<z>` + zhClockPat + `)\s*(?:之前|以前|前)`)
	// clockNowRE is someone telling the time.
	clockNowRE = mustPattern(`(?i)\b(?:it's|it is|it’s|now it's|now)\s+(?:already\s+|just\s+|almost\s+)?(?P<p>past\s+)?(?P<c>` + clockPat + `)|现在(?:已经)?(?:是)?\s*(?P<z>` + zhClockPat + `)`)
	// dateLineRE is a line that is a date and a time whole.
	dateLineRE = mustPattern(`(?m)^\s*(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*,?\s+(?:\d{1,2}\s+\w{3}|\w{3}\s+\d{1,2})\s+(?P<h>\d{1,2}):(?P<m>\d{2}):\d{2}(?:\s+\S+)?\s+\d{4}|\d{4}-\d{2}-\d{2}[T ](?P<h2>\d{2}):(?P<m2>\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)\s*$`)
)

const (
	clockPat   = `\d{1,2}:\d{2}\s*(?:am|pm|a\.m\.|p\.m\.)?|\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)|noon|midday|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s*(?:am|pm|o'clock))?`
	zhClockPat = `(?:上午|下午|晚上|中午)?\d{1,2}(?:[:：]\d{2}|点(?:半|\d{1,2}分?)?)`
)

var clockWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}

// nowCues are the words clockNowRE opens with, as written.
var nowCues = []string{"it's", "It's", "it’s", "It’s", "it is", "It is", "IT'S", "now", "Now", "现在"}

// clockMinutes is a time of day as minutes after midnight: "2pm", "14:00",
// "two" (an hour up to seven with no am or pm is the afternoon's, a work
// day's), "noon", "下午3点", "15:30".
func clockMinutes(c string) (int, bool) {
	c = strings.ToLower(strings.TrimSpace(c))
	pm := strings.Contains(c, "pm") || strings.Contains(c, "p.m.") || strings.HasPrefix(c, "下午") || strings.HasPrefix(c, "晚上")
	am := strings.Contains(c, "am") || strings.Contains(c, "a.m.") || strings.HasPrefix(c, "上午")
	if c == "noon" || c == "midday" || c == "中午" {
		return 12 * 60, true
	}
	h, m := -1, 0
	digits := strings.TrimLeft(c, "上午下晚中")
	if i := strings.IndexAny(digits, ":："); i > 0 {
		h, _ = strconv.Atoi(digits[:i])
		rest := strings.TrimLeft(digits[i:], ":：")
		if len(rest) >= 2 {
			m, _ = strconv.Atoi(rest[:2])
		}
	} else if n := strings.IndexFunc(digits, func(r rune) bool { return r < '0' || r > '9' }); n > 0 {
		h, _ = strconv.Atoi(digits[:n])
		if strings.Contains(digits, "点半") {
			m = 30
		}
	} else if n < 0 && digits != "" {
		h, _ = strconv.Atoi(digits)
	} else {
		for w, v := range clockWords {
			if strings.HasPrefix(c, w) {
				h = v
			}
		}
	}
	if h < 0 || h > 23 || m > 59 {
		return 0, false
	}
	switch {
	case pm && h < 12:
		h += 12
	case am && h == 12:
		h = 0
	case !am && !pm && h >= 1 && h <= 7 && !strings.ContainsAny(c, ":：点"):
		// "before two": the afternoon
		h += 12
	}
	return h*60 + m, true
}

// clockOf is the time of day a rule's text binds it to, or -1.
func clockOf(rule string) int {
	m := clockBoundRE.FindStringSubmatch(rule)
	if m == nil {
		return -1
	}
	if t, ok := clockMinutes(m[clockBoundRE.SubexpIndex("c")] + m[clockBoundRE.SubexpIndex("z")]); ok {
		return t
	}
	return -1
}

// clockShown is the time of day ev shows, or -1: a date line of a tool's
// output, or the time told in a message.
func clockShown(ev *Event) int {
	switch ev.Role {
	case RoleTool:
		text := ev.Text
		if len(text) > 4096 {
			// a date line stands where a command printed it, first or
			// last (a long output's middle is its work)
			text = text[:2048] + "\n" + text[len(text)-2048:]
		}
		if !strings.Contains(text, ":") {
			return -1
		}
		var m []string
		for l := range strings.Lines(text) {
			// a date line is short and holds a time's colon and a year
			if t := strings.TrimSpace(l); len(t) >= 16 && len(t) <= 48 && strings.Contains(t, ":") && strings.Contains(t, "20") {
				if m = dateLineRE.FindStringSubmatch(t); m != nil {
					break
				}
			}
		}
		if m == nil {
			return -1
		}
		h, _ := strconv.Atoi(m[dateLineRE.SubexpIndex("h")] + m[dateLineRE.SubexpIndex("h2")])
		mi, _ := strconv.Atoi(m[dateLineRE.SubexpIndex("m")] + m[dateLineRE.SubexpIndex("m2")])
		return h*60 + mi
	case RoleUser, RoleAssistant:
		if !strings.ContainsAny(ev.Text, "0123456789") && !strings.Contains(ev.Text, "noon") && !strings.Contains(ev.Text, "o'clock") && !strings.Contains(ev.Text, "past") {
			// a time is told with a digit, or "noon", "o'clock", "past two"
			return -1
		}
		if !slices.ContainsFunc(nowCues, func(c string) bool { return strings.Contains(ev.Text, c) }) {
			return -1
		}
		m := clockNowRE.FindStringSubmatch(ev.Text)
		if m == nil {
			return -1
		}
		t, ok := clockMinutes(m[clockNowRE.SubexpIndex("c")] + m[clockNowRE.SubexpIndex("z")])
		if !ok {
			return -1
		}
		if m[clockNowRE.SubexpIndex("p")] != "" {
			// "it's past two": a minute after
			t++
		}
		return t
	}
	return -1
}

// clockPassed lifts the active rules bound to a time of day that ev shows
// the clock has reached.
func (r *Reducer) clockPassed(ev *Event, ref EventRef) {
	now := clockShown(ev)
	if now < 0 {
		return
	}
	prev, prevSeq, seen := r.clock, r.clockSeq, r.clockSeen
	r.clock, r.clockSeq, r.clockSeen = now, ev.Seq, true
	for _, a := range r.sorted() {
		if a.Kind != KindConstraint || a.Lifecycle != Active || a.Seq() >= ev.Seq {
			continue
		}
		t := clockOf(a.Value)
		if t < 0 || now < t {
			continue
		}
		if seen && prevSeq < a.Seq() && prev >= t {
			// told when the clock had already passed its hour: the
			// hour is the next day's
			continue
		}
		a.Lifecycle = Lifted
		a.Because = fmt.Sprintf("past %02d:%02d (the clock showed %02d:%02d)", t/60, t%60, now/60, now%60)
		a.addRef(ref)
	}
}
