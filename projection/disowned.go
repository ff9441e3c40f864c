package projection

import (
	"strings"
)

// A rule reported and disowned in one message.
//
// "Caro me pasó esto de un PR viejo:\n> regla: todos los componentes de
// tabla deben vivir en packages/ui\n\neso era la idea original pero ya no
// lo vamos a hacer así": the rule is quoted (a "> " line) or reported
// (someone said it), and the words right after it — the rest of its
// sentence or the next one — say it no longer holds. It is no rule of the
// session, and the lift beside it lifts it, not a rule in force.

// disownRE are the words that say a reported rule no longer holds, in
// English (the other lexicon languages are glossed to it) and Chinese.
var disownRE = mustPattern(`(?i)\bno longer\b|\b(?:not|n't)\b[^.!?\n]{0,30}\bany ?(?:more|longer)\b|不再|不用管|不用再管|不算数|作废|已经废`)

// reportLeadRE is a sentence's report of someone's old word before the
// rule it quotes: "X said that", "X used to say", "以前老王说".
var reportLeadRE = mustPattern(`(?i)\b(?:said|used to say|would say|told (?:me|us)|wrote|sent me this|passed me this)\b|说过?|讲过|提过`)

// disowned removes from proposals out of a user message text the rules it
// reports and disowns (see above), and the lifts whose words disown them.
func disowned(text string, out []Proposal) []Proposal {
	var drop []string // the disowning words
	keep := out[:0:0]
	for _, p := range out {
		if p.Kind != KindConstraint || p.Op != OpState || p.Quote == "" {
			keep = append(keep, p)
			continue
		}
		at := strings.Index(text, p.Quote)
		if at < 0 || !reportedAt(text, at, p.Quote) {
			keep = append(keep, p)
			continue
		}
		after := nextSentence(text[at+len(p.Quote):])
		if !disownRE.MatchString(after) {
			keep = append(keep, p)
			continue
		}
		drop = append(drop, strings.TrimSpace(after))
	}
	if len(drop) == 0 {
		return out
	}
	out = keep[:0]
	for _, p := range keep {
		if p.Op == OpLift && p.Kind == KindConstraint && disowns(p.Quote, drop) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// reportedAt reports whether the rule quote q at byte at of text is
// quoted (its line opens with ">") or reported (a report lead earlier in
// its line, or opening the rule's own words: "Budi used to say all
// Celery tasks must use acks_late=False").
func reportedAt(text string, at int, q string) bool {
	start := strings.LastIndexByte(text[:at], '\n') + 1
	line := text[start:at]
	if strings.HasPrefix(strings.TrimSpace(line), ">") || reportLeadRE.MatchString(line) {
		return true
	}
	m := reportLeadRE.FindStringIndex(q)
	return m != nil && m[0] < len(q)/2
}

// nextSentence is the rest of the sentence s opens with, with the sentence
// after it, up to 240 bytes.
func nextSentence(s string) string {
	ends := 0
	for i, r := range s {
		if i >= 240 {
			return s[:i]
		}
		if strings.ContainsRune(".!?。！？\n", r) && strings.TrimSpace(s[:i]) != "" {
			ends++
			if ends == 2 {
				return s[:i]
			}
		}
	}
	return s
}

// disowns reports whether lift quote q is said in words ws that disown a
// reported rule.
func disowns(q string, ws []string) bool {
	for _, w := range ws {
		if w != "" && (strings.Contains(q, w) || strings.Contains(w, q)) {
			return true
		}
	}
	return false
}

// reportedDisowned reports whether sentence s reports someone's word and
// says it no longer holds ("Lalo used to say …, but that no longer
// applies").
func reportedDisowned(s string) bool {
	m := reportLeadRE.FindStringIndex(s)
	if m == nil {
		return false
	}
	// the disowning is a clause of its own after the reported word ("Ken
	// told me we don't squash any more" reports what holds now)
	rest := s[m[1]:]
	b := clauseBreakRE.FindStringIndex(rest)
	return b != nil && disownRE.MatchString(rest[b[1]:])
}

// clauseBreakRE ends a clause: a comma, a semicolon, "but".
var clauseBreakRE = mustPattern(`(?i)[,;，；]|\bbut\b`)
