package projection

import "slices"

// A rule of "only" widened by what it left out.
//
// "Only emergency and urgent electrical jobs go to BrightSpark. Routine
// ones stay with Ifan." … "Routine electrical jobs go to BrightSpark as
// well": the user names a kind the rule kept out and says it is in too.
// The rule of "only" is no longer what holds: it is lifted, with the
// sentence as the reason. A sentence widens a rule when it says "as
// well", "too" or "also" of a thing, is no question, and shares with an
// active rule holding "only" most of its words (three stems at least):
// the same verb and object, another kind of thing.

// widenRE is a sentence saying a thing is included too.
var widenRE = mustPattern(`(?i)\b(?:as well|too|also)\b\s*[.!]?\s*$|\b(?:as well|too)\b[,;]|(?:也要|也可以|也都)`)

// onlyRuleRE is a rule that admits only some things.
var onlyRuleRE = mustPattern(`(?i)\bonly\b|\bnothing but\b|只有|只能|仅`)

// widened lifts the active rule of "only" a user sentence of ev widens.
func (r *Reducer) widened(ev *Event, ref EventRef) {
	if ev.Role != RoleUser {
		return
	}
	for _, s := range sentences(ev.Text) {
		if !widenRE.MatchString(s) || questionRE.MatchString(s) || negRE.MatchString(s) || len(s) > 300 {
			continue
		}
		q := stems(s)
		var best *Anchor
		bestN := 2
		for _, a := range r.hot {
			if a.Kind != KindConstraint || a.Lifecycle != Active || !onlyRuleRE.MatchString(a.Value) || len(a.SourceRefs) == 0 || a.SourceRefs[0].Seq >= ev.Seq {
				continue
			}
			if n, _ := sharedStems(q, stems(a.Value)); n > bestN || n == bestN && best != nil && newer(a, best) {
				best, bestN = a, n
			}
		}
		if best == nil {
			continue
		}
		best.Lifecycle = Lifted
		best.Because = s
		if !slices.ContainsFunc(best.SourceRefs, func(x EventRef) bool { return x.Seq == ref.Seq }) {
			best.addRef(ref)
		}
	}
}
