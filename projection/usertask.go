package projection

import "strings"

// A task the user takes on themselves.
//
// "Das Ticket dafür leg ich selbst im Jira an", "o PR eu mesmo abro e
// peço review pro Caio", "релизную ноту к 0.9 я напишу сам", "I'll file
// the Jira ticket myself": the user says they will do a piece of work,
// marked as their own by "myself" (selbst, eu mesmo, сам, moi-même, yo
// mismo, io stesso, zelf, själv, 我自己, 自分で, 직접; in Hinglish "khud", or
// "main" with the first-person future: "main console mein add kar
// dungi", after the agent's "console mein add karna padega"). It is still owed,
// by the user: an open obligation whose value is the user's sentence,
// which names the owner, and whose Because keeps that sentence as the
// word of who holds it (as handedoff.go keeps a team's). An open task of
// the agent's it names is released by the same sentence (handoff.go).
// Read only when it names the work (two words besides the cue): "I'll
// do it myself" of the agent's offer is the release alone. Work said
// done ("hab ich selbst angelegt", "I did it myself", "я сам написал",
// "já abri eu mesmo"), a question, "selbst wenn" (even if), and a
// negation or a word of knowing ("das weiß ich selbst nicht": I don't
// know either) take nothing on; a bare "I'll call tomorrow" is no task of the session's
// (lifecycle.go).
var (
	// userTakesRE is the speaker taking a task on as their own.
	userTakesRE = mustPattern(`(?i)\b(?:i|we)(?:'ll|\s+will|'m\s+going\s+to|\s+am\s+going\s+to|'re\s+going\s+to|\s+are\s+going\s+to|\s+can|'d\s+rather|\s+would\s+rather)\s+(?:\S+\s+){1,14}?(?:myself|ourselves)\b` +
		`|\b(?:ich|wir)\s+(?:\S+\s+){0,2}?(?:selbst|selber)\b` +
		`|\beu\s+mesm[oa]\b|\bn[óo]s\s+mesm[oa]s\b` +
		`|\byo\s+mism[oa]\b|\bnosotros\s+mism[oa]s\b|\blo\s+hago\s+yo\b|\bme\s+(?:encargo|ocupo)\s+yo\b` +
		// Spanish and Italian say the subject only to stress it: "la
		// variable yo la actualizo", "il changelog lo aggiorno io", "ci
		// penso io", the pronoun before or after a verb in the first
		// person with the thing's pronoun (not a verb of seeing or knowing:
		// "yo lo veo bien", userTookRE)
		`|\byo\s+(?:(?:me|se|lo|la|los|las|le|les)\s+){1,2}\p{L}{3,}o\b|\b(?:lo|la|li|le|ci|ne|me\s+ne)\s+\p{L}{3,}o\s+io\b` +
		`|\b(?:deixa|deixe|pode\s+deixar)\s+(?:que\s+eu|comigo)\b|\bje\s+m'en\s+(?:occupe|charge)\b|\bc'est\s+moi\s+qui\b` +
		`|\bmoi-m[êe]me\b|\bnous-m[êe]mes\b` +
		`|\bio\s+stess[oa]\b|\bnoi\s+stessi\b|\b(?:lo|la|li|le)\s+faccio\s+io\b|\bme\s+ne\s+occupo\s+io\b` +
		`|\b(?:ik|wij|we)\s+(?:\S+\s+)?zelf\b|\b(?:jag|vi)\s+(?:\S+\s+)?själva?\b` +
		`|(?:^|[^\p{L}])(?:я|мы|ми)\s+(?:\p{L}+\s+){0,2}?сам[аиі]?(?:[^\p{L}]|$)|(?:^|[^\p{L}])сам[аиі]?\s+(?:\p{L}+\s+)?\p{L}+(?:[ую]|ем|им)(?:[^\p{L}]|$)` +
		`|我(?:们)?自己(?:来|去)?(?:弄|做|写|开|搞|处理|提|建|发|加|改|跟)|自分で|(?:제가|내가)\s*직접` +
		// Hinglish: "main … kar dungi", "khud add karunga": the speaker
		// and the first-person future
		`|(?i:(?:^|[^\p{L}])(?:main|mai|hum|khud)\s+(?:\S+\s+){0,6}?(?:(?:kar|likh|daal|dal|jod|bana|bhej|khol)\s+(?:dunga|dungi|doonga|doongi|lunga|lungi|denge|lenge)|(?:kar|likh|daal|jod|bana|bhej|khol)(?:unga|ungi|enge))(?:[^\p{L}]|$))`)
	// userTookRE is the work said done, or the cue meaning something
	// else ("selbst wenn": even if; "weiß ich selbst nicht"; "yo lo veo
	// bien", "lo credo io": an opinion, no work).
	userTookRE = mustPattern(`(?i)\byo\s+(?:lo|la|los|las|le|les)\s+(?:veo|creo|pienso|entiendo|noto|tengo|prefiero|recuerdo|conozco|digo|siento|quiero|necesito|dudo|uso|encuentro)\b|\b(?:lo|la|li|le|ci|ne)\s+(?:vedo|credo|penso|capisco|noto|ho|preferisco|ricordo|conosco|dico|sento|voglio|uso|trovo)\s+io\b|(?:^|[^\p{L}])(?:não|weiß|sé|já|déjà|già)(?:[^\p{L}]|$)|\b(?:not|don't|doesn't|can't|nicht|kein\w*|pas|non|niet|inte|know|weiss|sei|sais|weet|vet|i\s+(?:did|have|'ve|already)|i've|we\s+(?:did|have|already)|we've|already|hab|habe|haben|hatte|hatten|schon|bereits|selbst\s+wenn|selbst\s+dann|fiz|abri|escrevi|criei|mandei|ya|hice|j'ai|nous\s+avons|ho|abbiamo|heb|hebben|har|redan)\b` +
		`|(?:^|[^\p{L}])(?:уже|вже|не|знаю|знаем)(?:[^\p{L}]|$)|(?i:(?:^|[^\p{L}])(?:kya|nahi|nahin|nhi|mat|agar|pata|diya|diye|chuka|chuki)(?:[^\p{L}]|$))|сам[аиі]?\s+\p{L}+(?:ал|ял|ил|ел|ыл|ув|ав|ив)[аи]?(?:[^\p{L}]|$)|\p{L}+(?:ал|ял|ил|ел|ыл|ав|ив)[аи]?\s+сам|了|已经|ました|済み|했|었`)
)

