package projection

import (
	"slices"
	"strings"
)

// A rule called off by its name.
//
// "Die Regel mit den Dependencies ist übrigens aufgehoben", "小文字ルールは
// もういいです", "la regla de las dependencias ya no aplica", "the
// lowercase rule is gone", "小写的规则不用了": the user names a rule by
// the word for rule and what it is about, and says it no longer holds.
// The gloss carries the lift word but not the name, which stands apart
// from it ("the rule with the Dependencies is lifted"), so the sentence
// is read here on the user's own words, in each language. The rule
// lifted is the one active rule stated before the message that holds
// every word of the name (ruleNamedBy); when none does, or more than one,
// nothing is lifted. A question about the rule ("gilt die Regel mit den
// Dependencies noch?"), the rule restated or one said to stay lifts
// nothing.

// namedLiftREs are a rule named and called off, its name in group x.
var namedLiftREs = []*pattern{
	// English: "the lowercase rule is gone", "the rule about deps has
	// been lifted", "drop the lowercase rule"
	mustPattern(`(?i)\b(?:the|that|this|my|our|your)\s+(?:rule|restriction|requirement|ban|policy)\s+(?:about|on|for|with|regarding|of)\s+(?:the\s+)?(?P<x>[^,.;!?]{2,40}?)\s+(?:is|has been|'s)\s+(?:now\s+|officially\s+|also\s+)?(?:lifted|gone|over|off|dropped|cancel+ed|void|removed|scrapped|moot|obsolete|no longer (?:needed|in force|valid|a thing|applies))\b`),
	mustPattern(`(?i)\b(?:the|that|this|my|our)\s+(?P<x>[^,.;!?]{2,40}?)[\s-]+(?:rule|restriction|requirement|ban|policy)\s+(?:is|has been|'s)\s+(?:now\s+|officially\s+|also\s+)?(?:lifted|gone|over|off|dropped|cancel+ed|void|removed|scrapped|moot|obsolete|no longer (?:needed|in force|valid|a thing|applies))\b`),
	mustPattern(`(?i)^\W*(?:(?:ok|okay|so|and|also|actually)[,]?\s+)*(?:drop|lift|forget|scrap|cancel|ditch|remove)\s+(?:the|that|my)\s+(?P<x>[^,.;!?]{2,40}?)[\s-]+(?:rule|restriction|requirement|ban|policy)\b`),
	// German: "Die Regel mit den Dependencies ist übrigens aufgehoben",
	// "die Dependency-Regel gilt nicht mehr", "vergiss die Regel zu den
	// Dependencies"
	mustPattern(`(?i)(?:^|[^\p{L}])(?:die|diese|deine|meine|unsere)\s+regel\s+(?:mit|zu|zur|zum|über|für|bei|wegen|von)\s+(?:den|dem|der|die|das|denen)?\s*(?P<x>[^,.;!?]{2,40}?)\s+(?:ist|wird|gilt|kannst du)\s+(?:\p{L}+\s+){0,2}?(?:aufgehoben|weg|vorbei|hinfällig|gestrichen|abgeschafft|nicht mehr|vergessen|ignorieren)(?:[^\p{L}]|$)`),
	mustPattern(`(?i)(?:^|[^\p{L}])(?:die|diese|deine|meine|unsere)\s+(?P<x>[\p{L}\d][\p{L}\d\-]{1,30}?)-?regel\s+(?:ist|wird|gilt|kannst du)\s+(?:\p{L}+\s+){0,2}?(?:aufgehoben|weg|vorbei|hinfällig|gestrichen|abgeschafft|nicht mehr|vergessen|ignorieren)(?:[^\p{L}]|$)`),
	mustPattern(`(?i)(?:^|[^\p{L}])(?:vergiss|streich|kipp)\s+die\s+regel\s+(?:mit|zu|zur|zum|über|für|bei|wegen|von)\s+(?:den|dem|der|die|das)?\s*(?P<x>[^,;!?]{2,40}?)\s*(?:[,;!]|\.\s|\.$|$)`),
	// Dutch: "de Newtonsoft-regel mag vervallen", "de regel over de
	// migraties geldt niet meer", "die push-regel vervalt"
	mustPattern(`(?i)(?:^|[^\p{L}])(?:de|die|deze|mijn|onze|jouw)\s+(?P<x>[\p{L}\d][\p{L}\d.\-/]{1,30}?)-?regel\s+(?:(?:mag|mogen|kan|kunnen|is|wordt|geldt|hoeft)\s+(?:\p{L}+\s+){0,2}?)?(?:vervallen|vervalt|weg|opgeheven|geschrapt|niet meer|niet langer|voorbij|van de baan)(?:[^\p{L}]|$)`),
	mustPattern(`(?i)(?:^|[^\p{L}])(?:de|die|deze|mijn|onze|jouw)\s+regel\s+(?:over|voor|met|rond|rondom|van|op)\s+(?:de|het|een)?\s*(?P<x>[^,.;!?]{2,40}?)\s+(?:(?:mag|mogen|kan|kunnen|is|wordt|geldt|hoeft)\s+(?:\p{L}+\s+){0,2}?)?(?:vervallen|vervalt|weg|opgeheven|geschrapt|niet meer|niet langer|voorbij|van de baan)(?:[^\p{L}]|$)`),
	// Swedish: "Newtonsoft-regeln får falla", "regeln om migreringar
	// gäller inte längre"
	mustPattern(`(?i)(?:^|[^\p{L}])(?P<x>[\p{L}\d][\p{L}\d.\-/]{1,30}?)-regeln\s+(?:(?:är|får|kan|gäller)\s+(?:\p{L}+\s+){0,2}?)?(?:struken|struket|borta|hävd|upphävd|falla|bort|inte längre|inte mer|slopad)(?:[^\p{L}]|$)`),
	mustPattern(`(?i)(?:^|[^\p{L}])regeln\s+(?:om|för|kring|med)\s+(?P<x>[^,.;!?]{2,40}?)\s+(?:(?:är|får|kan|gäller)\s+(?:\p{L}+\s+){0,2}?)?(?:struken|struket|borta|hävd|upphävd|falla|bort|inte längre|inte mer|slopad)(?:[^\p{L}]|$)`),
	// Spanish, Portuguese, French, Italian: "la regla de las dependencias
	// ya no aplica", "a regra das dependências caiu", "la règle sur les
	// dépendances est levée", "la regola sulle dipendenze non vale più"
	mustPattern(`(?i)(?:^|[^\p{L}])(?:la|esa|esta|a|essa|esta|cette|questa)\s+(?:regla|regra|règle|regola)\s+(?:de|del|sobre|con|para|da|das|do|dos|sur|des|du|della|delle|dei|sulle|sui|sulla|su|sul|sullo|sugli|per|di)\s+(?:los|las|el|la|les|le|l'|os|as|o|a|i|gli|le)?\s*(?P<x>[^,.;!?]{2,40}?)\s+(?:ya no (?:aplica|vale|cuenta|va)|decae|queda sin efecto|deixa de valer|fica sem efeito|decade|viene meno|non si applica più|è decaduta|tombe|(?:queda|está|fica|está) (?:levantada|anulada|cancelada|derogada|revogada)|se acab[oó]|caiu|já não (?:vale|se aplica)|n'est plus (?:valable|en vigueur)|est (?:levée|annulée|caduque)|non vale più|è (?:revocata|annullata|tolta))(?:[^\p{L}]|$)`),
	mustPattern(`(?i)(?:^|[^\p{L}])(?:olvida|quita|olvídate de|esquece|oublie|dimentica)\s+(?:la|a)\s+(?:regla|regra|règle|regola)\s+(?:de|del|sobre|da|das|do|dos|sur|des|della|delle|dei)\s+(?:los|las|el|la|les|os|as|o|a|i|gli|le)?\s*(?P<x>[^,;!?]{2,40}?)\s*(?:[,;!]|\.\s|\.$|$)`),
	// Japanese: "小文字ルールはもういいです", "SQL の小文字のルールは廃止で"
	mustPattern(`(?P<x>[^、。，,！!？?\s][^、。，,！!？?]{0,20}?)\s*の?\s*(?:ルール|規則|決まり)(?:は|も)?\s*(?:もう)?\s*(?:いいです|いい|なしで|なし|なくていい|いらない|要らない|不要|廃止|撤廃|解除|取り消し|やめ)`),
	// Chinese: "小写的规则不用了", "依赖那条规矩取消了"
	mustPattern(`(?P<x>[^，,。；;！!？?\s][^，,。；;！!？?]{0,20}?)\s*(?:的|那条|这条)?(?:规则|规矩|规定|限制)(?:就|也)?(?:不用了|不要了|算了|取消了?|作废了?|不算了|不管了|废了)`),
	// Korean: "그 prod는 plan만 규칙은 이제 없어" (that prod-plan-only
	// rule no longer exists), "lock 규칙은 해제야"
	mustPattern(`(?:^|[,，.。]\s*|\s)(?:(?:그|이|저)\s+)?(?P<x>[^,，.。!?？\s][^,，.。!?？]{0,30}?)\s*(?:규칙|룰|원칙|제한)(?:은|는|도)?\s*(?:이제|더\s*이상|이젠)?\s*(?:없어요|없어|없습니다|없어졌어요|없어졌어|폐지|해제|끝났어|끝이야|끝)`),
}

