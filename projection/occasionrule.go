package projection

import "strings"

// A rule said with the occasion it holds for.
//
// "if a test touches the db use #[sqlx::test], not the shared pool",
// "and if you do need the db for anything use the docker compose one on
// 5433, not my local postgres on 5432", "whenever you change the chart,
// bump the chart version", glossed "wenn du was am Helm-Chart änderst,
// bump bitte jedes Mal die Chart-Version": a condition, then an
// imperative. The sentence binds every occasion its condition meets, so
// it is a rule, when the occasion is any of a kind: the condition says
// "whenever" or "every time", or names an indefinite thing ("a test",
// "anything"), or the imperative says "always", "every time", or picks
// one thing against another ("…, not the shared pool"). A condition
// about this one case ("if the tests pass, merge it") sets a step, no
// rule; a question or a report ("when we changed the chart we bumped
// it") none at all.
//
// condrule.go reads the neighbouring shape whose condition is an act of
// the agent's ("if you need to change X, run Y first"); isRule asks both.

// condLeadRE opens a sentence with its condition, after a word that joins
// it on: "if", "when", "whenever", "every time", and the words the
// lexicons gloss to them.
var condLeadRE = mustPattern(`(?i)^\W*(?:(?:and|also|plus|oh|btw|so|but)[,]?\s+)*(?P<w>if|when|whenever|every\s+time|each\s+time|any\s*time)\s+\S`)

// condEveryRE is a condition that meets every occasion by its word.
var condEveryRE = mustPattern(`(?i)^(?:whenever|every\s+time|each\s+time|any\s*time)$`)

// condAnyRE is an indefinite thing in a condition: "a test", "anything",
// "any migration", "ever".
var condAnyRE = mustPattern(`(?i)\b(?:a|an|any|anything|anyone|ever|some|something)\b`)

// condHabitRE is an imperative said for every time: "always", "every
// time", "each time".
var condHabitRE = mustPattern(`(?i)\b(?:always|every\s+(?:single\s+)?time|each\s+time)\b`)

// condAgainstRE picks one thing against another: "use X, not Y", "X
// instead of Y", "rather than Y".
var condAgainstRE = mustPattern(`(?i),\s*(?:and\s+)?not\s+\S|\binstead\s+of\b|\brather\s+than\b`)

// condThenRE is where the imperative starts when no comma ends the
// condition: the verb a rule is told with.
var condThenRE = mustPattern(`(?i)\s(?:please\s+|pls\s+)?(?:use|run|bump|add|keep|put|write|call|pick|prefer|stick\s+(?:to|with)|switch\s+to|go\s+with|make\s+sure|always|never|don't|do\s+not|avoid|mock|wrap|update|tag|rebuild|regenerate)\s`)

// condReplyRE is an imperative that asks for a word back, no rule of the
// work: "let me know", "tell me", "ping me".
var condReplyRE = mustPattern(`(?i)^(?:please\s+)?(?:let\s+(?:me|us)\s+know|lmk|tell\s+(?:me|us)|ping\s+(?:me|us)|ask\s+(?:me|us)|shout)\b`)

// condRule reports whether s is a rule said with the occasion it holds
// for (see above).
func condRule(s string) bool {
	m := condLeadRE.FindStringSubmatchIndex(s)
	if m == nil || questionRE.MatchString(s) {
		return false
	}
	word := s[m[2]:m[3]]
	body := s[m[3]:]
	cut := -1
	if loc := condThenRE.FindStringIndex(body); loc != nil && len(strings.Fields(body[:loc[0]])) >= 3 {
		// the condition has its subject and verb before the imperative
		// ("if a test touches the db use …"); "when a background run
		// settles, …" holds a noun "run", no imperative
		cut = loc[0]
	}
	if i := strings.IndexAny(body, ",;"); i >= 0 && (cut < 0 || i < cut) {
		cut = i + 1
	}
	if cut < 0 || len(strings.Fields(body[:cut])) < 2 {
		return false
	}
	cond, then := body[:cut], strings.TrimSpace(strings.TrimLeft(body[cut:], " ,;"))
	if then == "" || condReplyRE.MatchString(then) {
		return false
	}
	bare := strings.TrimSpace(pleaseLeadRE.ReplaceAllString(then, ""))
	if !condImperative(bare) && !(constraintRE.MatchString(then) && directive(then)) && !bareNo(then) {
		return false
	}
	return condEveryRE.MatchString(word) || condAnyRE.MatchString(cond) || condHabitRE.MatchString(then) || condAgainstRE.MatchString(then)
}

// condVerbs are the verbs a rule's imperative is told with beside those of
// practice and of tasks.
var condVerbs = map[string]bool{"bump": true, "keep": true, "put": true, "pick": true, "prefer": true, "stick": true, "switch": true, "go": true,
	"make": true, "call": true, "mock": true, "wrap": true, "tag": true, "rebuild": true, "regenerate": true, "ask": true, "avoid": true, "leave": true,
	"mark": true, "note": true, "open": true, "create": true, "add": true, "include": true, "skip": true, "set": true, "start": true, "stop": true}

// condImperative reports whether clause c is an imperative by a verb of
// work ("use the compose DB", "bump the chart version"), not a clause
// opening with a noun ("everyone subscribed within 150 km gets …").
func condImperative(c string) bool {
	f := strings.Fields(strings.ToLower(c))
	if len(f) == 0 || !imperative(c) {
		return false
	}
	w := strings.Trim(f[0], "\"'`*_()[],.;:")
	return practiceVerbs[w] || taskVerbs[w] || accessVerbs[w] || condVerbs[w]
}
