package projection

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A value the user repairs as they say it.
//
// "the new server's IP is 116.203.45.17 — sorry no, .71, the 17 is the old
// one", "grant JP23K11234… wait, JP23K11243", "1,6… non attends, 1,2":
// right after a value comes a word of repair (no, sorry, wait, I mean,
// actually, anzi, scusa, non, nein, não, perdón, 違う, 不对 …) and another
// token of the value's shape, which ends its clause. The repair is the
// value (repairedValue): the token itself when its shape is the value's
// (letters, digits and separators in the same order: "JP23K11243" for
// "JP23K11234"), or, when it opens with a separator the value holds and
// its shape is the tail of the value's (".71" of "116.203.45.17"), the
// value with that many parts replaced ("116.203.45.71"). A token followed
// by more of its clause ("no, 60 is too much") repairs nothing.

// repairWordRE is a run of words of repair after a value.
var repairWordRE = mustPattern(`(?i)^[\s,;:…—–\-.!、]*(?:(?:no|nope|sorry|wait|i mean|actually|rather|correction|oops|err|hmm|ah|oh|scusa|scusate|anzi|cioè|pardon|plutôt|non|attends|nein|ich meine|não|desculpa|quer dizer|perdón|perdon|mejor dicho|digo|better|mejor|melhor|meglio|besser|lieber|plutôt|あ|違う|違った|いや|じゃなくて|失礼|不对|不是|说错了|应该是|äh|ähm|eh|euh|uh|um|i meant|perdona|desculpe|ou melhor|aliás|volevo dire|besser gesagt|нет|точнее|вернее|извини|ой|przepraszam|nie|właściwie|znaczy|아니|아니요|죄송|make that|make it|ne|nee|warte|moment|stopp|stop|hold on|やっぱ|やっぱり|間違えた|стоп|погоди|подожди|espera|aspetta|wacht|nej|vänta|förlåt|ні|чекай|зачекай|стривай|вибач|नहीं|रुको|रुकिए|मतलब)(?:(?:[\s,;:…—–!、。]|[.\-](?:\s|$))+|$)|(?:いや|違う|じゃなくて|不对|应该是|아니|やっぱり|やっぱ))+`)

// shapeOf is a token's shape: each run of letters "a", each run of
// digits "9", other characters as they are.
func shapeOf(s string) string {
	var b strings.Builder
	last := rune(0)
	for _, r := range s {
		c := r
		switch {
		case unicode.IsLetter(r):
			c = 'a'
		case unicode.IsDigit(r):
			c = '9'
		}
		if c == last && (c == 'a' || c == '9') {
			continue
		}
		b.WriteRune(c)
		last = c
	}
	return b.String()
}

// repairedValue is value v repaired right after it in text (see above),
// and whether it was.
func repairedValue(text, v string) (string, bool) {
	v = strings.TrimSpace(v)
	if n, u, ok := strings.Cut(v, " "); ok && numeric(n) && u != "" && !strings.ContainsAny(u, " \t") && !strings.ContainsFunc(u, unicode.IsDigit) {
		// "30 s, pardon, 45 s": the number repaired, its unit said again
		// or not.
		i := strings.LastIndex(text, v)
		said := v
		if i < 0 {
			// "10 segundos, no, mejor 5 segundos" read through a gloss
			// as "10 seconds": the number with the unit the user wrote.
			locs := numWordRE.FindAllStringIndex(text, -1)
			for j := len(locs) - 1; j >= 0 && i < 0; j-- {
				if w := text[locs[j][0]:locs[j][1]]; strings.HasPrefix(w, n+" ") {
					i, said = locs[j][0], w
				}
			}
			if i < 0 {
				return v, false
			}
			_, u2, _ := strings.Cut(said, " ")
			line := text[i+len(said):]
			if j := strings.IndexByte(line, '\n'); j >= 0 {
				line = line[:j]
			}
			w, ok := repairedIn(n+line, n, u2)
			if !ok {
				return v, false
			}
			return w + " " + u, true
		}
		w, ok := repairedIn(text[:i]+n+text[i+len(said):], n, u)
		if !ok {
			// "every 1 s, actually make that 500 ms": the repair in
			// another unit of the same measure.
			return repairedUnit(text[i+len(said):], v, u)
		}
		return w + " " + u, true
	}
	return repairedIn(text, v, "")
}

