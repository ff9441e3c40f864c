package projection

import (
	"fmt"
	"strings"
	"unicode"
)

// A day moved by naming the new one.
//
// "the demo for the client is on friday" … "demo got pushed to next
// tuesday btw": the day held for the demo is now next Tuesday (was
// Friday). "这周五提测" … "提测改到下周三了，测试那边这周排不过来": the
// day of the hand-off to QA is next Wednesday. A sentence that tells a
// thing was moved, pushed, postponed, brought forward or rescheduled to a
// day (English dayPat or a Chinese day: 这周五, 下周三, 12月5号) moves the
// current value that is a day and whose name the thing shares a word of
// (English stems, Chinese character pairs or the whole short name); with
// no such value, the day becomes the value of the thing named, so that
// "提测" holds 下周三 either way. Relative moves ("two more days") are
// dates.go's.
//
// A Chinese sentence that is only a day and a short act ("这周五提测",
// "下周一上线", "提测是这周五") sets the act's day as such a value
// (zhDatedAct).

// zhDayPat is a day as a Chinese message names one: a weekday of this or
// next week, a day of the month, tomorrow or the day after.
// zhWeekDayPat is such a day that is no relative one (not 明天).
const zhWeekDayPat = `(?:这|本|下下?|下个|这个)?(?:周|星期|礼拜)[一二三四五六日天]|\d{1,2}月\d{1,2}[日号]`

const zhDayPat = `(?:这|本|下下?|下个|这个)?(?:周|星期|礼拜)[一二三四五六日天]|\d{1,2}月\d{1,2}[日号]|\d{1,2}[日号]|明天|后天|大后天`

var (
	movedDayRE   = mustPattern(`(?i)(?:^|[,;:—–]\s*|\b(?:the|our|so|btw|and|also|oh)\s+)(?P<x>[a-z][\w'-]*(?:\s+[\w'-]+){0,4}?)\s+(?:(?:got|was|has been|have been|is|are|gets|'s)\s+)?(?:moved|pushed(?:\s+(?:back|out))?|postponed|delayed|rescheduled|bumped|slipped|shifted|brought forward|moved up|moved back)\s+(?:to|till|until|into)\s+(?P<d>` + dayPat + `)\b`)
	zhMovedDayRE = mustPattern(`(?P<x>[\p{Han}A-Za-z0-9]{1,12}?)(?:的)?(?:时间|日期|日子)?(?:又)?(?:改到|推到|延到|挪到|改成|推迟到|延期到|延后到|提前到|调到|换到|改在|定在)(?:了)?(?P<d>` + zhDayPat + `)`)
	zhDatedActRE = mustPattern(`^(?:(?:那|然后|还有|另外|对了)[，,]?\s*)?(?:(?P<d>` + zhWeekDayPat + `)(?P<x>[\p{Han}]{2,4}?)|(?P<x2>[\p{Han}]{2,4}?)(?:是|定在|在)(?P<d2>` + zhWeekDayPat + `))(?:了|吧|哈|啊)?[。！!~～]?$`)
	// zhNoActRE is no act a day is set for: "之前搞定" (a deadline lead,
	// zhdue's), "再说" (put off).
	zhNoActRE    = mustPattern(`^(?:之前|以前|前|再|要|就|也|还)|再说`)
	zhDayValueRE = mustPattern(`^(?:` + zhDayPat + `)$`)
)

