package projection

import "strings"

// The user reporting that a thing no longer fails.
//
// "测试说 Pixel 6 上新包不崩了", "order-gateway はもう落ちなくなった",
// "checkout-api doesn't crash anymore": the user saw the thing a failure
// was told of (userfail.go) run without it. The report resolves the open
// failure that names what it names ("Pixel 6"), or, naming nothing, the
// one failure the user told that is still open. A question ("不崩了吗？"),
// a condition or a hope ("should no longer crash", "如果不崩了就发版")
// and a report of another thing resolve nothing.

// noLongerFailsRE is a report that a thing no longer fails.
var noLongerFailsRE = mustPattern(`(?i)\bno longer (?:crash|fail|die|hang|error)\w*|\b(?:doesn'?t|does not|isn'?t|is not|don'?t|aren'?t) (?:crash|fail|die|hang|error)\w*(?: out)? (?:any ?more|now)\b|\bstopped (?:crashing|failing|dying|hanging|erroring)\b|(?:落ち|こけ|コケ|クラッシュし|失敗し|エラーになら|死な)なくなっ|もう(?:落ち|こけ|コケ|クラッシュし|失敗し)(?:ない|ません)|不(?:再)?(?:崩|闪退|挂|报错|失败)(?:溃)?了|不再(?:崩溃|闪退|报错|失败|挂)|больше не (?:пада|крашит|вылета)\pL*|перестал\pL* (?:падать|крашиться|вылетать)|\bnon (?:crasha|fallisce|va in crash) più\b|\b(?:stürzt|crasht) nicht mehr\b|\bschlägt nicht mehr fehl\b|\b(?:crasht|faalt) niet meer\b|\bya no (?:falla|crashea|se cae)\b|\bne (?:plante|crashe) plus\b` +
	// "no more QueuePool errors in the logs", "geen 503's meer", "niente
	// più errori", "keine Fehler mehr", "plus d'erreurs", "больше нет ошибок"
	`|(?i:\bno more (?:[\w./'-]+ ){0,3}?(?:errors?|crash(?:es)?|failures?|timeouts?|exceptions?|tracebacks?|5\d\d(?:s|'s)?)\b|\bgeen (?:[\w./'-]+ ){0,3}?(?:fouten|errors|crashes|exceptions|timeouts|5\d\d(?:s|'s)?) meer\b|\b(?:niente|nessun) più (?:[\w./'-]+ ){0,2}?(?:errori|errore|crash|eccezioni|timeout)\b|\bpiù nessun (?:errore|crash)\b|\bkeine (?:[\w./'-]+ ){0,3}?(?:Fehler|Abstürze|Exceptions|Timeouts) mehr\b|\bplus (?:d'|de |aucune )(?:erreurs?|crash|exceptions?|timeouts?)\b|\bno más (?:errores|crashes|caídas|excepciones)\b|\bsem mais (?:erros|crashes|falhas)\b|больше нет (?:ни )?(?:ошибок|падений)|ошибок больше нет)` +
	// the same in Chinese, Japanese and Korean: "没 502 了", "没再报错了",
	// "不再 502", "超时没了", "502 が出なくなった", "もうエラーは出ない",
	// "더 이상 502 안 나요", "에러 없어졌어요"
	`|没(?:有)?再?(?:报|出现|出)?\s*(?:[\w./-]+\s*){0,2}?(?:5\d\d|报错|错误|超时|异常|崩溃|闪退)\s*了|(?:5\d\d|报错|错误|超时|异常)\s*(?:没了|没有了|消失了)|不再(?:报|出现|出)?\s*5\d\d|不(?:报|出)\s*5\d\d\s*了|不超时了` +
	`|(?:5\d\d|エラー|タイムアウト|例外)\s*(?:が|は)?\s*(?:もう)?\s*(?:出|起き|返ってこ|返ら)なくなっ|もう\s*(?:5\d\d|エラー|タイムアウト|例外)\s*(?:は|が)?\s*(?:出|起き)(?:ない|ません|てない|ていない)` +
	`|(?:더 이상|이제)\s*(?:5\d\d|에러|오류|타임아웃|크래시)\S*\s*(?:안 (?:나|떠|뜨|생)|없)|(?:5\d\d|에러|오류|타임아웃)\S*\s*(?:안 (?:나|떠|뜨)\S*|없어졌|사라졌)`)

// noLongerNotRE is what makes such a sentence no report: a question, a
// condition, a hope, a plan.
var noLongerNotRE = mustPattern(`(?i)[?？]|\b(?:if|whether|should|hopefully|hope|once|will|would|might|maybe|make sure|ensure|so that|se|dovrebbe|wenn|falls|sollte|als|zou|si|debería|devrait)\b|(?:^|\s)(?:если|должн\pL*|надеюсь|чтобы)(?:\s|$|[,.!])|如果|要是|的话|应该|希望|确保|吗|もし|たら|なら|はず|ように|か[。.]?$|면(?:\s|$|[,.，])|는지|(?:을|ㄹ)까`)

