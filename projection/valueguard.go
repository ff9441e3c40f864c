package projection

import "strings"

// Guards on reading a value, each against asserting a wrong current one.
//
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
// "don't" (or "dont", typed fast), "never", "no need to", "不要", "别", "不会", "不用" … with at most
// three words and no punctuation between.
var negBeforeRE = mustPattern(`(?i)(?:\bnot|n['’]t|\b(?:dont|doesnt|didnt|shouldnt|wouldnt|mustnt|cant)|\bnever|\bno\s+need\s+to|\bno\s+reason\s+to)\s+(?:[\p{L}\d_]+\s+){0,3}$|(?:不要|别|不会|不用|不能|不该|不应该|没有|没)[^，,。.；;！!？?]{0,12}$`)

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
		if p.Kind == KindValue && (negatedValue(s, p.Value) || negatedName(p)) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// otherSubjectRE is a thing a sentence names before a pronoun's clause,
// as its subject ("the pool is fine, keep it at 30") or as what a verb of
// handling takes ("don't touch the pool, keep it at 30"): the pronoun is
// more likely that thing than the setting named last.
var otherSubjectRE = mustPattern(`(?i)(?:^|[.;!?]\s+)(?:the|our|my|this|that)\s+(?P<a>[\p{L}\d_\-]+(?:\s+[\p{L}\d_\-]+){0,2}?)\s+(?:is|are|was|looks|seems|feels|stays|works)\b|\b(?:touch|leave|change|keep|move|resize|tune|use)\s+(?:the|our|my|this|that)\s+(?P<b>[\p{L}\d_\-]+(?:\s+[\p{L}\d_\-]+){0,2}?)\s*[,;—–]`)

// pronounNamesOther reports whether s names, before the clause that
// holds a pronoun, a thing that is not the setting last named: reading
// the pronoun as that setting would assert a value of the wrong thing.
func pronounNamesOther(s, lastName string) bool {
	m := otherSubjectRE.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	thing := strings.ToLower(m[otherSubjectRE.SubexpIndex("a")] + m[otherSubjectRE.SubexpIndex("b")])
	for _, w := range strings.Fields(strings.ToLower(strings.NewReplacer("_", " ", "-", " ").Replace(lastName))) {
		if strings.Contains(thing, w) {
			return false
		}
	}
	return true
}

// ackTopicRE is what a "X, set it to N" sentence may open with that is
// no setting: an acknowledgement or thanks ("good, cap it at 40", "thanks
// for the fix, make it 3"; an adjective only as the whole opening, so
// "right margin, set it to 20" keeps its topic), or a clause with a verb of its own ("the pool
// is fine, set it to 30").
var ackTopicRE = mustPattern(`(?i)^(?:thanks|thank\s+you|thx|ty)\b|^(?:good|great|nice|cool|perfect|fine|sure|yes|yeah|yep|yup|alright|all\s+right|got\s+it|looks\s+good|lgtm|awesome|excellent|done|right|ok(?:ay)?|k)(?:\s+(?:job|work|call|catch|point|find|stuff))?\W*$|\b(?:is|are|was|were|looks|seems|feels|works|worked|broke|failed|passed)\b`)

// nounTopic reports whether t, read as the setting a pronoun names, is a
// thing rather than an acknowledgement or a clause (ackTopicRE).
func nounTopic(t string) bool {
	return !ackTopicRE.MatchString(strings.TrimSpace(t))
}

// negWords are words of negation that end a clause's subject before its
// verb: "su questo branch NON è feature/customer-ref", "the branch not
// being main", "der Branch nicht …", "ce n'est pas …", "a branch não é",
// "эта ветка не …", "deze branch niet …".
var negWords = wordSet(`not non nicht niet pas não nao не нет nie ikke inte ej`)

// negTailRE is a negation that ends a name written without spaces:
// "这个分支不是", "このブランチではない".
var negTailRE = mustPattern(`(?:不是|不|没有|没|並不|ではない|じゃない)$`)

// negatedName reports whether the name of value p ends in a word of
// negation: what the sentence says the setting is not is no value of it.
func negatedName(p Proposal) bool {
	name := p.Name
	if name == "" {
		name = strings.ReplaceAll(property(p.Key), "_", " ")
	}
	f := strings.Fields(strings.ToLower(name))
	if len(f) == 0 {
		return false
	}
	last := strings.Trim(f[len(f)-1], ".,:;")
	return negWords[last] || negTailRE.MatchString(last)
}
