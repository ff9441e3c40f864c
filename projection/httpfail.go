package projection

import "strings"

// A failure told as an HTTP status, or as broken behaviour someone relays.
//
// "Luca mi scrive che /healthz su staging risponde 503 da dopo il
// deploy", "QA says /api/orders returns a 500", "de API geeft 502 op
// /login": a server error status answered by a path is a failure seen
// outside the session, as concrete as an exit code (userfail.go). It is
// keyed by the path and the status ("healthz-503"), so that the user's
// word that the path answers 2xx again, or a later probe of the same path
// that gets a 2xx (probefix.go), resolves it.
//
// "support meldt dat de PDF's van facturen sinds gisteren leeg zijn op
// staging", "a customer says the invoice PDFs are empty": broken
// behaviour told with no fail verb, relayed from someone who saw it
// (support, a colleague, a customer: relayFailRE), is a failure too. The
// user's own "the PDFs are empty?" or "make sure the PDFs are not empty"
// is none (userFailNotRE), nor is a relay of anything but broken
// behaviour ("support says the new layout is nice").

// httpFailRE is a server error status a thing answers: a verb of
// answering then a 5xx, "HTTP 503", "503 Service Unavailable", "503s".
var httpFailRE = mustPattern(`(?i)(?:^|[^\pL])(?:returns?|returning|responds?(?: with)?|responding(?: with)?|answers?(?: with)?|gives?|giving|throws?|throwing|gets?|getting|got|serves?|serving|risponde(?: con)?|rispondono(?: con)?|restituisce|ritorna|dà|da|geeft|gaf|antwoordt(?: met)?|gibt|liefert|antwortet(?: mit)?|retourne|renvoie|répond(?: avec)?|devuelve|responde(?: con| com)?|retorna|dá|отда[её]т|возвращает|отвечает)\s+(?:(?:a|an|un|una|uno|een|ein|einen|um|uma|des|back|now|again|always|sempre|altijd|immer|toujours|siempre)\s+)?(?:(?:an\s+)?error\s+)?(?:HTTP\s*)?(5\d\d)s?(?:$|[^\w])|\bHTTP[ /]?(?:1\.[01] |2 )?(5\d\d)\b|\b(5\d\d) (?:Service Unavailable|Internal Server Error|Bad Gateway|Gateway Time-?out)\b|\b(5\d\d)s\b` +
	// the verb last, as a gloss of a language that writes it so leaves
	// it: "yine 500 veriyor" is "again 500 returns"
	`|(?i:\b(?:still|again)\s+(?:HTTP\s*)?(5\d\d)\s+(?:returns|gives|responds)\b)`)

// stillStatusRE is a server error status told bare after "still", and the
// same in Chinese, Japanese and Korean: "still 502", "还是 502", "一直报
// 502", "返回 503", "502 が返ってくる", "502 になった", "502 에러가 나요".
var stillStatusRE = mustPattern(`(?i:(?:^|[^\pL])still\s+(?:HTTP\s*)?(5\d\d)s?(?:$|[^\w]))|(?:还是|仍然|依然|一直|又|报|返回|出现)\s*(?:HTTP\s*)?(5\d\d)(?:$|[^\w])|\b(5\d\d)\s*(?:が(?:返|出)|に(?:なる|なった|なりま)|エラー|에러|오류|(?:가|이) (?:나|떠|뜨))`)

// httpWordRE is a word of HTTP serving: a server, a gateway, an endpoint.
var httpWordRE = mustPattern(`(?i)\b(?:HTTP|nginx|gateway|upstream|endpoint|API|server|status)\b|网关|接口|请求|状态码|服务器|ゲートウェイ|サーバ|ステータス|エンドポイント|게이트웨이|서버|상태 코드|엔드포인트`)

// stillStatusNotRE is what makes a bare number after "还是" no status: a
// number before it ("用 502 还是 504", 还是 is "or"), a choice ("还是 500
// 吧"), a unit after it.
var stillStatusNotRE = mustPattern(`\d\s*还是|(?:还是|仍然|依然)\s*5\d\d\s*(?:吧|好|行|个|条|行|ms|毫秒|秒|MB|M\b|K\b|%)`)

// stillStatus reports whether part tells a server error status bare
// (stillStatusRE): only where sentence says it was seen outside
// (seenOutside) or names HTTP serving, so that "批大小还是 500 吧" is no
// status.
func stillStatus(part, sentence string) bool {
	return stillStatusRE.MatchString(part) && !stillStatusNotRE.MatchString(part) && (seenOutside(sentence) || httpWordRE.MatchString(sentence))
}

// urlPathRE is a URL's path told in prose: "/healthz", "/api/v1/orders",
// or a full URL's path.
var urlPathRE = mustPattern(`(?:^|[\s(\x60'"])(?:https?://[\w.:-]+)?(/[A-Za-z][\w.-]*(?:/[\w.{}:-]+)*)`)

