package projection

import "strings"

// A limit rule's number changed relatively.
//
// "no máximo 50 jobs ao mesmo tempo na fila" … "pode dobrar o limite de
// jobs"; "at most 50 jobs at once in the queue" … "double the job limit":
// the change names a setting no value holds, but an active rule that
// bounds a number (a limit: max, at most, up to, no more than, minimum,
// at least, máximo, mínimo, höchstens, 最多) names it by a word of its
// name ("jobs"). The rule's number is what the change applies to: the
// setting holds the result ("100 (was 50)"), and the rule is restated
// with it ("at most 100 (was 50) jobs at once in the queue"), the old
// one superseded.

// limitNumRE is the number a limit rule bounds: the first number after
// its limit word, or before "max".
var limitNumRE = mustPattern(`(?i)(?:\b(?:max(?:imum)?|at most|up to|no more than|at least|min(?:imum)?|limit(?:ed)? to|cap(?:ped)? at|keep (?:it|them|\w+(?: \w+)?) (?:to|under|below|within))\b|(?:^|[^\p{L}])(?:m[aá]ximo|m[ií]nimo|h[öo]chstens|mindestens|massimo|minimo|no m[aá]ximo|no m[ií]nimo|au maximum|au minimum)(?:[^\p{L}]|$)|最多|最少|不超过|至少|上限|下限)\s*(?:de\s+|of\s+|em\s+)?(?P<n>\d+(?:[.,]\d+)?)|(?P<m>\d+(?:[.,]\d+)?)\s+\w+(?:\s\w+)?\s+max\b`)

// limitRuleFor is the newest active limit rule whose words hold a word of
// setting name, and where its number stands; nil when none.
func (r *Reducer) limitRuleFor(name string) (*Anchor, []int) {
	nw := map[string]bool{}
	for _, w := range keyWords(name) {
		for s := range wordsAndPairs(w) {
			nw[s] = true
		}
	}
	var best *Anchor
	var at []int
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active {
			continue
		}
		m := limitNumRE.FindStringSubmatchIndex(a.Value)
		if m == nil {
			continue
		}
		loc := m[2:4]
		if loc[0] < 0 {
			loc = m[4:6]
		}
		named := false
		for w := range wordsAndPairs(a.Value) {
			if nw[w] && !stopwords[w] && !limitRuleRE.MatchString(w) && len([]rune(w)) > 1 {
				named = true
				break
			}
		}
		if named && (best == nil || newer(a, best)) {
			best, at = a, loc
		}
	}
	return best, at
}

// limitRestated restates the limit rule with the number at at changed to
// the one value v opens with.
func (r *Reducer) limitRestated(rule *Anchor, at []int, v string, ev *Event, ref EventRef) {
	n := v
	if m := remNumRE.FindString(v); m != "" {
		n = m
	}
	old := rule.Value[at[0]:at[1]]
	if n == old {
		return
	}
	nu := rule.clone()
	nu.ID = r.freeID(KindConstraint, ev.Seq)
	nu.Value = rule.Value[:at[0]] + n + " (was " + old + ")" + rule.Value[at[1]:]
	nu.Quote, nu.Because = strings.TrimSpace(ev.Text), ""
	nu.SourceRefs, nu.Inherited = []EventRef{ref}, 0
	r.supersede(nu, rule)
	nu.Was = ""
	r.hot[slot(nu.Kind, nu.Key)] = nu
}

// resultAfter reports whether number v stands in quote q after the
// clause the change is said in ("halve the pretrigger then, 250ms is
// plenty"): a clause of its own, after a comma or a semicolon.
func resultAfter(q, v string) bool {
	i := strings.Index(q, v)
	if i < 0 {
		return false
	}
	c := strings.IndexAny(q, ",;")
	before := strings.ToLower(q[max(0, i-8):i])
	if c < 0 || i <= c || strings.Contains(before, "from") || strings.Contains(before, "of") {
		return false
	}
	// "halve the timeout, a docs build shouldn't need 10 minutes", "…,
	// 30 is too many": the clause says the number is too much, so it is
	// what the change changes, not what it comes to.
	return !negRE.MatchString(q[c:]) && !tooMuchRE.MatchString(q[c:])
}

// tooMuchRE says a number is more, or less, than it should be.
var tooMuchRE = mustPattern(`(?i)\btoo\s+(?:much|many|long|high|big|large|slow|low|few|little|short|small|aggressive)\b|\bway (?:more|less) than\b|\boverkill\b|太多|太长|太大|太高|太少|太短`)
