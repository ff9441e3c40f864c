package projection

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// A decision the user takes back by its thing, in the languages the
// projection reads.
//
// "Noch was: DLT doch nicht. … Wir loggen und skippen, wie der
// handleFailure das eh schon macht." after the user accepted the agent's
// proposal of a dead-letter topic; "não, tira o retry do interceptor. …
// a gente usa o retry do react-query" after accepting the interceptor's
// retry: the user names the thing an active decision holds and takes it
// back ("X doch nicht", "no X after all", "forget the X", "esquece o X",
// "finalement pas de X", "X всё-таки не надо", "X 不要了"), or has it
// removed ("tira o X", "remove the X", "quita el X", "убери X") and says
// the course taken in its place in the same message ("wir loggen …", "a
// gente usa …", "we'll use …", "on utilise …"). The course is the user's
// decision and supersedes the decision naming the thing, which keeps the
// user's words as its reason; a take-back with no course lifts that
// decision alone. A removal with no course is a step of the work, not
// read here; a thing no active decision names takes nothing back.

// takeBackStrongREs take a thing back by themselves; the thing is group x.
var takeBackStrongREs = []*pattern{
	// German: "DLT doch nicht", "doch kein DLT", "vergiss den DLT",
	// "der DLT fliegt raus", "DLT brauchen wir doch nicht".
	mustPattern(`(?i)^(?:(?:der|die|das|den)\s+)?(?P<x>` + takeThing + `)\s+(?:(?:lieber|besser|dann)\s+)?doch\s+nicht\s*$`),
	mustPattern(`(?i)^(?:dann\s+|lieber\s+)?doch\s+(?:kein|keine|keinen)\s+(?P<x>` + takeThing + `)\s*$`),
	mustPattern(`(?i)^vergiss\s+(?:den|die|das)?\s*(?P<x>` + takeThing + `)\s*(?:wieder)?\s*$`),
	mustPattern(`(?i)^(?:(?:der|die|das|den)\s+)?(?P<x>` + takeThing + `)\s+(?:fliegt|kommt)\s+(?:wieder\s+)?raus\s*$`),
	mustPattern(`(?i)^(?:(?:der|die|das|den)\s+)?(?P<x>` + takeThing + `)\s+(?:brauchen|wollen|machen)\s+wir\s+doch\s+nicht\s*$`),
	// English: "no DLT after all", "forget the DLT", "the DLT is off the
	// table", "not the DLT after all".
	mustPattern(`(?i)^(?:no|not)\s+(?:the\s+)?(?P<x>` + takeThing + `)\s+after\s+all\s*$`),
	mustPattern(`(?i)^forget\s+(?:about\s+)?(?:the|that)\s+(?P<x>` + takeThing + `)\s*$`),
	mustPattern(`(?i)^(?:the\s+)?(?P<x>` + takeThing + `)\s+is\s+off\s+the\s+table\s*$`),
	// Portuguese: "esquece o interceptor", "sem interceptor afinal".
	mustPattern(`(?i)^esquece\s+(?:o|a|os|as)?\s*(?P<x>` + takeThing + `)\s*$`),
	mustPattern(`(?i)^(?:no\s+fim\s+|afinal\s+)?sem\s+(?P<x>` + takeThing + `)\s+(?:afinal|no\s+fim)\s*$`),
	// Spanish: "olvida el interceptor", "al final sin X", "al final no X".
	mustPattern(`(?i)^olvíd(?:a|ate)(?:\s+de)?\s+(?:el|la|los|las)?\s*(?P<x>` + takeThing + `)\s*$`),
	mustPattern(`(?i)^al\s+final\s+(?:no|sin)\s+(?:el|la|los|las)?\s*(?P<x>` + takeThing + `)\s*$`),
	// French: "finalement pas de DLT", "pas de DLT finalement", "oublie le DLT".
	mustPattern(`(?i)^finalement\s+pas\s+(?:de\s+|d')(?P<x>` + takeThing + `)\s*$`),
	mustPattern(`(?i)^pas\s+(?:de\s+|d')(?P<x>` + takeThing + `)\s+finalement\s*$`),
	mustPattern(`(?i)^oublie\s+(?:le\s+|la\s+|les\s+|l')?(?P<x>` + takeThing + `)\s*$`),
	// Italian: "lascia perdere il DLT", "niente DLT alla fine".
	mustPattern(`(?i)^lascia\s+perdere\s+(?:il\s+|lo\s+|la\s+|i\s+|gli\s+|le\s+|l')?(?P<x>` + takeThing + `)\s*$`),
	mustPattern(`(?i)^(?:alla\s+fine\s+niente\s+(?P<x>` + takeThing + `)|niente\s+(?P<y>` + takeThing + `)\s+alla\s+fine)\s*$`),
	// Dutch and Swedish: "toch geen DLT", "DLT toch niet", "ingen DLT
	// ändå", "DLT ändå inte", "vergeet de DLT", "glöm DLT".
	mustPattern(`(?i)^(?:toch\s+geen\s+(?P<x>` + takeThing + `)|(?:de\s+|het\s+)?(?P<y>` + takeThing + `)\s+toch\s+niet)\s*$`),
	mustPattern(`(?i)^(?:ingen\s+(?P<x>` + takeThing + `)\s+ändå|(?P<y>` + takeThing + `)\s+ändå\s+inte)\s*$`),
	mustPattern(`(?i)^(?:vergeet\s+(?:de\s+|het\s+)?|glöm\s+(?:bort\s+)?)(?P<x>` + takeThing + `)\s*$`),
	// Russian and Ukrainian: "DLT всё-таки не надо", "забудь про DLT",
	// "DLT все-таки не треба".
	mustPattern(`(?i)^(?P<x>` + takeThing + `)\s+(?:вс[её][- ]?таки|всё\s+же|все\s+ж)\s+не\s+(?:надо|нужен|нужна|нужно|будем|треба|потрібен|потрібно)\s*$`),
	mustPattern(`(?i)^забудь(?:те)?\s+(?:про\s+)?(?P<x>` + takeThing + `)\s*$`),
	// Chinese, Japanese, Korean: "DLT 不要了", "DLT 还是算了", "DLT は
	// やっぱりやめ", "DLT는 빼자".
	mustPattern(`^(?P<x>` + takeThing + `)\s*(?:还是|就)?(?:不要了|不用了|算了|不做了)\s*(?:吧)?\s*$`),
	mustPattern(`^(?P<x>` + takeThing + `)\s*(?:は|も)?\s*(?:やっぱり|やはり)?\s*(?:やめ(?:て|よう|ます|で)?|なしで|いらない)\s*$`),
	mustPattern(`^(?P<x>` + takeThing + `?)\s*(?:은|는|을|를)?\s*(?:빼자|빼줘|빼|없던\s*걸로|안\s*할래|취소)\s*$`),
}

