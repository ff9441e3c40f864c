package projection

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A yes-or-no proposal waved away.
//
// "1 von 5 fehlgeschlagen – der Test ist flaky. Soll ich den Timeout auf
// 30 s hochsetzen?" — "ist bekannt, der ist flaky seit Wochen. lass
// liegen, nicht dran rumschrauben.": the agent asks one yes-or-no
// question and the user's reply ends by leaving the thing alone ("leave
// it", "lass liegen", "не трогай его", "deixa quieto", "laisse tomber",
// "냅둬", "别管它"). The reply answers the question no: a decision, the
// reply as said, shown with the question it settles. It passes nothing
// over (passedover.go), and "don't touch it" is no rule of its own: what
// it keeps the agent from is the question's thing, which the answer
// shows (pronounrule.go says the same of "no lo toques").
//
// Read only when the agent's message asked that one question, the
// reply asks nothing back, has at most three sentences, and its last
// clause is the dismissal: a reply that goes on to another task ("that
// test is flaky, leave it. Now plan prod.") left the question unanswered,
// and one that names a thing of its own ("that connectivity test is
// flaky, leave it", "ese test es flaky, déjalo") waves away that thing,
// not the question.

// leaveAloneRE is a whole clause that leaves a thing alone, in the
// languages the lexicons read.
var leaveAloneRE = mustPattern(`(?i)^\W*(?:(?:so|and|just|then|also|und|dann|einfach|и|просто|тогда|e|então|et|alors|y|pues|en|och|bara)[,]?\s+)*` +
	`(?:leave\s+(?:it|that|this|them)(?:\s+(?:alone|be|as\s+is))?|let\s+it\s+be|don't\s+(?:touch|bother\s+with|change|fiddle\s+with|mess\s+with)\s+(?:it|that|this|them)|do\s+not\s+(?:touch|change)\s+(?:it|that|this)|never\s*mind(?:\s+(?:it|that))?|forget\s+(?:about\s+)?(?:it|that)|drop\s+it|skip\s+it|ignore\s+it|don't\s+bother` +
	// German
	`|lass(?:\s+(?:es|das|ihn|sie|den|die))?(?:\s+(?:liegen|sein|so|in\s+ruhe|stehen|wie\s+(?:es|er|sie)\s+ist))|lass\s+(?:es|das|ihn|gut\s+sein)|(?:bitte\s+)?nicht\s+(?:(?:mehr\s+)?(?:dran|daran|drauf)\s+)?(?:rum\pL*|anfassen|ändern|drehen|basteln)|fass\s+(?:es|das|ihn|sie|den)\s+nicht\s+an|vergiss\s+(?:es|das)` +
	// Russian, Ukrainian
	`|не\s+трогай(?:те)?(?:\s+(?:его|её|ее|это|их))?|(?:его|её|ее|это|их)\s+не\s+трогай(?:те)?|оставь(?:те)?(?:\s+(?:его|её|ее|это|их))?(?:\s+(?:как\s+есть|в\s+покое))?|забей(?:\s+на\s+(?:это|него|неё))?|не\s+чіпай(?:те)?(?:\s+(?:його|її|це|їх))?|залиш(?:те)?(?:\s+(?:його|її|це|як\s+є))?|забий` +
	// Portuguese, Spanish
	`|deixa(?:\s+(?:isso|ele|ela|assim|quieto|pra\s+lá|para\s+lá|como\s+está))*|deixe(?:\s+(?:isso|assim|quieto|pra\s+lá|como\s+está))*|não\s+mex(?:e|a)(?:\s+(?:nisso|nele|nela|aí))?|esquece(?:\s+isso)?|déjalo(?:\s+(?:así|estar|como\s+está))?|dejalo|no\s+lo\s+toques|no\s+toques\s+eso|olvídalo|olvidalo` +
	// French, Italian, Dutch, Swedish
	`|laisse(?:z)?\s+(?:tomber|comme\s+ça|courir|ça)|n'y\s+touche(?:z)?\s+pas|ne\s+(?:le|la|les)\s+touche(?:z)?\s+pas|oublie(?:z)?(?:\s+ça)?|lascia(?:lo|la)?(?:\s+(?:stare|perdere|così))?|non\s+(?:toccarlo|toccarla|toccare)|laat\s+(?:maar|het|zitten|staan)(?:\s+(?:zitten|staan|zo))?|niet\s+aankomen|låt\s+(?:det|den|bli)(?:\s+(?:vara|bli))?|rör\s+(?:det|den)?\s*inte|strunta\s+i\s+det)` +
	`(?:\s+(?:please|bitte|пожалуйста|por\s+favor|s'il\s+te\s+plaît|per\s+favore|alsjeblieft|tack))?\W*$` +
	// Korean, Chinese, Japanese, Hindi
	`|^\W*(?:그냥\s*)?(?:냅둬|냅두세요|놔둬|놔두세요|둬|두세요|건드리지\s*마(?:세요)?)\W*$|^\W*(?:别管(?:它|了)?|不用管(?:它|了)?|别动(?:它)?|算了)\W*$|^\W*(?:そのまま(?:で|にして)?(?:いい|OK)?|触らないで(?:ください)?|放っておいて|ほっといて)\W*$|^\W*(?:रहने\s+दो|छोड़\s+दो|छोड़ो)\W*$`)

