package projection

import (
	"slices"
	"strings"
	"unicode"
)

// Questions answered by their numbers.
//
// "Två frågor: 1. Ska 0042 vara reversibel (reverse_code)? 2. Hur lång
// får migreringen ta?" … "1 - återkommer. 2 - max 20 min": the agent
// asks numbered questions and the user answers each by its number, in
// a clause of its own ("1 - …", "1) …", "1. …", "2: …", "на 2: …",
// "to 2: …"). The clause answers the question of that number, a
// decision shown with the question, or puts it off ("återkommer",
// "пізніше", "बाद में", laterAnswerRE, deferral): the question stays
// open, an uncertainty, and the user's later answer that names its
// subject ("reverse: ja, noop räcker för 0042") closes it as any open
// question's does (userknow.go). Read alone, "2 - max 20 min" is a rule
// of nothing.

// answerNumberRE opens a clause answering a question by its number, at
// the reply's start or after the end of a sentence, a semicolon or a
// line: "1 - ", "2) ", "2. ", "2: ", "на 2: ", "to 2 — ", "#2 ", "Q2: ".
var answerNumberRE = mustPattern(`(?i)(?:^|[.;!\n。；]\s*)(?:(?:на|to|re|for|för|till|zu|per|para|à|op|про|sobre|pour|about|bei|su|über)\s+)?` + numberNounRE + `(?:#|q|№\s*)?([1-9])\s*(?:[-–—:)）]|\.(?:\s|$))\s*`)

// numberNounRE is what may name a question's number before it: an
// article or a noun ("la 1: sí", "el 3 lo vemos luego", "question 2:",
// "Frage 2:", "punto 3:", "die 2: …").
const numberNounRE = `(?:(?:la|le|el|lo|il|die|der|das|the|question|pregunta|punto|frage|punkt|point|item|domanda|número|numéro|nummer|number|nr\.?|no\.)\s+)?`

// looseNumberRE opens a clause answering by number in the shapes of
// Chinese and Japanese replies, where a bare number, a space or a topic
// particle marks it and a comma may end the clause before: "1 用 Play
// internal，2 对，3 先不管", "1 はそう、pod あたり。2 はダメ、…", "2番は…".
// A bare number names prose as often as a question, so numberedClauses
// takes these marks only when they count 1, 2, 3 … from the reply's start.
var looseNumberRE = mustPattern(`(?i:(?:^|[.;!\n。；,，、]\s*)(?:(?:la|le|el|lo|il|die|der|das)\s+)?)([1-9])(?:\s*(?:番目?は?|は|について|号|번(?:째)?(?:은|는|도|에)?)|\s*[-–—:)）：]|\s+)\s*`)

// laterCJKRE puts one question off in Chinese, Japanese and Korean, a
// clause of a few words: "3 先不管", "以后再说", "下周再定", "来週決める",
// "後で決めます", "保留", "나중에 정할게".
var laterCJKRE = mustPattern(`^\W*(?:(?:先|暂时|暫時)(?:不管|不用管|放着|放一放|搁置|不定|不决定)|(?:以后|回头|之后|下周|下次|改天|过几天)再(?:说|定|决定|看)|再说吧?|待定|还没想好|(?:来週|後で|あとで|明日|今度|次回|また)(?:に)?(?:決め|考え|判断し|検討し|相談し)(?:る|ます|たい|よう)|保留(?:で|に(?:して|する))?|未定|まだ(?:決めて(?:い)?ない|わからない|分からない)|나중에(?:\s*\S+)?|보류)\W{0,3}$`)

