package projection

import (
	"strings"
	"unicode"
)

// A rule narrowed to a scope.
//
// "avant de me dire que c'est fini tu lances clippy avec -D warnings" …
// "clippy -D warnings seulement sur tabulo-core à partir de maintenant,
// le cli on s'en fout": the later rule says the same step again, with a
// scope that bounds it ("only on tabulo-core"). It is the earlier rule
// amended, not a second rule beside it: the earlier one is superseded.
// The two share the step's words in a row (a command and its option, a
// name and what is done to it: "clippy -D warnings"), the later one says
// "only" (seulement, só, nur, solo, 只, 에서만) and not "also", and only one
// active rule shares them.

var (
	// onlyScopeRE bounds a rule to a part: only, just, and their words in
	// the languages the lexicons read.
	onlyScopeRE = mustPattern(`(?i)\b(?:only|just|seulement|uniquement|s[óo]|somente|apenas|nur|ausschlie(?:ß|ss)lich|solo|s[óo]lo|solamente|soltanto|alleen|endast|bara|только)\b|(?:에서만|에만|으로만|로만)|只|仅`)
	// alsoScopeRE adds to a rule rather than bounding it.
	alsoScopeRE = mustPattern(`(?i)\b(?:also|too|as well|aussi|également|também|tb|tbm|auch|también|anche|ook|också|тоже|также)\b|也|还要`)
)

// narrowedRule is the active rule the user's rule nu (stated at ref)
// narrows to a scope (see above), or nil.
func (r *Reducer) narrowedRule(nu *Anchor, ref EventRef) *Anchor {
	v := nu.Value
	scoped := onlyScopeRE.MatchString(v)
	also := alsoScopeRE.MatchString(v)
	if g := glossOf(v, r.lang); g != nil {
		scoped = scoped || onlyScopeRE.MatchString(g.text)
		also = also || alsoScopeRE.MatchString(g.text)
	}
	if !scoped || also || questionRE.MatchString(v) {
		return nil
	}
	neg := nu.valueFacts().neg
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || a.Authority != Normative || a == nu || a.Seq() >= ref.Seq || a.valueFacts().neg != neg {
			continue
		}
		if !sharesStep(v, a.Value) {
			continue
		}
		if found != nil {
			// two rules say the step: which one is narrowed is unclear
			return nil
		}
		found = a
	}
	return found
}

// sharesStep reports whether a and b say the same step in a row of
// words: two or more words, none a stop word, one of them a flag, a path
// or a name with a digit ("clippy -D warnings", "make lint-all"), or
// three plain words.
func sharesStep(a, b string) bool {
	ta, tb := stepTokens(a), stepTokens(b)
	for i := range ta {
		for j := range tb {
			n, marked := 0, false
			for i+n < len(ta) && j+n < len(tb) && ta[i+n] == tb[j+n] && !stopwords[ta[i+n]] {
				if strings.ContainsFunc(ta[i+n], func(r rune) bool { return !unicode.IsLetter(r) }) {
					marked = true
				}
				n++
			}
			if n >= 2 && marked || n >= 3 {
				return true
			}
		}
	}
	return false
}

// stepTokens are the words of s, lower case, without the punctuation
// around them.
func stepTokens(s string) []string {
	var out []string
	for _, f := range strings.Fields(strings.ToLower(s)) {
		if f = strings.Trim(f, ".,;:!?()[]\"'`“”«»"); f != "" {
			out = append(out, f)
		}
	}
	return out
}