// takeBackRemoveREs have a thing removed: a take-back only with the course
// said in its place; the thing is group x.
var takeBackRemoveREs = []*pattern{
	mustPattern(`(?i)^(?:remove|drop|take\s+out|rip\s+out|get\s+rid\s+of)\s+(?:the\s+)?(?P<x>` + takeThing + `)\s*(?:again)?\s*$`),
	mustPattern(`(?i)^(?:tira|retira|remove|tire)\s+(?:o\s+|a\s+|os\s+|as\s+)?(?P<x>` + takeThing + `)\s*$`),
	mustPattern(`(?i)^(?:quita|saca|elimina|quitá)\s+(?:el\s+|la\s+|los\s+|las\s+)?(?P<x>` + takeThing + `)\s*$`),
	mustPattern(`(?i)^(?:enlève|retire|vire|supprime)\s+(?:le\s+|la\s+|les\s+|l')?(?P<x>` + takeThing + `)\s*$`),
	mustPattern(`(?i)^(?:togli|rimuovi|leva)\s+(?:il\s+|lo\s+|la\s+|i\s+|gli\s+|le\s+|l')?(?P<x>` + takeThing + `)\s*$`),
	mustPattern(`(?i)^(?:nimm|mach)\s+(?:den\s+|die\s+|das\s+)?(?P<x>` + takeThing + `)\s+(?:wieder\s+)?raus\s*$|^(?:entfern(?:e)?|streich(?:e)?)\s+(?:den\s+|die\s+|das\s+)?(?P<y>` + takeThing + `)\s*(?:wieder)?\s*$`),
	mustPattern(`(?i)^(?:haal|gooi)\s+(?:de\s+|het\s+)?(?P<x>` + takeThing + `)\s+(?:eruit|weg)\s*$|^ta\s+bort\s+(?P<y>` + takeThing + `)\s*$`),
	mustPattern(`(?i)^(?:убери(?:те)?|удали(?:те)?|выкинь(?:те)?|прибери|видали|викинь)\s+(?P<x>` + takeThing + `)\s*$`),
	// "chunks_exact выкидываем", "X прибираємо": the thing, then the
	// team's verb.
	mustPattern(`(?i)^(?P<x>` + takeThing + `)\s+(?:выкидываем|выбрасываем|убираем|викидаємо|прибираємо|викидуємо)\s*$`),
	mustPattern(`^(?:去掉|删掉|拿掉)\s*(?P<x>` + takeThing + `)\s*(?:吧)?\s*$`),
}