// laterItemRE puts one question off in the languages numberedAnswers
// reads besides laterAnswerRE's: "återkommer", "återkommer om det",
// "senare", "vet inte än", "повернуся до цього", "пізніше", "ще не знаю",
// "बाद में", "बाद में बताऊंगा", "come back to it", "later", "tbd".
var laterItemRE = mustPattern(`(?i)^\W*(?:(?:jag\s+)?återkommer(?:\s+(?:om|till)\s+(?:det|den))?|senare|vet\s+inte\s+(?:än|ännu)|(?:jag\s+)?kollar\s+(?:och\s+återkommer|med\s+\p{L}+)|(?:я\s+)?(?:повернусь|повернуся|вернусь)(?:\s+(?:до|к)\s+\p{L}+)?|пізніше|позже|потім|потом|ще\s+не\s+знаю|пока\s+не\s+знаю|(?:i'll\s+)?(?:come|get)\s+back\s+to\s+(?:it|this|that|you)(?:\s+later)?|later|tbd|not\s+sure\s+yet|(?:(?:leave|keep|save|park|put)\s+(?:(?:it|that|this|them)\s+)?(?:for|till|until|to)\s+|for\s+)later|later\s+i'll\s+(?:tell\s+you|let\s+you\s+know|get\s+back\s+to\s+you)|don't\s+know\s+yet|बाद\s+में(?:\s+\p{L}+){0,3}|पता\s+नहीं\s+अभी|später|más\s+tarde|plus\s+tard|dopo|straks|later|(?:потом|позже|завтра|позднее)\s+(?:обсудим|решим|посмотрим|вернёмся|вернемся|разберёмся|разберемся|поговорим)|(?:обсудим|решим|посмотрим|поговорим)\s+(?:потом|позже|завтра)|(?:потім|пізніше|завтра)\s+(?:обговоримо|вирішимо|подивимось|подивимося)|(?:обговоримо|вирішимо)\s+(?:потім|пізніше)|(?:a\s+gente\s+)?(?:vê|vemos|decide|decidimos|discute|discutimos|conversa|conversamos)\s+(?:isso\s+)?(?:depois|mais\s+tarde|amanhã)|(?:depois|mais\s+tarde)\s+(?:a\s+gente\s+)?(?:vê|vemos|decide|decidimos|conversa|conversamos)(?:\s+(?:isso|isto|disso|nisso|sobre\s+isso))?|(?:luego|después|despues|más\s+tarde)\s+(?:lo\s+)?(?:vemos|decidimos|hablamos|miramos)(?:\s+(?:eso|esto))?|(?:lo|eso|esto)\s+(?:lo\s+)?(?:vemos|decidimos|hablamos|miramos)\s+(?:luego|después|despues|más\s+tarde)|(?:poi|dopo|più\s+tardi)\s+(?:lo\s+|ne\s+)?(?:vediamo|decidiamo|parliamo)|(?:lo|ne)\s+(?:vediamo|decidiamo|parliamo)\s+(?:poi|dopo|più\s+tardi)|on\s+(?:verra|voit|en\s+reparle|en\s+parle|décide|decide)(?:\s+(?:ça|cela))?\s+(?:plus\s+tard|après|apres)|(?:das\s+)?(?:sehen|klären|besprechen|entscheiden)\s+wir\s+(?:das\s+)?später|(?:klären|besprechen|entscheiden|sehen|schauen)\s+wir\s+später|(?:we'll|let's)\s+(?:decide|discuss|talk\s+about|see\s+about)\s+(?:it|that|this)\s+later|(?:decide|discuss)\s+(?:it|that|this)\s+later)\W*$`)

// laterLeadRE opens a clause that puts one question off and may say more
// after a comma: "lo vemos luego, déjalo como está", "ya veremos", "on
// verra plus tard", "on en reparle demain", "klären wir später", "we'll
// see later", "let's decide tomorrow".
var laterLeadRE = mustPattern(`(?i)^\W*(?:(?:(?:lo|la|eso|esto)\s+)?(?:vemos|miramos|hablamos|decidimos|dejamos|vamos\s+a\s+ver)\s+(?:luego|después|despues|más\s+adelante|mas\s+adelante|mañana|otro\s+día)|ya\s+(?:veremos|lo\s+veremos)|más\s+adelante|(?:(?:ça|ca)\s+)?on\s+(?:verra|voit|en\s+reparle(?:ra)?|en\s+parlera|décidera|tranchera)(?:\s+(?:ça|cela))?(?:\s+(?:plus\s+tard|après|demain|ensuite))?|(?:pas|rien)\s+pour\s+l'instant|(?:schauen|sehen|klären|reden|besprechen|entscheiden)\s+wir\s+(?:später|morgen|noch|nächste\s+woche)|(?:we'll|we\s+will|let's|lets)\s+(?:see|decide|talk|discuss|look\s+at\s+(?:it|that|this))\s+(?:later|tomorrow|afterwards|next\s+week)|(?:not\s+(?:now|yet)|later)\s*[,;—–-])(?:[^\p{L}]|$)`)