// partLiftRE frees a part of a rule only ("… is lifted for one file",
// "nur für swift-collections", "今回だけ"): an exception, read elsewhere.
var partLiftRE = mustPattern(`(?i)\b(?:only|just|except|unless|but not|for (?:one|this|that|the)|solo|sólo|excepto|salvo|menos|nur|außer|ausnahmsweise|bis auf|seulement|sauf|apenas|exceto|tranne|solo)\b|だけ|以外|今回|除了|只|这次`)

// namedLiftOf is the name of the rule sentence s calls off, or "".
func namedLiftOf(s string) string {
	if questionRE.MatchString(s) || strings.ContainsAny(s, "?？") || partLiftRE.MatchString(s) {
		return ""
	}
	for _, re := range namedLiftREs {
		if m := re.FindStringSubmatch(s); m != nil {
			x := strings.TrimSpace(m[re.SubexpIndex("x")])
			if x == "" {
				continue
			}
			return x
		}
	}
	return ""
}

// rulesLiftedByName adds to out a lift of the rule each sentence of
// user text calls off by its name (see above), where no lift of out
// reads the sentence already.
func rulesLiftedByName(text string, out []Proposal) []Proposal {
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		x := namedLiftOf(s)
		if x == "" {
			continue
		}
		taken := false
		for i, p := range out {
			if p.Op == OpLift && p.Kind == KindConstraint && p.Quote != "" && (strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s)) {
				// read already: the rule it names first, else as it was read
				out[i].Named = x
				taken = true
			}
		}
		if !taken {
			// else only the rule it names, or none (Refers)
			out = append(out, Proposal{Op: OpLift, Kind: KindConstraint, Value: s, Quote: s, Links: mentions(s), Refers: true, Named: x})
		}
		// "이제 prod apply 해도 되는 걸로 하자, 그 … 규칙은 이제 없어": the
		// sentence that calls the rule off decides nothing besides (an
		// answer it gives stays).
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Kind == KindDecision && p.Op == OpState && !strings.HasPrefix(p.Key, answerPrefix) && p.Quote != "" &&
				(strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s))
		})
		// "the migrations rule is moot btw, …. touch whatever you need":
		// a lift beside it that names no thing says the same lift again,
		// of the rule named, not of another one
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Op == OpLift && p.Kind == KindConstraint && p.Named == "" && p.Quote != "" && !strings.Contains(s, p.Quote) && !strings.Contains(p.Quote, s) &&
				len(p.Links) == 0 && len(mentions(p.Quote)) == 0 && len(distinctive(p.Quote)) == 0 && liftTopic(p.Quote) == ""
		})
	}
	return out
}

