package projection

import (
	"maps"
	"slices"
	"strings"
	"unicode/utf8"
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
// vuelve a …, or "better" and the thing: "mejor un botón de 'Cargar
// más'") in the same message. A change of plans said as such ("oye,
// cambio de planes en la UI: el scroll infinito no le gustó a producto")
// takes back as "no wait" does, and the thing may be named in plain
// words the decision holds. The course is a decision that
// replaces the one naming the thing; the take-back is no rule. A message
// with no take-back, or naming no decided thing, or with no course, is
// another reading's.

// decTakeBackRE opens a message taking a choice back, in the languages the
// lexicons read.
var decTakeBackRE = mustPattern(`(?i)^\W*(?:(?:no+|nee|nein|non|não|nope|nah|нет|ні)[,!.]?\s+)?(?:wait|aspetta|wacht(?:\s+even)?|warte|attends|espera|espera\s+aí|подожди|почекай)\b|^\W*(?:actually,?\s+no|no,?\s+actually|nee,?\s+toch|toch\s+(?:geen|niet)|doch\s+(?:kein\p{L}*|nicht)|nein,?\s+doch|finalement|en\s+fait\s+non|alla\s+fine\s+no|ripensandoci|anzi\s+no|al\s+final\s+no|pensándolo\s+bien|pensando\s+bem|on\s+second\s+thought|scratch\s+that)\b`)

// changeOfPlans opens a message with a change of plans said as such: "oye,
// cambio de planes en la UI: …", "change of plans:", "mudança de planos",
// "cambio di programma", "changement de plan".
const changeOfPlans = `^\W*(?:(?:hey|oh|ok(?:ay)?|so|oye|bueno|mira|olha|ei|senti|dis|écoute|ecoute)[,!.]?\s+)?(?:change\s+of\s+plans?|cambio\s+de\s+planes?|mudança\s+de\s+planos?|cambio\s+di\s+(?:programma|piano|piani)|changement\s+de\s+plans?|planänderung|planwijziging)(?:[^\p{L}]|$)`

// changeOfPlansRE is changeOfPlans: it takes back as decTakeBackRE does,
// but only a thing a decision holds, never a word said no to that none
// does ("el producto no gustó": no thing).
var changeOfPlansRE = mustPattern(`(?i)` + changeOfPlans)

// courseOpenRE opens the clause naming the course taken instead.
var courseOpenRE = mustPattern(`(?i)^\W*(?:(?:just|then|allora|dan|dann|alors|entonces|então)\s+)?(?:better|rather|instead|mejor|melhor|meglio|piuttosto|plutôt|mieux|besser|lieber|liever|beter|use|go\s+(?:back\s+)?(?:to|with)|switch\s+(?:back\s+)?to|gebruik|ga\s+(?:terug\s+)?naar|neem|usa|utilizza|torna\s+(?:a|al|alla|allo|ai)|torniamo\s+(?:a|al|alla)|passa\s+a|nimm|verwende|zurück\s+zu|utilise|reviens\s+(?:à|au)|revenons\s+(?:à|au)|prends|vuelve\s+a|volvamos\s+a|volta\s+(?:para|pro|pra|ao|à)|используй|верни(?:сь)?\s+(?:к|на)|використовуй)\s+\S`)

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
	taken := decTakeBackRE.MatchString(t)
	if !taken && !changeOfPlansRE.MatchString(t) || questionRE.MatchString(t) {
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
	if thing == "" {
		// "el scroll infinito no le gustó a producto. mejor un botón":
		// the decided thing by its plain words
		for _, w := range slices.Sorted(maps.Keys(terms(before))) {
			if utf8.RuneCountInString(w) >= 4 && !stopwords[w] && held(w) {
				thing = w
				break
			}
		}
	}
	if thing == "" && (said == "" || !taken) || course == "" {
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

// A decision taken back by saying what goes without it.
//
// "jednak bez osobnej kolejki sms. nie chcę drugiego workera" (after all
// without a separate sms queue: no second worker), "after all no separate
// queue for the mails", "doch ohne eigene Queue", "finalement sans
// Redis", "还是不要单独的队列了": the user takes back a choice (the
// agent's "I'll put the SMS on their own `sms` queue" or a decision held)
// by naming the thing to go without. What the user goes with is a
// decision, the thing its was, and it replaces a decision naming the
// thing. Read on the gloss ("bez" → "without"). "jednak nie działa" (it
// does not work after all) names no thing gone without: a "not" before a
// verb is no take-back.

// afterAllLeadRE opens the take-back with its "after all" and the thing
// gone without (group x): "jednak bez …", "after all no …", "doch ohne
// …", "toch zonder …", "finalement sans …", "al final sin …", "alla fine
// senza …", "afinal sem …", "всё-таки без …", "все ж таки без …".
var afterAllLeadRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|hmm+|no|nah|wait|nie|ne|nee)[,.!]?\s+)?(?:after all|actually|on second thought|jednak|doch|toch|finalement|al final|alla fine|afinal|всё-таки|все-таки|всё таки|все таки|все ж таки|все-таки)[,]?\s+(?:(?:let'?s|we(?:'ll)? go|go|better)\s+)?(?:without|with no|no|ohne|kein\p{L}*|zonder|geen|sans|pas de|sin|senza|sem|utan|bez|без)\s+(?P<x>[^,.;:!?]{3,60})`)

// zhAfterAllRE is the Chinese take-back: "还是不要单独的 sms 队列了",
// "算了，还是别加 X 了".
var zhAfterAllRE = mustPattern(`^(?:算了|想了想|再想想)?[，,]?\s*还是(?:不要|别|不用)(?:加|用|搞|建|开)?(?P<x>[^，,。！!]{2,40}?)了?(?:[，,。！!]|$)`)

// goWithRE says what the work goes with instead: "let it go on default",
// "niech idzie na default", "lass sie auf default", "用默认队列", "keep it
// on the default queue".
var goWithRE = mustPattern(`(?i)(?:^|\s)(?:let (?:it|them) (?:go|run|stay)|keep (?:it|them)|put (?:it|them)|just use|use the|niech\s+(?:idzie|idą|leci|lecą|zostanie|zostaną|będzie)|zostaw\s+(?:na|w)|lass\s+(?:es|sie|das)\s+(?:auf|bei|in)|bleib\w*\s+(?:auf|bei)|laisse[sz]?(?:-le|-les)?\s+sur|que\s+(?:vaya|vayan|se quede)|déja(?:lo|los)?\s+en|lascia(?:lo|li)?\s+(?:su|sul|sulla|nella)|deixa\s+(?:no|na|em)|laat\s+(?:het|ze)\s+(?:op|bij|in)|пусть\s+(?:идёт|идет|остаётся|остается)|оставь\s+(?:на|в))\s+\S|用(?:默认|原来|现有|同一个)|走(?:默认|原来)`)

// decisionGoneWithout adds to out the decision of a user message that
// takes a choice back by naming the thing to go without (see above).
func decisionGoneWithout(text string, ctx *Context, out []Proposal) []Proposal {
	t := strings.TrimSpace(text)
	if questionRE.MatchString(t) {
		return out
	}
	ss := sentences(t)
	if len(ss) == 0 {
		return out
	}
	first := strings.TrimSpace(ss[0])
	var thing string
	if m := afterAllLeadRE.FindStringSubmatch(first); m != nil {
		thing = strings.TrimSpace(m[afterAllLeadRE.SubexpIndex("x")])
	} else if m := zhAfterAllRE.FindStringSubmatch(first); m != nil {
		thing = strings.TrimSpace(m[zhAfterAllRE.SubexpIndex("x")])
	}
	if thing == "" || len(terms(thing)) == 0 || isRule(thing) {
		return out
	}
	rest := strings.TrimSpace(strings.TrimPrefix(t, first))
	if m := afterAllLeadRE.FindStringIndex(first); m != nil {
		rest = first[m[1]:] + " " + rest
	}
	if !slices.ContainsFunc(clauseSpans(rest), func(c string) bool {
		return courseOpenRE.MatchString(strings.TrimSpace(c)) || goWithRE.MatchString(c)
	}) && !goWithRE.MatchString(rest) {
		// "nee toch geen IOptionsSnapshot, dat pakket is te zwaar": a
		// thing said no to, no course in its place
		return out
	}
	held := ""
	for _, w := range distinctive(thing) {
		if slices.ContainsFunc(ctx.Decisions, func(d string) bool { return holdsWord(strings.ToLower(d), strings.ToLower(w)) }) {
			held = w
			break
		}
	}
	course := strings.TrimRight(first, " .;!。！")
	out = slices.DeleteFunc(out, func(p Proposal) bool {
		return p.Op == OpState && p.Quote != "" && p.Kind != KindObjective && p.Kind != KindValue && p.Kind != KindFailure && strings.Contains(first, p.Quote)
	})
	p := Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(course), Value: course, Quote: course, Correction: true, Replaces: held, Links: mentions(course)}
	if held == "" {
		p.Name, p.Replaces, p.Was = switchedName, thing, thing
	}
	return append(out, p)
}