// numberedAsked reports whether the agent numbered the questions asked:
// at least two, the first holding the mark of number one ("Två frågor:
// 1. Ska …?").
func numberedAsked(asked []string, listed bool) bool {
	if len(asked) < 2 {
		return false
	}
	if listed {
		return true
	}
	for _, m := range proposalMarkRE.FindAllStringSubmatch(asked[0], 4) {
		if m[1] == "1" {
			return true
		}
	}
	return strings.HasPrefix(strings.TrimSpace(asked[0]), "1")
}

// listMarkBeforeRE is a list's number at the start of a line, just
// before the question that follows it: "1. ", "2) ", "3）".
var listMarkBeforeRE = mustPattern(`(?:^|\n)[ \t]*\(?([1-9])[.)）][ \t]*$`)

// listMarkOpenRE is a list's number that opens a question: "1）是 A 吗？".
var listMarkOpenRE = mustPattern(`^\(?([1-9])[.)）]`)

// listedQuestions reports whether assistant text asks its first two
// questions (asked, askedQuestions) as items 1 and 2 of a list, each at
// the start of its line ("几个问题确认一下：\n1. …？\n2. …？").
func listedQuestions(text string, asked []string) bool {
	return listedCount(text, asked) >= 2
}

// listedCount is how many of the questions asked, from the first, the
// assistant text numbers 1, 2, 3 … as items of a list, each at the start
// of its line; 0 unless two at least. A question asked after the list
// ("1. …？\n2. …？\n3. …？\n另外：…？") is not counted.
func listedCount(text string, asked []string) int {
	if len(asked) < 2 {
		return 0
	}
	from, n := 0, 0
	for i, q := range asked {
		j := strings.Index(text[from:], q)
		if j < 0 {
			break
		}
		m := listMarkBeforeRE.FindStringSubmatch(text[:from+j])
		if m == nil {
			// the question kept its mark ("1）是 A 吗？")
			m = listMarkOpenRE.FindStringSubmatch(q)
		}
		if m == nil || int(m[1][0]-'0') != i+1 {
			break
		}
		from += j + len(q)
		n++
	}
	if n < 2 {
		return 0
	}
	return n
}

// answersLabelRE is a label, at the start of a line, that says the
// answers to the agent's questions follow: "pour tes questions : 1 oui, 3
// non. 2 on verra plus tard", "re your questions: …", "zu deinen Fragen:
// …", "sobre tus preguntas: …", "질문은: …", "質問について：…".
var answersLabelRE = mustPattern(`(?im)^[ \t]*(?:(?:pour|sur|quant\s+à|about|for|re|as\s+for|on|to|zu|sobre|para|en\s+cuanto\s+a|per|su|про|на|по|till|om)\s+)?(?:(?:tes|vos|les|your|the|deine[n]?|ihre[n]?|die|tus|sus|las|le\s+tue|tue|твої|ваші|твои|ваши|dina|era)\s+)?(?:questions?|preguntas?|fragen?|domande|питання|вопросы|вопросам|frågor(?:na)?|질문(?:들)?(?:은|에는|에)?|質問(?:について)?|问题)\s*[:：]\s*`)

// numberedClauses are the clauses of a reply that answer by number, each
// with its number; nil unless the reply opens with one, or a line of it
// with a label that says the answers follow (answersLabelRE). The numbers
// rise unless each mark names its number as one (numberNamed: "1번은 35일.
// 3번 켜. 2번은 나중에") or the label says they answer: then they need only
// differ.
func numberedClauses(text string) (ns []int, cs []string) {
	text = strings.TrimSpace(text)
	labelled := false
	if m := answersLabelRE.FindStringIndex(text); m != nil {
		text, labelled = strings.TrimSpace(answersLine(text, m)), true
	}
	marks := answerNumberRE.FindAllStringSubmatchIndex(text, 8)
	if len(marks) == 0 || marks[0][0] != 0 {
		if marks = countedMarks(text, labelled); marks == nil {
			return nil, nil
		}
	}
	free := labelled || numbersNamed(text, marks)
	for i, m := range marks {
		n := int(text[m[2]] - '0')
		if slices.Contains(ns, n) || !free && len(ns) > 0 && n < ns[len(ns)-1] {
			return nil, nil
		}
		end := len(text)
		if i+1 < len(marks) {
			end = marks[i+1][0]
		}
		c := strings.TrimRight(strings.TrimSpace(text[m[1]:end]), ".;!。；,，、")
		if c == "" {
			return nil, nil
		}
		ns, cs = append(ns, n), append(cs, c)
	}
	return ns, cs
}

