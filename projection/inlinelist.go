package projection

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// A numbered list run on in one line.
//
// "几个规矩：1）不要加新依赖 2）不要用 any 3）apps/api 里面不准 default
// export", "rules: a) no new deps b) no any", "zasady: 1) … 2) … 3) …":
// the items of a list written on one line, with no stop between them,
// are each a sentence of their own, as they are on lines of their own, so
// that each is one rule and a lift or an exception naming one item ("any
// 那条规矩取消吧") changes only it. A mark counts as an item's only when
// the marks of the line count 1, 2, 3 … (a, b, c …; ①, ②, ③ …) from the
// first, two at least, each at the start of the line or after a space, a
// colon or a comma, and the first follows a label announcing rules
// ("rules:", "规矩：", "regole:", "zasady:"): "v1) and v2)", "see 2)
// above", a lone "1)", a list of tasks ("before you log off: (1) …, (2)
// …") or of answers, which other readings take whole, are no list of
// rules.

// inlineMarkRE is an item's mark in a line: "1) ", "1）", "(1) ", "1、",
// "1. ", "a) ", "①".
var inlineMarkRE = mustPattern(`(?:^|[\s:：，,；;])(\(?(?:([1-9])(?:[)）、]|\.\s)|([a-h])[)）])|([①-⑨]))[ \t]*`)

// inlineListMarks are the marks of the items of each line of text that
// runs a counted list on (see above), as [start, end) byte offsets of the
// mark and the space after it, in order; nil when there is none.
func inlineListMarks(text string) [][2]int {
	if !strings.ContainsAny(text, ")）、.①") {
		return nil
	}
	var out [][2]int
	off := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		out = append(out, lineListMarks(line, off)...)
		off += len(line)
	}
	return out
}

// inlineRulesLabelRE is a label announcing rules that ends the text
// before a list's first mark, with a few words between: "几个规矩先说下：",
// "ground rules for today:", "regole:", "zasady:".
var inlineRulesLabelRE = mustPattern(`(?i)(?:(?:^|[^\p{L}])(?:rules?|règles?|regras?|reglas?|regeln?|regole|regola|regels?|regler|reglerna|правила?|правил|consignes?|contraintes?|constraints?|restrições|restricciones|normas|zasady|reguły|requirements?|guidelines?)|ルール|規則|规则|规矩|要求|规定|규칙|원칙)[^:：.!?。！？\n]{0,20}[:：]\s*$`)

// lineListMarks are one line's counted marks (inlineListMarks), offset by
// off: the first list of two or more that follows a rules label.
func lineListMarks(line string, off int) [][2]int {
	ms := inlineMarkRE.FindAllStringSubmatchIndex(line, 12)
	if len(ms) < 2 {
		return nil
	}
	var out [][2]int
	var want rune
	for _, m := range ms {
		var r rune
		switch {
		case m[4] >= 0:
			r = rune(line[m[4]])
		case m[6] >= 0:
			r = rune(line[m[6]])
		default:
			r, _ = utf8.DecodeRuneInString(line[m[8]:])
		}
		switch {
		case len(out) > 0 && r == want:
		case len(out) >= 2:
			return out
		case (r == '1' || r == 'a' || r == '①') && inlineRulesLabelRE.MatchString(line[:m[2]]):
			out = out[:0]
		default:
			out = nil
			continue
		}
		out = append(out, [2]int{off + m[2], off + m[1]})
		want = r + 1
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// ruleNamedByWord is the one active rule stated before seq that holds
// each word of name x as a word of its own, for a name made only of words
// stems leaves out ("any 那条规矩取消吧", "the any rule is off": the
// TypeScript type `any`, a stopword in prose); nil when none or several
// do.
func (r *Reducer) ruleNamedByWord(x string, seq int) *Anchor {
	var words []string
	for _, w := range wordRE.FindAllString(strings.ToLower(x), 4) {
		if !slices.Contains(ruleNameGeneric, w) && !strings.ContainsFunc(w, isCJK) {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return nil
	}
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || len(a.SourceRefs) == 0 || a.SourceRefs[0].Seq >= seq {
			continue
		}
		own := map[string]bool{}
		for _, w := range wordRE.FindAllString(strings.ToLower(a.Value), -1) {
			own[strings.Trim(w, ".:-+/")] = true
		}
		if !allIn(words, own) {
			continue
		}
		if found != nil && found.Value != a.Value {
			return nil
		}
		found = a
	}
	return found
}

// allIn reports whether set holds every one of words.
func allIn(words []string, set map[string]bool) bool {
	for _, w := range words {
		if !set[w] {
			return false
		}
	}
	return true
}
