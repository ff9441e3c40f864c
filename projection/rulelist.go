package projection

import "strings"

// A list of rules on one line.
//
// "regras: tf sempre c/ -var-file=staging.tfvars. n roda terraform
// apply." announces rules with its label and goes on with them sentence
// after sentence on the same line. The first sentence's clauses are read
// after the label (actClauses); a later sentence of the line is a rule
// too when it opens with a negation ("n roda terraform apply", glossed
// "not roda …"), whose verb the readings may not know; any other is read
// by its own shape, so a description ("The sandbox does not restrict
// …"), a question or a task ("now fix the login bug") after the list is
// no rule.

// negOpenRE is a sentence opening with a negation.
var negOpenRE = mustPattern(`(?i)^\W*(?:(?:and|also|but|plus|e|et|y|und)[,]?\s+)?(?:not|no|never|do not|don't|dont|nothing|nada|不要|别|不许|禁止)\b`)

// labelledLineItems adds to announced the later sentences of each line of
// text that opens with a label announcing rules (see above).
func labelledLineItems(text string, announced map[string]bool) map[string]bool {
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		n := labelEnd(t)
		if n == 0 || !ruleLabelRE.MatchString(t[:n]) || topicRE.MatchString(t) {
			continue
		}
		ss := sentences(t)
		for _, s := range ss[min(1, len(ss)):] {
			s = strings.TrimSpace(s)
			if questionRE.MatchString(s) || strings.ContainsAny(s, "?？") || len(terms(s)) < 2 {
				continue
			}
			if negOpenRE.MatchString(s) {
				if announced == nil {
					announced = map[string]bool{}
				}
				announced[s] = true
			}
		}
	}
	return announced
}