// nounLeadRE names a thing of the reply's own by a demonstrative and a
// noun: "that connectivity test", "ese test", "dieser Test", "этот
// тест", "그 테스트" (German nouns are capitalised: "der ist flaky"
// points back).
var nounLeadRE = mustPattern(`(?i:\b(?:that|this|those|these)\s+)(?-i:[\p{Ll}\p{Lu}][\p{L}-]*)(?:\s|$)|(?i:(?:^|[^\pL])(?:ese|esa|este|esta|esse|essa|este|esta|ce|cet|cette|quel|quella|quello|questo|questa)\s+\pL{3,})|(?-i:(?:^|[^\pL])(?:[Dd]er|[Dd]ie|[Dd]as|[Dd]ies(?:er|e|es)|[Dd]en)\s+\p{Lu}\pL+)|(?i:(?:^|[^\pL])(?:этот|эта|эти|тот|та|той|этого|цей|ця|той)\s+\pL{3,})|(?:^|\s)그\s+\pL+`)

// nounLeadSkip are words after "that"/"this" that do not name a thing:
// "that is", "this one", "that's".
var nounLeadSkip = map[string]bool{"is": true, "was": true, "one": true, "s": true, "has": true, "will": true, "would": true, "should": true, "can": true, "could": true, "might": true, "must": true, "does": true, "did": true}

// askedTail is the last question of question sentence q, after a dash or
// a colon that leads it ("Dependabot hat einen PR für Spring Boot 3.3.6 –
// soll ich die mitnehmen?" asks "soll ich die mitnehmen?"), or after the
// sentence a bare question was widened by (bareAskWidened).
func askedTail(q string) string {
	q = strings.TrimSpace(q)
	if ss := sentences(q); len(ss) > 1 {
		q = strings.TrimSpace(ss[len(ss)-1])
	}
	cut := -1
	for _, sep := range []string{" – ", " — ", " - ", ": ", "; ", "… "} {
		if i := strings.LastIndex(q, sep); i > cut {
			cut = i + len(sep)
		}
	}
	if cut > 0 && utf8.RuneCountInString(q[cut:]) >= 3 {
		return strings.TrimSpace(q[cut:])
	}
	return q
}

// ruInfAskRE is a Russian or Ukrainian question that offers a deed by its
// infinitive alone: "Починить?", "Добавить тест?", "Відкотити міграцію?".
var ruInfAskRE = mustPattern(`(?i)^\W*(?:(?:а|и|или|і|чи)\s+)?\p{Cyrillic}+(?:ть|ти|чь)(?:ся)?(?:\s+[^?]{0,60})?\s*\?\s*$`)

// askedPolar reports whether question q (of ctx.Asked) asks yes or no,
// read by its last question (lastAsked, askedTail).
func askedPolar(q string) bool {
	for _, s := range []string{lastAsked(q), askedTail(q)} {
		if polarAsk(s) || yesNoAsk(s) || ruInfAskRE.MatchString(s) || turnYesNoRE.MatchString(s) && !koWhRE.MatchString(s) {
			return true
		}
	}
	return false
}