// ruleNameGeneric are words of a rule's name that name no thing.
var ruleNameGeneric = []string{"rule", "regel", "regeln", "regla", "regra", "règle", "regola", "thing", "one", "ルール", "規則", "规则", "规矩"}

// ruleNamedBy is the one active rule stated before seq that holds every
// word of name x (stems; Han words by their pairs), or nil when none or
// several do.
func (r *Reducer) ruleNamedBy(x string, seq int) *Anchor {
	xs := stems(x)
	for _, g := range ruleNameGeneric {
		delete(xs, g)
	}
	if len(xs) == 0 {
		return r.ruleNamedByWord(x, seq) // "the any rule" (inlinelist.go)
	}
	if a := r.ruleOfForm(x, seq); a != nil {
		// "the lowercase rule": the rule of that form, in whatever
		// words it was said (formrule.go)
		return a
	}
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || len(a.SourceRefs) == 0 || a.SourceRefs[0].Seq >= seq {
			continue
		}
		if n, _ := sharedStems(xs, stems(a.Value)); n == len(xs) {
			if found != nil && found.Value != a.Value {
				return nil
			}
			found = a
		}
	}
	return found
}

// mayName reports whether name x may be another wording of an active
// rule stated before seq: the rule shares a word with it, or x names the
// rule's class ("the deps rule" of "no new dependencies", topicOf).
func (r *Reducer) mayName(x string, seq int) bool {
	xs := stems(x)
	for _, g := range ruleNameGeneric {
		delete(xs, g)
	}
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || len(a.SourceRefs) == 0 || a.SourceRefs[0].Seq >= seq {
			continue
		}
		if n, _ := sharedStems(xs, stems(a.Value)); n > 0 || topicOf(x, a.Value) {
			return true
		}
	}
	return false
}

