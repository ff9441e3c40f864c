package projection

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Proposals answered item by item, an offer declined, a diagnosis
// corrected.
//
// "Предлагаю: 1) MaxConns 10 → 40; 2) для meta использовать jsoniter; 3)
// sync.Pool для буферов в enrich." … "jsoniter нет, это новая
// зависимость. sync.Pool ок. MaxConns ставь 40": the agent proposes
// several things in one numbered list and the user answers each in a
// clause of its own that names it: "<item> ок" accepts it (a decision),
// "<item> ставь 40" accepts it with the value, "<item> нет, <reason>"
// rejects it (negative knowledge holding the reason). A clause names an
// item by a word only that item holds; a clause that says anything else
// answers nothing, and "ok" alone after two proposals accepts none of
// them. An offer of one thing ("Можно вместо этого GOMEMLIMIT=450MiB.
// Попробовать?") turned down by a refusal with what the user means by it
// ("не, пока хватит с GC") is a rejected approach too, in any language;
// a refusal that puts the offer off ("no, later", "не, подожди") rejects
// nothing.
//
// "Ik denk dat de selector niet klopt." … "nee, het is niet de selector.
// het is een race: …": the user says the agent's diagnosis is wrong and
// gives the cause. The diagnosis is negative knowledge and the user's
// cause a decision, so a later reader neither tries the selector again
// nor loses the race. Only a sentence that says "it is not X" of a thing
// the agent's diagnosis named is read so; "nee" to an offer to run
// something diagnoses nothing.

