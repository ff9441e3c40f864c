package projection

import (
	"slices"
	"strings"
	"unicode"
)

// A pronoun that points at the setting the sentence before gave a number.
//
// "payment call timeout is 10s rn right? make it 15": the user names a
// setting with its number, as a statement or a question to confirm it,
// and sets "it" in the next sentence of the same message. "it" is that
// setting, not the one set last (another setting, or none), and the
// number the sentence before gave is what the new value replaces. The
// sentence before must tie the number to the setting's name with a
// copula or a colon ("is", "=", ":", "at"), so a number told of
// something else ("the tests took 30s") names no setting.

// statedSettingRE is a setting's name and its number joined by a copula:
// "payment call timeout is 10s", "the pool size: 8", "retries = 3".
var statedSettingRE = mustPattern(`(?i)^\W*(?:(?:so|ok(?:ay)?|and|also|hmm|btw)[,]?\s+)*(?:the\s+|our\s+|my\s+)?(?P<k>[\p{L}][\p{L}\d_\-]*(?:\s+[\p{L}][\p{L}\d_\-]*){0,3})\s*(?:\s(?:is|was|are|=|at|sits at|stays at)\s+(?:currently\s+|still\s+|now\s+|set\s+to\s+)?|[:=]\s*)(?P<v>\d+(?:\.\d+)?\s*(?:` + relUnit + `|mm|cm|m)?)(?:$|[\s.,;:!?)…])`)

// setItRE is a sentence that sets "it" to a number: "make it 15", "set it
// to 20s", "bump it to 30".
var setItRE = mustPattern(`(?i)^\W*(?:(?:so|ok(?:ay)?|and|then|just|pls|please)[,]?\s+)*(?:make|set|bump|change|put|raise|lower|drop|move)\s+(?:it|that)\s+(?:to\s+|at\s+)?\d`)

// priorSetting is the setting sentence prev names with a number, and the
// number, when s sets "it" to a number; "" when prev names none.
func priorSetting(prev, s string) (key, name, base string) {
	if !setItRE.MatchString(s) {
		return "", "", ""
	}
	m := statedSettingRE.FindStringSubmatch(strings.TrimSpace(prev))
	if m == nil {
		return "", "", ""
	}
	k := m[statedSettingRE.SubexpIndex("k")]
	for _, w := range strings.Fields(strings.ToLower(k)) {
		if stopwords[w] || pronounRE.MatchString(w) || reportingVerbs[w] {
			// "it is 10s", "that one is 8", "he says 30": no name
			return "", "", ""
		}
	}
	return "value/-/" + strings.ToLower(strings.Join(strings.Fields(k), "_")), k, strings.TrimSpace(m[statedSettingRE.SubexpIndex("v")])
}

// otherDimension reports whether values a and b are numbers in units that
// measure different things (a duration and a size): b cannot be a new
// value of the setting a holds.
func otherDimension(a, b string) bool {
	ua, ub := unitOf(strings.TrimSpace(a)), unitOf(strings.TrimSpace(b))
	da, db := unitDimension(ua), unitDimension(ub)
	return da != "" && db != "" && da != db
}

// unitDimension is what a unit measures: "duration", "size", or "" when
// it is no unit of either.
func unitDimension(u string) string {
	switch unitClass(u) {
	case "ms", "s", "min", "h", "d":
		return "duration"
	}
	switch strings.ToLower(strings.TrimSpace(u)) {
	case "b", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib", "k":
		return "size"
	}
	return ""
}

// settledAt reports whether the user's message text at seq set a value
// of a setting its own question names ("payment call timeout is 10s rn
// right? make it 15"): the question is settled, not asked of the agent.
func (r *Reducer) settledAt(seq int, text string) bool {
	var asks []string
	for _, s := range sentences(text) {
		if strings.ContainsAny(s, "?？") {
			asks = append(asks, strings.ToLower(s))
		}
	}
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current || a.Authority != Normative || a.Seq() != seq || len(a.Name) < 3 {
			continue
		}
		for _, q := range asks {
			if strings.Contains(q, strings.ToLower(a.Name)) {
				return true
			}
		}
	}
	return false
}

// A setting put back to a number it held.
//
// "backend says gateway kills at 18s. go back to 15" after the payment
// timeout went from 15s to 22.5s and another setting was set since: "back
// to 15" names the setting whose value before the current one was 15,
// not the one set last, and the number is its value. With no such
// setting, or two, the setting set last stays the referent. "put it back
// to 11" sets 11, not the value before.