// httpFailure is the failure clause part of sentence tells by a server
// error status (see above): keyed by the path it names and the status, ok false when
// part tells none.
func httpFailure(part, sentence string) (key, name string, ok bool) {
	m := httpFailRE.FindStringSubmatchIndex(part)
	if m == nil && stillStatus(part, sentence) {
		m = stillStatusRE.FindStringSubmatchIndex(part)
	}
	if m == nil {
		return "", "", false
	}
	code := ""
	for i := 2; i+1 < len(m); i += 2 {
		if m[i] >= 0 {
			code = part[m[i]:m[i+1]]
		}
	}
	name = code
	if p := urlPathRE.FindStringSubmatch(part); p != nil {
		name = p[1] + " " + code
	}
	return slug(name), strings.TrimSpace(part), true
}

// brokenRE is broken behaviour told with no fail verb: empty output, a
// thing down or not working, in the languages the lexicons cover.
var brokenRE = mustPattern(`(?i)(?:^|[^\pL])(?:(?:are|is|come out|comes out|arrive|arrives) (?:all )?(?:empty|blank|broken|corrupt(?:ed)?)|0 bytes|zero bytes|(?:is|are) down|(?:doesn't|does not|don't|do not|won't|no longer) (?:work|load|open|render|download)|leeg|lege|kapot|werkt(?: \pL+)? niet|vuot[oie]|rott[oie]|(?:non|più non) (?:funziona|funzionano|va|vanno|si apr\pL+|carica\pL*)|leer|kaputt|funktionier\pL* nicht|vides?|cassée?s?|ne (?:marche|fonctionne)(?:nt)? pas|vac[ií][oa]s?|rot[oa]s?|no funciona\pL*|vazi[oa]s?|quebrad[oa]s?|não funciona\pL*|пуст\pL*|слома\pL*|не работа\pL*)(?:$|[^\pL])`)

// brokenRelayed is the failure clause part of user message text tells
// as broken behaviour someone relays (see above): keyed by the clause's
// own words after the verb of saying.
func brokenRelayed(text, part string) (key, name string, ok bool) {
	if !relayed(text) || !brokenRE.MatchString(part) || relayNotRE.MatchString(part) {
		return "", "", false
	}
	told := part
	if loc := relaySplitRE.FindStringIndex(told); loc != nil {
		told = told[loc[1]:]
	}
	k := slug(told)
	if k == "-" {
		return "", "", false
	}
	return k, strings.TrimSpace(part), true
}

// relaySplitRE is the verb of saying and its "that" that opens a relayed
// report: what follows is what was seen.
var relaySplitRE = mustPattern(`(?i)^.{0,60}?\b(?:says?|said|reports?|reported|told (?:me|us)|tells (?:me|us)|wrote|writes|pinged|flagged|scrive|dice|segnala|riporta|conferma|meldt|melden|zegt|schrijft|sagt|schreibt|meldet|dit|écrit|signale|escribe|reporta|diz|escreveu|avisou|relata)(?:\s+(?:that|che|dat|dass|que|qu'))?\s+`)

// okStatusRE is a report that a thing answers a success status: "/healthz
// ora è 200", "/healthz returns 200 now", "risponde 200", "geeft weer 200".
var okStatusRE = mustPattern(`(?i)(?:^|[^\pL])(?:is|è|returns?|responds?(?: with)?|answers?(?: with)?|gives?|gets?|risponde(?: con)?|restituisce|ritorna|dà|da|geeft|antwoordt(?: met)?|gibt|liefert|antwortet(?: mit)?|ist|retourne|renvoie|répond|est|devuelve|responde|retorna|es|está|é|отда[её]т|возвращает|отвечает)\s+(?:(?:now|again|ora|adesso|di nuovo|weer|nu|wieder|jetzt|de nouveau|maintenant|otra vez|ahora|de novo|agora|снова|теперь|back|a|an|un|een|ein)\s+){0,2}(?:HTTP\s*)?2\d\d\b(?:\s+OK)?(?:\s+(?:now|again|ora|adesso|weer|wieder|de nouveau|otra vez|de novo|agora))?`)

// okStatusReport is the sentence of text that reports a thing answers a
// success status again, and the URL paths it names; "" when none does.
func okStatusReport(text string) (string, []string) {
	for _, s := range sentences(text) {
		if !okStatusRE.MatchString(s) || noLongerNotRE.MatchString(s) {
			continue
		}
		var paths []string
		for _, m := range urlPathRE.FindAllStringSubmatch(s, -1) {
			paths = append(paths, strings.ToLower(m[1]))
		}
		return s, paths
	}
	return "", nil
}

// statusReportValue reports whether a value read from sentence s names a
// status a path answers ("/healthz ora è 200"), a report and no setting.
func statusReportValue(s string) bool {
	return okStatusRE.MatchString(s) && urlPathRE.MatchString(s) || httpFailRE.MatchString(s) && urlPathRE.MatchString(s) || stillStatus(s, s)
}