// proposalLeadRE opens a list of proposals: "Предлагаю:", "I propose:",
// "Suggestions:", "Voorstel:", "Propongo:", "Vorschläge:", "建议：".
var proposalLeadRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:i (?:would |'d )?(?:suggest|propose|recommend)|my (?:suggestions|proposals|recommendations)|suggestions|proposals|recommendations|(?:я )?предлагаю|предложения|(?:я )?пропоную|пропозиції|(?:ik )?stel voor|voorstel(?:len)?|(?:io )?propongo|proposte|suggerimenti|(?:yo )?(?:propongo|sugiero)|propuestas|sugerencias|(?:eu )?(?:proponho|sugiro)|propostas|sugestões|je (?:propose|suggère)|propositions|suggestions|(?:ich )?schlage vor|vorschläge|jag föreslår|förslag|(?:two|three|2|3) (?:options|ways|approaches|choices)|(?:två|tre) (?:vägar|alternativ|sätt)|(?:два|три) (?:варіанти|варианта|способи|способа)|(?:दो|तीन) (?:विकल्प|तरीके|रास्ते))\s*[:：]|(?:建议|提议|我建议)\s*[:：]`)

// proposalMarkRE is an item's number in a list, inline or at a line's start:
// "1) ", "2. ", "(3) ".
var proposalMarkRE = mustPattern(`(?:^|[\s:：;；,，])\(?([1-9])[.)）]\s+|(?:^|[\s:：;；,，])\(?([a-d])[)）]\s+`)

// proposalItems are the items of the list of proposals in assistant
// text (a lead, proposalLeadRE, then items numbered 1, 2, …), at least
// two, or nil.
func proposalItems(text string) []string {
	loc := proposalLeadRE.FindStringIndex(text)
	if loc == nil {
		return nil
	}
	rest := text[loc[1]:]
	marks := proposalMarkRE.FindAllStringSubmatchIndex(rest, 12)
	var run [][]int
	for _, m := range marks {
		if n := markNumber(rest, m); n == len(run)+1 {
			run = append(run, m)
		}
	}
	if len(run) < 2 {
		return nil
	}
	var items []string
	for i, m := range run {
		end := len(rest)
		if i+1 < len(run) {
			end = run[i+1][0]
		}
		it := rest[m[1]:end]
		if i == len(run)-1 {
			// the last item ends with its line or its sentence
			if j := strings.IndexAny(it, "\n?？"); j >= 0 {
				it = it[:j]
			}
			if j := strings.Index(it, ". "); j >= 0 {
				it = it[:j]
			}
		}
		it = strings.TrimRight(strings.TrimSpace(it), ";；,，.。")
		if it == "" || utf8.RuneCountInString(it) > 200 {
			return nil
		}
		items = append(items, it)
	}
	return items
}

// proposalList is the part of assistant text that proposes a list of
// things (its lead to its last item), or "".
func proposalList(text string) string {
	items := proposalItems(text)
	if items == nil {
		return ""
	}
	loc := proposalLeadRE.FindStringIndex(text)
	last := items[len(items)-1]
	end := strings.Index(text[loc[0]:], last)
	if end < 0 {
		return ""
	}
	return strings.TrimSpace(text[loc[0] : loc[0]+end+len(last)])
}

// tryAskRE asks whether to try or do what the sentence before said:
// "Попробовать?", "Try it?", "Zal ik?", "Proviamo?", "On essaie ?".
var tryAskRE = mustPattern(`(?i)^\W*(?:(?:shall|should) (?:we|i) try(?: it| that)?|try it|want to try(?: it)?|попробовать|попробуем|попробую|сделать|делаем|пробуем|спробувати|спробуємо|proberen|zal ik(?: dat doen)?|zullen we(?: dat proberen)?|provo|proviamo|lo faccio|procedo|on essaie|j'essaie|je tente|essayer|probieren|soll ich|tento|tentamos|pruebo|probamos|lo intento|试试|要试试吗|试一下)\s*[?？]\s*$`)

// tryAsked is the offer of assistant text whose last sentence only asks
// whether to try what the sentence before says ("Можно вместо этого
// GOMEMLIMIT=450MiB. Попробовать?"): that sentence, or "".
func tryAsked(text string) string {
	ss := sentences(text)
	if len(ss) < 2 || !tryAskRE.MatchString(strings.TrimSpace(ss[len(ss)-1])) {
		return ""
	}
	prev := strings.TrimSpace(ss[len(ss)-2])
	if prev == "" || utf8.RuneCountInString(prev) > 300 || questionRE.MatchString(prev) {
		return ""
	}
	return prev
}

// refuseWords refuse, in the languages the projection reads.
var refuseWords = map[string]bool{
	"no": true, "nope": true, "nah": true, "нет": true, "не": true, "неа": true, "ні": true, "nee": true, "neen": true, "nein": true, "nö": true,
	"non": true, "não": true, "nao": true, "nej": true, "不": true, "不要": true, "不用": true, "아니": true, "아뇨": true, "いいえ": true, "नहीं": true, "नही": true, "ना": true,
}

// moreAssentWords assent besides assentWords: "ок", "ладно", "prima".
var moreAssentWords = map[string]bool{
	"окей": true, "ладно": true, "давай": true, "годится": true, "норм": true, "ага": true, "угу": true, "добре": true, "так": true,
	"oké": true, "prima": true, "goed": true, "akkoord": true, "prego": true, "bene": true, "daccordo": true, "d'accordo": true,
	"bien": true, "bon": true, "top": true, "approved": true, "accepted": true, "👍": true, "okej": true, "ठीक": true, "हाँ": true, "हां": true, "चलेगा": true,
}

// setWords set a proposed thing to a value: "MaxConns ставь 40", "set
// it to 40", "zet op 40".
var setWords = map[string]bool{
	"ставь": true, "поставь": true, "ставим": true, "сделай": true, "делай": true, "на": true, "став": true, "постав": true,
	"set": true, "make": true, "put": true, "use": true, "it": true, "to": true, "at": true, "bump": true,
	"zet": true, "maak": true, "op": true, "metti": true, "imposta": true, "a": true, "mets": true, "à": true,
	"pon": true, "usa": true, "setz": true, "stell": true, "auf": true, "coloca": true, "põe": true, "em": true, "设": true, "改成": true,
}

// laterWords put an offer off: "no, later", "не, подожди".
var laterWords = map[string]bool{
	"later": true, "wait": true, "yet": true, "позже": true, "потом": true, "подожди": true, "погоди": true, "ещё": true, "еще": true,
	"straks": true, "later.": true, "wacht": true, "nog": true, "dopo": true, "aspetta": true, "ancora": true, "après": true, "attends": true,
	"pas encore": true, "depois": true, "espera": true, "luego": true, "todavía": true, "später": true, "warte": true, "noch": true, "先等等": true,
}

// replyWords are the words of a clause, lower case, without the
// punctuation around them; raw keeps each as written.
func replyWords(c string) (words, raw []string) {
	for _, f := range strings.Fields(c) {
		w := strings.ToLower(strings.TrimFunc(f, func(r rune) bool {
			// a mark is part of its word: the vowel signs of "नहीं"
			return !unicode.IsLetter(r) && !unicode.IsMark(r) && !unicode.IsDigit(r) && r != '_'
		}))
		if w == "" {
			continue
		}
		words = append(words, w)
		raw = append(raw, f)
	}
	return words, raw
}

// itemNamed is the index of the item of items that words name (a word
// only that item holds; words held by several name nothing), -1 when
// they name none or more than one; pure reports that every word is a
// name, a number or in extra.
func itemNamed(words []string, items []string, extra func(string) bool) (int, bool) {
	lower := make([]string, len(items))
	for i, it := range items {
		lower[i] = strings.ToLower(it)
	}
	named, pure := -1, true
	for _, w := range words {
		var in []int
		for i, it := range lower {
			if holdsWord(it, w) {
				in = append(in, i)
			}
		}
		switch {
		case len(in) == 1 && !extra(w) && (len([]rune(w)) >= 3 || strings.ContainsAny(w, "0123456789") && !isNumber(w)):
			if named >= 0 && named != in[0] {
				return -1, false
			}
			named = in[0]
		case len(in) > 1 || extra(w) || isNumber(w):
		default:
			pure = false
		}
	}
	return named, pure
}

// isNumber reports whether w is a number ("40", "0.5", "10k").
func isNumber(w string) bool {
	w = strings.TrimSuffix(strings.TrimSuffix(w, "k"), "%")
	return w != "" && strings.Trim(w, "0123456789.,") == ""
}

// replyClauses are the clauses of user text: its sentences cut at
// semicolons and line breaks.
func replyClauses(text string) []string {
	var out []string
	for _, s := range sentences(text) {
		for _, c := range strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == '；' || r == '\n' }) {
			if c = strings.TrimRight(strings.TrimSpace(c), ".!。！"); c != "" {
				out = append(out, c)
			}
		}
	}
	return out
}