// worksNowRE is a report that the thing works, in English: "thanks it
// works", "that fixed it", "works now", "everything's working again".
// Said of "it", "that", "this" or "everything", or alone, at the head of
// the sentence, it names the thing the user told failing; "the new button
// works" tells of another, "check that it works" asks for a check.
var worksNowRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|great|nice|cool|good|thanks|thank you|perfect|yes|yep|yeah|awesome)[,!.]?\s+)*(?:(?:it|that|this|everything)(?:\s+(?:now|finally))?\s*(?:works|worked|is\s+working|'s\s+working|’s\s+working)|(?:works|working)\s+(?:now|again)|(?:that|this)\s+(?:fixed|did|solved)\s+it)\b`)

// worksNotRE is what makes such a sentence no report that it works: a
// part that still fails ("it works but the blog page 500s"), a place it
// works only in, a negation.
var worksNotRE = mustPattern(`(?i)\b(?:but|except|only|still|though|although|however|partly|partially|sometimes|locally|not|never|[a-z]+n't|before|until|used to|yesterday|last)\b`)

// fixedReport is the sentence of user message text that reports a thing
// no longer fails, "" when none does.
func fixedReport(text string) string {
	for _, s := range sentences(text) {
		if noLongerFailsRE.MatchString(s) && !noLongerNotRE.MatchString(s) {
			return s
		}
		if worksNowRE.MatchString(s) && !noLongerNotRE.MatchString(s) && !worksNotRE.MatchString(s) {
			return s
		}
	}
	return ""
}

// fixedNames are the words of report s that may name what failed: a
// Latin word of three letters or more that has a digit, a "-", "_" or a
// dot, or a capital but as the sentence's first letter ("Pixel",
// "order-gateway", "InventoryIT"; not "The").
func fixedNames(s string) []string {
	var out []string
	for _, loc := range latinWordRE.FindAllStringIndex(s, -1) {
		w := strings.Trim(s[loc[0]:loc[1]], ".-_")
		if len(w) < 3 || strings.Trim(w, "0123456789") == "" {
			continue
		}
		if strings.ContainsAny(w, "0123456789-_.") || strings.ToLower(w[1:]) != w[1:] || (loc[0] > 0 && strings.ToLower(w) != w) {
			if m := modelNumberRE.FindStringSubmatch(s[loc[1]:]); m != nil && strings.ToLower(w) != w {
				// "Pixel 6", "Galaxy S23": the model is the name, not
				// the maker's word that "Pixel_4_API_30" also holds
				w += " " + m[1]
			}
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// modelNumberRE is the number that follows a product's name ("Pixel 6",
// "iPhone 15", "Galaxy S23", "Node 20").
var modelNumberRE = mustPattern(`^[ \t]+([A-Za-z]?\d+[A-Za-z]?)\b`)

// fixedNameIn reports whether name n (lower case, a product's name and number
// "pixel 6" as two words) stands in text about as a whole: not a part of a
// longer word or number ("pixel 60"), "-" and "_" read as spaces
// ("reported/-/pixel-6", "Pixel_6_API_34").
func fixedNameIn(about, n string) bool {
	if !strings.Contains(n, " ") {
		return strings.Contains(about, n)
	}
	about = strings.NewReplacer("-", " ", "_", " ").Replace(about)
	for i := 0; ; {
		j := strings.Index(about[i:], n)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(n)
		if (j == 0 || !isAlnumByte(about[j-1])) && (end == len(about) || !isAlnumByte(about[end])) {
			return true
		}
		i = j + 1
	}
}

// isAlnumByte reports whether b is an ASCII letter or digit.
func isAlnumByte(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// reportedFixed resolves the open failure a user's report that a thing
// no longer fails is about (see above); it reports whether s was one.
func (r *Reducer) reportedFixed(ev *Event, ref EventRef) {
	s := fixedReport(ev.Text)
	var names []string
	if s == "" {
		// "Luca conferma che /healthz ora è 200": the path answers a
		// success status again (httpfail.go)
		s, names = okStatusReport(ev.Text)
		if s == "" {
			return
		}
	}
	names = append(names, fixedNames(s)...)
	var hit, told []*Anchor
	for _, a := range r.sorted() {
		if a.Kind != KindFailure || !a.IsHead() || (a.Lifecycle != Open && a.Lifecycle != Investigating) || a.Seq() >= ev.Seq || r.hot[slot(a.Kind, a.Key)] != a {
			continue
		}
		if strings.HasPrefix(a.Key, reportedPrefix) {
			told = append(told, a)
		}
		about := strings.ToLower(a.Key + " " + a.Name + " " + a.Because)
		for _, n := range names {
			if fixedNameIn(about, n) {
				hit = append(hit, a)
				break
			}
		}
	}
	if len(names) == 0 && len(told) == 1 {
		hit = told
	}
	for _, a := range hit {
		a.Lifecycle = Resolved
		a.addRef(ref)
		r.hypothesesOn(a, ref)
	}
}
