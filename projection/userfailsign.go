package projection

import "strings"

// A failure the user relays with no fixed phrase.
//
// "SREから連絡で、ステージングの order-gateway が `Too many open files
// (os error 24)` でこけてるって", "新包在 Pixel 6（Android 14）上一打开就崩",
// "checkout-api crashes on staging with ECONNRESET": a crash or fail verb
// (failVerbRE) with an error text (errorTextRE: an exception, an errno,
// a quoted error) or a named place or device (failPlaceRE: a service's
// name, a device model, failEnvRE: an environment) in the same clause is as
// concrete a sign as userFailRE's. The failure is keyed by the error
// text when there is one, else by the place. userFailNotRE and
// relayNotRE keep out a question, a condition, a failure that is over
// ("used to crash", "以前は落ちてた") and a negation.

// failVerbRE is a crash or fail verb, in the languages the lexicons cover.
var failVerbRE = mustPattern(`(?i)(?:^|[^\w-])(?:crash(?:es|ed|ing)?|fail(?:s|ed|ing)?|dies|died|panic(?:s|ked)?|errors? out|throws|hangs|went down|is down)(?:$|[^\w-])|こけ|コケ|落ちて|落ちる|落ちた|クラッシュ|失敗して|死んで|崩|闪退|挂了|报错|失败了|\b(?:пада\pL*|упал\pL*|крашит\pL*|fallisce|crasha|va in crash|stürzt|abgestürzt|crasht|faalt|falla|se cae|plante)\b` +
	// French, Spanish and Korean past forms: "a planté", "a crashé", "a
	// échoué", "est tombé", "murió", "falló", "se cayó", "petó";
	// "실패했", "죽었", "터졌", "뻗었"
	`|(?i:(?:^|[^\pL])(?:a|ont|avait) (?:planté|crashé|échoué)|(?:^|[^\pL])(?:est|sont) tombée?s?(?:$|[^\pL])|(?:^|[^\pL])(?:murió|falló|fallaba|se cayó|petó|reventó|crasheó)(?:$|[^\pL]))|실패했|실패함|죽었|터졌|뻗었|크래시`)

// errorTextRE is an error text: an exception's or error's name, an errno,
// a POSIX error code, an error quoted in backticks.
var errorTextRE = mustPattern("`[^`\\n]{0,60}(?i:error|exception|denied|refused|too many|timed? ?out|not found|panic|fatal|killed|overflow)[^`\\n]{0,60}`|" +
	// an error quoted in single or double quotes after a space or colon
	// ("a planté : 'NCCL error: unhandled system error'")
	"(?:^|[\\s:(])['\"][^'\"\\n]{0,60}(?i:error|exception|denied|refused|timed? ?out|panic|fatal|killed)[^'\"\\n]{0,60}['\"]|" +
	// an exception's name told bare ("SoftTimeLimitExceeded", "DeadlineExceeded")
	"\\b[A-Z][a-z]\\w*(?:Exceeded|Timeout)\\b|\\b[A-Z]\\w*(?:Exception|Error)\\b|\\(os error \\d+\\)|\\berrno \\d+|\\bE(?:MFILE|NOMEM|NOSPC|CONNRESET|CONNREFUSED|TIMEDOUT|ACCES|PERM|NOENT|PIPE|ADDRINUSE)\\b")

// failPlaceRE is a named place or device: a kebab-case service name
// with a letter part of three or more, a device model.
var failPlaceRE = mustPattern(`\b[a-z][a-z0-9]{2,}(?:-[a-z0-9]+)*-[a-z][a-z0-9]{2,}\b|\b(?:iPhone|iPad|Pixel|Galaxy|Xperia|Redmi|Xiaomi|Huawei|Mate|OnePlus|Nexus|Moto)\s?[A-Z]?\d+\w*`)

// failEnvRE is an environment a failure is told in, the place when no
// service or device is named.
var failEnvRE = mustPattern(`(?i:\b(?:staging|stage|prod|production|preprod|canary)\b)|\b(?:CI|GitHub Actions|GitLab CI|Jenkins|CircleCI|Buildkite)\b|(?i:\bcluster\b)|ステージング|本番|検証環境|线上|生产环境|测试环境|预发|(?i:стейдж\pL*|\bпрод\pL*|produzione|produktion|productie)`)

// relayNotRE is what else tells no failure seen now in the languages
// userFailNotRE does not spell: a condition, a question, a story of an
// earlier time, a negation, a fix done.
var relayNotRE = mustPattern(`(?i)もし|たら|なら|れば|か[。.]?$|以前|前は|昔|ない|なく|ません|要是|的话|会不会|吗|以前|之前|曾经|没|修好|已修复|\b(?:fixed|resolved|before the fix|no longer|anymore)\b|раньше|починил\pL*` +
	// a failover: "we're failing the prod db over to the new node"
	`|(?i:\bfail(?:s|ed|ing)?(?:\s+[\w.-]+){0,4}?\s+over\b|\bfailover\b)`)

