package projection

import (
	"regexp"
	"strings"
)

// A prohibition that names its thing only by a pronoun.
//
// "no lo toques", "don't touch it", "あなたはやらないで", "别动它": the rule
// says what not to do and points at the thing. When the sentence before
// it in the same message names the thing plainly ("本番の full-refresh は
// 私がやります。あなたはやらないで", "The payments table is shared with
// billing. Don't touch it."), the rule is the two sentences together,
// so it shows what it keeps the agent from. When that sentence names
// nothing itself ("déjalo, eso lo miramos otro día …. no lo toques",
// which points back at the agent's question) or there is none, the
// prohibition is no rule of its own: it declines what was just offered,
// and the answer to that offer holds it.

var (
	// pronounObjRE are the pronouns a prohibition points at its thing by,
	// in the gloss ("do not it touch": Spanish "no lo toques") and in
	// Chinese and Japanese, and the pro-verbs of doing it ("do it",
	// "やらないで", "别这么做").
	pronounObjRE = regexp.MustCompile(`(?i)\b(?:it|them|that|this|those|these|that one|this one)\b|它|它们|这个|那个|それ|これ|あれ|やら|やる|する|し不要`)
	// ruleNoiseRE are the words of a prohibition besides its verb and its
	// thing: negation, the addressee, particles, courtesy.
	ruleNoiseRE = regexp.MustCompile(`(?i)\b(?:do not|don't|dont|never|not|no|please|pls|you|u|the|just|again|any ?more|ever|do|also|and|but|so|ok|okay|y|e|und|et)\b|不要|别|不许|不准|千万|请|你|您|あなた|君|是|は|も|绝对|絶対に|决して|決して|再`)
	// prevPointsRE is a sentence that itself points back by a pronoun.
	prevPointsRE = regexp.MustCompile(`(?i)\b(?:it|that|this|those|these|eso|esto|ello|das|dies|ça|cela|isso|isto|ciò|questo)\b|それ|これ|あれ|这个|那个|它`)
)

// pronounOnlyRule reports whether prohibition s (a gloss) names its
// thing only by a pronoun: a pronoun or a pro-verb, and no word beside
// its verb that could name a thing.
func pronounOnlyRule(s string) bool {
	if !negRE.MatchString(s) || len(mentions(s)) > 0 || !pronounObjRE.MatchString(s) {
		return false
	}
	rest := ruleNoiseRE.ReplaceAllString(pronounObjRE.ReplaceAllString(s, " "), " ")
	n := 0
	for _, w := range strings.FieldsFunc(rest, func(r rune) bool {
		return strings.ContainsRune(" \t\n,.;:!?。、，！？…—–-\"'`()", r)
	}) {
		if nameLike(w) {
			return false
		}
		n++
	}
	// the verb alone stays ("touch", "toques" glossed, "动")
	return n <= 1
}

// pronounReferent is the span of text from the sentence before rule s
// (prev) to the end of s, when prev names a thing plainly: an
// identifier, or two words and no pronoun pointing back; "" otherwise.
func pronounReferent(text, prev, s string) string {
	if prev == "" || questionRE.MatchString(prev) || strings.ContainsAny(prev, "?？¿") {
		return ""
	}
	plain := false
	for _, w := range strings.Fields(prev) {
		if w = strings.Trim(w, ",.;:!()\"'`。、，"); len(w) > 2 && nameLike(w) && !strings.HasPrefix(w, "-") {
			plain = true
		}
	}
	if !plain && (prevPointsRE.MatchString(prev) || len(terms(prev)) < 2) {
		return ""
	}
	at := strings.Index(text, s)
	if at < 0 {
		return ""
	}
	bt := strings.LastIndex(text[:at], prev)
	if bt < 0 {
		return ""
	}
	return strings.TrimSpace(text[bt : at+len(s)])
}

// nameLike reports whether word w names a thing by its shape (specific),
// a word of Han or kana never by its bytes' case.
func nameLike(w string) bool {
	if w == "" || w[0] >= 0x80 {
		return strings.ContainsAny(w, "0123456789_-/.:@#")
	}
	return specific(w)
}
