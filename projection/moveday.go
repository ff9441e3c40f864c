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
	movedDayRE   = mustPattern(`(?i)(?:^|[,;:—–]\s*|\b(?:the|our|so|btw|and|also|oh)\s+)(?P<x>[a-z][\w'-]*(?:\s+[\w'-]+){0,4}?)\s+(?:(?:got|was|has been|have been|is|are|gets|'s)\s+)?(?:moved|pushed(?:\s+(?:back|out))?|postponed|delayed|rescheduled|bumped|slipped|shifted|brought forward|moved up|moved back)\s+(?:to|till|until|into)\s+(?P<d>(?:` + dayPat + `)(?:\s+(?:morning|afternoon|evening|night|eod|noon))?)\b`)
	zhMovedDayRE = mustPattern(`(?P<x>[\p{Han}A-Za-z0-9]{1,12}?)(?:的)?(?:时间|日期|日子)?(?:又)?(?:改到|推到|延到|挪到|改成|推迟到|延期到|延后到|提前到|调到|换到|改在|定在)(?:了)?(?P<d>` + zhDayPat + `)`)
	zhDatedActRE = mustPattern(`^(?:(?:那|然后|还有|另外|对了)[，,]?\s*)?(?:(?P<d>` + zhWeekDayPat + `)(?P<x>[\p{Han}]{2,4}?)|(?P<x2>[\p{Han}]{2,4}?)(?:是|定在|在)(?P<d2>` + zhWeekDayPat + `))(?:了|吧|哈|啊)?[。！!~～]?$`)
	// zhNoActRE is no act a day is set for: "之前搞定" (a deadline lead,
	// zhdue's), "再说" (put off).
	zhNoActRE    = mustPattern(`^(?:之前|以前|前|再|要|就|也|还)|再说`)
	zhDayValueRE = mustPattern(`^(?:` + zhDayPat + `)$`)
	// anyDayPat is a weekday as a deadline names one, in English (with a
	// part of the day), Portuguese, Spanish, French, German or Italian.
	anyDayPat   = `(?:(?:next|this|coming)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+(?:morning|afternoon|evening|night|eod|noon|lunch))?|(?:segunda|terça|terca|quarta|quinta|sexta)(?:-feira)?|s[áa]bado|domingo|lunes|martes|mi[ée]rcoles|jueves|viernes|lundi|mardi|mercredi|jeudi|vendredi|montag|dienstag|mittwoch|donnerstag|freitag|luned[iì]|marted[iì]|mercoled[iì]|gioved[iì]|venerd[iì]`
	dayInTextRE = mustPattern(`(?i)(?:^|[^\p{L}])(?P<d>` + anyDayPat + `)(?:[^\p{L}]|$)|(?P<z>` + zhDayPat + `)`)
	// deadlineMovedRE gives a deadline anew without naming what it is
	// for ("we have till wednesday night", "the deadline is now
	// friday"), or names it in Portuguese or Spanish ("o relatório fica
	// pra sexta", "el informe queda para el viernes").
	deadlineMovedRE = mustPattern(`(?i)\b(?:we|you|i)\s+(?:now\s+)?have\s+(?:till|until|up to)\s+(?P<d>` + anyDayPat + `)\b|\b(?:the\s+)?deadline\s+is\s+now\s+(?P<d2>` + anyDayPat + `)\b|(?:^|[,;:]\s*|\b(?:então|entao|e|y|pues|ent[aã]o)\s+)(?P<x>\p{L}[\p{L}\d'-]*(?:\s+[\p{L}\d'-]+){0,4}?)\s+(?:fica|ficou|passa|passou|queda|qued[oó]|pasa|pas[oó])\s+(?:pra|para|pro|p/)\s+(?:(?:o|a|el|la)\s+)?(?P<d3>` + anyDayPat + `)(?:[^\p{L}]|$)`)
	// deadlineWordRE marks a rule or a task that holds a deadline.
	deadlineWordRE = mustPattern(`(?i)\b(?:latest|by|till|until|before|due|deadline|has to|have to|must|needs? to)\b|(?:^|[^\p{L}])(?:até|ate|hasta|para el|avant|bis|entro|prazo|plazo)(?:[^\p{L}]|$)|之前|以前|截止`)
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
		moved := false
		if d == "" {
			// "a reunião passou pra sexta, então o relatório fica pra
			// sexta": each thing given a day, the first whose rule or
			// task holds a deadline moves; else the last holds a value.
			for _, m := range deadlineMovedRE.FindAllStringSubmatch(s, 4) {
				d = m[deadlineMovedRE.SubexpIndex("d")] + m[deadlineMovedRE.SubexpIndex("d2")] + m[deadlineMovedRE.SubexpIndex("d3")]
				x = strings.TrimSpace(discourseRE.ReplaceAllString(m[deadlineMovedRE.SubexpIndex("x")], ""))
				if moved = r.deadlineMoved(ev, ref, x, d, s); moved {
					break
				}
			}
		} else {
			// A rule or a task that holds the old day moves with it
			// ("RC2 has to reach QA on thursday").
			x = strings.TrimSpace(discourseRE.ReplaceAllString(x, ""))
			moved = r.deadlineMoved(ev, ref, x, d, s)
		}
		if d == "" {
			continue
		}
		if x == "" {
			continue
		}
		held := r.dayValueNamed(x)
		if held == nil && moved {
			// the day lives in the rule it moved: no value besides
			continue
		}
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

