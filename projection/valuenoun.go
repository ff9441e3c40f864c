package projection

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Numbers said tersely, in any language the projection reads.
//
// A number said before a noun counts that noun ("oye mejor 5
// reintentos", "and 3 retries with a backoff of 100ms", "4
// Wiederholungen"). When the noun is the last word of a setting held,
// or a noun counted as a setting (countSettingWords: retries, attempts,
// workers, threads, replicas, shards, partitions, connections, epochs,
// instances, in the languages of the gloss), the number is that
// setting's value, and a reading that gave it to another setting (the
// one set last) gives it to the noun's instead. A number that counts
// anything else ("3 files", "los 5 tests fallaron") is left to the
// other readings, and so is one after an article or a preposition
// ("falló en 3 reintentos": what happened, not a setting).
//
// A verb of change with a pronoun and a number ("bájalo a 50", "setz es
// auf 50", "mets-le à 50", "lower it to 50") sets the setting in talk:
// the one set last, unless its value cannot go that way (lowered to 50
// from 5), when it is the held setting the message names by its number,
// else the newest one that can (directedReferent).
//
// A setting put back to a number in a clause of a longer sentence ("vuelve
// a 100 y sube el burst a 40", "go back to 100 and raise the burst to
// 40") is read beside the clause after it (backToNumRE, valueref.go).

// countSettingWords are nouns whose count is a setting, in the languages
// of the gloss, accents folded.
var countSettingWords = wordSet(`retry retries retrys reintento reintentos intento intentos attempt attempts
	wiederholung wiederholungen versuch versuche tentativa tentativas tentative tentatives tentativo tentativi reessai reessais
	попытка попытки попыток повтор повтора повторов
	worker workers workern thread threads hilo hilos
	replica replicas replik repliken replikas shard shards
	partition partitions partitionen particion particiones particao particoes partizione partizioni
	connection connections conexion conexiones connexion connexions verbindung verbindungen conexao conexoes connessione connessioni
	epoch epochs epoca epocas epoche epochen instance instances instancia instancias instanz instanzen istanza istanze`)

// countNumRE is a whole number and the word right after it.
var countNumRE = mustPattern(`(?:^|[\s,;:(¿¡])(?P<n>\d+)\s+(?P<w>\p{L}[\p{L}_\-]*)`)

// countLeadWords before a count make it a thing said of, not a setting:
// articles, demonstratives and prepositions ("los 5 reintentos", "in 3
// attempts", "nach 4 Versuchen").
var countLeadWords = wordSet(`the these those all los las estos estas esos esas die der den diese alle les ces tous os as estes esses i gli questi quei
	en in nach after tras despues dans apres em di in con with mit avec com ogni every cada jeden jede chaque de del of von`)

// countTailWords may follow a count that sets a setting: a conjunction, a
// preposition opening another setting ("3 reintentos con backoff de
// 100ms"), a word of choice or of a limit.
var countTailWords = wordSet(`and y und et e i with con mit avec com please pls bitte por favor instead then max maximo maximum total tops
	entonces dann alors poi ahora now jetzt mejor better besser mieux melhor meglio tambien too also auch aussi mas more mehr plus`)

// numbersSaid adds to out, the proposals read of user message text, the
// counts and the puts-back of the file's comment, and gives a number a
// reading gave to another setting to the noun said with it.
func numbersSaid(text string, ctx *Context, out []Proposal) []Proposal {
	if ctx == nil {
		return out
	}
	var before strings.Builder
	for _, s := range sentences(referenceText(text)) {
		said := before.String()
		before.WriteString(s + " ")
		if questionRE.MatchString(s) || utf8.RuneCountInString(s) > 300 {
			continue
		}
		if strings.ContainsFunc(s, isCJK) || strings.ContainsFunc(s, isHangul) {
			out = jaSetSaid(s, said, ctx, out)
			continue
		}
		out = phrasedSaid(s, ctx, out)
		out = countsSaid(s, ctx, out)
		out = directedSaid(s, ctx, out)
		out = backToSaid(s, ctx, out)
	}
	return out
}

