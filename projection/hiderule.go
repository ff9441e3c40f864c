package projection

import (
	"strings"
	"unicode/utf8"
)

// A thing turned back off because it hides problems.
//
// "wacht. retries terug naar 0. retries verbergen dit soort races alleen
// maar" (wait. retries back to 0. retries only hide races like this): the
// user sets a thing to nothing and says in the next sentence that the
// thing hides what should be seen. That reason binds what follows as a
// rule against the thing ("no retries, they hide races"), however it is
// worded: "turn retries off. retries just mask flaky tests", "重试改回
// 0。重试只会掩盖这种竞态". A sentence that says a thing hides something
// without the user turning it off ("the logs hide the real error") is a
// remark and stays none.

// hideRE is a verb of hiding what should be seen, in the languages the
// lexicons read.
var hideRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:hides?|hiding|masks?|masking|papers? over|covers? up|verbergen|verbergt|verstoppen|verstopt|maskeren|verdecken|verdeckt|verstecken|versteckt|cachent|cache|masquent|masque|nascondono|nasconde|mascherano|maschera|ocultan|oculta|esconden|esconde|escondem|mascaram|mascara|döljer|dölja|скрывают|скрывает|маскируют|маскирует|прячут|прячет)(?:[^\p{L}]|$)|掩盖|掩蓋|隐藏|遮掩|掩饰|掩飾`)

// offRE sets a thing to nothing: zero, off, none.
var offRE = mustPattern(`(?i)(?:^|[^\p{L}\d.])(?:0|zero|nul|off|uit|aus|none|null|нол[ья]|выключ\p{L}*|отключ\p{L}*)(?:[^\p{L}\d.]|\.(?:\D|$)|$)|关掉|关闭|关了|改回\s*0|设为\s*0`)

// hidingRules adds to out the rule a user message states by turning a
// thing off and saying it hides problems (see above).
func hidingRules(text string, out []Proposal) []Proposal {
	ss := sentences(text)
	for i := 1; i < len(ss); i++ {
		s := strings.TrimSpace(ss[i])
		loc := hideRE.FindStringIndex(s)
		if loc == nil || questionRE.MatchString(s) {
			continue
		}
		thing := strings.TrimSpace(s[:loc[0]])
		if !thingWords(thing) {
			continue
		}
		prev := strings.TrimSpace(ss[i-1])
		if !strings.Contains(strings.ToLower(prev), thingHead(thing)) || !offRE.MatchString(prev) {
			continue
		}
		q := prev + " " + s
		if at := strings.Index(text, prev); at >= 0 {
			if end := strings.Index(text[at:], s); end >= 0 {
				q = text[at : at+end+len(s)]
			}
		}
		if heldRule(out, q) {
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(q), Value: q, Quote: q, Links: mentions(q)})
	}
	return out
}

// thingWords reports whether t names a thing in a few words: one to three
// words, or a short run of CJK letters.
func thingWords(t string) bool {
	if t == "" {
		return false
	}
	if strings.ContainsFunc(t, isCJK) {
		return utf8.RuneCountInString(t) <= 6
	}
	f := strings.Fields(t)
	return len(f) <= 3 && !stopwords[strings.ToLower(f[0])]
}

// thingHead is the word thing t opens with ("retries" of "retries just"),
// in lower case; of CJK letters, the first two ("重试" of "重试只会").
func thingHead(t string) string {
	if strings.ContainsFunc(t, isCJK) {
		r := []rune(t)
		return string(r[:min(2, len(r))])
	}
	return strings.ToLower(strings.Fields(t)[0])
}

// heldRule reports whether out already states a rule quoting part of q.
func heldRule(out []Proposal, q string) bool {
	for _, p := range out {
		if p.Kind == KindConstraint && p.Op == OpState && (strings.Contains(q, p.Quote) || strings.Contains(p.Quote, q)) {
			return true
		}
	}
	return false
}
