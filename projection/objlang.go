package projection

import "strings"

// Changes of objective as Italian, Russian and Dutch users say them, read
// on the gloss (lexicon_it.go, lexicon_ru.go, lexicon_nl.go) by the shapes
// of objshift.go and objnow.go, and two shapes of their own:
//
//   - a request that arrived, after the plan changed: "планы меняются.
//     пришёл тикет от мобилки: им срочно нужно поле last_seen_at" (a
//     ticket came in from mobile: they need the field) names the new task
//     after its colon;
//   - work asked first with the rest put off: "eerst de webkit test
//     fixen, de rest later" (first fix the webkit test, the rest later).
//
// A permission scoped to a place ("in e2e/ mag `any`", "в тестах можно
// reflect", "nei test si può usare any") after rules were stated is an
// exception to a rule, never the goal.

// arrivedRE is a request that arrived, its task after the colon (group
// t): "a ticket came in from mobile: …", "пришёл тикет от мобилки: …",
// "è arrivata una richiesta dal cliente: …", "er is een melding
// binnengekomen: …".
var arrivedRE = mustPattern(`(?i)^\W*(?:(?:so|and|ok(?:ay)?|listen|look)[,]?\s+)*(?:(?:(?:a|an|the)\s+)?(?:new\s+)?(?:ticket|request|bug report|issue|escalation)\s+(?:just\s+)?(?:came in|arrived|landed)|(?:пришёл|пришел|пришла|прилетел|прилетела|прилетело|упал|упала)\s+(?:новый\s+|новая\s+|срочный\s+|срочная\s+)?(?:тикет|запрос|задача|баг|issue|ticket)|(?:è|e')\s+arrivat[oa]\s+(?:un|una|un')\s*(?:nuov[oa]\s+)?(?:ticket|richiesta|segnalazione|issue|bug)|(?:er\s+is\s+)?(?:een\s+)?(?:nieuw[e]?\s+)?(?:ticket|verzoek|melding|issue)\s+(?:is\s+)?binnengekomen)(?:\s[^:：]{0,60})?[:：]\s*(?P<t>\S.*)$`)

// arrivedTask is the task a request that arrived names, "" when s is
// none; a question or a prohibition is no task.
func arrivedTask(s string) string {
	m := arrivedRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return ""
	}
	t := strings.TrimSpace(m[arrivedRE.SubexpIndex("t")])
	if len([]rune(t)) < 6 || questionRE.MatchString(t) || dueNegRE.MatchString(t) || len(terms(t)) < 2 {
		return ""
	}
	return t
}

// firstLeadRE opens work asked first: "first, fix …", "сначала …",
// "prima di tutto …", "primero …", "zuerst …" (Dutch "eerst" is glossed
// "first").
var firstLeadRE = mustPattern(`(?i)^\W*(?:(?:so|ok(?:ay)?|then|and)[,]?\s+)*(?:first(?:\s+of\s+all)?|сначала|сперва|prima di tutto|per prima cosa|primero|zuerst|erst ?mal)[,:]?\s+(?P<t>\S.*)$`)

// firstTask is the work s asks first when s puts the rest off in a later
// clause ("first fix the webkit test, the rest later"), "" when not.
func firstTask(s string) string {
	cl := clauseSpans(s)
	if len(cl) < 2 {
		return ""
	}
	m := firstLeadRE.FindStringSubmatch(strings.TrimSpace(cl[0]))
	if m == nil {
		return ""
	}
	for j := 1; j < len(cl); j++ {
		if parkRE.MatchString(cl[j]) {
			t := strings.TrimSpace(strings.TrimRight(strings.Join(append([]string{m[firstLeadRE.SubexpIndex("t")]}, cl[1:j]...), ""), " ,;，；—–-"))
			if okTask(t) && !labelNegRE.MatchString(t) {
				return t
			}
			return ""
		}
	}
	return ""
}

// goalThatRE is the conjunction a goal said with its copula may open with
// in a gloss: "the priority now is che the CI is red" (Italian "che"),
// "что", "dat", "que", "dass".
var goalThatRE = mustPattern(`(?i)^(?:that|che|что|dat|que|dass)\s+`)

// scopedPermitRE permits a thing in a place: "in e2e/ may `any`", "in
// tests any is fine", "в тестах можно reflect", "nei test si può usare
// any", "en los tests se puede", "in Tests darf any".
var scopedPermitRE = mustPattern(`(?i)^\W*(?:(?:but|and|ok(?:ay)?|so|also|но|а|ma|maar|pero|aber)[,]?\s+)*(?:in|inside|within|under|для|в|во|nei|negli|nel|nella|nelle|nello|en|im)\s+[^.;!?]{1,60}?(?:\s|^)(?:(?:you|we)\s+)?(?:may|can(?:\s+(?:use|have|keep))?|(?:is|are)\s+(?:fine|ok|okay|allowed|permitted)|allowed|можно|разрешено|разрешаем|допустимо|si può|si possono|è permesso|è ok|va bene|mag|mogen|puedes|se puede|se permite|darf|dürfen|ist erlaubt)(?:\s|$|[,.:])`)

// scopedPermission reports whether the first sentence of q permits a
// thing in a place.
func scopedPermission(q string) bool {
	ss := sentences(q)
	if len(ss) == 0 {
		return false
	}
	s := strings.TrimSpace(ss[0])
	return scopedPermitRE.MatchString(s) && !canSeeRE.MatchString(s)
}

// canSeeRE tells where a thing is, no permission: "in the repo you can
// find the scripts".
var canSeeRE = mustPattern(`(?i)\b(?:can|may)\s+(?:find|see|look|read|check)\b`)

// changeLabelled reports whether s labels t only as a change of plans
// ("change of plans: …", "计划有变：…"), which may say why the plan changed
// rather than the new task.
func changeLabelled(s, t string) bool {
	head := strings.ToLower(strings.TrimSuffix(s, t))
	return strings.Contains(head, "change of plan") || strings.Contains(head, "计划有变")
}