// backToNumRE is a setting put back to a number: "go back to 15", "put it
// back to 64", "back to the original 300", "改回原来的 300", "drop it back down to 2s", "改回 15", "vuelve a 100",
// "wieder auf 100", "reviens à 100", "volta para 100", "torna a 100",
// "100に戻して", "tillbaka till 256", "terug naar 256", "назад до 256", "поверни на 256", "верни к 256", "256 पर
// वापस जाओ", "वापस 256 पर ले आओ", "256 par wapas", "256 پر واپس"; in
// another language than English also before the clause that goes on
// ("vuelve a 100 y sube el burst a 40").
var backToNumRE = mustPattern(`(?i)(?:^|[\s,;:])(?:(?:go|set\s+it|put\s+it|change\s+it|take\s+it|bring\s+it|move\s+it|turn\s+it|roll\s+it|dial\s+it|drop\s+it|revert(?:\s+it)?|switch(?:\s+it)?)\s+)?back\s+(?:down\s+|up\s+)?to\s+(?:the\s+(?:original|old|previous|earlier|default)\s+)?(?P<v>\d+(?:\.\d+)?(?:\s*(?:` + relUnit + `|kib|mib|gib))?)\s*(?:[.!,;]|$|\s(?:and|then)\s)|(?:改回|调回|退回|恢复到|恢复成|回到)(?:到|成)?\s*(?:原来|原先|之前|以前|最初|默认)?的?\s*(?P<v2>\d+(?:\.\d+)?(?:\s*(?:` + relUnit + `|kib|mib|gib))?)` +
	`|(?i:(?:^|[^\p{L}])(?:vuelve|vuelvan|volvamos|regresa|regresemos|zurück|zurueck|wieder|reviens|revenons|revenir|remets(?:-le|-la)?|volta|voltemos|volte|torna|torniamo|riporta(?:lo|la)?|tillbaka|terug)\s+(?:a|al|auf|zu|à|au|para|pra|ao|till|naar|op)\s+(?P<v3>\d+(?:[.,]\d+)?(?:\s?(?:` + relUnit + `|kib|mib|gib)\b)?)\s*(?:[.!,;]|$|\s(?:y|e|und|et|i|and)\s))` +
	`|(?P<v4>\d+(?:\.\d+)?(?:\s*(?:` + relUnit + `))?)\s*(?:に|へ)\s*戻` +
	`|(?:^|[^\p{L}])(?:назад|поверн\p{L}*|поверт\p{L}*|верн\p{L}*|відкоти\p{L}*|откати\p{L}*)\s+(?:до|на|к)\s+(?P<v5>\d+(?:\.\d+)?(?:\s*(?:` + relUnit + `|kib|mib|gib))?)\s*(?:[.!,;]|$|\s(?:і|и|й|та|а)\s)` +
	`|(?:^|[^\p{L}\p{M}])(?P<v6>\d+(?:\.\d+)?(?:\s*(?:` + relUnit + `|kib|mib|gib))?)\s*(?:पर|पे|par|pe|پر|پہ)\s+(?:वापस|वापिस|wapas|vapas|wapis|واپس)(?:[^\p{L}\p{M}]|$)` +
	`|(?:^|[^\p{L}\p{M}])(?:वापस|वापिस|wapas|vapas|wapis|واپس)\s+(?P<v7>\d+(?:\.\d+)?(?:\s*(?:` + relUnit + `|kib|mib|gib))?)\s*(?:पर|पे|par|pe|پر|پہ)(?:[^\p{L}\p{M}]|$)`)

// backToValue is the number s puts a setting back to, "" when none.
func backToValue(s string) string {
	m := backToNumRE.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	v := m[backToNumRE.SubexpIndex("v")] + m[backToNumRE.SubexpIndex("v2")] + m[backToNumRE.SubexpIndex("v4")] +
		m[backToNumRE.SubexpIndex("v5")] + m[backToNumRE.SubexpIndex("v6")] + m[backToNumRE.SubexpIndex("v7")]
	return strings.TrimSpace(v + strings.ReplaceAll(m[backToNumRE.SubexpIndex("v3")], ",", "."))
}

// backToOnly reports whether values vs read from s are one value named
// only by the words of s's back-to phrase ("tillbaka till 256" as the
// setting "tillbaka_till"), no setting.
func backToOnly(s string, vs []Proposal) bool {
	if len(vs) != 1 || vs[0].Kind != KindValue {
		return false
	}
	loc := backToNumRE.FindStringIndex(s)
	if loc == nil {
		return false
	}
	phrase := strings.Fields(strings.ToLower(s[loc[0]:loc[1]]))
	name := strings.Fields(strings.ToLower(strings.NewReplacer("_", " ", "-", " ").Replace(vs[0].Key[strings.LastIndex(vs[0].Key, "/")+1:])))
	if len(name) == 0 {
		return false
	}
	for _, w := range name {
		if !slices.Contains(phrase, w) {
			return false
		}
	}
	return true
}

