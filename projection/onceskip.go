package projection

import (
	"strings"
	"unicode/utf8"
)

// A rule set aside for one time only: an exception, never its lift.
//
// "这次 commit 不用跑 lint 了，太慢，直接提" (no lint for this commit), "CLAUDE.md
// mein likha hai har feature ke saath widget test, is baar skip karo"
// (skip it this time), "that old migration you can edit, just this one":
// the user sets a rule aside for this once. The rule stays in force for
// every other time; it is restated with the once as its exception
// (ruleexcept.go), whether the user or the project's instruction file
// stated it. The rule is the active one the sentence shares the most
// words with; none, or two alike, and nothing changes. A once-lift said
// with a lift's words is onceLifts' (oncelift.go); a skip for good ("skip
// lint from now on") or a question ("can we skip lint this time?") is no
// exception.

// onceName marks an exception said for one time only (Proposal.Name).
const onceName = "once"

// onceTimeRE limits what is said to this one time, commit or thing, in
// the languages the lexicons cover, besides onceRE.
var onceTimeRE = mustPattern(`(?i)\bthis time\b|\bthis (?:commit|PR|release|run|feature|push|deploy|one time)\b|\b(?:just|only) this one\b|这次|这一次|就这一个|只这一个|就这一回|\biss? (?:baar|bar|dafa|waqt)\b|\bsirf is(?:s)? (?:baar|bar|dafa)\b|\btym razem\b|\bten jeden raz\b|\bjednorazowo\b|\bwyjątkowo\b|\bdiesmal\b|\bdieses (?:eine )?mal\b|\bfür diesen commit\b|\besta vez\b|\bpor esta vez\b|\bquesta volta\b|\bstavolta\b|\bcette fois\b|\bdesta vez\b|\bessa vez\b|\bdeze keer\b|\bden här gången\b|на этот раз|в этот раз|этот раз|цього разу|цей раз|今回|このコミット|이번`)

// onceAsideRE sets a thing aside or allows it: skip it, no need, you may.
var onceAsideRE = mustPattern(`(?i)\bskip\b|\bno need\b|\bdon'?t (?:need|bother)\b|\bnot needed\b|\byou (?:can|may)\b|\bit'?s (?:fine|ok(?:ay)?) to\b|不用|不需要|不必|跳过|免了|可以改|可以动|可以用|\bskip kar|\bmat kar|\bzaroorat nahi|\bzarurat nahi|\bkar sakte\b|\bpomiń|\bpomin\b|\bnie trzeba\b|\bnie musisz\b|\bmożesz\b|überspring|\bweglassen\b|\bnicht nötig\b|\bbrauchst\b|\bdarfst\b|пропусти|не надо|не нужно|можно|не треба|пропусть|можна|\bsalta\b|\bsáltate\b|\bsaltar\b|\bno hace falta\b|\bpuedes\b|\bnon serve\b|\bpuoi\b|\bsaute\b|\bsauter\b|\bpas besoin\b|\btu peux\b|\bpule\b|\bpular\b|\bnão precisa\b|\bpodes\b|\boverslaan\b|\bniet nodig\b|\bmag je\b|\bhoppa över\b|\bbehövs inte\b|スキップ|しなくていい|しなくて(?:も)?いい|飛ばして|変えていい|直していい|건너뛰|안 해도|생략`)

// onceSetAsides adds, for each sentence of a user's text that sets a
// thing aside for one time only and is no lift or exception already
// read, an exception for once (onceName), and drops the rules and tasks
// read from that sentence: it states none of its own.
func onceSetAsides(text string, out []Proposal) []Proposal {
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		if !onceSaid(s) || !onceAsideRE.MatchString(s) || forGoodRE.MatchString(s) || questionRE.MatchString(s) {
			continue
		}
		said := false
		for _, p := range out {
			if (p.Op == OpLift || p.Op == OpExcept) && p.Quote != "" && (strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s)) {
				said = true
			}
		}
		if said {
			continue
		}
		kept := out[:0]
		for _, p := range out {
			if p.Op == OpState && (p.Kind == KindConstraint || p.Kind == KindObligation) && p.Quote != "" && strings.Contains(s, p.Quote) {
				continue
			}
			kept = append(kept, p)
		}
		out = append(kept, Proposal{Op: OpExcept, Kind: KindConstraint, Name: onceName, Value: s, Quote: s})
	}
	return out
}

// onceRule is the active rule quote shares the most words with (a name,
// an identifier or a word of four letters at least among them), or nil
// when none does or two share as many. A rule the same message states
// (seq: "…, just this one. Leave the other migrations alone") is what the
// once leaves in force, not what it sets aside.
func (r *Reducer) onceRule(quote string, seq int) *Anchor {
	q := stems(quote)
	var best *Anchor
	bestN, tied := 0, false
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active {
			continue
		}
		if len(a.SourceRefs) > 0 && a.SourceRefs[0].Seq == seq && a.Inherited == 0 {
			continue
		}
		n, named := 0, false
		for w := range stems(a.Value) {
			if !q[w] || stopwords[w] || genericWords[w] || onceTimeRE.MatchString(w) || onceAsideRE.MatchString(w) {
				continue
			}
			n++
			named = named || utf8.RuneCountInString(w) >= 4 || identifier(w) || !isASCIIWord(w)
		}
		if n == 0 || !named {
			continue
		}
		switch {
		case n > bestN:
			best, bestN, tied = a, n, false
		case n == bestN:
			tied = true
		}
	}
	if tied {
		return nil
	}
	return best
}

// onceSaid reports whether s limits what it says to one time or thing.
func onceSaid(s string) bool {
	return onceTimeRE.MatchString(s) || onceRE.MatchString(s)
}