// dayMoved reads a day moved by naming the new one in the user's message
// (see above).
func (r *Reducer) dayMoved(ev *Event, ref EventRef) {
	if ev.Role != RoleUser {
		return
	}
	for _, s := range sentences(ev.Text) {
		s = strings.TrimSpace(s)
		if ps := zhDatedAct(s); ps != nil {
			if cur := r.valueOf(ps[0].Key); cur == nil || cur.Value != ps[0].Value {
				r.apply(ev, &ps[0], ref, r.freeID(KindValue, ev.Seq), map[*Anchor]bool{})
			}
			continue
		}
		var x, d string
		switch m := movedDayRE.FindStringSubmatch(s); {
		case m != nil:
			x, d = m[movedDayRE.SubexpIndex("x")], m[movedDayRE.SubexpIndex("d")]
		default:
			for _, c := range clauses(s) {
				if m := zhMovedDayRE.FindStringSubmatch(c); m != nil {
					x, d = m[zhMovedDayRE.SubexpIndex("x")], m[zhMovedDayRE.SubexpIndex("d")]
					break
				}
			}
		}
		if x == "" || d == "" {
			continue
		}
		held := r.dayValueNamed(x)
		if held != nil && strings.EqualFold(held.Value, d) {
			continue
		}
		key, name := "value/-/"+dayName(x), dayName(x)
		if held != nil {
			key, name = held.Key, held.Name
		}
		p := Proposal{Op: OpState, Kind: KindValue, Key: key, Name: name, Value: d, Quote: s, Correction: true}
		r.apply(ev, &p, ref, r.freeID(KindValue, ev.Seq), map[*Anchor]bool{})
	}
}

// freeID is an anchor id of kind k at seq that no anchor has, from .90 on
// (after the ids of the event's own proposals).
func (r *Reducer) freeID(k Kind, seq int) string {
	id := ""
	for i := 90; id == "" || r.idTaken(id); i++ {
		id = fmt.Sprintf("%s%d.%d", kindLetter[k], seq, i)
	}
	return id
}

// dayName is the name of the thing x whose day is held: its words joined
// by "_", lower case, an English article or a Chinese demonstrative
// ("那个提测") dropped.
func dayName(x string) string {
	for _, p := range []string{"我们的", "咱们的", "那个", "这个", "那", "这"} {
		if t := strings.TrimPrefix(x, p); t != x && t != "" {
			x = t
			break
		}
	}
	ws := strings.Fields(strings.ToLower(x))
	if len(ws) > 1 && (ws[0] == "the" || ws[0] == "our" || ws[0] == "a") {
		ws = ws[1:]
	}
	return strings.Join(ws, "_")
}

// dayValueNamed is the current value that is a day (English or Chinese)
// and whose name x names: a stem or Chinese character pair in common, or
// the whole name.
func (r *Reducer) dayValueNamed(x string) *Anchor {
	xw := wordsAndPairs(x)
	for w := range xw {
		if stopwords[w] || len([]rune(w)) < 2 && !isHanWord(w) {
			delete(xw, w)
		}
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current || !isDay(a.Key, a.Value) {
			continue
		}
		name := strings.ReplaceAll(a.Name, "_", " ")
		hit := strings.Contains(x, name) || strings.Contains(name, strings.TrimSpace(x))
		for w := range wordsAndPairs(name) {
			hit = hit || xw[w]
		}
		if hit && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// isDay reports whether v, the value of key, names a day.
func isDay(key, v string) bool {
	v = strings.TrimSpace(v)
	if zhDayValueRE.MatchString(v) {
		return true
	}
	_, ok := shiftDays(v, 1)
	return ok || dayValue(key, v)
}

func isHanWord(w string) bool {
	for _, c := range w {
		if !unicode.Is(unicode.Han, c) {
			return false
		}
	}
	return w != ""
}

// zhDatedAct is the value a Chinese sentence that is only a day and a
// short act sets ("这周五提测": 提测 = 这周五), or nil.
func zhDatedAct(s string) []Proposal {
	m := zhDatedActRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return nil
	}
	x, d := m[zhDatedActRE.SubexpIndex("x")], m[zhDatedActRE.SubexpIndex("d")]
	if x == "" {
		x, d = m[zhDatedActRE.SubexpIndex("x2")], m[zhDatedActRE.SubexpIndex("d2")]
	}
	if x == "" || d == "" || zhNoActRE.MatchString(x) {
		return nil
	}
	return []Proposal{{Op: OpState, Kind: KindValue, Key: "value/-/" + x, Name: x, Value: d, Quote: strings.TrimSpace(s)}}
}