// covering are the indexes of the value proposals of out whose quote
// holds text s or is part of it and whose value is number n.
func covering(out []Proposal, s, n string) []int {
	var idx []int
	for i, p := range out {
		if p.Kind == KindValue && p.Op == OpState && p.Quote != "" && (strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s)) && leadNumber(p.Value) == n {
			idx = append(idx, i)
		}
	}
	return idx
}

// countsSaid reads the counts of sentence s (the file's comment).
func countsSaid(s string, ctx *Context, out []Proposal) []Proposal {
	for _, m := range countNumRE.FindAllStringSubmatchIndex(s, 6) {
		n, w := s[m[2]:m[3]], s[m[4]:m[5]]
		if !countTail(s[m[5]:]) || countLeadWords[foldWord(lastWordBefore(s, m[2]))] {
			continue
		}
		key, name, held := countSetting(w, ctx.Values)
		if key == "" || isRule(s) {
			// "the retry budget must stay at 3 attempts max" is a rule's
			continue
		}
		idx := covering(out, s, n)
		if slices.ContainsFunc(idx, func(i int) bool { return namesNoun(out[i], w) }) {
			continue
		}
		moved := false
		for _, i := range idx {
			p := &out[i]
			if p.Rel != "" || strings.TrimSpace(strings.TrimSuffix(p.Value, w)) != n {
				continue
			}
			// "oye mejor 5 reintentos" read as the rate limit set last:
			// the retries'.
			p.Key, p.Name, p.Value, p.Refers, p.Correction = key, name, n, held, held
			moved = true
		}
		if moved {
			continue
		}
		if !held && !slices.ContainsFunc(out, func(p Proposal) bool {
			return p.Kind == KindValue && p.Op == OpState && p.Quote != "" && (strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s))
		}) {
			// a count no setting holds is one among settings told in
			// its sentence ("3 reintentos con backoff de 100ms"), not
			// alone ("let's do 5 workers instead", "give sidekiq 25
			// threads")
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: key, Name: name, Value: n, Quote: clauseAround(s, m[2], m[5]), Refers: held, Correction: held})
	}
	return out
}

// countTail reports whether what follows a count's noun lets the count
// be a setting: the clause ends, or a word of countTailWords goes on.
func countTail(rest string) bool {
	rest = strings.TrimLeft(rest, " ")
	if rest == "" || strings.ContainsAny(rest[:1], ".,;:!)…—–") {
		return true
	}
	f := strings.Fields(rest)
	return countTailWords[foldWord(strings.Trim(f[0], ".,;:!"))]
}

