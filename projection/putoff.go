package projection

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// A piece of work the user puts off, or takes over for later.
//
// "laisse le README pour l'instant, je le ferai après la démo", "leave
// the README for now", "deja el README por ahora", "lass die README
// erstmal", "deixa o README por enquanto", "оставь README пока",
// "README는 일단 놔둬", "README先放着": the user sets a named piece of work
// aside for now. It is not done and not dropped: it is still owed, an
// open obligation whose value is the user's sentence. When the user says
// they will do it themselves ("je le ferai", "I'll do it after the
// demo", "mach ich später", "eu faço depois", "сам сделаю"), in the same
// sentence or the next, the value runs to that sentence, which names the
// owner, and Because keeps it as the word of who holds it (as
// usertask.go does). The thing set aside must be named: "leave it for
// now" names nothing. Leaving a thing as it is ("leave the config as it
// is for now", "laisse le README tel quel", "оставь как есть") is a rule
// not to touch it, "laisse tomber" and "lascia perdere" drop it, "lass
// uns erstmal …" is "let's first …", and a question or a negated
// deferral puts nothing off.
var (
	// setAsideRE is a deferral of the thing x (or x2, x3) in one of the
	// languages the lexicons read.
	setAsideRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:` +
		// en
		`(?:leave|park)\s+(?P<x>\S.{1,59}?)\s+(?:for\s+now|for\s+later|for\s+the\s+moment|for\s+the\s+time\s+being|until\s+(?:later|after\s+\S+(?:\s+\S+)?)|till\s+(?:later|after\s+\S+(?:\s+\S+)?))` +
		`|(?:put\s+off|postpone|shelve)\s+(?P<x2>\S.{1,59}?)\s+(?:for\s+now|for\s+later|for\s+the\s+moment|until\s+later|till\s+later)` +
		// fr
		`|(?:laisse[sz]?|laissons)\s+(?P<x3>\S.{1,59}?)\s+(?:pour\s+l'instant|pour\s+le\s+moment|pour\s+plus\s+tard|pour\s+après|de\s+côté)` +
		`|(?:remets|remettez|remettons)\s+(?P<x4>\S.{1,59}?)\s+à\s+plus\s+tard` +
		// es
		`|(?:deja|dejá|dejad|deje|dejen|dejemos)\s+(?P<x5>\S.{1,59}?)\s+(?:por\s+ahora|por\s+el\s+momento|de\s+momento|para\s+después|para\s+luego|para\s+más\s+tarde)` +
		// pt
		`|(?:deixa|deixe|deixem|deixemos)\s+(?P<x6>\S.{1,59}?)\s+(?:por\s+enquanto|por\s+ora|por\s+agora|pra\s+depois|para\s+depois|pra\s+mais\s+tarde|para\s+mais\s+tarde)` +
		// it
		`|(?:lascia|lasciate|lasciamo)\s+(?P<x7>\S.{1,59}?)\s+(?:per\s+ora|per\s+adesso|per\s+il\s+momento|per\s+dopo|per\s+più\s+tardi)` +
		// de
		`|(?:lass|lasst|lassen\s+wir)\s+(?P<x8>\S.{1,59}?)\s+(?:erstmal|erst\s+mal|vorerst|fürs\s+erste|für\s+später|bis\s+später|bis\s+nach\s+\S+(?:\s+\S+)?)(?:\s+(?:liegen|weg|noch))?\s*(?:[,.;:!—–]|$)` +
		// nl, sv
		`|laat\s+(?P<x9>\S.{1,59}?)\s+(?:voorlopig|voor\s+nu|voor\s+later)(?:\s+liggen)?\s*(?:[,.;:!—–]|$)` +
		`|(?:lämna|skjut\s+upp)\s+(?P<x10>\S.{1,59}?)\s+(?:så\s+länge|tills\s+vidare|för\s+tillfället|till\s+senare)` +
		// ru, uk
		`|(?:оставь|оставьте|оставим|отложи|отложите|отложим)\s+(?P<x11>\S.{1,59}?)\s+(?:пока|на\s+потом|на\s+время|до\s+\S+)(?:[^\p{L}]|$)` +
		`|(?:пока|потом)\s+(?:оставь|оставьте|оставим|отложи|отложите)\s+(?P<x12>\S.{1,59}?)\s*(?:[,.;:!—–]|$)` +
		`|(?:залиш|залиште|залишмо|відклади|відкладіть)\s+(?P<x13>\S.{1,59}?)\s+(?:поки\s+що|поки|на\s+потім)(?:[^\p{L}]|$)` +
		`)` +
		// ko, zh, ja: the thing before the cue
		`|(?P<x14>[\p{L}\p{N}._/\-]{2,40})\s*(?:은|는|도)?\s*(?:일단|우선|당분간)\s*(?:놔둬|놔두세요|놔둬요|놔두자|두세요|둬요|미뤄|미뤄줘|미뤄요|미루자|나중에)` +
		`|(?P<x15>[\p{L}\p{N}._/\-]{2,40})\s*(?:先|暂时|暂且)(?:放着|放一放|放一下|搁着|搁一搁|缓一缓|往后放)` +
		`|(?P<x16>[\p{L}\p{N}._/\-]{2,40})\s*は\s*(?:一旦|いったん|とりあえず|今は)?\s*(?:後回し|保留)`)

	// setAsideGroups are setAsideRE's groups for the thing put off.
	setAsideGroups = []string{"x", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12", "x13", "x14", "x15", "x16"}

	// putOffNotRE is a thing that is no work put off: a pronoun alone, or
	// the thing left as it is (a rule not to touch it), dropped, or the
	// "let's" of "lass uns", "deja que", "deixa de".
	putOffNotRE = mustPattern(`(?i)^(?:it|that|this|them|those|these|everything|le|la|les|l'|ça|cela|ceci|tout|lo|los|las|eso|esto|todo|isso|isto|tudo|o|a|os|as|es|das|den|die|ihn|alles|uns|mich|ihn|het|dat|det|allt|это|его|её|их|всё|все|то|це|його|її|все|tomber|perder|perdere|pra\s+lá|para\s+lá|que|de|da|do)$` +
		`|(?:^|[^\p{L}])(?:alone|as\s+(?:it\s+)?is|as\s+they\s+are|untouched|in\s+place|unchanged|tel(?:le)?s?\s+quel(?:le)?s?|en\s+l'état|comme\s+(?:ça|il\s+est|elle\s+est)|tranquille|como\s+est[áa]|así|assim|quieto|em\s+paz|en\s+paz|com['o]\s+è|così|in\s+pace|so\s+wie|so|in\s+ruhe|unverändert|zo|met\s+rust|som\s+det\s+är|ifred|как\s+есть|в\s+покое|так|як\s+є|у\s+спокої|uns|tomber|perder|perdere|pra\s+lá|para\s+lá)(?:[^\p{L}]|$)`)

	// pronounLeadRE is a pronoun that is never an article.
	pronounLeadRE = mustPattern(`(?i)^(?:it|that|this|them|those|these|everything|ça|cela|eso|esto|isso|isto|es|ihn|это|его|её|их|це|його|її)$`)

	// putOffStateRE ends a thing kept in a state or at a value: "leave
	// the flag off for now", "leave the pool at 50 for now".
	putOffStateRE = mustPattern(`(?i)\s(?:off|on|out|open|enabled|disabled|commented(?:\s+out)?|there|at\s+\S+)$`)

	// putOffNegRE opens a deferral that is negated: "don't leave the
	// README for now".
	putOffNegRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:don't|do\s+not|never|ne|n'|no|não|nicht|non|не|ні|niet|inte)(?:\s+\S+)?\s*$`)

	// userDoesRE is the user saying they will do the work themselves.
	userDoesRE = mustPattern(`(?i)\bI(?:'ll|\s+will|'m\s+going\s+to)\s+(?:do|handle|write|update|fix|finish|redo|take\s+care\s+of|deal\s+with|get\s+to)\b|\bI'll\s+\w+\s+it\b` +
		`|\bje\s+(?:(?:le|la|les|l')\s*)?(?:\p{L}+rai|m'en\s+occupe(?:rai)?|m'en\s+charge(?:rai)?)\b|\bje\s+vais\s+(?:le|la|les|l')\s*\p{L}+` +
		`|\blo\s+hago\s+yo\b|\b(?:yo\s+)?lo\s+har[ée]\b|\b(?:yo\s+)?me\s+encargo\b|\blo\s+\p{L}+r[ée]\s+yo\b` +
		`|\beu\s+(?:mesm[oa]\s+)?(?:fa[çc]o|fa[çc]o|vou\s+fazer|atualizo|escrevo|cuido|resolvo|mexo)\b|\b(?:fa[çc]o|fa[çc]o)\s+eu\b|\bdeixa\s+comigo\b` +
		`|\bmach(?:e)?\s+ich\b|\bich\s+mach(?:e)?\b|\bübernehme\s+ich\b|\bich\s+übernehme\b|\bkümmere\s+ich\s+mich\b|\bich\s+kümmere\s+mich\b` +
		`|\blo\s+faccio\s+io\b|\b(?:lo|la)\s+far[òo]\b|\bci\s+penso\s+io\b|\bme\s+ne\s+occupo\b` +
		`|\bik\s+doe\s+(?:het|dat)\b|\bdoe\s+ik\b|\bjag\s+(?:gör|fixar|tar)\s+det\b` +
		`|(?:^|[^\p{L}])(?:я\s+(?:сам[аи]?\s+)?(?:сделаю|обновлю|напишу|допишу|поправлю|займусь|доделаю)|(?:сделаю|обновлю|напишу|допишу|поправлю|займусь|доделаю)\s+сам[аи]?|я\s+(?:сам[аи]?\s+)?(?:зроблю|оновлю|напишу)|(?:зроблю|оновлю|напишу)\s+сам[аи]?)(?:[^\p{L}]|$)` +
		`|(?:제가|내가)\s*(?:나중에\s*)?(?:할게|하겠|할께|할래)|我(?:自己)?(?:来|回头|之后|晚点|以后)?(?:来)?(?:弄|做|改|写|搞|处理|更新)|自分で|私が(?:やり|や)`)
)

