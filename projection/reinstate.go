package projection

// A lifted rule put back.
//
// A rule lifted for a while comes back in words of its own: "please
// treat that rule as back in force", "we're going back to asking before
// adding any crate", "the freeze is back on", "die Regel gilt wieder",
// "之前的限制恢复", "そのルールは元に戻します". The rule the user puts back is
// the lifted one the sentence shares the most words with (stems), else,
// when it names none ("that rule is back in force"), the one lifted last.
// It is active again, credited to the message; what lifted it is no
// longer its reason. A sentence that puts back a rule no lift freed
// changes nothing.

// reinstateRE is a sentence putting a rule back.
var reinstateRE = mustPattern(`(?i)\b(?:back in (?:force|effect|place)|(?:is|are) back on|appl(?:y|ies) again|in (?:force|effect) again|(?:reinstat|re-instat)\w*|(?:restore|bring back|put back)\w* (?:the|that|this|my|our) (?:old |earlier |previous )?(?:rule|restriction|ban|freeze|requirement|limit)|(?:go|goes|went|going|get|getting) back to (?:asking|checking|requiring|the (?:old|usual|normal|earlier) (?:rule|way|process))|(?:rule|restriction|ban|freeze|requirement) (?:is|stands) (?:again|back))\b|(?:^|[^\p{L}])(?:wieder in kraft|gilt wieder|gelten wieder|wieder gültig|vuelve a (?:aplicar|regir|estar en vigor)|de nuevo en vigor|volta a valer|de novo em vigor|de nouveau en vigueur|снова в силе|снова действует)(?:[^\p{L}]|$)|(?:规则|限制|规矩|要求|禁令)(?:又|重新)?(?:恢复|生效)了?|恢复(?:之前|原来)的(?:规则|限制|规矩|要求)|(?:ルール|制限|決まり)(?:は|を)?(?:元に戻|復活|再び有効)`)

// reinstated puts back the lifted rule a user message says is back.
func (r *Reducer) reinstated(ev *Event, ref EventRef) {
	if ev.Role != RoleUser || !reinstateRE.MatchString(ev.Text) {
		return
	}
	for _, s := range sentences(ev.Text) {
		if !reinstateRE.MatchString(s) || questionRE.MatchString(s) {
			continue
		}
		if c := r.liftedNamed(s); c != nil {
			c.Lifecycle = Active
			c.Because = ""
			c.addRef(ref)
		}
	}
}

// liftedNamed is the lifted rule sentence s names by the most words (one
// at least, not shared as much by another), else the one lifted last when
// s names none of them.
func (r *Reducer) liftedNamed(s string) *Anchor {
	ss := stems(reinstateRE.ReplaceAllString(s, " "))
	var best, last *Anchor
	most, tie, lastTie := 0, false, false
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Lifted {
			continue
		}
		switch {
		case last == nil || a.Seq() > last.Seq():
			last, lastTie = a, false
		case a.Seq() == last.Seq():
			lastTie = true
		}
		n, _ := sharedStems(ss, stems(a.Value))
		switch {
		case n > most:
			best, most, tie = a, n, false
		case n == most && n > 0:
			tie = true
		}
	}
	switch {
	case tie:
		return nil
	case best != nil:
		return best
	}
	if ruleWordRE.MatchString(s) && !lastTie {
		// one rule lifted last (two lifted by one message: which one
		// is back is not said)
		return last
	}
	return nil
}

// ruleWordRE names a rule as such: "that rule", "die Regel", "这个规则".
var ruleWordRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:rule|restriction|ban|freeze|requirement|regel|regla|règle|regra|regola|правило|ограничение|reguła)(?:[^\p{L}]|$)|规则|规矩|限制|ルール|制限`)
