package projection

import "strings"

// A message whose first sentence calls itself a rule ("reflect в
// прод-коде нет, это тоже правило. просто функция на pgtype.Timestamptz",
// "that's a rule too"), or, after stated rules, opens under a rule's label
// ("правило: …"), adds a rule, as a permission scoped to a place adds an
// exception (objlang.go): neither is the goal, whatever the sentences
// after it ask.

// ruleFirst reports whether the first sentence of q states a rule by
// calling itself one or by a rule's label.
func ruleFirst(q string) bool {
	ss := sentences(q)
	if len(ss) == 0 {
		return false
	}
	s := strings.TrimSpace(ss[0])
	return selfNamedRuleRE.MatchString(s) || ruleLabelAtRE.MatchString(s)
}

// selfNamedFirst reports whether the first sentence of q calls itself a
// rule.
func selfNamedFirst(q string) bool {
	ss := sentences(q)
	return len(ss) > 0 && selfNamedRuleRE.MatchString(strings.TrimSpace(ss[0]))
}