// numWordRE is a number and the word after it ("10 segundos").
var numWordRE = mustPattern(`\d[\d.,]*\s\p{L}+`)

// repairedIn is repairedValue of a value v without a space; the repair
// may be followed by unit, the unit v was said with.
func repairedIn(text, v, unit string) (string, bool) {
	if len(v) < 2 && !(len(v) == 1 && v[0] >= '0' && v[0] <= '9') || !strings.ContainsFunc(v, unicode.IsDigit) || strings.ContainsAny(v, " \t") {
		return v, false
	}
	i := strings.LastIndex(text, v)
	if i < 0 {
		return v, false
	}
	after := text[i+len(v):]
	loc := repairWordRE.FindStringIndex(after)
	if loc == nil || loc[1] == 0 || strings.TrimSpace(strings.Trim(after[:loc[1]], ",;:…—–-.!、。 ")) == "" {
		return v, false
	}
	rest := after[loc[1]:]
	end := strings.IndexFunc(rest, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(",;!?…)、。", r) || cjkWord(r)
	})
	if end < 0 {
		end = len(rest)
	}
	w := strings.TrimRight(rest[:end], ".")
	tail := strings.TrimLeft(rest[end:], " ")
	if unit != "" && strings.HasPrefix(tail, unit) {
		// "30 s, pardon, 45 s.": the unit said again ends the repair.
		tail = strings.TrimLeft(tail[len(unit):], " ")
	}
	next, _ := utf8.DecodeRuneInString(tail)
	if w == "" || w == v || tail != "" && !strings.ContainsRune(",;.!?…)—–、。", next) && !cjkWord(next) {
		return v, false
	}
	sv, sw := shapeOf(v), shapeOf(w)
	if sv == sw {
		return w, true
	}
	if sep := w[0]; strings.IndexByte(".-:/", sep) >= 0 && strings.HasSuffix(sv, sw) && len(sw) < len(sv) {
		parts := strings.Split(v, string(sep))
		k := strings.Count(w, string(sep))
		if k < len(parts) {
			return strings.Join(parts[:len(parts)-k], string(sep)) + w, true
		}
	}
	return v, false
}

// cjkWord reports a rune of a CJK or Hangul word: after a repaired number
// it is the clause going on ("5にしてください", "5个"), not more of the
// number.
func cjkWord(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// unitMeasure is the measure a unit of time or of size is of.
var unitMeasure = map[string]string{
	"ms": "time", "msec": "time", "s": "time", "sec": "time", "secs": "time", "second": "time", "seconds": "time",
	"min": "time", "mins": "time", "minute": "time", "minutes": "time", "h": "time", "hr": "time", "hrs": "time",
	"hour": "time", "hours": "time", "秒": "time", "ミリ秒": "time", "分": "time", "毫秒": "time", "сек": "time", "мс": "time",
	"kb": "size", "mb": "size", "gb": "size", "tb": "size", "kib": "size", "mib": "size", "gib": "size", "tib": "size",
}

// repairedUnit is value v ("1 s", number and unit u) repaired in after,
// the text right after it, by a number in another unit of the same
// measure ("…, actually make that 500 ms." → "500 ms"), the repair
// ending its clause.
func repairedUnit(after, v, u string) (string, bool) {
	m := unitMeasure[strings.ToLower(u)]
	if m == "" {
		return v, false
	}
	loc := repairWordRE.FindStringIndex(after)
	if loc == nil || loc[1] == 0 || strings.TrimSpace(strings.Trim(after[:loc[1]], ",;:…—–-.!、。 ")) == "" {
		return v, false
	}
	r := repairNumUnitRE.FindStringSubmatch(after[loc[1]:])
	if r == nil || unitMeasure[strings.ToLower(r[2])] != m {
		return v, false
	}
	return r[1] + " " + r[2], true
}

// repairNumUnitRE is a number and its unit ending a clause: "500 ms.",
// "500msで", "2 min,".
var repairNumUnitRE = mustPattern(`^(\d+(?:[.,]\d+)?)\s?(\p{L}+?)(?:[\s.,;!?…)、。]|で|に|$)`)