// answersLine is the rest of the line of text where label m ends, the
// answers the label announces.
func answersLine(text string, m []int) string {
	rest := text[m[1]:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// answersRegion is the part of reply text that answers by number: the
// line a label opens (answersLabelRE), else the whole reply.
func answersRegion(text string) string {
	if m := answersLabelRE.FindStringIndex(text); m != nil {
		return text[m[0]:m[1]] + answersLine(text, m)
	}
	return text
}

// putOff is the part of clause c that puts its question off, its first
// sentence when the rest goes on to other things ("나중에 얘기하자. KMS
// CMK 좋아, 그렇게 가."), or "".
func putOff(c string, l lang) string {
	for _, x := range []string{c, firstSentence(c), beforeComma(c)} {
		x = strings.TrimRight(strings.TrimSpace(x), ".;!。；")
		if x == "" {
			continue
		}
		if putsOff(x) {
			return x
		}
		if g := glossOf(x, l); g != nil && putsOff(strings.TrimRight(strings.TrimSpace(g.text), ".;!")) {
			// in the words of a lexicon's language, read as its gloss
			// says it ("zostaw na później": "leave it for later")
			return x
		}
	}
	return ""
}

// putsOff reports whether answer x, the whole of it, puts its question
// off.
func putsOff(x string) bool {
	return laterItemRE.MatchString(x) || laterLeadRE.MatchString(x) || laterCJKRE.MatchString(x) || laterAnswerRE.MatchString(x) || undecidedItemRE.MatchString(x) || deferral(x)
}

// beforeComma is clause c up to its first comma: "zostaw na później,
// pogadam z Tomkiem" puts its question off before it says who will be
// asked.
func beforeComma(c string) string {
	if i := strings.IndexAny(c, ",，"); i > 0 {
		return c[:i]
	}
	return c
}

// undecidedItemRE is an answer, the whole of one numbered clause, that
// says its question is not decided yet, in English and in the gloss of
// every lexicon ("still undecided" for "abhi decide nahi hua", "I still
// don't know" for "jeszcze nie wiem", "to be confirmed", "pending"): the
// question stays open, put off. "not decided on X, use Y" says more and
// is no such answer.
var undecidedItemRE = mustPattern(`(?i)^\W*(?:(?:now|right\s+now|as\s+of\s+now|for\s+now|so\s+far|yet)\s+)?(?:(?:it's|it\s+is|that's|that\s+is|is)\s+)?(?:still\s+)?(?:undecided|unclear|open|pending|up\s+in\s+the\s+air|to\s+be\s+(?:confirmed|decided)|an?\s+open\s+(?:question|point)|not\s+(?:yet\s+)?(?:decided|sure|clear)|(?:i|we)\s+(?:still\s+)?(?:don't|do\s+not)\s+know|i\s+don't\s+know\s+yet|i\s+still\s+don't\s+know|(?:i|we)\s+(?:haven't|have\s+not)\s+decided|(?:it\s+)?hasn't\s+(?:been\s+)?decided|haven't\s+decided|(?:i'm|i\s+am|we're|we\s+are)\s+not\s+sure|don't\s+know|open\s+question)(?:\s+(?:yet|still|for\s+now))?\W*$`)

// numbersNamed reports whether each mark of text names its number with a
// word or a sign ("1번은", "3番", "el 3", "Q2:", "#2"), not a bare
// digit and a stop ("2 - ", "1) ").
func numbersNamed(text string, marks [][]int) bool {
	for _, m := range marks {
		mark := text[m[0]:m[1]]
		if !strings.ContainsFunc(mark, unicode.IsLetter) && !strings.ContainsAny(mark, "#№") {
			return false
		}
	}
	return true
}

// countedMarks are the loose marks of text (looseNumberRE) when they
// count 1, 2, 3 … from its start, two at least; else nil. Marks that name
// their number ("1번은 …", "3番 …"), or that follow a label saying the
// answers follow (labelled), need only differ.
func countedMarks(text string, labelled bool) [][]int {
	marks := looseNumberRE.FindAllStringSubmatchIndex(text, 8)
	if len(marks) < 2 || marks[0][0] != 0 {
		return nil
	}
	free := labelled || numbersNamed(text, marks)
	stopped := sentenceMarks(text, marks)
	seen := map[byte]bool{}
	for i, m := range marks {
		d := text[m[2]]
		if seen[d] || !free && int(d-'0') != i+1 && !(stopped && i > 0 && d > text[marks[i-1][2]]) || counted(text[m[2]+1:m[1]], text[m[1]:]) {
			return nil
		}
		seen[d] = true
	}
	return marks
}

// sentenceMarks reports whether each loose mark of text after the first
// opens a sentence ("1 ja. 3 zet maar op 60"): such marks may pass a
// number over, rising; marks after a comma or a space must count 1, 2,
// 3 ….
func sentenceMarks(text string, marks [][]int) bool {
	for _, m := range marks[1:] {
		if !strings.ContainsAny(text[m[0]:m[2]], ".;!\n。；") {
			return false
		}
	}
	return true
}

// counterRE opens what a number counts in Chinese and Japanese: "1 个就
// 够了", "2 次", "3 台".
var counterRE = mustPattern(`^(?:个|次|条|台|天|周|小时|分钟|秒|份|位|人|项|步|倍|个月|年|個|回|つ|件|日|時間|分(?:$|[^かけ])|秒|%|％)`)

// counted reports whether a loose mark, its number's tail sep, counts
// the words after it (rest): "1 个就够了，2 个太多", "1 retry, 2 workers"
// are quantities, not answers by number.
func counted(sep, rest string) bool {
	if strings.TrimSpace(sep) != "" {
		return false
	}
	if counterRE.MatchString(rest) {
		return true
	}
	w, _, _ := strings.Cut(strings.ToLower(rest), " ")
	w = strings.TrimRight(w, ",.;，。")
	_, unit := unitWords[w]
	return unit || unitWords[strings.TrimSuffix(w, "s")] != "" || countNouns[w] || countNouns[strings.TrimSuffix(w, "s")]
}

// countNouns are what an English count names besides units: "1 retry,
// 2 workers".
var countNouns = wordSet("retry retrie worker thread file test item row time attempt replica pod node core instance job run step")

// numberedAnswers adds to out what a reply answering by number says of
// the numbered questions the agent's message before asked (ctx.Asked):
// each answered, a decision, or put off, an open question (see above).
// What other readings made of the same questions and clauses gives way.
func numberedAnswers(text string, ctx *Context, out []Proposal) []Proposal {
	if !numberedAsked(ctx.Asked, ctx.AskedNumbered) {
		return out
	}
	ns, cs := numberedClauses(text)
	if ns == nil {
		// "1 sì 2 no per ora 3 25%" (spacednum.go)
		ns, cs = spacedClauses(text, len(ctx.Asked))
		if ns == nil && ctx.AskedListed >= 2 && ctx.AskedListed < len(ctx.Asked) {
			// the list's questions, not those asked after it
			ns, cs = spacedClauses(text, ctx.AskedListed)
		}
	}
	if ns == nil || slices.Max(ns) > len(ctx.Asked) {
		return out
	}
	ns, cs = ordinalClauses(ns, cs, len(ctx.Asked))
	region := answersRegion(text)
	var mine []string
	for i, n := range ns {
		q, c := ctx.Asked[n-1], exceptCut(cs[i], out)
		if questionRE.MatchString(c) {
			continue
		}
		key := "question/-/" + slug(q)
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			if p.Was == q || p.Key == key {
				return true
			}
			if slices.Contains(mine, p.Key) {
				// the answer to another number ("1 haan 2 haan")
				return false
			}
			// another reading of the clause, within the answers: not
			// "non, pas 0.02" on the line before "pour tes questions : …
			// 3 non"
			return p.Op == OpState && p.Quote != "" && (p.Kind == KindConstraint || p.Kind == KindDecision || p.Kind == KindValue || p.Kind == KindUncertainty) &&
				(strings.Contains(c, p.Quote) || strings.Contains(p.Quote, c) && (strings.Contains(region, p.Quote) || strings.Contains(p.Quote, region)))
		})
		if x := putOff(c, ctx.lang(text)); x != "" {
			out = append(out, Proposal{Op: OpState, Kind: KindUncertainty, Key: key, Value: q + " — " + x, Quote: x, Links: distinctive(q)})
			mine = append(mine, key)
			continue
		}
		k := answerPrefix + slug(c)
		if slug(c) == "-" || slices.Contains(mine, k) {
			// "2 nie", a word the slug drops, or "1 haan 2 haan", the
			// same answer to two questions: keyed by its question too
			k = answerPrefix + slug(q)
			if slug(c) != "-" {
				k = answerPrefix + slug(c) + "/" + slug(q)
			}
		}
		out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: k, Value: yourCall(c), Quote: c, Was: q})
		mine = append(mine, k)
	}
	return out
}