// bareAskWidened is question sentence s, the i-th of ss, widened by the
// sentence before it when s names nothing ("… гонка между сигналом и
// последним flush. Починить?"): what it asks of is said there.
func bareAskWidened(ss []string, i int, s string) string {
	if i == 0 || len(strings.Fields(s)) > 1 || strings.ContainsFunc(s, func(r rune) bool {
		return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
	}) {
		// a word of Han or Hangul is a whole question ("缓存失效要不要做主动通知？")
		return s
	}
	p := strings.TrimSpace(ss[i-1])
	if p == "" || questionRE.MatchString(p) || utf8.RuneCountInString(p) > 300 || strings.Contains(p, "\n") {
		return s
	}
	for _, sep := range []string{", ", ": ", " — ", " – ", "; "} {
		// its first clause names the thing ("`graceful_shutdown_drains`
		// падает 1 раз из 6 (…), без связи с …")
		if j := strings.Index(p, sep); j > 0 && utf8.RuneCountInString(p[:j]) >= 20 {
			p = strings.TrimSpace(p[:j]) + " …"
		}
	}
	return p + " " + s
}

// deedAskRE is a yes-or-no question that proposes a deed: "Should I
// raise …?", "Soll ich … hochsetzen?", "Do you want me to …?" (a question
// of fact, "Do you plan to add a cache?", is not waved away).
var deedAskRE = mustPattern(`(?i)^\W*(?:(?:and|also|so|ok|und|noch|dann|и|а|e|et|y)[,]?\s+)*(?:(?:should|shall|can|may|could)\s+(?:i|we)|(?:soll|sollen|sollte|sollten|kann|können|darf|dürfen)\s+(?:ich|wir)|(?:do|would)\s+you\s+(?:want|like)\s+(?:me|us)|est-ce\s+que\s+(?:je|j'|on|nous)|(?:je|on)\s+\pL+\s*\?|quer\s+que\s+eu|queres\s+que\s+eu|devo|posso|vuoi\s+che|devo|posso|¿?quieres\s+que|zal\s+ik|moet\s+ik|ska\s+(?:jag|vi)|мне\s+\pL+|(?:чи\s+)?мені\s+\pL+)(?:[^\pL]|$)|要不要|要我|需要我|(?:까요|할래요)\s*[?？]\s*$|ましょうか`)

// deedAsk reports whether question q (of ctx.Asked) proposes a deed and
// asks yes or no, read by its last question.
func deedAsk(q string) bool {
	for _, s := range []string{lastAsked(q), askedTail(q)} {
		if deedAskRE.MatchString(s) || offerAskRE.MatchString(s) || ruInfAskRE.MatchString(s) || turnYesNoRE.MatchString(s) && !koWhRE.MatchString(s) {
			return true
		}
	}
	return false
}

// dismissedAsked adds to out, for a user reply that waves away the one
// yes-or-no question of the agent's message before, that question
// answered no (see above).
func dismissedAsked(text string, ctx *Context, out []Proposal) []Proposal {
	qs := agentQuestions(ctx)
	if len(qs) != 1 || !askedPolar(qs[0]) || !deedAsk(qs[0]) {
		return out
	}
	q := qs[0]
	t := strings.TrimSpace(outsideFences(text))
	ss := sentences(t)
	if len(ss) == 0 || len(ss) > 3 || strings.ContainsAny(t, "?？") || t != strings.TrimSpace(text) {
		return out
	}
	last := strings.TrimSpace(ss[len(ss)-1])
	cs := clauseSpans(last)
	if len(cs) == 0 || !leaveAloneRE.MatchString(strings.TrimSpace(cs[len(cs)-1])) {
		return out
	}
	for _, m := range nounLeadRE.FindAllString(t, -1) {
		f := strings.Fields(m)
		w := strings.ToLower(strings.Trim(f[len(f)-1], ",.;:!"))
		if nounLeadSkip[w] || strings.Contains(strings.ToLower(q), w) {
			continue
		}
		// "that connectivity test is flaky, leave it": a thing of its own
		return out
	}
	for _, m := range mentions(t) {
		if !strings.Contains(q, m) {
			return out
		}
	}
	k := answerPrefix + slug(q)
	if hasKey(out, k) || slices.ContainsFunc(out, func(p Proposal) bool { return p.Was == q && p.Kind == KindDecision }) {
		return out
	}
	quoted := map[string]bool{}
	for _, s := range ss {
		quoted[strings.TrimSpace(s)] = true
	}
	// "nicht dran rumschrauben", "не трогай его": no rule of its own, the
	// answer holds it; nor is the question passed over or left open
	out = slices.DeleteFunc(out, func(p Proposal) bool {
		return p.Op == OpState && (p.Kind == KindConstraint && (quoted[p.Quote] || strings.Contains(last, p.Quote)) ||
			p.Kind == KindUncertainty && p.Key == "question/-/"+slug(q))
	})
	v := oneLine(t, valueRunes)
	return append(out, Proposal{Op: OpState, Kind: KindDecision, Key: k, Value: v + " (declined)", Quote: t, Was: q, Links: distinctive(q)})
}