// itemReplies adds to out what a user reply says of the proposals or
// the offer of the agent's message before (ctx.Offer): each item of a
// list accepted or rejected by a clause naming it, an offer of one thing
// refused with what the user means by it (see above).
func itemReplies(text string, ctx *Context, out []Proposal) []Proposal {
	if ctx.Offer == "" {
		return out
	}
	items := proposalItems(ctx.Offer)
	single := len(items) < 2
	if single {
		offer := ctx.Offer
		if p := tryAsked(offer); p != "" {
			offer = p
		}
		items = []string{offerShown(offer)}
	}
	said := func(c string) bool {
		return slices.ContainsFunc(out, func(p Proposal) bool {
			// a rule read from the clause alone ("jsoniter no, no new
			// deps") is the item's rejection, read here in its place
			return p.Quote != "" && p.Kind != KindConstraint && (strings.Contains(p.Quote, c) || strings.Contains(c, p.Quote))
		})
	}
	assent := func(w string) bool { return assentWords[w] || moreAssentWords[w] }
	for n, c := range replyClauses(text) {
		if n == 8 {
			break
		}
		if questionRE.MatchString(c) || !strings.Contains(text, c) || said(c) {
			continue
		}
		lab := -1
		if !single {
			// "a: nej, inga reruns …", "b ok", "2 - ставь 40": the
			// clause names its item by the item's label (numbered.go)
			lab = itemLabel(c, len(items))
		}
		words, raw := replyWords(c)
		if lab >= 0 {
			words, raw = words[1:], raw[1:]
		}
		if len(words) == 0 || len(words) > 16 {
			continue
		}
		// the refusal: a word of refusal closing its phrase ("jsoniter
		// нет, …", "не, пока …", "no — …")
		at := -1
		for i, w := range words {
			if refuseWords[w] && (i == len(words)-1 || strings.ContainsAny(raw[i], ",.:;—–!，") || raw[i+1] == "-" || raw[i+1] == "—" || raw[i+1] == "–") {
				at = i
				break
			}
		}
		if at >= 0 {
			if consentRE.MatchString(c) || slices.ContainsFunc(words[at+1:], func(w string) bool { return laterWords[w] || assent(w) }) {
				continue
			}
			k, pure := itemNamed(words[:at], items, func(w string) bool { return w == "to" || w == "на" })
			if lab >= 0 && at == 0 {
				k, pure = lab, true
			}
			reason := strings.TrimSpace(strings.TrimLeft(c[strings.Index(c, raw[at])+len(raw[at]):], " ,.:;—–-"))
			if !pure {
				continue
			}
			if k < 0 && single && n == 0 && at == 0 && reason != "" && len(words) <= 12 && !courseRE.MatchString(reason) {
				// "не, пока хватит с GC"; not "no, use the time crate",
				// a course with no reason (refused.go)
				k = 0
			}
			if k < 0 || single && reason == "" {
				continue
			}
			key := "negative/-/" + slug(items[k])
			if hasKey(out, key) {
				continue
			}
			out = slices.DeleteFunc(out, func(p Proposal) bool {
				return p.Kind == KindConstraint && p.Op == OpState && strings.Contains(c, p.Quote)
			})
			out = append(out, Proposal{Op: OpState, Kind: KindNegative, Key: key, Value: oneLine(items[k], valueRunes) + " — rejected: " + c,
				Quote: c, Links: append(mentions(items[k]), mentions(reason)...)})
			continue
		}
		if single {
			// one proposal accepted is read by its assent (silence.go)
			continue
		}
		yes := slices.ContainsFunc(words, func(w string) bool { return assent(w) || setWords[w] })
		k, pure := itemNamed(words, items, func(w string) bool { return assent(w) || setWords[w] })
		if lab >= 0 && len(words) <= 3 {
			k, pure = lab, true
		}
		if !yes || !pure || k < 0 {
			continue
		}
		key := "decision/-/" + slug(items[k])
		if hasKey(out, key) {
			continue
		}
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Kind == KindConstraint && p.Op == OpState && strings.Contains(c, p.Quote)
		})
		out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: key, Value: oneLine(items[k], valueRunes) + " (the agent's proposal, accepted: " + c + ")",
			Quote: c, Links: mentions(items[k])})
	}
	return out
}

