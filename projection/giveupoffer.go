package projection

import (
	"slices"
	"strings"
	"unicode"
)

// A give-up the agent offers and the user accepts.
//
// "Der Test geht von einem Outbox-Retry aus, den placeOrder nicht hat;
// ich würde das hier nicht weiterverfolgen und den Test ausgeschaltet
// lassen. Einverstanden?" — "ja, lass den Toxiproxy-Test.": the agent
// offers to stop on what failed, in the first person and the
// conditional ("I'd not pursue this further", "ich würde das nicht
// weiterverfolgen", "eu deixaria isso de lado", "я бы не стал дальше
// копать") or as a suggestion ("I suggest we drop it", "sugiro desistir
// disso", "предлагаю бросить"), and the user's next message agrees. The
// failure that message answers (the newest still open since the user
// last spoke, each failure of the same run with it) is then given up:
// no open problem, but a negative-knowledge anchor holding the offer
// and what failed (abandon.go giveUpFailure).
//
// The reply agrees when its first sentence is a word of assent ("ok.",
// "ja", "sim", "да"), maybe with words of the offer, or opens with one
// and goes on to leave the thing ("ja, lass den Toxiproxy-Test", "yes,
// leave it", "sim, deixa"); and nothing in it asks, denies or hedges
// ("ja, aber versuch noch …", "ok, try once more with …", "no, keep
// going"). An offer negated ("I wouldn't drop it") offers nothing, nor
// one asked in a question other than a nod ("why would I drop it?").
// Nothing is given up when the reply gives something up in its own
// words (abandon.go, giveupall.go read those).

// giveUpOfferRE is a sentence in which the agent offers to stop on a
// thing, in the languages the lexicons read.
var giveUpOfferRE = mustPattern(`(?i)` +
	// English: "I'd not pursue this further", "I would drop it", "I
	// suggest we give up on it", "let's park it"
	`\bI(?:'d|\s+would)\s+(?:(?:just|rather|probably)\s+)?(?:not\s+(?:pursue|chase|dig\s+into|keep\s+(?:chasing|digging))|stop\s+(?:here|chasing|pursuing|digging)|drop|park|shelve|give\s+up\s+on|leave\s+(?:it|this|that|the\s+\S+(?:\s+test)?)\s+(?:there|alone|be|as\s+is|disabled|skipped|out))\b` +
	`|\b(?:I\s+(?:suggest|propose|recommend)(?:\s+(?:that\s+)?we)?|let's|we\s+(?:should|could))\s+(?:not\s+pursue|stop\s+(?:here|chasing|pursuing)|drop|park|shelve|give\s+up\s+on|leave\s+(?:it|this|that)\s+(?:there|alone|be|as\s+is|disabled|skipped))\b` +
	// German: "ich würde das hier nicht weiterverfolgen", "ich würde
	// es aufgeben", "ich schlage vor, das sein zu lassen"
	`|\b(?:ich\s+würde|würde\s+ich)\s+(?:\S+\s+){0,4}?(?:nicht\s+weiter(?:verfolgen|machen|graben|suchen)|aufgeben|(?:sein|fallen|ruhen|beiseite)\s+lassen|(?:ausgeschaltet|deaktiviert|abgeschaltet|übersprungen)\s+lassen)` +
	`|\bich\s+schlage\s+vor,?\s+(?:\S+\s+){0,4}?(?:nicht\s+weiterzuverfolgen|aufzugeben|(?:sein|fallen|ruhen)\s+zu\s+lassen)` +
	// Portuguese: "eu não seguiria com isso", "deixaria isso de lado",
	// "sugiro desistir disso"
	`|(?:^|[^\pL])(?:eu\s+)?(?:não\s+(?:seguiria|insistiria|continuaria|iria\s+adiante)|desistiria|largaria|deixaria\s+(?:\S+\s+){0,3}?(?:de\s+lado|pra\s+lá|para\s+lá|quieto|desativad[oa]|pulad[oa]))(?:[^\pL]|$)` +
	`|(?:^|[^\pL])(?:sugiro|proponho|recomendo)\s+(?:desistir|largar|não\s+(?:seguir|insistir)|deixar\s+(?:\S+\s+){0,3}?(?:de\s+lado|pra\s+lá|para\s+lá))(?:[^\pL]|$)` +
	// Spanish: "no seguiría con esto", "lo dejaría estar", "sugiero
	// dejarlo"
	`|(?:^|[^\pL])(?:no\s+(?:seguiría|insistiría|continuaría)|abandonaría|lo\s+dejaría(?:\s+(?:estar|de\s+lado|así))?|dejaría\s+(?:\S+\s+){0,3}?(?:de\s+lado|estar)|(?:sugiero|propongo|recomiendo)\s+(?:dejarlo|abandonar(?:lo)?|no\s+(?:seguir|insistir)|dejar\s+(?:\S+\s+){0,3}?de\s+lado))(?:[^\pL]|$)` +
	// French, Italian, Dutch
	`|(?:^|[^\pL])(?:je\s+(?:laisserais\s+tomber|n'insisterais\s+pas|ne\s+poursuivrais\s+pas|abandonnerais)|je\s+(?:propose|suggère)\s+(?:de\s+)?(?:laisser\s+tomber|ne\s+pas\s+(?:insister|poursuivre)|abandonner)|lascerei\s+perdere|non\s+insisterei|abbandonerei|(?:propongo|suggerisco)\s+di\s+(?:lasciar\s+perdere|non\s+insistere|abbandonare)|ik\s+zou\s+(?:\S+\s+){0,3}?(?:laten\s+(?:zitten|rusten|vallen)|niet\s+verder\s+(?:zoeken|gaan)|opgeven))(?:[^\pL]|$)` +
	// Russian: "я бы не стал дальше копать", "я бы бросил", "предлагаю
	// бросить"
	`|(?:^|[^\pL])(?:я\s+бы\s+(?:\S+\s+){0,3}?(?:не\s+(?:стал|копал|возился|разбирался|продолжал)|бросил|оставил\s+(?:\S+\s+){0,2}?(?:как\s+есть|в\s+покое|выключенн\pL*|отключенн\pL*))|предлагаю\s+(?:бросить|не\s+(?:копать|возиться|продолжать|разбираться)|оставить\s+(?:\S+\s+){0,2}?(?:как\s+есть|в\s+покое)))(?:[^\pL]|$)`)

