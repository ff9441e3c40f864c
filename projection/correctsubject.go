package projection

import "strings"

// A "no" corrects the rule about its own subject.
//
// "nee, nog niet, de flag staat nog op 0% in productie" (no, not yet: the
// flag is still at 0% in production) answers the agent's question about
// removing the old checkout; it shares with the rule "nee geen env var"
// only its "nee". A correction replaces the active rule whose words it
// shares, and a word that answers yes or no, or that only calls a rule a
// rule, is no word of a subject: sharing it alone replaces nothing.

// replyTermRE is one word that answers yes or no, in the languages the
// lexicons cover (stopwords already drop English "no" and "ok").
var replyTermRE = mustPattern(`(?i)^(?:nee|neen|nein|non|nope|nah|nej|nei|ei|нет|неа|ні|ja|jawel|yes|yep|yeah|sì|si|sí|oui|да|ага|так|okay|oke|oké|okej|klopt|prima|bueno|vale|d'accord|certo|claro)$`)

// subjectTerms is terms(s) without the words that answer yes or no or
// only call a rule a rule.
func subjectTerms(s string) map[string]bool {
	t := terms(s)
	for w := range t {
		if replyTermRE.MatchString(w) || ruleNounTerm(w) {
			delete(t, w)
		}
	}
	return t
}

// correctedRule is the active rule, no answer's, that correction v
// replaces: the one whose subject words overlap v's most, at least min;
// rules that name things are left out when linked.
func (r *Reducer) correctedRule(v string, min float64, linked bool) *Anchor {
	t := subjectTerms(v)
	var best *Anchor
	bs := 0.0
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || linked && len(a.Links) > 0 || strings.HasPrefix(a.Key, answerPrefix) {
			continue
		}
		s := overlap(t, subjectTerms(a.Value))
		if s < min || s == 0 {
			continue
		}
		if best == nil || s > bs || s == bs && newer(a, best) {
			best, bs = a, s
		}
	}
	return best
}