// subjectAnswered adds to out, for a user sentence led by a label naming
// the subject of one open question ("reverse: ja, noop räcker för 0042"
// after "Ska 0042 vara reversibel (reverse_code)?" was put off), that
// question closed by the answer. The label names the
// question when a word of it is a word of that question alone (split at
// underscores: "reverse" of "reverse_code"); a label that names two
// questions, or none, answers nothing.
func subjectAnswered(text string, ctx *Context, out []Proposal) []Proposal {
	if len(ctx.Questions) == 0 {
		return out
	}
	for i, s := range sentences(text) {
		if i == 3 {
			break
		}
		s = strings.TrimSpace(s)
		l := labelOf(s)
		if l == "" || questionRE.MatchString(s) || !strings.Contains(text, s) || len(strings.Fields(l)) > 3 {
			continue
		}
		rest := strings.TrimSpace(strings.TrimLeft(s[len(l):], ":： "))
		if rest == "" {
			continue
		}
		k := ""
		for key, q := range ctx.Questions {
			if labelNames(l, q) {
				if k != "" {
					k = "-"
					break
				}
				k = key
			}
		}
		if k == "" || k == "-" || slices.ContainsFunc(out, func(p Proposal) bool { return p.Key == k }) {
			continue
		}
		q := ctx.Questions[k]
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Op == OpState && p.Kind == KindConstraint && (strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s))
		})
		out = append(out, Proposal{Op: OpLift, Kind: KindUncertainty, Key: k, Value: s, Quote: s, Stated: true, Links: distinctive(q)})
	}
	return out
}