// backToHeld is the one current value whose value before it is the
// number text puts a setting back to, nil when none or two, or when the
// agent's reply just before told the value of the setting set last.
func (r *Reducer) backToHeld(text string) *Anchor {
	v := backToValue(text)
	if v == "" {
		return nil
	}
	n, u := leadNumber(v), unitOf(v)
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current || a.Was == "" || leadNumber(a.Was) != n || leadNumber(a.Value) == n {
			continue
		}
		if u != "" && unitOf(a.Was) != "" && unitClass(u) != unitClass(unitOf(a.Was)) {
			continue
		}
		if found != nil && found.Key != a.Key {
			return nil
		}
		found = a
	}
	if last := r.valueOf(r.lastKey); found != nil && last != nil && last != found && numericHeld(last.Value) && !otherDimension(last.Value, v) && talkedOf(r.talked, last.Value) {
		// "Límite en 50 rps." — "uf. vuelve a 100": the setting set last,
		// whose new value the agent's reply just told, is the one put
		// back, though another held 100 before.
		return nil
	}
	return found
}

// nearWords are the words of s around s[i:j]: the five before it and the
// three after it, in its clause. A rule states a setting's value when
// the setting's words stand there ("rollover when a primary shard
// reaches 25gb"), not anywhere in the rule.
func nearWords(s string, i, j int) string {
	before, after := s[:i], s[j:]
	if k := strings.LastIndexAny(before, ".;!?\n"); k >= 0 {
		before = before[k+1:]
	}
	if k := strings.IndexAny(after, ".;!?\n"); k >= 0 {
		after = after[:k]
	}
	bw, aw := strings.Fields(before), strings.Fields(after)
	return strings.Join(lastN(bw, 5), " ") + " " + strings.Join(aw[:min(3, len(aw))], " ")
}

// answeredNumber is the number the agent's newest answer to the user's
// question gives the setting identifier ident ("READ_CHUNK is 64 KiB."):
// what a relative change of "it" right after the answer changes; "" when
// the answer gives it none.
func (r *Reducer) answeredNumber(ident string) string {
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind == KindDecision && a.Lifecycle == Active && strings.HasPrefix(a.Key, answerPrefix) && strings.Contains(a.Value, ident) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	if best == nil {
		return ""
	}
	rest := best.Value[strings.Index(best.Value, ident)+len(ident):]
	m := answeredNumRE.FindStringSubmatch(rest)
	if m == nil {
		return ""
	}
	return m[1]
}

// answeredNumRE is the number an answer gives right after a setting's
// identifier: " is 64 KiB", " = 30s", ": 4".
var answeredNumRE = mustPattern(`(?i)^\x60?\s*(?:is\s+(?:set\s+to\s+|currently\s+|still\s+)?|=\s*|:\s*)(\d+(?:\.\d+)?(?:\s?(?:` + relUnit + `|kib|mib|gib))?)(?:$|[\s.,;)])`)

// backToFits reports whether the setting key, set last, can be the one
// "go back to v" names: its value held is a number like v, in v's unit
// if both have one. A version ("2.8.0") is never put back to "15": in a
// user trial the payment timeout's 15 became versionName 15.
func backToFits(held []HeldValue, key, v string) bool {
	for _, h := range held {
		if h.Key != key {
			continue
		}
		if !numericHeld(h.Value) {
			return false
		}
		if u, hu := unitOf(v), unitOf(h.Value); u != "" && hu != "" && unitClass(u) != unitClass(hu) || measureOnCount(h, v) {
			return false
		}
		return true
	}
	return true // not held: the reducer decides (backToHeld)
}

// numericHeld reports whether a held value is a number (with a unit or a
// currency sign), not a version ("2.8.0") or a name.
func numericHeld(v string) bool {
	t := strings.TrimLeft(v, "+-$€£ ")
	return strings.Count(v, ".") <= 1 && leadNumber(v) != "" && t != "" && t[0] >= '0' && t[0] <= '9'
}

