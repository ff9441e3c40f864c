package projection

import (
	"slices"
	"strings"
)

// A decision taken back at once, with the course that replaces it.
//
// "ok vai" to "Propongo di passare a sync.Map" … "no aspetta, sync.Map
// qui è overkill e ci ha già fatto un bug. torna a mutex + map normale";
// "nee toch geen IOptionsSnapshot, gebruik IFeatureManager"; "no wait,
// sync.Map is overkill here. go back to the mutex": the user takes back
// ("no wait", "no aspetta", "nee toch", "doch nicht", "finalement") a
// thing an active decision holds, names it, and says the course taken in
// its place (use, go back to, gebruik, torna a, verwende, reviens à,
// vuelve a …) in the same message. The course is a decision that
// replaces the one naming the thing; the take-back is no rule. A message
// with no take-back, or naming no decided thing, or with no course, is
// another reading's.

// decTakeBackRE opens a message taking a choice back, in the languages the
// lexicons read.
var decTakeBackRE = mustPattern(`(?i)^\W*(?:(?:no+|nee|nein|non|não|nope|nah|нет|ні)[,!.]?\s+)?(?:wait|aspetta|wacht(?:\s+even)?|warte|attends|espera|espera\s+aí|подожди|почекай)\b|^\W*(?:actually,?\s+no|no,?\s+actually|nee,?\s+toch|toch\s+(?:geen|niet)|doch\s+(?:kein\p{L}*|nicht)|nein,?\s+doch|finalement|en\s+fait\s+non|alla\s+fine\s+no|ripensandoci|anzi\s+no|al\s+final\s+no|pensándolo\s+bien|pensando\s+bem|on\s+second\s+thought|scratch\s+that)\b`)

// courseOpenRE opens the clause naming the course taken instead.
var courseOpenRE = mustPattern(`(?i)^\W*(?:(?:just|then|allora|dan|dann|alors|entonces|então)\s+)?(?:use|go\s+(?:back\s+)?(?:to|with)|switch\s+(?:back\s+)?to|gebruik|ga\s+(?:terug\s+)?naar|neem|usa|utilizza|torna\s+(?:a|al|alla|allo|ai)|torniamo\s+(?:a|al|alla)|passa\s+a|nimm|verwende|zurück\s+zu|utilise|reviens\s+(?:à|au)|revenons\s+(?:à|au)|prends|vuelve\s+a|volvamos\s+a|volta\s+(?:para|pro|pra|ao|à)|используй|верни(?:сь)?\s+(?:к|на)|використовуй)\s+\S`)

// decisionTakenBack adds to out, for a user message, the course that
// replaces a decision taken back (see above).
func decisionTakenBack(text string, ctx *Context, out []Proposal) []Proposal {
	t := strings.TrimSpace(text)
	if len(ctx.Decisions) == 0 || !decTakeBackRE.MatchString(t) || questionRE.MatchString(t) {
		return out
	}
	var cl []string
	for _, s := range sentences(t) {
		cl = append(cl, clauseSpans(strings.TrimSpace(s))...)
	}
	k := slices.IndexFunc(cl, func(c string) bool { return courseOpenRE.MatchString(strings.TrimSpace(c)) })
	if k < 0 {
		return out
	}
	course := strings.TrimRight(strings.TrimSpace(strings.Join(cl[k:], "")), ".;!")
	before := strings.Join(cl[:k], "")
	thing := ""
	for _, w := range distinctive(before) {
		if slices.ContainsFunc(ctx.Decisions, func(d string) bool { return holdsWord(strings.ToLower(d), strings.ToLower(w)) }) && !strings.Contains(strings.ToLower(course), strings.ToLower(w)) {
			thing = w
			break
		}
	}
	if thing == "" || course == "" {
		return out
	}
	out = slices.DeleteFunc(out, func(p Proposal) bool {
		return p.Op == OpState && p.Quote != "" && p.Kind != KindObjective && p.Kind != KindValue && p.Kind != KindFailure && strings.Contains(t, p.Quote)
	})
	return append(out, Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(course), Value: course, Quote: course, Correction: true, Replaces: thing, Links: mentions(course)})
}