// deferralStatesNoRule drops from out the rules read from a sentence
// that passes an agent's question on ("boh non lo so, chiedo a Luca."):
// the open question holds it.
func deferralStatesNoRule(out []Proposal) []Proposal {
	var put []string
	for _, p := range out {
		if p.Kind == KindUncertainty && p.Op == OpState && p.Quote != "" && (laterAnswerRE.MatchString(p.Quote) || laterReply(p.Quote, true)) {
			put = append(put, p.Quote)
		}
	}
	if len(put) == 0 {
		return out
	}
	return slices.DeleteFunc(out, func(p Proposal) bool {
		return p.Kind == KindConstraint && p.Op == OpState && slices.ContainsFunc(put, func(q string) bool { return strings.Contains(q, p.Quote) })
	})
}

// openListedRE labels what an agent's summary lists as still open:
// "Open: holdout Q3 vs Q3+Q4 (Priya)", "Pending: …", "TBD: …",
// "Offen: …", "Открыто: …", "待定：…".
var openListedRE = mustPattern(`(?i)^\W*(?:still\s+)?(?:open|pending|tbd|unresolved|undecided|to be decided|offen|ausstehend|aperto|aperta|in sospeso|da decidere|en suspens|à décider|em aberto|pendente|pendiente|por decidir|открыто|открыт|не решено|открытые вопросы|відкрито|open punt|nog open|待定|未定|悬而未决)\s*$`)

// leftOpen reports whether agent sentence s lists a thing as still open
// by its label ("Open: holdout Q3 vs Q3+Q4 (Priya)."): no answer.
func leftOpen(s string) bool {
	l := labelOf(strings.TrimSpace(s))
	return l != "" && openListedRE.MatchString(l)
}

