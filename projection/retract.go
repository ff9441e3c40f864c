package projection

import "strings"

// A rule retracted by its thing.
//
// "scratch the yarn thing", "drop the helm requirement", "forget the
// yarn rule, we migrated", "关于 commit message 用英文那条规矩，算了，取消吧":
// the user takes back what was said about a
// thing, and a rule naming it is no longer in force, as a decision
// naming it is superseded (userChoice). The rule retracted is the newest
// active one stated before the message that holds every word of the
// thing besides the generic ones ("thing", "rule", "idea"). A prohibition
// is retracted only when the thing says it is one ("scratch the no-emoji
// thing"): "drop the pgloader idea" after "let's not go down the
// pgloader road" agrees with the rule and lifts nothing.

// retractGeneric are the words that name a thing said, not the thing.
var retractGeneric = []string{"thing", "idea", "approach", "plan", "one", "option", "rule", "requirement", "policy", "stuff", "business", "bit", "part", "note", "instruction", "方案", "想法", "规矩", "规定", "要求"}

// topicRetractRE is a rule named by its topic and called off after it:
// "关于 commit message 用英文那条规矩，算了，取消吧", "about the English
// commit messages rule: scrap it".
var topicRetractRE = mustPattern(`(?i)^(?:关于|至于|对于)(?P<z>[^，,：:]{1,40}?)(?:那条|这条|那个|这个)?(?:规矩|规则|规定|要求)?[，,：:]\s*(?:算了[，,]?\s*)?(?:取消|作废|撤销|不要了|不用了|算了)|^(?:about|re|as for|regarding)\s+(?:the|that|my)\s+(?P<x>[^,:;—–]{1,40}?)\s+(?:rule|thing|requirement)\s*[,:—–-]\s*(?:(?:ok|okay|yeah|actually)[,]?\s+)?(?:scratch|drop|forget|scrap|cancel|ditch|never ?mind)\s+(?:it|that)\b`)

// retractNoRE opens a thing that names a prohibition: "no-emoji",
// "never-push", "don't-touch".
var retractNoRE = mustPattern(`(?i)^(?:no|never|don'?t|not)[\s-]`)

// rulesRetracted adds to out a lift of the rule each user sentence of
// text retracts by its thing (retractRE, retractWhyRE, topicRetractRE), where no
// retraction of a decision reads the sentence; the reducer finds the rule
// (retractedRule) or lifts nothing.
func rulesRetracted(text string, out []Proposal) []Proposal {
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		x := ""
		if m := topicRetractRE.FindStringSubmatch(s); m != nil {
			x = m[topicRetractRE.SubexpIndex("x")] + m[topicRetractRE.SubexpIndex("z")]
		} else if m := retractRE.FindStringSubmatch(s); m != nil {
			x = m[retractRE.SubexpIndex("x")] + m[retractRE.SubexpIndex("z")]
		} else if m := retractWhyRE.FindStringSubmatch(s); m != nil {
			x = m[retractWhyRE.SubexpIndex("x")]
		}
		if strings.TrimSpace(x) == "" || questionRE.MatchString(s) {
			continue
		}
		taken := false
		for _, p := range out {
			if p.Op == OpLift && (p.Kind == KindDecision || p.Kind == KindConstraint) && strings.Contains(p.Quote, s) || p.Replaces != "" && strings.Contains(s, p.Replaces) {
				taken = true
			}
		}
		if !taken {
			out = append(out, Proposal{Op: OpLift, Kind: KindConstraint, Name: "retract", Value: strings.TrimSpace(x), Quote: s})
		}
	}
	return out
}

// retractedRule is the rule the thing x of a retraction names (see
// above), stated before seq, or nil.
func (r *Reducer) retractedRule(x string, seq int) *Anchor {
	no := retractNoRE.MatchString(x)
	xs := stems(retractNoRE.ReplaceAllString(x, ""))
	for _, g := range retractGeneric {
		delete(xs, g)
	}
	if len(xs) == 0 {
		return nil
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || len(a.SourceRefs) == 0 || a.SourceRefs[0].Seq >= seq || a.valueFacts().neg != no {
			continue
		}
		if n, _ := sharedStems(xs, stems(a.Value)); n == len(xs) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}
