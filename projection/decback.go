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

// takenBackThingRE names, after a take-back, the thing said no to: "nee
// toch geen IOptionsSnapshot", "doch kein Redis", "finalement pas de
// Redis", "pas d'Elasticsearch", "actually no selectinload", "anzi no,
// niente sync.Map".
var takenBackThingRE = mustPattern(`(?i)(?:^|[\s,;:])(?:no|not|geen|niet|kein\p{L}*|nicht|pas(?:\s+de)?|non|niente|nessun\p{L}*|nada\s+de|não|нет|не)\s+(?:(?:de|het|die|der|das|den|le|la|les|il|lo|el|the)\s+)?(?:[dl]['’])?` + "`?" + `(?P<x>[\p{L}\p{N}_.\-/<>]+)`)

// decisionTakenBack adds to out, for a user message, the course that
// replaces a decision taken back (see above). A take-back that says no to
// a thing by name ("nee toch geen IOptionsSnapshot, gebruik
// IFeatureManager") is a decision even when no decision holds the thing
// (the agent only said it would use it): its course holds now, with what
// it said no to as what it was.
func decisionTakenBack(text string, ctx *Context, out []Proposal) []Proposal {
	t := strings.TrimSpace(text)
	if !decTakeBackRE.MatchString(t) || questionRE.MatchString(t) {
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
	lc := strings.ToLower(course)
	held := func(w string) bool {
		return slices.ContainsFunc(ctx.Decisions, func(d string) bool { return holdsWord(strings.ToLower(d), strings.ToLower(w)) }) && !strings.Contains(lc, strings.ToLower(w))
	}
	said := ""
	if m := takenBackThingRE.FindStringSubmatch(before); m != nil {
		said = strings.Trim(m[takenBackThingRE.SubexpIndex("x")], "`.-/<>")
		if len([]rune(said)) < 3 || stopwords[strings.ToLower(said)] || strings.Contains(lc, strings.ToLower(said)) {
			said = ""
		}
	}
	thing := ""
	for _, w := range append(distinctive(before), said) {
		if w != "" && held(w) {
			thing = w
			break
		}
	}
	if thing == "" && said == "" || course == "" {
		return out
	}
	out = slices.DeleteFunc(out, func(p Proposal) bool {
		return p.Op == OpState && p.Quote != "" && p.Kind != KindObjective && p.Kind != KindValue && p.Kind != KindFailure && strings.Contains(t, p.Quote)
	})
	p := Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(course), Value: course, Quote: course, Correction: true, Replaces: thing, Links: mentions(course)}
	if thing == "" {
		// replaces the decision naming it if one does by its stems
		// (reduceapply.go), else none
		p.Name, p.Replaces, p.Was = switchedName, said, said
	}
	return append(out, p)
}
