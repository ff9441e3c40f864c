package projection

import "strings"

// An exception said to be one to a rule named by its topic.
//
// "Right, CREATE INDEX CONCURRENTLY can't be in a transaction. That one's
// the exception to the transaction rule — everything else still gets
// BEGIN/COMMIT.": the user names the rule by its topic and calls a thing
// its exception, the thing itself or, by a pronoun, the sentence before.
// The rule holding the topic's words is restated with the exception, and
// the sentence the pronoun points to is the exception, no rule of its
// own. No rule holds the topic: nothing changes.

// exceptionToRE is a thing called the exception to a rule named by its
// topic: "X is the exception to the Y rule", "that one's exempt from the
// Y rule".
var exceptionToRE = mustPattern(`(?i)^\W*(?:(?:right|ok(?:ay)?|so|and|but|yes|yeah)[,]?\s+)*(?P<x>[^,;:]{1,80}?)\s*(?:\s(?:is|are)|'s|’s|'re|’re)\s+(?:(?:the|an|one)\s+(?:only\s+)?exception\s+(?:to|from|of)|exempt\s+from)\s+(?:the|that|our|my|this|your)\s+(?P<t>[\w.\-/]+(?:\s+[\w.\-/]+){0,2}?)\s+(?:rule|requirement|policy|constraint|restriction)\b`)

// assentLeadRE is a word of assent opening a sentence.
var assentLeadRE = mustPattern(`(?i)^(?:(?:right|ok(?:ay)?|yes|yeah|yep|so|and|true|sure)[,!]?\s+)+`)

// pronounThingRE is a thing named by a pronoun.
var pronounThingRE = mustPattern(`(?i)^(?:that|this|it|that one|this one|which|those|these|the latter|the former)$`)

// exceptionsNamed adds to out, for each sentence of a user's text that
// calls a thing the exception to a rule named by its topic, the exception
// (Name "ruleof": the topic in Value, the thing in Quote), and drops the
// rule read from the sentence the pronoun points to.
func exceptionsNamed(text string, out []Proposal) []Proposal {
	ss := sentences(text)
	for i, s := range ss {
		m := exceptionToRE.FindStringSubmatch(strings.TrimSpace(s))
		if m == nil || questionRE.MatchString(s) {
			continue
		}
		x, t := strings.TrimSpace(m[exceptionToRE.SubexpIndex("x")]), m[exceptionToRE.SubexpIndex("t")]
		q := strings.TrimSpace(s)
		if pronounThingRE.MatchString(x) {
			if i == 0 {
				continue
			}
			q = strings.TrimSpace(ss[i-1])
			out = dropRuleQuoting(out, q)
			if loc := assentLeadRE.FindStringIndex(q); loc != nil && loc[1] < len(q) {
				// "Right, CREATE INDEX CONCURRENTLY can't …": the thing
				q = q[loc[1]:]
			}
		}
		out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "ruleof", Value: t, Quote: q})
	}
	return out
}

// dropRuleQuoting is out without the rules stated by quote q.
func dropRuleQuoting(out []Proposal, q string) []Proposal {
	kept := out[:0]
	for _, p := range out {
		if p.Op == OpState && p.Kind == KindConstraint && strings.Contains(q, p.Quote) {
			continue
		}
		kept = append(kept, p)
	}
	return kept
}
