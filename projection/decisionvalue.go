package projection

import "strings"

// A decision that gives a setting a value ("doe maar retries 2 voor nu",
// "go with a pool of 40 for now") holds while the setting keeps that
// value. When the setting later changes away from it ("retries terug naar
// 0", an edit that sets retries: 0), the decision is replaced by the
// change: it is superseded, never left active beside a value that says
// otherwise.

// outdateDecisions retires the user's active decisions that state the
// value nu replaced (or, for a setting set for the first time, their one
// number), next to a word of its setting, and not the value nu sets.
func (r *Reducer) outdateDecisions(nu *Anchor, ref EventRef) {
	if cur := r.hot[slot(KindValue, nu.Key)]; cur != nil && cur != nu && cur.Lifecycle == Current {
		return
	}
	if nu.Lifecycle != Current || nu.Value == "" || nu.Was == nu.Value || strings.HasPrefix(nu.Value, "unresolved:") {
		return
	}
	now := firstWord(nu.Value)
	name := stems(nu.Name + " " + strings.ReplaceAll(property(nu.Key), "_", " "))
	if len(name) == 0 {
		return
	}
	for _, d := range r.sorted() {
		if d.Kind != KindDecision || d.Lifecycle != Active || d.Authority != Normative || strings.HasPrefix(d.Key, answerPrefix) || d.Seq() >= ref.Seq {
			// The user's own choices only: the agent's plan that names a
			// setting among much else ("normalize the names and group
			// them at 0.85") is not undone by one of its numbers moving.
			continue
		}
		if now == "" || tokenAt(d.Value, now, 0) >= 0 {
			// The decision names the new value too ("2 now, 0 after
			// the release"): it may have foreseen the change.
			continue
		}
		chose := nu.Was
		if chose == "" {
			// A setting set for the first time since the decision
			// chose its value: the one number the decision states.
			ns := decisionNumberRE.FindAllString(d.Value, 2)
			if len(ns) != 1 || !numericValueRE.MatchString(now) {
				continue
			}
			chose = ns[0]
		}
		if !strings.ContainsAny(chose, "0123456789") {
			continue
		}
		i := tokenAt(d.Value, chose, 0)
		if i < 0 || tokenAt(d.Value, chose, i+1) >= 0 {
			// Not stated, or stated twice: which one the decision
			// chose is unclear.
			continue
		}
		if n, _ := sharedStems(name, stems(nearWords(d.Value, i, i+len(chose)))); n == 0 || negatedValue(d.Value, chose) {
			continue
		}
		r.retire(d, Superseded)
	}
}

// decisionNumberRE is a number a decision states.
var decisionNumberRE = mustPattern(`\d+(?:[.,]\d+)?`)