// relayVerbs say who answered or was asked, not what about: "asked
// priya: …" names no question by "asked".
var relayVerbs = wordSet("asked ask asking told tells says said checked pinged heard replied answered confirmed frågade sa svarade спитав спитала питав сказав сказала відповів відповіла спросил сказал ответил")

// labelNames reports whether label l names question q: a word of l of
// four letters or more (three in capitals) is a word of q, or shares its stem (sameStem),
// q's words split at underscores and hyphens too.
func labelNames(l, q string) bool {
	split := strings.NewReplacer("_", " ", "-", " ")
	lw, raw := replyWords(split.Replace(l))
	qw, _ := replyWords(split.Replace(q))
	for i, w := range lw {
		// three letters do for a name written in capitals ("MDM")
		if n := len([]rune(w)); n < 3 || n == 3 && raw[i] != strings.ToUpper(raw[i]) || isNumber(w) || stopwords[w] || relayVerbs[w] {
			continue
		}
		for _, x := range qw {
			if w == x || sameStem(w, x) {
				return true
			}
		}
	}
	return false
}

// notNowRE is a whole reply that turns an offer down for now: "inte
// nu", "not now", "не зараз", "не сейчас", "अभी नहीं", "nicht jetzt",
// "pas maintenant", "ahora no", "adesso no", "nu niet", "现在不用".
var notNowRE = mustPattern(`(?i)^\W*(?:(?:nej|no|nope|ні|нет|nee|nein|non|não)[,.]?\s+)?(?:inte\s+(?:nu|just\s+nu|än)|not\s+(?:now|right\s+now|yet)|не\s+(?:зараз|сейчас|треба\s+зараз|надо\s+сейчас)|अभी\s+नहीं|nicht\s+jetzt|pas\s+maintenant|ahora\s+no|adesso\s+no|non\s+ora|nu\s+niet|agora\s+não|现在不用|先不用)\W*$`)