// guessRE says the agent's diagnosis: "I think the selector is wrong",
// "Ik denk dat …", "probably …", "похоже, …", "我觉得…".
var guessRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:i think|i suspect|i believe|my guess is|probably|most likely|likely|it looks like|looks like|it seems|seems like|the (?:root )?cause is|the problem is|the issue is|ik denk|ik vermoed|waarschijnlijk|het lijkt|vermoedelijk|ich denke|ich vermute|vermutlich|wahrscheinlich|sieht so aus|je pense|je crois|je soupçonne|probablement|on dirait|il semble|penso che|credo che|probabilmente|sembra che|sembra|acho que|provavelmente|parece que|creo que|probablemente|думаю|похоже|вероятно|скорее всего|наверное|видимо|мабуть|схоже|jag tror|förmodligen|troligen)(?:[^\p{L}]|$)|我觉得|可能是|应该是|看起来是|估计是|たぶん|おそらく`)

// notItRE says of a thing that it is not it: "it's not the selector",
// "het is niet de selector", "это не селектор", "non è il selettore",
// "ce n'est pas le sélecteur", "不是选择器的问题"; the thing is group t.
var notItRE = mustPattern(`(?i)^\W*(?:(?:no+|nope|nee|nein|non|não|нет|не|ні|niet)\s*[,.!;:—–-]+\s*)?(?:(?:it|that|this)(?:'s| is)\s+not|(?:it|that|this)\s+isn't|(?:het|dat|dit)\s+(?:is|ligt)\s+niet(?:\s+aan)?|(?:es|das)\s+(?:ist|liegt)\s+nicht(?:\s+an)?|(?:ce|c')\s*n'est\s+pas|(?:non|nn)\s+è|(?:это|дело)\s+не(?:\s+в)?|(?:isso\s+)?não\s+é|no\s+es|det\s+är\s+inte|不是)\s+(?P<t>[^.,;:!?。，；]{2,60})`)

// causeRE says what it is instead: "it's a race", "het is een race",
// "это гонка", "c'est une race", "the cause is …".
var causeRE = mustPattern(`(?i)^\W*(?:(?:but|maar|aber|mais|ma|но|а|pero|mas|而是|是)\s+)?(?:(?:it|that)(?:'s| is)|the (?:real )?(?:cause|problem|issue) is|(?:het|dat)\s+is|(?:es|das)\s+ist|c'est|(?:è|e')|это|дело\s+в|(?:isso\s+)?é|es|det\s+är)\s+\S`)

// diagnosisCorrected adds to out, for a user reply that says the
// diagnosis of the agent's message before (ctx.Guesses) is wrong, the
// diagnosis rejected and the cause the user gives instead (see above).
func diagnosisCorrected(text string, ctx *Context, out []Proposal) []Proposal {
	if len(ctx.Guesses) == 0 {
		return out
	}
	ss := sentences(text)
	for i, s := range ss {
		if i == 3 {
			break
		}
		s = strings.TrimSpace(s)
		m := notItRE.FindStringSubmatch(s)
		if m == nil || questionRE.MatchString(s) || !strings.Contains(text, s) {
			continue
		}
		thing := terms(m[notItRE.SubexpIndex("t")])
		guess := ""
		for _, g := range ctx.Guesses {
			for w := range terms(g) {
				for x := range thing {
					if sameStem(w, x) {
						guess = g
					}
				}
			}
		}
		if guess == "" {
			continue
		}
		// the cause: the rest of the sentence after a colon or "but",
		// else the next sentence saying what it is
		cause := ""
		for _, n := range ss[i+1:] {
			if n = strings.TrimSpace(n); causeRE.MatchString(n) && !questionRE.MatchString(n) {
				cause = n
			}
			break
		}
		key := "negative/-/" + slug(guess)
		if hasKey(out, key) {
			return out
		}
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Kind == KindConstraint && p.Op == OpState && (p.Quote == s || p.Quote == cause)
		})
		v := oneLine(guess, valueRunes) + " — rejected: " + s
		if cause != "" {
			v += " " + cause
		}
		out = append(out, Proposal{Op: OpState, Kind: KindNegative, Key: key, Value: v, Quote: s, Links: mentions(guess)})
		if cause != "" && strings.Contains(text, cause) {
			out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(cause), Value: cause + " (the user's diagnosis, not: " + oneLine(guess, valueRunes) + ")",
				Quote: cause, Links: mentions(cause)})
		}
		return out
	}
	return out
}

// guesses are the sentences of assistant text that say its diagnosis
// (guessRE), not questions.
func guesses(text string) []string {
	var out []string
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		if guessRE.MatchString(s) && !questionRE.MatchString(s) && utf8.RuneCountInString(s) <= 300 {
			out = append(out, s)
		}
	}
	return out
}

// sameStem reports whether words a and b are one word, maybe inflected:
// equal, or one the other with at most three letters more and five in
// common ("селектор", "селекторе").
func sameStem(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) < 3 || len(rb) < 3 {
		return false
	}
	if a == b {
		return true
	}
	if len(ra) > len(rb) {
		ra, rb = rb, ra
	}
	return len(ra) >= 5 && len(rb)-len(ra) <= 3 && string(rb[:len(ra)]) == string(ra)
}
