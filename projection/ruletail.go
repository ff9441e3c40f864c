package projection

import "strings"

// A rule said in a clause after the task, in the message that sets the
// objective.
//
// "почини панику в agg-server, и до релиза 0.9 никаких новых
// зависимостей", "conserta o build do EAS e não mexe no app.json", "fix
// the panic in agg-server, and no new dependencies until 0.9": the task
// and a rule in one sentence. The objective is the task's clause alone;
// the rule is a constraint of its own, in every language the lexicons
// gloss (the clause is read on the gloss, where "и не трогай" is "and do
// not трогай"). The rule is the first clause after the task that states
// one, when the task's own clause states none; a clause a label's colon
// opens ("Run exactly: …") is the task's text, and a step after it
// ("…, then reply with its stdout only") ends the search: no rule.

// stepLeadRE opens the task's next step: "then", "and then", "after
// that", and as the gloss leaves them "потом", "затем", "depois", "dann".
var stepLeadRE = mustPattern(`(?i)^(?:and\s+|и\s+|e\s+|und\s+)?(?:then|after\s+that|afterwards|next|потом|затем|после\s+этого|depois|em\s+seguida|dann|danach|puis|ensuite|luego|después|poi|потім)(?:[\s,:]|$)`)

// tailLeadRE is the connective that opens a rule's clause.
var tailLeadRE = mustPattern(`(?i)^(?:(?:and|but|also|plus|then)\b[,:]?\s*)+`)

// ruleTail is the offset in sentence s of the rule said in a clause after
// its task (see above), or -1.
func ruleTail(s string) int {
	cs := clauseBounds(s)
	if label := labelEnd(s); label > 0 {
		if !goalLabelRE.MatchString(s[:label]) {
			return -1
		}
		// "задача: починить панику, …": the label opens the task
		for len(cs) > 0 && cs[0].start < label {
			cs = cs[1:]
		}
	}
	if len(cs) < 2 || isRule(cs[0].text) || len(terms(cs[0].text)) < 2 || questionRE.MatchString(s) || consequenceRule(s) {
		return -1
	}
	for _, c := range cs[1:] {
		if stepLeadRE.MatchString(c.text) {
			// "…, then reply with its stdout only": the task's next step
			return -1
		}
		if isRule(c.text) && !exceptionRE.MatchString(c.text) && !questionRE.MatchString(c.text) {
			return c.start
		}
	}
	return -1
}

// taskBeforeRule is objective quote q without the rule a clause after its
// task states (see above), and that rule ("" when none).
func taskBeforeRule(q string) (task, rule string) {
	ss := sentences(q)
	if len(ss) == 0 {
		return q, ""
	}
	s := ss[0]
	at := strings.Index(q, s)
	cut := ruleTail(s)
	if at < 0 || cut < 0 {
		return q, ""
	}
	task = strings.TrimRight(strings.TrimSpace(q[:at+cut]), " ,;，；:—–-")
	rule = strings.TrimSpace(tailLeadRE.ReplaceAllString(strings.TrimSpace(s[cut:]), ""))
	if len(terms(task)) < 2 || rule == "" {
		return q, ""
	}
	return task, rule
}