// giveUpOfferNotRE negates the offer ("I wouldn't drop it", "ich würde
// das nicht aufgeben").
var giveUpOfferNotRE = mustPattern(`(?i)\b(?:I\s+wouldn't|I\s+would\s+not\s+(?:drop|give|park|shelve|leave|stop))\b|\bwürde\s+(?:\S+\s+){0,3}?nicht\s+(?:aufgeben|sein\s+lassen|fallen\s+lassen)`)

// giveUpOffer is the sentence of agent text, among its last two, that
// offers to give a thing up (see above), "" when none does; a question
// that only asks ("should I drop it?") offers nothing, one that ends in
// a nod asked ("…, einverstanden?") does.
func giveUpOffer(text string) string {
	ss := sentences(text)
	for i := len(ss) - 1; i >= 0 && i >= len(ss)-2; i-- {
		s := strings.TrimSpace(ss[i])
		if s == "" || len([]rune(s)) > 400 || !giveUpOfferRE.MatchString(s) || giveUpOfferNotRE.MatchString(s) {
			continue
		}
		if questionRE.MatchString(s) && !nodAskRE.MatchString(s) {
			continue
		}
		return s
	}
	return ""
}

// leaveReplyRE is a reply's words after its assent that leave the thing:
// "lass den Toxiproxy-Test", "leave it", "deixa", "оставь".
var leaveReplyRE = mustPattern(`(?i)^\W*(?:lass|lassen\s+wir|leave|let\s+it\s+go|drop|skip|park|deixa|deixe|larga|déjalo|dejalo|déjala|deja|laisse|lascia|laat|оставь|оставим|бросай|бросим|забей)(?:[^\pL]|$)`)

// retryReplyRE asks in a reply for another try: "lass es nochmal
// laufen", "leave it running and retry", "deixa rodar de novo".
var retryReplyRE = mustPattern(`(?i)(?:^|[^\pL])(?:again|retry|once\s+more|run|laufen|nochmal|noch\s+einmal|versuch\pL*|rodar|de\s+novo|tenta\pL*|otra\s+vez|encore|ancora|opnieuw|ещё\s+раз|снова|запусти\pL*)(?:[^\pL]|$)`)

// agreesToGiveUp reports whether user text agrees to give-up offer
// (see above).
func agreesToGiveUp(text, offer string) bool {
	t := strings.TrimSpace(text)
	if t == "" || strings.ContainsAny(t, "?？") {
		return false
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(t), func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(",.!;:。，！、…-—–()", r)
	}) {
		if notAssentWords[w] {
			return false
		}
	}
	first := strings.TrimSpace(sentences(t)[0])
	if assentOnly(first) || assentsTo(first, offer) {
		return true
	}
	word, rest, _ := strings.Cut(strings.TrimLeftFunc(first, func(r rune) bool { return !unicode.IsLetter(r) }), " ")
	word = strings.ToLower(strings.TrimRightFunc(word, func(r rune) bool { return !unicode.IsLetter(r) }))
	return assentWords[word] && leaveReplyRE.MatchString(rest) && !retryReplyRE.MatchString(first)
}

// offeredGiveUp gives up, at user message ev, the failure the agent's
// message right before it offered to give up, when ev agrees (see
// above).
func (r *Reducer) offeredGiveUp(ev *Event, ref EventRef) {
	if len(r.agentSaid) == 0 {
		return
	}
	said := r.agentSaid[len(r.agentSaid)-1]
	if said.seq <= r.prevUserSeq || said.seq >= ev.Seq {
		return
	}
	offer := giveUpOffer(said.text)
	if offer == "" || !agreesToGiveUp(ev.Text, offer) {
		return
	}
	for _, a := range r.hot {
		if a.Kind == KindNegative && a.Seq() == ev.Seq {
			// the reply gave something up in its own words
			// (abandon.go, giveupall.go)
			return
		}
	}
	var f *Anchor
	for _, a := range r.sorted() {
		if a.Kind != KindFailure || !a.IsHead() || r.hot[slot(a.Kind, a.Key)] != a || a.Seq() >= said.seq || a.Seq() <= r.prevUserSeq {
			continue
		}
		if f == nil || newer(a, f) {
			f = a
		}
	}
	if f == nil {
		return
	}
	r.giveUpFailure(f, offer, ev, ref, 40)
	if nk := r.hot[slot(KindNegative, "negative/-/"+slug(f.Name))]; nk != nil && !slices.ContainsFunc(nk.SourceRefs, func(x EventRef) bool { return x.Seq == said.seq }) {
		// the agent's offer is the anchor's first source, the user's
		// word the second
		nk.SourceRefs = append([]EventRef{{SessionID: ref.SessionID, Seq: said.seq}}, nk.SourceRefs...)
	}
	r.sameRunGivenUp(f, offer, ev, ref)
}