// A request the agent's offer hangs on, turned down.
//
// "Могу посмотреть, если дашь доступ к логам." — "доступа нет, ладно,
// Коля сам посмотрит на стейдже.": the agent offers to do a thing if the
// user gives it something (access, a token, the logs); the reply that
// says there is none of it ("no access", "доступа нет", "kein Zugriff",
// "sem acesso") answers the request: a decision, shown with the offer
// it settles. The reply's first clause must hold a word of the
// condition and a no; "есть доступ?" or a reply of other things answers
// nothing.

// condOfferRE is an offer on a condition the user meets: "I can look if
// you give me access to the logs", "Могу посмотреть, если дашь доступ".
var condOfferRE = mustPattern(`(?i)^\W*(?:i\s+(?:can|could)|могу|можу|ich\s+kann|ich\s+könnte|posso|poderia|puedo|podría|je\s+(?:peux|pourrais)|kan\s+ik|jag\s+kan)\s+[^.?!]{1,80}?[,]?\s+(?:if|если|якщо|wenn|falls|se|si|als|om)\s+(?:you|ты|вы|ти|ви|du|ihr|sie|você|vc|tu|vous|jij|u|usted|du)?\s*(?P<c>[^?]{3,120}?)\s*[.!]?\s*$`)

// condOffer is the last sentence of assistant text, among its last two,
// that offers a thing on a condition (condOfferRE), or "".
func condOffer(text string) string {
	ss := sentences(outsideFences(text))
	for i := len(ss) - 1; i >= 0 && i >= len(ss)-2; i-- {
		if s := strings.TrimSpace(ss[i]); condOfferRE.MatchString(s) {
			return s
		}
	}
	return ""
}

// noneWords say there is none of a thing: "нет", "no", "kein", "sem".
var noneWords = map[string]bool{"нет": true, "немає": true, "нема": true, "no": true, "none": true, "kein": true, "keinen": true, "keine": true, "sem": true, "não": true, "pas": true, "geen": true, "ingen": true, "inget": true, "nessun": true, "nessuno": true, "sin": true, "ninguno": true, "ningún": true}

// deniedCondition adds to out, for a user reply saying there is none of
// what the agent's offer hangs on (see above), the answer.
func deniedCondition(text string, ctx *Context, out []Proposal) []Proposal {
	o := ctx.Offer
	m := condOfferRE.FindStringSubmatch(o)
	if m == nil {
		return out
	}
	ss := sentences(strings.TrimSpace(text))
	if len(ss) == 0 || strings.ContainsAny(text, "?？") {
		return out
	}
	first := strings.TrimSpace(ss[0])
	cs := clauseSpans(first)
	if len(cs) == 0 {
		return out
	}
	clause := cs[0]
	words, _ := replyWords(clause)
	if len(words) > 5 || !slices.ContainsFunc(words, func(w string) bool { return noneWords[w] || refuseWords[w] }) {
		return out
	}
	shared := false
	cond, _ := replyWords(m[condOfferRE.SubexpIndex("c")])
	for _, w := range words {
		if utf8.RuneCountInString(w) >= 4 && slices.ContainsFunc(cond, func(x string) bool { return w == x || sameStem(w, x) }) {
			shared = true
		}
	}
	k := answerPrefix + slug(o)
	if !shared || hasKey(out, k) || slices.ContainsFunc(out, func(p Proposal) bool { return p.Was == o }) {
		return out
	}
	return append(out, Proposal{Op: OpState, Kind: KindDecision, Key: k, Value: first, Quote: first, Was: o, Links: distinctive(o)})
}
