package projection

import (
	"slices"
	"strings"
)

// "надо разогнать." (it must be sped up) after "RPC GetUserFeed тормозит,
// p99 ~420ms на проде": a bare "must" and a verb, with no object, no
// condition, no place. It says again what the work is, and binds nothing
// the work itself does not: no rule. "need to speed it up.", "bisogna
// sistemarlo.", "надо починить." are the same; "надо всегда гонять
// линтер" (always run the linter) and "must not touch prod" name what
// they bind and stay rules.

// bareNeedRE is a sentence that is a "must" and one verb, with at most a
// pronoun or a particle after it, in the gloss's words.
var bareNeedRE = mustPattern(`(?i)^\W*(?:(?:so|and|then|ok|okay|yes|well)[,]?\s+)*(?:we\s+|you\s+|it\s+)?(?:must|need to|needs to|have to|has to|should|you must)\s+(?P<v>[\p{L}\-]+)(?P<rest>(?:\s+(?:it|this|that|them|up|down|out|это|его|её|их))*)\s*[.!。]*\s*$`)

// bareNeed reports whether sentence s (or its gloss g) is a bare "must"
// and a verb (see above).
func bareNeed(s string, g *gloss) bool {
	t := s
	if g != nil {
		t = g.text
	}
	m := bareNeedRE.FindStringSubmatch(strings.TrimSpace(t))
	if m == nil {
		return false
	}
	v := strings.ToLower(m[1])
	return !negRE.MatchString(v) && !constraintRE.MatchString(v) && !stopwords[v]
}

// bareNeedsDropped is out without the rules read from a bare "must" and a
// verb (see above).
func bareNeedsDropped(out []Proposal, l lang) []Proposal {
	return slices.DeleteFunc(out, func(p Proposal) bool {
		return p.Kind == KindConstraint && p.Op == OpState && bareNeed(p.Quote, glossOf(p.Quote, l))
	})
}