// offerAskRE is a question of the agent's that offers to do a thing:
// "Ska jag lägga till en Sentry-alert …?", "Shall I add …?", "Should I
// add …?", "Додати …?", "Чи додати …?", "क्या मैं … जोड़ूँ?".
var offerAskRE = mustPattern(`(?i)^\W*(?:ska\s+jag|skall\s+jag|vill\s+du\s+att\s+jag|shall\s+i|should\s+i|do\s+you\s+want\s+me\s+to|want\s+me\s+to|чи\s+(?:мені\s+)?(?:додати|зробити|налаштувати)|мені\s+(?:додати|зробити)|додати|добавить|(?:мне\s+)?(?:добавить|сделать)|क्या\s+मैं|soll\s+ich|dois-je|je\s+(?:peux|dois)|devo|zal\s+ik)(?:[^\p{L}\p{M}]|$)`)

// notNowDeclines adds to out, for a reply that only says "not now" to
// the agent's message whose first question offers to do a thing ("Ska
// jag lägga till en Sentry-alert …? Och ska 0043 köras med
// lock_timeout?" … "inte nu"), that offer declined: the user's answer,
// shown with it. The questions after it are left as they were.
func notNowDeclines(text string, ctx *Context, out []Proposal) []Proposal {
	s := strings.TrimSpace(text)
	if len(ctx.Asked) == 0 || !notNowRE.MatchString(s) || !offerAskRE.MatchString(ctx.Asked[0]) {
		return out
	}
	q := ctx.Asked[0]
	out = slices.DeleteFunc(out, func(p Proposal) bool { return p.Was == q || p.Op == OpState && p.Quote == s && p.Kind != KindNegative })
	return append(out, Proposal{Op: OpState, Kind: KindDecision, Key: answerPrefix + slug(q), Value: s + " (declined)", Quote: s, Was: q, Links: distinctive(q)})
}

// markNumber is the place, from one, of the list mark m of
// proposalMarkRE in s: "2)" is 2, "(b)" is 2.
func markNumber(s string, m []int) int {
	if m[2] >= 0 {
		return int(s[m[2]] - '0')
	}
	return int(s[m[4]]-'a') + 1
}

// itemLabelRE opens a reply's clause with the label of a listed item:
// "a: …", "(b) …", "2 - …", "1) …", "b ok", "2 ок".
var itemLabelRE = mustPattern(`(?i)^\W*\(?(?:([1-9])(?:\s*[-–—:)）]|\.\s)|([a-d])(?:\s*[:)）]|\s+[-–—]\s)|(?:([1-9])|([a-d]))\s+(?:ok|okej|okay|ок|окей|так|добре|ja|nej|no|нет|ні|हाँ|नहीं|ठीक)(?:[^\p{L}]|$))`)

// itemLabel is the index of the item of n listed that clause c opens by
// naming its label, or -1.
func itemLabel(c string, n int) int {
	m := itemLabelRE.FindStringSubmatch(c)
	if m == nil {
		return -1
	}
	i := -1
	switch {
	case m[1]+m[3] != "":
		i = int((m[1] + m[3])[0]-'0') - 1
	case m[2]+m[4] != "":
		i = int(strings.ToLower(m[2] + m[4])[0] - 'a')
	}
	if i >= n {
		return -1
	}
	return i
}

// exceptCut is clause c up to the first sentence after its first that
// another reading made an exception to a rule of ("2 — 1M. и unsafe: в
// simd.rs можно, только там. …"): that sentence and what follows it are
// no part of the answer (topicexcept.go).
func exceptCut(c string, out []Proposal) string {
	ss := sentences(c)
	for _, s := range ss[min(1, len(ss)):] {
		s = strings.TrimSpace(s)
		if s == "" || !slices.ContainsFunc(out, func(p Proposal) bool {
			return p.Op == OpExcept && p.Quote != "" && strings.Contains(p.Quote, s)
		}) {
			continue
		}
		if k := strings.Index(c, s); k > 0 {
			return strings.TrimRight(strings.TrimSpace(c[:k]), ".;!。；,")
		}
	}
	return c
}
