package projection

import (
	"strconv"
	"strings"
)

// Rules labelled mid-message, numbered, or named as rules after the fact.
//
// "ciao! devo aggiungere una colonna. regole: 1) … mai. 2) nei test si usa
// Testcontainers con postgres:16-alpine, niente H2. 3) non committare
// senza chiedermi": a label announcing rules may follow another sentence
// on its line, and a numbered list after it goes on over sentences: each
// item numbered next ("2) …" after "1) …") is a rule of the list, whatever
// its shape. "esatto, regola: niente Lombok nelle classi nuove" labels one
// rule after a word of assent. "il timeout globale di 60s è una regola
// del team, resta", "reflect в прод-коде нет, это тоже правило": the
// sentence says itself that it is a rule.

// ruleLabelAtRE is a label announcing rules, at the start of a sentence
// or after one word of assent: "rules:", "esatto, rule:", "team rules:",
// "правило:".
var ruleLabelAtRE = mustPattern(`(?i)^\W*(?:[\p{L}']+[,!]\s+)?(?:(?:house|team|ground|some|a few|my|our|two|three|the)\s+)*(?:rules?|constraints?|правил[оа])\s*[:：]\s*`)

// ruleLabelInRE is such a label anywhere in a line, after a sentence's
// end: "devo add a colonna. rules: 1) …".
var ruleLabelInRE = mustPattern(`(?i)(?:^|[.!?;]\s+)\W*(?:[\p{L}']+[,!]\s+)?(?:(?:house|team|ground|some|a few|my|our|two|three|the)\s+)*(?:rules?|constraints?|правил[оа])\s*[:：]\s*`)

// inlineItemRE is the number of an item of a list written on one line:
// "1) ", " 2. ".
var inlineItemRE = mustPattern(`(?:^|\s)(\d{1,2})[.)]\s+`)

// selfNamedRuleRE is a sentence calling what it says a rule, in English
// and glossed, or as it stands: "that's a rule", "is a rule of the team"
// (Italian "è una regola del team"), "это тоже правило" (glossed "the also
// правило"). "not a rule" and "is it a rule?" are none.
var selfNamedRuleRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:(?:that'?s|that is|it'?s|it is|this is|is|è|это|the)\s+(?:also|too|тоже|anche)\s+(?:a\s+|una\s+)?(?:(?:team|house|hard)\s+)?|(?:that'?s|that is|it'?s|it is|this is|is|è|это)\s+(?:a|an|una|un)\s+(?:(?:team|house|hard)\s+)?)(?:rule|regola|правило)(?:\s+(?:of\s+the|of\s+our|del|della)\s+(?:team|house|squadra|company|azienda))?\s*(?:[,.;!]|$)`)

// ruleItems adds to announced the sentences of sents that are rules by a
// label before them in their sentence, by their place in a numbered list
// after a label in text, or by calling themselves rules.
func ruleItems(text string, sents []string, announced map[string]bool) map[string]bool {
	add := func(s string) {
		if announced == nil {
			announced = map[string]bool{}
		}
		announced[s] = true
	}
	items := numberedRuleItems(text)
	for _, s := range sents {
		if !ruleItemShape(s) {
			continue
		}
		if selfNamedRuleRE.MatchString(s) {
			add(s)
			continue
		}
		if m := ruleLabelAtRE.FindStringIndex(s); m != nil && !topicRE.MatchString(s) && ruleItemShape(s[m[1]:]) {
			add(s)
			continue
		}
		u := itemNorm(unmarked(s))
		for _, it := range items {
			if u != "" && (u == it || len(u) >= 12 && strings.HasPrefix(it, u)) {
				add(s)
				break
			}
		}
	}
	return announced
}

// numberedRuleItems is the items of each list numbered from 1 on one line
// after a label announcing rules ("regole: 1) … 2) … 3) …"), normalized.
func numberedRuleItems(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		m := ruleLabelInRE.FindStringIndex(line)
		if m == nil {
			continue
		}
		rest := line[m[1]:]
		ms := inlineItemRE.FindAllStringSubmatchIndex(rest, -1)
		if len(ms) < 2 || strings.TrimSpace(rest[:ms[0][0]]) != "" || rest[ms[0][2]:ms[0][3]] != "1" {
			continue
		}
		for k := 0; k < len(ms); k++ {
			if rest[ms[k][2]:ms[k][3]] != strconv.Itoa(k+1) {
				break
			}
			end := len(rest)
			if k+1 < len(ms) && rest[ms[k+1][2]:ms[k+1][3]] == strconv.Itoa(k+2) {
				end = ms[k+1][0]
			}
			out = append(out, itemNorm(rest[ms[k][1]:end]))
		}
	}
	return out
}

// itemNorm is list item s compared: trimmed of space and end marks.
func itemNorm(s string) string {
	return strings.TrimRight(strings.TrimSpace(s), ".;,!。 ")
}

// ruleItemShape reports whether s may be a rule of a list: no question,
// some words, and no task among the rules.
func ruleItemShape(s string) bool {
	s = strings.TrimSpace(s)
	return !questionRE.MatchString(s) && !strings.ContainsAny(s, "?？") && len(terms(s)) >= 2 && !obligationRE.MatchString(s) && !alsoTaskRE.MatchString(s)
}