// countSetting is the setting noun w counts: the held setting whose name
// ends in w and holds a count, else a new one when w is counted as a
// setting; "" when neither.
func countSetting(w string, held []HeldValue) (key, name string, isHeld bool) {
	fw := foldWord(w)
	for i := len(held) - 1; i >= 0; i-- {
		h := held[i]
		words := strings.FieldsFunc(foldWord(h.Name+" "+strings.ReplaceAll(property(h.Key), "_", " ")), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if len(words) == 0 || !numericHeld(h.Value) || unitOf(h.Value) != "" && !countSettingWords[foldWord(unitOf(h.Value))] {
			continue
		}
		last := foldWord(h.Name)
		if f := strings.Fields(last); len(f) > 0 {
			last = f[len(f)-1]
		}
		if nameWordMatch(fw, last) || stem(fw) == stem(last) || nameWordMatch(fw, words[len(words)-1]) {
			return h.Key, h.Name, true
		}
	}
	if !countSettingWords[fw] {
		return "", "", false
	}
	return "value/-/" + strings.ToLower(w), w, false
}

// namesNoun reports whether proposal p's setting is the one noun w names.
func namesNoun(p Proposal, w string) bool {
	fw := foldWord(w)
	for _, x := range strings.FieldsFunc(foldWord(p.Name+" "+strings.ReplaceAll(property(p.Key), "_", " ")), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if nameWordMatch(fw, x) || stem(fw) == stem(x) {
			return true
		}
	}
	return false
}

// lastWordBefore is the word of s right before byte i, "" when none.
func lastWordBefore(s string, i int) string {
	f := strings.Fields(s[:i])
	if len(f) == 0 {
		return ""
	}
	return strings.Trim(f[len(f)-1], ".,;:!¿¡(")
}

// clauseAround is the clause of s holding s[i:j]: from the comma,
// semicolon or sentence start before it to the one after.
func clauseAround(s string, i, j int) string {
	return between(s, i, j, ",;")
}

// between is the part of s around s[i:j] up to the nearest of seps on
// either side (or s's ends), trimmed.
func between(s string, i, j int, seps string) string {
	a := strings.LastIndexAny(s[:i], seps) + 1
	b := strings.IndexAny(s[j:], seps)
	if b < 0 {
		b = len(s)
	} else {
		b += j
	}
	return strings.TrimSpace(s[a:b])
}

// accentFold maps the accented Latin letters of the gloss's languages to
// their base letter.
var accentFold = strings.NewReplacer("á", "a", "à", "a", "â", "a", "ä", "a", "ã", "a", "é", "e", "è", "e", "ê", "e", "ë", "e",
	"í", "i", "ì", "i", "î", "i", "ï", "i", "ó", "o", "ò", "o", "ô", "o", "ö", "o", "õ", "o", "ú", "u", "ù", "u", "û", "u", "ü", "u",
	"ñ", "n", "ç", "c", "ß", "ss")

// foldWord is w lowercased with its accents folded ("Límite" is
// "limite").
func foldWord(w string) string {
	return accentFold.Replace(strings.ToLower(w))
}

// pronounToNumRE is a verb of change with an object pronoun and the number
// it takes the setting to: "bájalo a 50", "súbelo hasta 300", "setz es
// auf 50", "senk ihn auf 20", "mets-le à 50", "baixa-o para 50",
// "abbassalo a 50", "lower it to 50".
var pronounToNumRE = mustPattern(`(?i)(?:^|[^\p{L}])(?P<verb>(?:b[aá]ja|s[uú]be|red[uú]ce|aum[eé]nta)(?:lo|la)\s+(?:a|hasta)|(?:p[oó]n|d[eé]ja|c[aá]mbia|aj[uú]sta|f[ií]ja)(?:lo|la)\s+(?:a|en)|(?:setz|stell|senk|erhöh|erhoeh|reduzier|änder|aender|dreh|bring)\p{L}*\s+(?:es|ihn|sie|das)\s+(?:(?:wieder|mal|bitte|doch|jetzt)\s+)*(?:auf|zu)|(?:mets|remets|baisse|monte|passe|augmente|réduis|reduis|règle|regle|fixe)[\-\s](?:le|la)\s+(?:à|a)|(?:baixa|abaixa|sobe|reduz|aumenta)[\-\s]?(?:o|a|lo|la)\s+(?:para|pra|a)|(?:coloca|põe|poe|muda|deixa|ajusta)[\-\s]?(?:o|a|lo|la)\s+(?:para|pra|em|a)|(?:abbassa|alza|metti|porta|cambia|lascia|riduci|aumenta|imposta)(?:lo|la)\s+a|(?:lower|raise|drop|bump|cut|reduce|increase)\s+(?:it|that|this)\s+(?:back\s+)?(?:up\s+|down\s+)?to)\s+(?P<n>\d+(?:[.,]\d+)?)(?P<u>\s?(?:` + measureUnit + `)\b)?`)

// directed is the number pronounToNumRE reads in s with its unit, the
// direction its verb goes (1 up, -1 down, 0 none said), and where its
// match starts; ok false when there is none.
func directed(s string) (v string, dir, at int, ok bool) {
	m := pronounToNumRE.FindStringSubmatchIndex(s)
	if m == nil {
		return "", 0, 0, false
	}
	verb := s[m[2]:m[3]]
	up, down := xlUpRE.MatchString(verb), xlDownRE.MatchString(verb)
	switch {
	case up && !down:
		dir = 1
	case down && !up:
		dir = -1
	}
	v = strings.ReplaceAll(s[m[4]:m[5]], ",", ".")
	if m[6] >= 0 {
		v += s[m[6]:m[7]]
	}
	return v, dir, m[2], true
}

// directedSaid reads "bájalo a 50" in a language of the gloss: the number
// for the setting in talk (Context.LastValueKey, which the reducer moves
// by the verb's direction: directedReferent). English reads its own
// ("lower it to 50": pronoun.go).
func directedSaid(s string, ctx *Context, out []Proposal) []Proposal {
	v, dir, _, ok := directed(s)
	if !ok || ctx.LastValueKey == "" || englishSentence(s) && (ctx.Language == "" || ctx.Language == "en") {
		return out
	}
	key, name := ctx.LastValueKey, ctx.LastValueName
	tk, tn, named := directedTopic(s, ctx.Values, ctx.LastValueKey)
	if named && !slices.ContainsFunc(ctx.Values, func(h HeldValue) bool { return h.Key == tk }) {
		// "y el page size bájalo a 25" after the Playwright timeout was
		// set: the noun names a setting not held, not the timeout; what
		// sets it (the agent's edit) gives it its value
		return out
	}
	if named {
		key, name = tk, tn
	}
	if !named && dir != 0 && func() bool { k, _ := directedReferent(s, ctx.Values, key); return k == "" }() && !canGo(ctx.Values, key, v, dir) {
		// "bájalo a 500" when nothing held is above 500
		return out
	}
	if len(covering(out, s, leadNumber(v))) > 0 || !backToFits(ctx.Values, key, v) {
		return out
	}
	held := slices.ContainsFunc(ctx.Values, func(h HeldValue) bool { return h.Key == key })
	return append(out, Proposal{Op: OpState, Kind: KindValue, Key: key, Name: name, Value: v, Quote: s, Refers: held, Correction: held})
}

// directedReferent is the held setting a verb of change with a pronoun
// in text names (pronounToNumRE) when the setting set last, lastKey, cannot
// go the verb's way to its number (lowered to 50 from 5): the held
// setting whose number the message says, else the newest that can go
// that way; "" when the one set last can, or none can.
func directedReferent(text string, held []HeldValue, lastKey string) (key, name string) {
	v, dir, at, ok := directed(text)
	if !ok || dir == 0 {
		return "", ""
	}
	n, err := strconv.ParseFloat(leadNumber(v), 64)
	if err != nil {
		return "", ""
	}
	goes := func(h HeldValue) bool { return goesTo(h, n, v, dir) }
	var cands []HeldValue
	for _, h := range held {
		if h.Key == lastKey && (goes(h) || !numericHeld(h.Value)) {
			return "", ""
		}
		if goes(h) {
			cands = append(cands, h)
		}
	}
	if len(cands) == 0 {
		return "", ""
	}
	for i := len(cands) - 1; i >= 0; i-- {
		// "con 200 les va bien … bájalo a 50": the setting holding 200
		if tokenAt(text[:at], leadNumber(cands[i].Value), 0) >= 0 {
			return cands[i].Key, cands[i].Name
		}
	}
	c := cands[len(cands)-1]
	return c.Key, c.Name
}

// goesTo reports whether held value h can go in direction dir to number
// n (v with its unit).
func goesTo(h HeldValue, n float64, v string, dir int) bool {
	if !numericHeld(h.Value) || otherDimension(h.Value, v) || measureOnCount(h, v) {
		return false
	}
	x, err := strconv.ParseFloat(leadNumber(h.Value), 64)
	return err == nil && (dir < 0 && n < x || dir > 0 && n > x)
}

// canGo reports whether the held setting key can go in direction dir to
// v; true when key holds no number.
func canGo(held []HeldValue, key, v string, dir int) bool {
	n, err := strconv.ParseFloat(leadNumber(v), 64)
	if err != nil {
		return true
	}
	for _, h := range held {
		if h.Key == key && numericHeld(h.Value) {
			return goesTo(h, n, v, dir)
		}
	}
	return true
}

// backToSaid reads a setting put back to a number in a clause of s
// whose other clause another reading read ("vuelve a 100 y sube el burst
// a 40"): the number, for the setting the reducer found (backToHeld),
// the one the clause names (backToTarget), else the one set last.
func backToSaid(s string, ctx *Context, out []Proposal) []Proposal {
	v := backToValue(s)
	if v == "" || ctx.LastValueKey == "" || len(covering(out, s, leadNumber(v))) > 0 {
		return out
	}
	k, n, ok := backToTarget(s, ctx.Values, ctx.LastValueKey, ctx.LastValueName)
	if !ok || !backToFits(ctx.Values, k, v) {
		return out
	}
	return append(out, Proposal{Op: OpState, Kind: KindValue, Key: k, Name: n, Value: v, Quote: s, Refers: true, Correction: true})
}

// cognateHead reports whether setting keys a and b are one setting told
// in two languages: one is a single word, the other's last word with an
// ending or accents of another language ("límite" and "rate_limit",
// "intervalo" and "interval").
func cognateHead(a, b string) bool {
	if strings.ContainsAny(b, "_-") {
		a, b = b, a
	}
	if strings.ContainsAny(b, "_-") || strings.ContainsFunc(b, isCJK) {
		return false
	}
	wa := strings.FieldsFunc(a, func(r rune) bool { return r == '_' || r == '-' })
	if len(wa) == 0 {
		return false
	}
	x, w := foldWord(wa[len(wa)-1]), foldWord(b)
	if utf8.RuneCountInString(x) < 4 || utf8.RuneCountInString(w) < 4 {
		return false
	}
	if x == w {
		return true
	}
	short, long := x, w
	if len(short) > len(long) {
		short, long = long, short
	}
	switch strings.TrimPrefix(long, short) {
	case "a", "e", "o", "os", "as":
		// "limite", "intervalo"; never an English plural ("defaults")
		return strings.HasPrefix(long, short)
	}
	return false
}

// withOfRE is a setting given with its value after "with … of" ("con
// backoff de 100ms", "with backoff of 100ms", "mit einem Backoff von 100
// ms", "avec un délai de 2 s"); startsAtRE a setting said to start at a
// value ("el backoff que empiece en 250ms", "the backoff should start at
// 250ms", "der Backoff soll bei 250ms anfangen"). Both take a number with
// its unit only.
var (
	withOfRE   = mustPattern(`(?i)(?:^|[\s,;:(])(?:con|with|mit|avec|com)\s+(?:(?:un|una|a|an|einem|einer|einen|uma|um)\s+)?(?P<k>\p{L}[\p{L}_\-]*(?:\s\p{L}[\p{L}_\-]*)?)\s+(?:de|of|von|di|do|da)\s+(?P<v>\d+(?:[.,]\d+)?\s?` + measureUnit + `)(?:[^\p{L}\d]|$)`)
	startsAtRE = mustPattern(`(?i)(?:^|[\s,;:(])(?:el|la|the|der|die|das|den|le|il|lo|o|a)\s+(?P<k>\p{L}[\p{L}_\-]*(?:\s\p{L}[\p{L}_\-]*)?)\s+(?:que\s+(?:empiece|empieza|arranque|comience|comienza|parta)|should\s+start|starts|soll(?:te)?|startet|beginnt|doit\s+commencer|commence|qui\s+commence|deve\s+começar|que\s+comece|começa|deve\s+partire|parte|che\s+parta|inizia)\s+(?:en|a|at|from|de|desde|bei|mit|ab|à|em|da|di)\s+(?P<v>\d+(?:[.,]\d+)?\s?` + measureUnit + `)(?:[^\p{L}\d]|$)`)
	// startingAtRE is a setting told with the value it starts at, no
	// article before it ("backoff exponencial empezando en 100ms",
	// "backoff starting at 100ms").
	startingAtRE = mustPattern(`(?i)(?:^|[\s,;:(])(?P<k>\p{L}[\p{L}_\-]*(?:\s\p{L}[\p{L}_\-]*)?)\s+(?:empezando|comenzando|arrancando|starting|beginning|beginnend|startend|commençant|começando|partendo|iniziando)\s+(?:en|at|from|bei|mit|ab|à|em|da|di|a|con)\s+(?P<v>\d+(?:[.,]\d+)?\s?` + measureUnit + `)(?:[^\p{L}\d]|$)`)
	// countPerRE is a count of things shown or taken per page or batch,
	// asked with a verb of showing or taking: "show 20 invoices per
	// page", "muestra 20 facturas por página", "zeig 20 Rechnungen pro
	// Seite", "load 500 rows per batch".
	countPerRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:show|display|list|render|load|fetch|return|paginate|use|muestra|mostrar|muestre|lista|carga|zeig\p{L}*|lade|montre|affiche|mostra|exibe|carrega|visualizza)\s+(?P<n>\d+)\s+(?:\p{L}[\p{L}\-]*\s+)?(?:per|a|each|por|pro|par|je|para)\s+(?P<u>page|página|pagina|seite|batch|lote|stapel|lot)(?:[^\p{L}]|$)`)
	// settingItemRE is an item of a list of settings: a name and its number
	// alone ("…, burst 20").
	settingItemRE = mustPattern(`(?i)^(?:(?:y|e|und|et|and|i)\s+)?(?:(?:el|la|los|las|der|die|das|den|le|les|il|lo|o|a|the)\s+)?(?P<k>\p{L}[\p{L}\d_\-]*(?:\s\p{L}[\p{L}\d_\-]*)?)\s+(?P<v>\d+(?:[.,]\d+)?(?:\s?` + measureUnit + `)?)\s*[.!]?$`)
)

// phrasedSaid reads a count per page in sentence s (countPerRE), and in
// another language than English the settings withOfRE, startsAtRE and
// startingAtRE find and the items of a list of settings after a part that
// told a number ("pon el rate limit a 100 rps, burst 20"): English reads
// its own (terseSettings; "with a backoff of 100ms"), and a tip's "with a
// timeout of 5 seconds" is none.
func phrasedSaid(s string, ctx *Context, out []Proposal) []Proposal {
	add := func(k, v, quote string) {
		v = strings.TrimSpace(v)
		kw := strings.Fields(strings.ToLower(k))
		if len(kw) == 0 || quantityNouns[kw[len(kw)-1]] || notWords[kw[0]] || stopwords[kw[0]] || xlLeadWords[kw[0]] || foreignStop[kw[0]] || terseLabels[kw[0]] || terseVerbs[kw[0]] {
			return
		}
		if len(covering(out, quote, leadNumber(v))) > 0 {
			return
		}
		key, name := "value/-/"+strings.ToLower(strings.Join(strings.Fields(k), "_")), k
		if h := heldNamed(k, ctx.Values); h != nil && nameCovers(h, k) {
			key, name = h.Key, h.Name
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: key, Name: name, Value: v, Quote: quote})
	}
	for _, m := range countPerRE.FindAllStringSubmatch(s, 2) {
		// "show 20 invoices per page": the count per page
		u := perUnits[foldWord(m[countPerRE.SubexpIndex("u")])]
		if len(covering(out, s, m[countPerRE.SubexpIndex("n")])) == 0 {
			out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/per_" + u, Name: "per " + u, Value: m[countPerRE.SubexpIndex("n")], Quote: strings.TrimSpace(m[0])})
		}
	}
	if englishSentence(s) && (ctx.Language == "" || ctx.Language == "en") {
		return out
	}
	for _, re := range []*pattern{withOfRE, startsAtRE, startingAtRE} {
		for _, m := range re.FindAllStringSubmatch(s, 4) {
			add(m[re.SubexpIndex("k")], m[re.SubexpIndex("v")], strings.TrimSpace(m[0]))
		}
	}
	parts := strings.Split(s, ",")
	listed := false
	for _, c := range parts {
		c = strings.TrimSpace(c)
		if m := settingItemRE.FindStringSubmatch(c); m != nil && listed {
			add(m[settingItemRE.SubexpIndex("k")], m[settingItemRE.SubexpIndex("v")], c)
		}
		// after a part that set a value, or told a number ("pon 100 rps
		// de momento, burst 20")
		listed = listed || toldNumRE.MatchString(c) || slices.ContainsFunc(out, func(p Proposal) bool {
			return p.Kind == KindValue && p.Op == OpState && p.Quote != "" && strings.Contains(p.Quote, c)
		})
	}
	return out
}

// notWords say "not" in the languages of the gloss: "…, non 203" replaces
// a number, it names no setting.
var notWords = wordSet(`not no non nicht kein keine pas nem não nao ni не nie`)

// toldNumRE is a number told with its unit, a word of its own ("100
// rps"; not "R21").
var toldNumRE = mustPattern(`(?i)(?:^|\s)\d+(?:[.,]\d+)?\s?` + measureUnit + `(?:[^\p{L}\d]|$)`)

// perUnits are the units a count per unit is a setting of ("per_page").
var perUnits = map[string]string{"page": "page", "pagina": "page", "seite": "page", "batch": "batch", "lote": "batch", "stapel": "batch", "lot": "batch"}

// foreignStop are the function words of the lexicons' languages.
var foreignStop = wordSet(strings.Join(foreignStopwords(), " "))

// jaSetRE is a Japanese sentence that ends setting a number: "… 2 にして",
// "50に下げて", "5 に変えてください".
var jaSetRE = mustPattern(`(?P<v>` + numTok + `(?:\s?[^\P{L}\p{Hiragana}]{1,6})?)\s*に(?:して|変えて|変更して|設定して|下げて|上げて|減らして|増やして|しよう|しましょう|する|します)(?:ください|ね|おいて(?:ください)?)?\s*[.!。]?\s*$`)

// jaFillers are the words that may open a Japanese sentence setting "it"
// to a number ("やっぱり 2 にして").
var jaFillers = mustPattern(`^(?:[\s、,…。.!?？]|やっぱり|やっぱ|じゃあ|じゃ|では|それを|それ|これを|うーん|えっと|あ|いや)*$`)

// jaSetSaid reads a Japanese sentence ending in a number set (jaSetRE)
// that no other reading read: the held setting the sentence names
// ("retries は 3 だと長すぎるか… 2 にして": the retries, to 2), or the
// one a sentence of the message named before it, else, when
// nothing but fillers comes before the number, the setting set last.
func jaSetSaid(s, said string, ctx *Context, out []Proposal) []Proposal {
	m := jaSetRE.FindStringSubmatchIndex(s)
	if m == nil {
		return out
	}
	v := strings.TrimSpace(s[m[2]:m[3]])
	if len(covering(out, s, leadNumber(v))) > 0 {
		return out
	}
	if h := heldNamed(fileNamesDropped(s[:m[2]]), ctx.Values); h != nil {
		if otherDimension(h.Value, v) {
			// "… 2 分にして" while a size is held under the name: a
			// duration is no new size
			return out
		}
		return append(out, Proposal{Op: OpState, Kind: KindValue, Key: h.Key, Name: h.Name, Value: v, Quote: s, Refers: true, Correction: true})
	}
	if k, was, ok := codeNumberIn(s[:m[2]]); ok && was != leadNumber(v) {
		// "あと versionCode 42 は先週の hotfix で使ったので 43 にして": the
		// setting the sentence names with its old number
		return append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(k), Name: k, Value: v, Was: was, Quote: s, Correction: true})
	}
	if h := heldNamed(said, ctx.Values); h != nil && jaFillers.MatchString(s[:m[2]]) && backToFits(ctx.Values, h.Key, v) && (unitOf(v) != "") == (unitOf(h.Value) != "") {
		// "retries は 3 だと長すぎるか… 10分×3 で30分遅れる。2 にして":
		// the setting the message named before, not the one set last
		// (retry_delay, whose 10分 only counted the delay)
		return append(out, Proposal{Op: OpState, Kind: KindValue, Key: h.Key, Name: h.Name, Value: v, Quote: s, Refers: true, Correction: true})
	}
	if ctx.LastValueKey == "" || !jaFillers.MatchString(s[:m[2]]) || !backToFits(ctx.Values, ctx.LastValueKey, v) {
		return out
	}
	return append(out, Proposal{Op: OpState, Kind: KindValue, Key: ctx.LastValueKey, Name: ctx.LastValueName, Value: v, Quote: s, Refers: true, Correction: true})
}

// fileNameTokRE is a file's name or path in a sentence ("default.toml",
// "config/production.toml").
var fileNameTokRE = mustPattern(`(?i)[\w.~/\-]*[\w\-]\.(?:py|go|js|ts|tsx|jsx|json|ya?ml|toml|md|txt|sh|rs|java|kt|kts|rb|sql|cfg|ini|lock|xml|html|css|swift|gradle|env|conf|properties)\b`)

// fileNamesDropped is s without the names of files it mentions: the
// "default" of "default.toml" names no setting DEFAULT_PAGE_SIZE.
func fileNamesDropped(s string) string {
	return fileNameTokRE.ReplaceAllString(s, " ")
}