// signedFailure is the failure clause part tells with a fail verb and an
// error text or a named place (see above): its key and its name, ok
// false when part tells none.
func signedFailure(part string) (key, name string, ok bool) {
	told := quotedSpanRE.ReplaceAllString(part, " ")
	if !failVerbRE.MatchString(told) && !crashVerbRE.MatchString(told) || relayNotRE.MatchString(part) {
		// the verb told, not quoted: "…\"error: message processing
		// failed\"" in a line of code tells nothing
		return "", "", false
	}
	if e := errorTextRE.FindString(part); e != "" {
		return slug(strings.Trim(e, "`")), part, true
	}
	for _, re := range []*pattern{failPlaceRE, failEnvRE} {
		if p := re.FindString(part); p != "" {
			return slug(p), part, true
		}
	}
	if v := crashVerbRE.FindStringIndex(part); v != nil && failProductRE.MatchString(part) {
		// the app crashing on a phone: keyed by the crash told
		if k := slug(part[v[0]:]); k != "" {
			return k, part, true
		}
	}
	return "", "", false
}

// crashVerbRE is a verb of a program crashing or closing by itself, in
// the languages the lexicons cover; failProductRE the product or device
// it crashes on: the app, a phone, a tablet, a device. "o app crasha
// quando abre o carrinho vazio", "the app crashes when I open settings",
// "die App stürzt beim Start ab", "приложение вылетает на экране оплаты",
// "应用一打开购物车就闪退" tell a crash of the product as concretely as an
// error text does; "the build fails on my phone's hotspot" tells no
// crash, and a question, a condition or a negation none (userFailNotRE,
// relayNotRE, crashNotRE).
var crashVerbRE = mustPattern(`(?i)(?:^|[^\pL-])(?:crash(?:es|ed|ing)?|crasha\pL*|crashe[aó]\pL*|crasht|stürzt|abgestürzt|plante|planté|se cierra|se fecha|fecha sozinho|вылета\pL*|вылетел\pL*|крашит\pL*|падает)(?:$|[^\pL-])|闪退|崩溃|崩了|クラッシュ|落ちる|落ちた|크래시|튕기|튕겨|꺼져`)

var failProductRE = mustPattern(`(?i)(?:^|[^\pL])(?:the app|app|apps|aplicativo|applicazione|applicatie|application|aplicación|iPhone|iPad|Android|phone|tablet|device|emulator|simulator|celular|telefone|aparelho|Handy|Gerät|Smartphone|téléphone|appareil|teléfono|móvil|dispositivo|telefono|приложени\pL*|телефон\pL*|устройств\pL*|айфон\pL*)(?:$|[^\pL])|手机|应用|端末|アプリ|앱|폰|기기`)

// relayFailRE is a failure told as someone else's report: QA, SRE, support,
// a customer, a tester says or reports it.
var relayFailRE = mustPattern(`(?i)\b(?:QA|SRE|ops|on-?call|support|customers?|users?|testers?|the client)\b[^.!?\n]{0,30}?\b(?:says?|said|reports?|reported|told|tells|pinged|flagged|wrote|saw)\b|から(?:の)?(?:連絡|報告|問い合わせ)|によると|(?:测试|QA|运维|用户|客户|同事)[^，。,.]{0,12}(?:说|反馈|报)|反馈说|(?:QA|SRE|тестировщик\pL*|саппорт|клиент\pL*)[^.!?\n]{0,30}?(?:пишут|пишет|говор\pL+|сообщ\pL+)` +
	// the same in Italian, Dutch, German, French, Spanish and Portuguese,
	// and a colleague named by a capitalised name ("Luca mi scrive che",
	// "Anna zegt dat", "a colleague says")
	`|(?i:\b(?:support|supporto|assistenza|helpdesk|klantenservice|kundendienst|collega|colleague|coworker|kollege|kollegin|collègue|compañero|colega|cliente|clienti|klant|klanten|kunde|kunden|client|clients|utenti|gebruikers|nutzer|utilisateurs|usuarios|usuários|tester)\b[^.!?\n]{0,30}?\b(?:meldt|melden|zegt|zeggen|schrijft|segnala|segnalano|dice|dicono|scrive|scrivono|riporta|sagt|sagen|schreibt|meldet|melden|dit|disent|écrit|signale|signalent|escribe|reporta|reportan|diz|dizem|escreveu|relata|avisou)\b)` +
	`|\b\p{Lu}\p{Ll}+ (?:(?:mi|ci|me|ons|mir|uns|nous|nos|me) )?(?:says|said|wrote|writes|told (?:me|us)|tells (?:me|us)|reports|reported|scrive|ha scritto|dice|segnala|conferma|schrijft|zegt|meldt|bevestigt|sagt|schreibt|meldet|bestätigt|dit|écrit|signale|confirme|escribe|reporta|confirma|diz|escreveu)(?: (?:that|che|dat|dass|que|qu'))?\b`)

// relayed reports whether text tells a failure as someone else's report.
func relayed(text string) bool {
	return relayFailRE.MatchString(text)
}

// failClauseRE splits a sentence into its clauses at a comma of any
// script.
var failClauseRE = mustPattern(`[,，、]`)

// quotedSpanRE is a quoted or code span: the verb in it is the quote's.
var quotedSpanRE = mustPattern("`[^`\\n]*`|\"[^\"\\n]*\"|(?:^|[\\s:(\\[])'[^'\\n]*'")