// backToTarget is the setting sentence s puts back to a number: the one
// s names before its back-to phrase ("CommandTimeout toch terug naar
// 30", "set the pool size back to 10"), by the words of a value held or
// by an identifier, else the one set last (lastKey): "terug naar 30"
// names none. ok is false when s names values held it cannot tell apart
// (one setting in three files) and no identifier of its own.
func backToTarget(s string, held []HeldValue, lastKey, lastName string) (key, name string, ok bool) {
	loc := backToNumRE.FindStringIndex(s)
	if loc == nil {
		return lastKey, lastName, true
	}
	before := s[:loc[0]]
	if k := strings.LastIndexAny(before, ".;!?\n"); k >= 0 {
		before = before[k+1:]
	}
	var named []HeldValue
	best := 0
	lb := strings.ToLower(before)
	words := sentenceWords(lb)
	for _, h := range held {
		n := heldScore(lb, words, &h)
		switch {
		case n == 0 || n < best:
		case n > best:
			named, best = []HeldValue{h}, n
		default:
			named = append(named, h)
		}
	}
	for _, h := range named {
		if h.Key == lastKey {
			// "retries back to 3" after retries was set: the one set last
			return lastKey, lastName, true
		}
	}
	if len(named) == 1 {
		return named[0].Key, named[0].Name, true
	}
	if m := settingIdentRE.FindStringSubmatch(before); m != nil {
		return "value/-/" + strings.ToLower(m[1]), m[1], true
	}
	if len(named) > 1 {
		return "", "", false
	}
	if h := heldByNumberAfter(s[loc[1]:], held); h != nil {
		// "pool back to 15, 20 was too many for the pgbouncer limit":
		// the setting whose number the reason gives, not the one set
		// last
		return h.Key, h.Name, true
	}
	return lastKey, lastName, true
}

// heldByNumberAfter is the one held setting whose number the words after
// a "back to N" name ("…, 20 was too many"), or nil: none, or several.
func heldByNumberAfter(rest string, held []HeldValue) *HeldValue {
	var found *HeldValue
	for _, m := range bareNumRE.FindAllStringSubmatch(rest, -1) {
		n := m[1]
		for i := range held {
			if !numericHeld(held[i].Value) || leadNumber(held[i].Value) != n {
				continue
			}
			if found != nil && found.Key != held[i].Key {
				return nil
			}
			found = &held[i]
		}
	}
	return found
}

// bareNumRE is a number standing as a word of its own.
var bareNumRE = mustPattern(`(?:^|[^\w.])(\d+(?:[.,]\d+)?)\b`)

// durationNameWords and sizeNameWords are words of a setting's name that
// say its plain number is a duration or a size ("timeout", "max_bytes",
// "上传文件大小"): a unit of that measure may be given to it.
var (
	durationNameWords = wordSet(`timeout timeouts ttl delay delays interval intervals wait backoff period duration expiry expire expires expiration deadline latency sleep time ms msec millis sec secs seconds minutes hours age lifetime grace retention
		tiempo intervalo espera retraso zeit dauer intervall wartezeit délai delai durée duree attente tempo intervallo ritardo`)
	sizeNameWords = wordSet(`bytes byte kb mb gb kib mib gib memory mem heap buffer buffers packet payload body upload uploads file disk storage ram quota memoria speicher`)
	// countHeadWords make a "size" a count: a batch's, a page's.
	countHeadWords  = wordSet(`batch page pool chunk queue bulk fetch window sample step group`)
	cjkMeasureWords = []string{"超时", "间隔", "时间", "延迟", "大小", "内存", "文件", "容量", "タイムアウト", "間隔", "時間", "サイズ", "メモリ"}
)

// measureOnCount reports whether told value v, a size or a duration,
// would replace held value h, a plain number whose setting's name says
// no measure ("20480KB" for a batch size of 200, "30s" for 4 workers): a
// value of another unit class never replaces a setting's value.
func measureOnCount(h HeldValue, v string) bool {
	if !numericHeld(h.Value) || unitOf(strings.TrimSpace(h.Value)) != "" || unitDimension(unitOf(strings.TrimSpace(v))) == "" {
		return false
	}
	name := strings.ToLower(h.Name + " " + property(h.Key))
	for _, w := range cjkMeasureWords {
		if strings.Contains(name, w) {
			return false
		}
	}
	sized, counted := false, false
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		w = foldWord(w)
		if durationNameWords[w] || sizeNameWords[w] {
			return false
		}
		sized = sized || w == "size"
		counted = counted || countHeadWords[w]
	}
	// "message_size_limit" is a size, "batch_size" a count
	return !sized || counted
}

// structuredValue reports whether held value v is a list or a map
// (`["pytest==8.1.1", …`, `{a: 1}`): a number told is no value of it.
func structuredValue(v string) bool {
	v = strings.TrimSpace(v)
	return strings.HasPrefix(v, "[") || strings.HasPrefix(v, "{")
}