// ruleClauseSepRE joins two rules said in one sentence: "keine neuen SPM
// dependencies, und Signing-Settings … nicht anfassen", "no new deps;
// don't touch the signing config".
var ruleClauseSepRE = mustPattern(`(?i)\s*(?:[,;]\s*(?:and|und|y|et|e|en|och|и|і|i)\s+|;\s*|；\s*)`)

// ruleMarkRE is a word that makes a clause a rule of its own in the
// languages a user writes rules in: a negation or a must ("nicht
// anfassen", "never", "不要"); "…, und use logging instead" is the
// same rule's other half.
var ruleMarkRE = mustPattern(`(?i)\b(?:not|no|never|don't|dont|do not|must|always|nicht|kein\w*|nie|niemals|immer|muss|nunca|jamás|siempre|ne|pas|jamais|toujours|non|mai|sempre|niet|geen|nooit|altijd|inte|aldrig|alltid|не|никогда|ні|ніколи)\b|不要|别|不许|禁止|不准|必须|しないで|しない|禁止|必ず`)

// restOfNamed is what rule a says besides the clause its name x names
// ("keine neuen SPM dependencies" of the sentence above, named "die Regel
// mit den Dependencies"): the other clauses, each naming none of x's
// words and each a rule of its own (ruleMarkRE). "" when a is one rule,
// holds an exception, x names all of it, or a clause is named only in
// part or is no rule of its own.
func restOfNamed(a *Anchor, x string) string {
	if strings.Contains(a.Value, " — except: ") {
		return ""
	}
	parts := ruleClauseSepRE.Split(a.Value, -1)
	if len(parts) < 2 {
		return ""
	}
	xs := stems(x)
	for _, g := range ruleNameGeneric {
		delete(xs, g)
	}
	var rest []string
	named := 0
	for _, p := range parts {
		switch n, _ := sharedStems(xs, stems(p)); {
		case n == len(xs):
			named++
		case n > 0:
			return ""
		case len(stems(p)) >= 2 && ruleMarkRE.MatchString(p):
			rest = append(rest, strings.TrimSpace(p))
		default:
			// a clause that is no rule of its own: the named
			// rule's other half
			return ""
		}
	}
	if named == 0 || len(rest) == 0 {
		return ""
	}
	return strings.Join(rest, "; ")
}