// putOffThing is the thing user sentence s puts off (see above), "" for
// none.
func putOffThing(s string) string {
	if questionRE.MatchString(s) || strings.ContainsAny(s, "?？") || utf8.RuneCountInString(s) > maxSentence {
		return ""
	}
	m := setAsideRE.FindStringSubmatchIndex(s)
	if m == nil {
		return ""
	}
	x := ""
	for _, g := range setAsideGroups {
		if i := setAsideRE.SubexpIndex(g); m[2*i] >= 0 {
			x = strings.TrimSpace(s[m[2*i]:m[2*i+1]])
			if putOffNegRE.MatchString(s[:m[0]]) {
				return ""
			}
			break
		}
	}
	x = strings.Trim(x, " ,，:：、")
	if f := strings.Fields(x); len(f) > 1 && pronounLeadRE.MatchString(f[0]) {
		// "leave it off for now", "leave it at 50 for now": a state or
		// a value kept, no work named
		return ""
	}
	if x == "" || putOffNotRE.MatchString(x) || putOffStateRE.MatchString(x) || len(terms(x)) == 0 {
		return ""
	}
	return x
}

// putOffTasks adds to out, for user text, an open obligation for each
// sentence that puts a named piece of work off (see above), running to
// the next sentence when that one says the user will do it.
func putOffTasks(text string, out []Proposal) []Proposal {
	ss := sentences(text)
	for i, s := range ss {
		if putOffThing(s) == "" {
			continue
		}
		q, because := s, ""
		if userDoesRE.MatchString(s) {
			because = s
		} else if i+1 < len(ss) && userDoesRE.MatchString(ss[i+1]) && !strings.ContainsAny(ss[i+1], "?？") {
			if a := strings.Index(text, s); a >= 0 {
				if b := strings.Index(text[a:], ss[i+1]); b >= 0 {
					q = text[a : a+b+len(ss[i+1])]
					because = q
				}
			}
		}
		q = strings.TrimSpace(q)
		k := "obligation/-/" + slug(q)
		if slices.ContainsFunc(out, func(p Proposal) bool { return p.Key == k && p.Op == OpState }) || utf8.RuneCountInString(q) > 2*maxSentence {
			// read already as a task (usertask.go); a release of an
			// agent's task by the same words (handoff.go) is kept beside
			// it
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindObligation, Key: k, Value: oneLine(q, valueRunes), Quote: q, Because: because, Links: mentions(q)})
	}
	return out
}
