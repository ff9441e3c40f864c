package projection

import "strings"

// Two rules joined by "and".
//
// "rules: seed always 1234, and you don't touch data/splits/*.csv",
// "la seed reste toujours 1234 et tu ne touches jamais à data/splits"
// (glossed "the seed stays always 1234 and you touch never to …"), "der
// Seed bleibt immer 1234, und du fasst data/splits nicht an": each part
// has its own subject and its own word of a rule (never, not, always,
// must), so each is a rule of its own, lifted alone. The gloss
// puts the languages' "et", "y", "und", "e", "и" as "and"; Korean "그리고"
// and Japanese "かつ" join clauses as written (coordRE). "don't touch
// data/splits and configs/base.yaml" joins two objects of one verb: its
// second part has no subject and no rule word of its own, and stays one
// rule with the first.

// ownRuleRE is a clause with its own subject and a rule's word within its
// first words ("only" is none: "this catalog contains summaries only"
// describes): "you touch not to …" (glossed "tu ne touches pas"), "you
// never touch …", "the seed stays always 1234", "seed always 1234", "du
// fasst data/splits nicht an".
var ownRuleRE = mustPattern(`(?i)^(?:(?:the|a|an|our|your|my|this|that)\s+)?(?:you|we|they|[\p{L}][\p{L}\d_.\-/]*)\s+(?:[^\s,;]+\s+){0,3}?(?:not|never|always|must|mustn't|shall|don't|doesn't|cannot|can't|no longer)\b`)

// subjectlessRE opens a clause with no subject of its own: a verb said to
// the agent ("don't touch …", "keep …"), a preposition, or an object
// ("to configs/base.yaml"), or a condition ("when a detail is not in the
// session, say so").
var subjectlessRE = mustPattern(`(?i)^(?:to|in|on|at|of|for|with|by|from|into|also|then|so|do|does|don't|never|not|always|please|keep|make|use|run|touch|leave|avoid|report|say|tell|when|if|unless|once|because|since|while|where|what|which|who|how|whether|otherwise)\b`)

// ownRule reports whether clause c (its connective left out) is a rule
// with a subject of its own.
func ownRule(c string) bool {
	c = strings.TrimSpace(clauseLeadRE.ReplaceAllString(strings.TrimSpace(c), ""))
	return !subjectlessRE.MatchString(c) && ownRuleRE.MatchString(c) && !questionRE.MatchString(c) && !strings.ContainsAny(c, "?？")
}

// ownRules reports whether the parts of s before and after its connective
// at [m0, m1) are each a rule with its own subject: the connective joins
// two rules. left is where the part before begins.
func ownRules(s string, left, m0, m1, end int) bool {
	return left < m0 && m1 < end && ownRule(s[left:m0]) && ownRule(s[m1:end])
}

// alwaysWordRE says a thing holds always or never, in English and in the
// Chinese the Korean and Japanese glosses use: "always", "始终", "永远".
var alwaysWordRE = mustPattern(`(?i)\b(?:always|never)\b|始终|永远|总是|一律`)
