package projection

import "strings"

// A value the user declines to set is no current value: "honestly I
// would not set the batch size to 500 here", "don't bump retries to 9",
// "it shouldn't be 500", "我不会把超时设成 30". The reading is by the verb
// that governs the value: the setting verb nearest before it, negated by
// a word of negation at most three words before it with no punctuation
// between. A value whose governing verb is not negated stays ("don't
// touch the pool, keep it at 30"; "should be 25, not 50"), and what the
// sentence forbids is read as a rule elsewhere.

// governVerbRE is a verb that gives a setting a value.
var governVerbRE = mustPattern(`(?i)\b(?:set|sets|setting|make|makes|making|use|uses|using|change|changing|bump|bumping|raise|raising|lower|lowering|increase|increasing|decrease|decreasing|reduce|reducing|put|putting|switch|switching|move|moving|drop|dropping|push|pushing|turn|turning|keep|keeping|leave|leaving|go|going|be|pin|pinning)\b|(?:设成|设为|设置成|设置为|改成|改为|调成|调到|调为|用)`)

// negBeforeRE is a negation that reaches the verb after it: "would not",
// "don't", "never", "no need to", "不要", "别", "不会", "不用" … with at most
// three words and no punctuation between.
var negBeforeRE = mustPattern(`(?i)(?:\bnot|n['’]t|\bnever|\bno\s+need\s+to|\bno\s+reason\s+to)\s+(?:[\p{L}\d_]+\s+){0,3}$|(?:不要|别|不会|不用|不能|不该|不应该|没有|没)[^，,。.；;！!？?]{0,12}$`)

// negatedValue reports whether the value v, as s states it, is governed by
// a negated setting verb.
func negatedValue(s, v string) bool {
	if v == "" {
		return false
	}
	at := strings.Index(s, v)
	if at < 0 {
		return false
	}
	before := s[:at]
	locs := governVerbRE.FindAllStringIndex(before, -1)
	if len(locs) == 0 {
		return false
	}
	verb := locs[len(locs)-1]
	if strings.ContainsAny(before[verb[1]:], ",;.!?，。；！？—") {
		// The verb governs another clause than the value's.
		return false
	}
	return negBeforeRE.MatchString(before[:verb[0]])
}

// dropNegated removes the values s declines to set.
func dropNegated(s string, ps []Proposal) []Proposal {
	out := ps[:0]
	for _, p := range ps {
		if p.Kind == KindValue && negatedValue(s, p.Value) {
			continue
		}
		out = append(out, p)
	}
	return out
}
