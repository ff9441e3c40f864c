package projection

import "strings"

// A lift or an exception names its rule by the rule's subject.
//
// "в тестах reflect можно, правило только для прод кода" (in tests reflect
// is fine, the rule is only for prod code) shares with "правило: номера
// полей в proto не трогаем никогда" only the word "правило": a word that
// calls a rule a rule names none of them. Matching a lift to the rule it
// frees by shared words leaves such words out, so a permission that names
// no active rule's subject changes none.

// ruleNounTermRE is one word that calls a rule a rule, in the languages
// the lexicons cover.
var ruleNounTermRE = mustPattern(`(?i)^(?:rules?|regels?|regeln|reglas?|règles?|regle|regras?|regola|regole|правил[оаеуы]?|правилом|ограничени[ея]|reguła|reguły|规则|规矩|规定|ルール|規則|규칙)$`)

// ruleNounTerm reports whether term w only calls a rule a rule.
func ruleNounTerm(w string) bool {
	return ruleNounTermRE.MatchString(w)
}

// A permission said with the rule's own scope ("в тестах reflect можно,
// правило только для прод кода": in tests reflect is fine, the rule is
// only for prod code) keeps the rule in force where it applies: an
// exception to it, no lift.

// ruleOnlyForRE says a rule holds only for a part, as written or glossed:
// "the rule is only for prod code", "правило только для прод кода", "la
// regola vale solo per il codice di produzione", "die Regel gilt nur für
// Prod-Code", "de regel geldt alleen voor productiecode", "规则只针对生产代码".
var ruleOnlyForRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:rules?|правило|regola|regla|règle|regra|regel|ограничение)\s+(?:[\p{L}']+\s+){0,2}?(?:only|just|только|лишь|solo|solamente|soltanto|seulement|uniquement|nur|alleen|enkel|apenas|só|somente|sólo)\s+(?:for|to|in|on|applies\s+to|для|на|в|per|pour|für|voor|para|op|a)(?:[^\p{L}]|$)|(?:规则|规矩|限制)只(?:针对|适用于|管|对|限于)`)

// scopedLift reports whether lift quote q keeps the rule it names in force
// outside the scope it permits.
func scopedLift(q string) bool {
	return ruleOnlyForRE.MatchString(q)
}

// placeScoped reports whether lift quote q frees rule v's thing only in
// a place it names before it, one the rule does not name: "scripts/
// 에서는 console.log 써도 돼" (in scripts/ you may use console.log), "scripts/
// 里 console.log 可以用了" are exceptions to "console.log 금지", not its lift.
func placeScoped(q, v string) bool {
	at := -1
	for _, w := range latinWordRE.FindAllString(v, -1) {
		if lw := strings.ToLower(w); len(w) < 3 || stopwords[lw] || nonVerbs[lw] {
			continue
		}
		if i := strings.Index(q, w); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	if at <= 0 {
		return false
	}
	lead := q[:at]
	for _, m := range mentions(lead) {
		if !strings.Contains(v, m) && placeBefore(lead) {
			return true
		}
	}
	return false
}