// selfWordRE are the words that mark the speaker's own doing.
var selfWordRE = mustPattern(`(?i)\b(?:i'll|i|we'll|we|myself|ourselves|ich|wir|selbst|selber|eu|n[óo]s|mesm[oa]s?|yo|mism[oa]s?|moi-m[êe]me|nous-m[êe]mes|io|noi|stess[oa]|stessi|ik|wij|zelf|jag|vi|själva?)\b|(?:^|[^\p{L}])(?:я|мы|ми|сам[аиі]?)(?:[^\p{L}]|$)|我们?|自己|自分で|제가|내가|직접|(?i:(?:^|[^\p{L}])(?:main|mai|hum|khud)(?:[^\p{L}]|$))`)

// userTakes adds to out, for user text, an open obligation for each
// sentence in which the user takes a task on themselves (see above).
func userTakes(text string, out []Proposal) []Proposal {
	if !userTakesRE.MatchString(text) {
		return out
	}
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		if !userTakesRE.MatchString(s) || questionRE.MatchString(s) || strings.ContainsAny(s, "?？") {
			continue
		}
		if c := takingClause(s); c != "" {
			// "la variable en Vercel yo la actualizo, tú no le muevas a
			// Vercel": the task is its clause, the rule beside it the
			// rule readings'
			s = c
		}
		if userTookRE.MatchString(s) || isRule(s) {
			continue
		}
		// the work named besides the cue
		if len(terms(selfWordRE.ReplaceAllString(s, " "))) < 2 {
			continue
		}
		k := "obligation/-/" + slug(s)
		if hasKey(out, k) {
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindObligation, Key: k, Value: s, Quote: s, Because: s, Links: mentions(s)})
	}
	return out
}

// takingClause is the clause of sentence s (between commas or
// semicolons) in which the user takes the task on, when s has more than
// one and that clause names the work on its own; else "".
func takingClause(s string) string {
	cs := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '，' || r == '；' })
	if len(cs) < 2 {
		return ""
	}
	for _, c := range cs {
		c = strings.TrimSpace(c)
		if userTakesRE.MatchString(c) && len(terms(selfWordRE.ReplaceAllString(c, " "))) >= 2 {
			return c
		}
	}
	return ""
}

// OwnerUser is the Owner of a task the user holds.
const OwnerUser = "user"

// Owner is who holds obligation a when that is not the agent: OwnerUser
// for an open task the user took on themselves ("Das Ticket leg ich
// selbst an", "I'll do it after the demo": usertask.go, putoff.go), whose
// Because keeps the user's word of holding it; "" for the agent's own
// and for any other anchor.
func Owner(a *Anchor) string {
	if a == nil || a.Kind != KindObligation || a.Lifecycle != Open || strings.TrimSpace(a.Because) == "" {
		return ""
	}
	return OwnerUser
}