// deadlineMoved moves the day of the active rule or open task that holds
// a deadline for x (a word of x in common; x "" for the newest one holding
// a deadline) to day d: the anchor is restated with d in place of its old
// day, which it shows as replaced. It reports whether one moved.
func (r *Reducer) deadlineMoved(ev *Event, ref EventRef, x, d, said string) bool {
	xw := wordsAndPairs(x)
	var best *Anchor
	var at []int
	for _, a := range r.hot {
		if a.Kind != KindConstraint && a.Kind != KindObligation || !a.IsHead() || a.Seq() >= ref.Seq || !deadlineWordRE.MatchString(a.Value) {
			continue
		}
		m := deadlineDay(a.Value)
		if m == nil {
			continue
		}
		if x != "" {
			named := false
			for w := range wordsAndPairs(a.Value) {
				if xw[w] && !stopwords[w] && len([]rune(w)) > 1 {
					named = true
					break
				}
			}
			if !named {
				continue
			}
		}
		if best == nil || newer(a, best) {
			best, at = a, m
		}
	}
	if best == nil || strings.EqualFold(best.Value[at[0]:at[1]], d) {
		return false
	}
	nu := best.clone()
	nu.ID = r.freeID(best.Kind, ev.Seq)
	nu.Value = best.Value[:at[0]] + d + best.Value[at[1]:]
	nu.Quote, nu.Because = said, ""
	nu.SourceRefs, nu.Inherited = []EventRef{ref}, 0
	r.supersede(nu, best)
	r.hot[slot(nu.Kind, nu.Key)] = nu
	return true
}

// deadlineDay is where the day of a deadline stands in v: the day next
// to a deadline word ("done monday evening latest", "até quarta", "by
// friday"), else the last day v names; nil for none.
func deadlineDay(v string) []int {
	var last []int
	for _, m := range dayInTextRE.FindAllStringSubmatchIndex(v, 8) {
		at := m[2:4]
		if at[0] < 0 {
			at = m[4:6]
		}
		last = at
		before := v[max(0, at[0]-24):at[0]]
		after := v[at[1]:min(len(v), at[1]+16)]
		if deadlineNearRE.MatchString(before) || deadlineAfterRE.MatchString(after) {
			return at
		}
	}
	return last
}

var (
	deadlineNearRE  = mustPattern(`(?i)(?:\b(?:by|till|until|before|due|on|latest)|(?:^|[^\p{L}])(?:até|ate|hasta|para el|avant|bis|entro))\s+(?:(?:the|o|a|el|la|le)\s+)?$`)
	deadlineAfterRE = mustPattern(`(?i)^\s*(?:latest|at the latest|eod|at (?:the )?latest|no later)\b|^之前|^以前`)
)

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
