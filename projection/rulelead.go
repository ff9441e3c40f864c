package projection

import "strings"

// A first message that opens with its rules.
//
// "règles: tu touches pas à Cargo.lock sans me demander. avant de me dire
// que c'est fini tu lances clippy avec -D warnings.", "regras: tf sempre
// c/ -var-file=staging.tfvars. n roda terraform apply.", "규칙: print 디버
// 깅 금지, logging 써": a label announcing rules leads its line, and the
// line is rules, not the goal. The goal is what the message asks after
// them: a later line, or on the same line a sentence asking work that is
// no rule ("Rules: don't touch Cargo.lock. Fix the parser regression.").
// A message of rules only states no objective.

// rulesLeadRE is a label announcing rules at the start of a line, in the
// languages the lexicons cover and glossed ("quelques règles:", "ground
// rules:", "regras:", "规则:").
var rulesLeadRE = mustPattern(`(?i)^\W*(?:(?:some|a few|few|the|my|our|house|ground|two|three|quelques|mes|nos|les|algumas|umas|minhas|nossas|as|algunas|unas|mis|nuestras|las|ein paar|einige|meine|unsere|die|alcune|qualche|le|mie|nostre|een paar|een aantal|a paar|a aantal|enkele|wat|mijn|onze|de|några|mina|våra|несколько|мои|наши|кілька|мої|наші)\s+)*(?:rules?|règles?|regras?|reglas?|regeln?|regole|regola|regels?|regler|reglerna|правил|правила|правило|правилa|правил|consignes?|contraintes?|constraints?|restrições|restricciones|normas|правила|ルール|規則|规则|规矩|규칙|원칙)\s*[:：]`)

// ruleCondRE is a step told with the moment it is due ("before you tell
// me it's done, run clippy"): a rule of the list, not the goal.
var ruleCondRE = mustPattern(`(?i)\b(?:before|after|when|whenever|once|each time|every time|avant|après|quand|antes|depois|quando|bevor|nachdem|wenn|cuando)\b|전에|후에|할 때|之前|之后|以后|的时候`)

// rulesLeadSkipped is t without the rules its lines lead with, and false
// when nothing else is left.
func rulesLeadSkipped(t string) (string, bool) {
	lines := strings.SplitAfter(t, "\n")
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i == len(lines) || !rulesLeadRE.MatchString(strings.TrimSpace(lines[i])) {
		return t, true
	}
	for i < len(lines) {
		l := strings.TrimSpace(lines[i])
		i++
		if l == "" {
			// a blank line ends the rules
			break
		}
		if !rulesLeadRE.MatchString(l) && !listMarkRE.MatchString(l) {
			// a line that is no item of the list goes on with the message
			i--
			break
		}
		ss := sentences(l)
		for j, s := range ss {
			if j == 0 {
				continue
			}
			s = strings.TrimSpace(s)
			if workStart(s) && !isRule(s) && !ruleCondRE.MatchString(s) && !questionRE.MatchString(s) {
				// "Rules: don't touch Cargo.lock. Fix the parser
				// regression.": the work asked after the rules
				rest := strings.TrimSpace(l[strings.Index(l, s):] + strings.Join(lines[i:], ""))
				return rest, true
			}
		}
	}
	rest := strings.TrimSpace(strings.Join(lines[i:], ""))
	return rest, rest != ""
}

// asksWork reports whether objective quote q asks work: a goal label, or
// a sentence opening with a verb of work that is no rule. After a message
// of rules only, the next message may change one ("clippy -D warnings
// seulement sur tabulo-core à partir de maintenant"): that is no goal.
func asksWork(q string) bool {
	if goalLabelRE.MatchString(q) || objectiveRE.MatchString(q) {
		return true
	}
	for _, s := range sentences(q) {
		s = strings.TrimSpace(s)
		if workStart(s) && !isRule(s) && !liftRE.MatchString(s) && !questionRE.MatchString(s) {
			return true
		}
	}
	return false
}

// rulesOnlyMessage reports whether user text is rules under a label
// announcing them and nothing else.
func rulesOnlyMessage(text string) bool {
	t := pastLeadTags(text)
	if t == "" || !rulesLeadRE.MatchString(t) {
		return false
	}
	if i := strings.Index(t, "\n<"); i > 0 {
		// a tagged block after the rules (Cline's environment details)
		t = t[:i]
	}
	_, ok := rulesLeadSkipped(t)
	return !ok
}
