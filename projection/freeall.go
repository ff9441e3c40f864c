package projection

import "strings"

// A limit freed by granting as much as the agent wants.
//
// "Max 4 containers in parallel, we share the server with the thesis
// students." … "The thesis students already submitted, use all the cores
// you want.": a grant of as many or as much as the agent likes ("as many
// as you like", "all the cores you want", "go wild", "no cap any more",
// "usa todos los núcleos que quieras", "quantos quiser", "随便用") lifts
// the active rule that bounds a number (a limit: max, at most, up to, no
// more than, máximo, höchstens, 最多) and shares the most words with the
// message (the thing bounded, or the reason it was bounded: "thesis").
// With no word in common no limit is lifted.

var (
	freeAllRE   = mustPattern(`(?i)\bas (?:many|much) (?:\w+ ){0,2}as you (?:want|like|need|wish)\b|\ball the \w+(?: \w+)? you (?:want|like|need)\b|\bgo wild\b|\bno (?:cap|limit|ceiling)s? (?:any ?more|any longer|now)\b|\bunlimited\b|\b(?:the )?(?:cap|limit|ceiling) is (?:gone|off|lifted)\b|(?:^|[^\p{L}])(?:todos los|todas las|tantos|tantas) (?:\p{L}+ )?(?:que quieras|que necesites)|(?:^|[^\p{L}])(?:quantos|quantas|todos os|todas as) (?:\p{L}+ )?(?:quiser|precisar)|(?:^|[^\p{L}])(?:so viele|so viel) (?:\p{L}+ )?(?:du willst|wie du willst|du brauchst)|(?:^|[^\p{L}])autant (?:de \p{L}+ )?que tu (?:veux|voudras)|(?:^|[^\p{L}])quant[ie] (?:ne )?vuoi|随便用|想用多少用多少|不限|不用限制|不限制了`)
	limitRuleRE = mustPattern(`(?i)\b(?:max(?:imum)?|at most|up to|no more than|limit(?:ed)? to|cap(?:ped)? at|keep it to|m[aá]ximo|h[öo]chstens|massimo|no m[aá]ximo|au maximum|até)\b|最多|不超过|上限|至多`)
)

// freedLimit lifts the limit a user's grant of as much as the agent
// wants frees (see above).
func (r *Reducer) freedLimit(ev *Event, ref EventRef) {
	if ev.Role != RoleUser || !freeAllRE.MatchString(ev.Text) {
		return
	}
	var said string
	for _, s := range sentences(ev.Text) {
		if freeAllRE.MatchString(s) && !questionRE.MatchString(s) && !negRE.MatchString(firstWords(s, 2)) {
			said = strings.TrimSpace(s)
			break
		}
	}
	if said == "" {
		return
	}
	msg := wordsAndPairs(ev.Text)
	var best *Anchor
	most := 0
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || a.Seq() >= ref.Seq || !limitRuleRE.MatchString(a.Value) || !strings.ContainsAny(a.Value, "0123456789") {
			continue
		}
		n := 0
		for w := range wordsAndPairs(a.Value) {
			if msg[w] && !stopwords[w] && len([]rune(w)) > 1 && !limitRuleRE.MatchString(w) {
				n++
			}
		}
		if n > most || n == most && n > 0 && newer(a, best) {
			best, most = a, n
		}
	}
	if best == nil {
		return
	}
	best.Lifecycle = Lifted
	best.Because = said
	best.addRef(ref)
}
