package projection

import (
	"regexp"
	"strings"
	"unicode"
)

// A value asked between alternatives, and the answer that sets it.
//
// "retry limit 20 mi 25 mi?", "¿el timeout 20s o 25s?", "超时 20 还是
// 25？", "timeout = 20s or 25s, not sure": a number joined to another by a
// word of alternative (or, o, ou, oder, или, veya, 还是, 或, Turkish "mi
// … mi") is one of two values the user weighs, not one set; no reading
// sets it (altValue). When the user answers at once with one of them,
// alone ("retry limit 20 mi 25 mi? 25 olsun", "timeout: 20s or 25s? 25s
// then", "超时 20 还是 25？就 25 吧"), the answer sets the setting the
// question names (altAnswered). A number that says more than the
// answer ("25 is what the upstream uses") is left to the other readings.

// altNum is a number a value alternative is made of, with its unit.
const altNum = `[+-]?\d[\d.,_]*(?-i:\s?(?:ms|s|sec|secs|min|mins|m|h|d|[KMGT]i?B|[KMGT]i|[kmg]b|%|x))?`

// altJoinRE is a word of alternative between two numbers (not Dutch
// "of": English "20 of 25 passed").
const altJoinRE = `(?:or|o|ou|oder|или|або|lub|albo|eller|veya|ya da|yoksa|还是|或者|或|か|아니면)`

// altSep joins two alternatives: a word of alternative, or the
// Turkish question particle after the first ("20 mi 25 mi?").
const altSep = `(?:m[iıuü]\s+(?:` + altJoinRE + `\s*)?|` + altJoinRE + `\s*)`

var (
	// altAfterRE opens the text after a value with another alternative
	// ("… or 25s").
	altAfterRE = mustPattern(`(?i)^\s*` + altSep + altNum + `(?:[^\p{L}\d]|$)`)
	// altBeforeRE ends the text before a value with an alternative
	// ("20s or …", "20 mi …").
	altBeforeRE = mustPattern(`(?i)(?:^|[^\p{L}\d_.])` + altNum + `\s*` + altSep + `$`)
	// altAskRE is a question naming a setting and two numbers to choose
	// between (group k the setting, a and b the numbers).
	altAskRE = mustPattern(`(?i)^[\s\p{P}]*(?:(?:so|ok(?:ay)?|hmm|and|also),?\s+)?(?:(?:should|shall|would|will|is|do)\s+(?:we\s+(?:make|set|use)\s+)?)?(?:the\s+|el\s+|la\s+|le\s+|der\s+|die\s+|das\s+|il\s+|o\s+|a\s+)?(?P<k>[\p{L}_][\p{L}\d_\-]*(?:\s+[\p{L}_][\p{L}\d_\-]*){0,2}?)\s*(?:[:=：,，]|\s(?:be|to|at|ser|sein|être)\s|设|用|设成|设为)?\s*(?P<a>` + altNum + `)\s*` + altSep + `(?P<b>` + altNum + `)\s*(?:m[iıuü])?\s*[?？]\s*$`)
	// altReplyRE is a sentence that is one number alone, maybe with a
	// word of choosing: "25", "25 olsun", "25s then", "let's go with
	// 25", "mejor 25", "就 25 吧".
	altReplyRE = mustPattern(`(?i)^[\s\p{P}]*(?:(?:ok(?:ay)?|so|hmm|then|mejor|besser|plutôt|meglio|就|那就|还是|let's\s+(?:say|go\s+with|do)|go\s+with|say)[,，]?\s*)*(?P<n>` + altNum + `)\s*(?:olsun|then|it is|entonces|dann|alors|allora|吧|了|就行)?\s*[.!。！]?$`)
)

// altValue reports whether the value of proposal p is one of
// alternatives weighed (see above) wherever its quote holds it: "retry
// limit 20 mi 25 mi? 25 olsun" sets 25 by its answer.
func altValue(p Proposal) bool {
	n := altDigits(p.Value)
	if n == "" || !strings.ContainsAny(n, "0123456789") {
		return false
	}
	// the number wherever it stands, with or without the unit the
	// value has ("25s" is the "25" of "25 then")
	re, err := regexp.Compile(`(?:^|[^\p{L}\p{N}_.])(` + regexp.QuoteMeta(n) + `)(?:[^\p{N}_]|$)`)
	if err != nil {
		return false
	}
	ms := re.FindAllStringSubmatchIndex(p.Quote, -1)
	for _, m := range ms {
		after := strings.TrimLeftFunc(p.Quote[m[3]:], func(r rune) bool { return unicode.IsLetter(r) || r == '%' })
		if !altAfterRE.MatchString(after) && !altBeforeRE.MatchString(p.Quote[:m[2]]) {
			return false
		}
	}
	return len(ms) > 0
}

// altAnswered is the value the user's question q between two numbers and
// the sentence s after it in message text that takes one of them set
// (see above); ok false when q asks no such thing or s is no such answer.
func altAnswered(text, q, s string) (Proposal, bool) {
	m := altAskRE.FindStringSubmatch(strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(q), "¿")))
	if m == nil {
		return Proposal{}, false
	}
	r := altReplyRE.FindStringSubmatch(strings.TrimSpace(s))
	if r == nil {
		return Proposal{}, false
	}
	name := strings.TrimSpace(m[altAskRE.SubexpIndex("k")])
	if f := strings.Fields(strings.ToLower(name)); len(f) == 0 || stopwords[f[0]] || labelWords[f[0]] {
		return Proposal{}, false
	}
	got := r[altReplyRE.SubexpIndex("n")]
	v := ""
	for _, alt := range []string{m[altAskRE.SubexpIndex("a")], m[altAskRE.SubexpIndex("b")]} {
		if altDigits(alt) == altDigits(got) {
			// the alternative as asked carries its unit ("25" for "25s")
			v = alt
			if len(got) > len(alt) {
				v = got
			}
		}
	}
	if v == "" {
		return Proposal{}, false
	}
	quote := strings.TrimSpace(q) + " " + strings.TrimSpace(s)
	if !strings.Contains(text, quote) {
		// "超时 20 还是 25？就 25 吧": no space after the question
		quote = strings.TrimSpace(q) + strings.TrimSpace(s)
	}
	key := "value/-/" + strings.ToLower(strings.Join(strings.Fields(name), "_"))
	return Proposal{Op: OpState, Kind: KindValue, Key: key, Name: name, Value: cleanValue(v), Quote: quote}, true
}

// altDigits is the number of an alternative without its unit.
func altDigits(v string) string {
	return strings.TrimRightFunc(strings.TrimSpace(v), func(r rune) bool { return r < '0' || r > '9' })
}
