package projection

import "strings"

// A give-up in Polish and in Hinglish (quit.go): "dusk olewamy, nie w tym
// sprincie", "olej dusk", "odpuść sobie ten test", "daj sobie spokój z
// dusk", "ios build chhodo", "isko rehne do", "ios build ko jaane do". The
// thing is named before the cue (Polish "X olewamy", Hindi "X chhodo") or
// after it (Polish "olej X", "zapomnij o X"); group t of quitXLRE. A
// give-up negated ("nie olewamy", "mat chhodo", "chhodna nahi") gives
// nothing up, and one put off ("na razie", "później", "baad mein", "kal")
// only puts it off (putOffXLRE).

var (
	quitXLRE = mustPattern(`(?i)(?:^|[\s,;:(])(?P<t>[^\s,.;:!?][^,.;:!?]{1,40}?)\s+(?:ko\s+)?(?:olewamy|olejmy|odpuszczamy|odpuśćmy|porzucamy|zostawiamy|chhodo|chodo|chhod\s+do|chod\s+do|chhod\s+dete\s+hain|chhodte\s+hain|rehne\s+do|rahne\s+do|jaane\s+do|jane\s+do)(?:\s+(?:ab|abhi|yaar|bhai|na|to|sobie))?\s*(?:[,.;:!?]|$)` +
		`|(?:^|[\s,;:(])(?:olej|olejmy|olewamy|odpuść\s+sobie|odpuść|odpuśćmy(?:\s+sobie)?|odpuszczamy|zapomnij\s+o|zapomnijmy\s+o|daj\s+sobie\s+spokój\s+z|dajmy\s+sobie\s+spokój\s+z|porzuć|porzucamy)\s+(?P<t2>[^,.;:!?]{2,40}?)\s*(?:[,.;:!?]|$)` +
		`|(?:^|[\s,;:(])(?P<z>olej\s+to|olać\s+to|odpuść|odpuśćmy|odpuszczamy|olewamy(?:\s+to)?|daj\s+sobie\s+spokój|dajmy\s+sobie\s+spokój|zostaw\s+to|nieważne|chhodo|chodo|chhod\s+do|rehne\s+do|rahne\s+do|jaane\s+do|jane\s+do)(?:\s+(?:ise|isko|ab|abhi|yaar|bhai|to|sobie))?\s*(?:[,.;:!?]|$)`)

	// quitXLNegRE negates the cue: "nie olewamy", "mat chhodo".
	quitXLNegRE = mustPattern(`(?i)(?:^|\s)(?:nie|mat|na|nahi|nahin|nhi)\s+(?:olewamy|olejmy|olej|odpuszczamy|odpuść|odpuśćmy|zostawiamy|zostaw|chhodo|chodo|chhod|rehne|jaane)\b|(?:chhodna|chodna|chhodni)\s+(?:nahi|nahin|nhi|mat)`)

	// putOffXLRE puts the thing off to later rather than giving it up.
	putOffXLRE = mustPattern(`(?i)(?:^|[^\pL])(?:później|potem|jutro|na\s+razie|w\s+(?:następnym|kolejnym|przyszłym)\s+(?:sprincie|tygodniu)|baad\s+mein|baad\s+me|kal|agle\s+(?:sprint|hafte|week)|abhi\s+ke\s+liye)(?:[^\pL]|$)`)
)

// quitXL is the Polish or Hinglish give-up cue of sentence s and the thing
// it names (see above), "" when none.
func quitXL(s string) (cue, thing string) {
	if quitXLNegRE.MatchString(s) || putOffXLRE.MatchString(s) {
		return "", ""
	}
	m := quitXLRE.FindStringSubmatch(s)
	if m == nil {
		return "", ""
	}
	thing = strings.TrimSpace(m[quitXLRE.SubexpIndex("t")] + m[quitXLRE.SubexpIndex("t2")])
	if pronounThingRE.MatchString(thing) || xlPronounRE.MatchString(thing) {
		thing = ""
	}
	return strings.TrimSpace(m[0]), thing
}