// takeThing is the thing taken back: one to four words, maybe quoted.
const takeThing = "`?[^\\s,;.!?:，。；]+(?:\\s+[^\\s,;.!?:，。；]+){0,3}?`?"

// takeLeadRE are the words that may open a take-back's clause: "ok",
// "noch was", "não", "e o retry" is cut at its colon. What leads is
// punctuation, never a Cyrillic word (Go's \W would take "убери" as
// one); CJK text before a Latin name is skipped as before.
var takeLeadRE = mustPattern(`(?i)^(?:[^\p{L}\p{N}]|[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}])*(?:(?:(?:ok(?:ay)?|also|und|ну|hmm+|oh|ah|actually|eigentlich|e|y|et|so|then|dann|então|entonces|alors|allora)\b[,!.]?|(?:nein|ne|nee|no|não|nao|non|nej|нет)\s*[,!.—–])\s*)*`)

// takeCourseRE opens the course taken in a thing's place: a plan of ours
// or a choice of a tool, in the languages the projection reads.
var takeCourseRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|then|dann|also|então|entonces|alors|allora|и|а)[,]?\s+)*(?:we(?:'ll| will)?\s+(?:use|go|keep|log|stick|do|handle|rely|switch|take)|let's\s+\p{L}|use\s|go\s+with|stick\s+with|instead\b|wir\s+(?:\p{L}+en)\b|(?:nimm|verwende|benutze|nutze)\s|stattdessen|lieber\s|a\s+gente\s+(?:usa|vai|fica|faz|deixa|loga|mantém|mantem|trata)|vamos\s+(?:usar|de|com|ficar|manter|logar|deixar)|(?:usa|use|usar)\s|em\s+vez\s+disso|(?:usamos|usaremos|nos\s+quedamos\s+con|mejor)\s|en\s+su\s+lugar|on\s+(?:utilise|garde|prend|passe|log|loggue|reste)\b|(?:utilise|prends|garde)\s|à\s+la\s+place|plutôt\s|(?:usiamo|usa|teniamo|facciamo|meglio)\s|invece\b|we\s+(?:gebruiken|nemen|houden|loggen)|(?:gebruik|neem)\s|in\s+plaats\s+daarvan|vi\s+(?:använder|kör|tar|behåller|loggar)|(?:använd|kör)\s|istället|(?:мы\s+)?(?:используем|берём|берем|оставляем|делаем|логируем)\s|(?:используй|возьми|давай)\s|вместо\s+этого|(?:використовуємо|беремо|залишаємо)\s|` + backCourse + `)|^(?:就用|改用|还是用|换成|用)\S`)

// backCourse opens a course that goes back to what was there before:
// "put the plain loop back", "go back to the plain loop", "сделай
// обычный цикл обратно", "верни обычный цикл", "volta pro loop simples",
// "zurück zur einfachen Schleife".
const backCourse = `(?:go\s+|switch\s+|just\s+)?back\s+to\s|(?:put|bring)\s+(?:the\s+|our\s+)?[^,;.!?]{1,40}\s+back\b|(?:верни(?:те)?|вернись|вернёмся|вернемся|возвращаемся|возвращайся|поверни|повертаємось|повернись)\s|(?:сделай|сделаем|делай|зроби)\s+[^,;.!?]{1,40}\s+(?:обратно|назад|як\s+було)(?:[\s,.;:!?]|$)|(?:volta(?:mos)?|voltar)\s+(?:pr[oa]s?|para\s+[oa]s?|a[os]?|à)\s|(?:volvemos|volvé|vuelve|volver)\s+a\s|(?:zurück\s+zu[rm]?|wieder\s+zu[rm]?)\s|(?:revenons|retour|reviens|revenir)\s+(?:à|au|aux)\s|(?:torniamo|torna|tornare)\s+(?:a|al|alla|ai)\s`

// takeCourseNotRE opens a statement of fact in the first person plural,
// no course: "wir haben …", "a gente tem …", "we don't …".
var takeCourseNotRE = mustPattern(`(?i)^\W*(?:wir\s+(?:haben|hatten|sind|waren|hätten|wären|werden|wollen|können|müssen|brauchen|machen\s+das\s+nicht)\b|we\s+(?:don't|do\s+not|can't|cannot|won't)\b)`)

// takenBack is the thing user clause c takes back and whether it says so
// by itself (strong), or "".
func takenBack(c string) (x string, strong bool) {
	c = strings.TrimRight(strings.TrimSpace(c), ".!。！ ")
	if i := strings.LastIndexAny(c, ":："); i >= 0 {
		// "e o retry: não, tira o retry do interceptor"
		_, n := utf8.DecodeRuneInString(c[i:])
		c = strings.TrimSpace(c[i+n:])
	}
	c = strings.TrimSpace(takeLeadRE.ReplaceAllString(c, ""))
	if c == "" || questionRE.MatchString(c) {
		return "", false
	}
	for k, res := range [][]*pattern{takeBackStrongREs, takeBackRemoveREs} {
		for _, re := range res {
			m := re.FindStringSubmatch(c)
			if m == nil {
				continue
			}
			x := strings.TrimSpace(strings.Trim(groups(re, m, "x", "y"), "`"))
			if x != "" && len(stems(x)) > 0 {
				return x, k == 0
			}
		}
	}
	return "", false
}

// clausesOf are the parts of sentence s between commas and semicolons,
// each with its offset in s.
func clausesOf(s string) (cs []string, at []int) {
	start := 0
	for i, r := range s {
		if strings.ContainsRune(",;，；", r) {
			cs, at = append(cs, s[start:i]), append(at, start)
			start = i + utf8.RuneLen(r)
		}
	}
	return append(cs, s[start:]), append(at, start)
}

// takenBackDecisions adds to out, for user text, the decisions it takes
// back by their things (see above); decisions are the active decisions'
// values.
func takenBackDecisions(text string, decisions []string, out []Proposal) []Proposal {
	ss := sentences(text)
	for i, s := range ss {
		s = strings.TrimSpace(s)
		x, strong, after := "", false, len(s)
		if x, strong = takenBack(s); x == "" {
			cs, at := clausesOf(s)
			for k, c := range cs {
				if x, strong = takenBack(c); x != "" {
					after = at[k] + len(c)
					break
				}
			}
		}
		if x == "" {
			continue
		}
		if !retractsDecision(x, decisions) {
			// an approach no decision holds (revertcourse.go)
			out = droppedForCourse(s, after, ss[i+1:], x, out)
			continue
		}
		course := takeCourse(s[after:], ss[i+1:])
		if course == "" && !strong {
			continue
		}
		if slices.ContainsFunc(out, func(p Proposal) bool {
			return p.Kind == KindDecision && (p.Replaces != "" || p.Op == OpLift) && strings.Contains(s, p.Quote) ||
				p.Kind == KindValue && p.Op == OpState && p.Quote != "" && (strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s))
		}) {
			// read already as a switch or a retraction; or a setting
			// given its value ("preview agora é https://staging-api…,
			// esquece o api-staging"), which the value readings carry
			continue
		}
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Op == OpState && p.Quote != "" && (p.Kind == KindDecision || p.Kind == KindConstraint || p.Kind == KindNegative) &&
				(strings.Contains(s, p.Quote) || course != "" && (strings.Contains(course, p.Quote) || strings.Contains(p.Quote, course)))
		})
		if course == "" {
			out = append(out, Proposal{Op: OpLift, Kind: KindDecision, Value: x, Quote: s})
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindDecision, Name: switchedName, Key: "decision/-/" + slug(course), Value: course, Quote: course,
			Correction: true, Replaces: x, Links: mentions(course)})
	}
	return out
}

// takeCourse is the course said in the place of a thing taken back: the
// first clause of tail (the rest of the take-back's sentence) or of the
// sentences after it (rest) that opens a course (takeCourseRE), to its
// sentence's end; "" when none.
func takeCourse(tail string, rest []string) string {
	for _, n := range append([]string{tail}, rest...) {
		n = strings.TrimSpace(n)
		cs, at := clausesOf(n)
		for k, c := range cs {
			c = strings.TrimSpace(c)
			if c == "" || !takeCourseRE.MatchString(c) || takeCourseNotRE.MatchString(c) || questionRE.MatchString(n) {
				continue
			}
			if x, _ := takenBack(c); x != "" {
				continue
			}
			if c := strings.TrimSpace(n[at[k]:]); len(terms(c)) >= 2 {
				return c
			}
		}
	}
	return ""
}
