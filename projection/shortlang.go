package projection

import (
	"strings"
	"unicode"
)

// A short message keeps the user's language.
//
// "bájalo a 50", "sube a 40" after a session in Spanish: the message is
// too short for detectLang to name a language ("a" is an English word
// too), and it used to set the user's language to English, so the next
// short message was read as English as well. A short message
// (shortMessage words) with at most one English function word and a
// word of the user's language (one of its lexicon's words, or one with
// a letter English does not write: "bájalo", "põe") leaves the user's
// language as it was; "A." or "use the other one" has no such word, and
// a message detectLang names a language for is in that language.

// shortMessage is the most words a message may have that keeps the
// user's language (shortKeepsLang).
const shortMessage = 5

// shortKeepsLang reports whether text, which detectLang names no
// language for, is a short message of the user's language prior.
func shortKeepsLang(text string, prior lang) bool {
	if prior == langNone || int(prior) >= len(lexicons) || lexicons[prior] == nil {
		return false
	}
	lx := lexicons[prior]
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	if len(words) == 0 || len(words) > shortMessage {
		return false
	}
	en, own := 0, 0
	for _, w := range words {
		if stopEN[w] {
			en++
			continue
		}
		if lx.stop[w] || lx.phrases[w] != (glossWord{}) && lx.phrases[w].en != w || strings.ContainsFunc(w, func(r rune) bool { return r >= 0xC0 && r < 0x250 }) {
			own++
		}
	}
	return en <= 1 && own > 0
}
