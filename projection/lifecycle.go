package projection

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tasks left for later, in any language the projection reads.
//
// The readings of obligation.go and tasks.go know a task by its English or
// Chinese shape ("remember to …", "before you ship, …", "by Friday"). A
// user writing any language sets work for later in three more shapes,
// read here on the user's own words (not on a gloss, whose cue words do
// not cover them):
//
//   - a reminder asked for ("remind me to rotate the key tomorrow",
//     "ricordami venerdì di chiamare il fornitore", "напомни завтра …",
//     "明天记得提醒我续费域名"): the task is the sentence, its object kept
//     even when the request comes last ("I'll send it tomorrow, remind me");
//   - work said to be still to do ("we still need to …", "il faut encore
//     …", "wir müssen noch …", "todavía hay que …", "ещё нужно …", "还得
//     …");
//   - work set for a later moment (tomorrow, later, next week, by a
//     weekday: "tomorrow look at the indexes", "Morgen schauen wir uns noch
//     die Indizes an", "entro venerdì mi prepari un foglio …"), when the
//     sentence directs it: an English imperative after the moment, a
//     "still"/"also" word, a deadline ("by", "entro", "bis", "d'ici"), or
//     the listener named.
//
// A question, and a sentence that forbids ("tomorrow don't deploy"), sets
// no task. Work said to be still to do is a task, not a rule: the rule a
// glossed "il faut" made of the same sentence is dropped.
var (
	// remindRE asks to be reminded.
	remindRE = mustPattern(`(?i)\bremind\s+(?:me|us)\b|\bricorda(?:mi|temi|ci)\b|\brappel(?:le|ez)[- ](?:moi|nous)\b|\brecu[eé]rd(?:a|e|en)(?:me|nos)\b|\brecord(?:a|á)(?:me|nos)\b|\blembr(?:a|e)[- ](?:me|nos)\b|\bme\s+lembr(?:a|e)\b|\berinner(?:e|t|n)?\s+(?:mich|uns)\b|(?:^|[^\p{L}])напомни(?:те)?(?:[^\p{L}]|$)|\bprzypomnij(?:cie)?\b|提醒(?:一下)?我|リマインド|思い出させて|리마인드|알려\s*줘`)
	// stillToDoRE says work is still to be done.
	stillToDoRE = mustPattern(`(?i)\b(?:we|you|i)\s+still\s+(?:need|have|got)\s+to\b|\bstill\s+(?:needs?|has|have)\s+to\s+be\b|\bstill\s+to\s+do\b|\bil\s+(?:faut|reste)\s+encore\b|\bil\s+(?:nous|te|vous)?\s*reste\s+(?:encore\s+)?à(?:[^\p{L}\p{N}_]|$)|\bon\s+doit\s+encore\b|\b(?:wir|du|ihr|sie)\s+m(?:ü|ue)ss(?:en|t)\s+(?:\S+\s+){0,3}?noch\b|\bm(?:ü|ue)ss(?:en|t)\s+(?:wir|du|ihr)\s+noch\b|\bnoch\s+zu\s+(?:tun|erledigen|machen)\b|\b(?:todav[ií]a|a[uú]n)\s+(?:hay|tenemos|tienes|tengo)\s+que\b|\b(?:hay|tenemos|tienes)\s+que\s+(?:\S+\s+)?(?:todav[ií]a|a[uú]n)\b|\b(?:nos|te)\s+(?:queda|falta)n?\s+(?:por\s+)?\b|\bainda\s+(?:falta|precisa(?:mos)?|temos\s+que|tenho\s+que|tem\s+que|é\s+preciso)\b|\b(?:bisogna|dobbiamo|devi|c'è\s+da)\s+ancora\b|\bresta(?:no)?\s+(?:ancora\s+)?da\b|(?:^|[^\p{L}])(?:(?:ещё|еще)\s+(?:нужно|надо|надо\s+бы)|(?:нужно|надо)\s+(?:ещё|еще))(?:[^\p{L}]|$)|\b(?:jeszcze\s+(?:trzeba|musimy|musisz|należy)|(?:trzeba|musimy|musisz)\s+jeszcze)\b|还(?:要|得|需要)|まだ.{0,24}(?:必要|しないと|なければ|なきゃ)|아직\s*.{0,24}해야`)
	// laterRE is a later moment: tomorrow, later, next week, by a day.
	laterRE = mustPattern(`(?i)(?:^|[^\p{L}\p{N}_])(?:tomorrow|tonight|later\s+today|next\s+week|morgen|übermorgen|nächste\s+woche|domani|dopodomani|settimana\s+prossima|prossima\s+settimana|demain|semaine\s+prochaine|mañana|(?:la\s+)?semana\s+que\s+viene|próxima\s+semana|amanhã|semana\s+que\s+vem|jutro|w\s+przyszłym\s+tygodniu)(?:[^\p{L}\p{N}_]|$)|(?:^|[^\p{L}])(?:завтра|на\s+следующей\s+неделе|наступного\s+тижня|на\s+наступному\s+тижні)(?:[^\p{L}]|$)|明天|明早|下周|下星期|明日|来週|내일|다음\s*주|` + deadlinePat)
	// deadlinePat is a deadline by a weekday or tomorrow: "by Friday",
	// "entro venerdì", "bis Freitag", "d'ici vendredi", "para el viernes",
	// "até sexta", "к пятнице", "do piątku", "金曜までに", "금요일까지".
	deadlinePat   = `(?:^|[^\p{L}\p{N}_])(?:by|before|entro|bis|d'ici|avant|para\s+el|antes\s+del?|até|do|к|до)\s+(?:(?:next|this|il|la|le|el|a|o|den|dem)\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo|segunda|terça|quarta|quinta|sexta|poniedziałku|wtorku|środy|czwartku|piątku|soboty|niedzieli|понедельник[ау]|вторник[ау]|сред[еы]|четверг[ау]|пятниц[еы]|суббот[еы]|воскресень[юя]|понеділка|вівторка|середи|четверга|п['’ʼ]ятниці|суботи|неділі|завтра)(?:[^\p{L}\p{N}_]|$)|(?:月|火|水|木|金|土|日)曜(?:日)?まで|(?:월|화|수|목|금|토|일)요일\s*까지|(?:周|星期|礼拜)[一二三四五六日天](?:之前|以前|前)`
	deadlineAnyRE = mustPattern(`(?i)` + deadlinePat)
	// directedRE marks a sentence that directs its work at someone: a
	// "still"/"also" word, the listener or "we" named, or a request's
	// polite form ("…ておいてください", "…확인해 주세요", "请…").
	directedRE = mustPattern(`(?i)(?:^|[^\p{L}\p{N}_])(?:also|still|noch|auch|ancora|anche|encore|aussi|todav[ií]a|también|ainda|também|jeszcze|też|we|let's|you|wir|du|ihr|noi|mi|tu|nous|vous|nosotros|vamos|a\s+gente|você|vocês|ty|wy)(?:[^\p{L}\p{N}_]|$)|(?:^|[^\p{L}])(?:ещё|еще|тоже|мы|ты|вы|посмотри|проверь|сделай)(?:[^\p{L}]|$)|还|也|你|我们|咱们|请|麻烦|また|ください|下さい|아직|또|주세요|줘요|주실래요`)
	// selfRE names the speaker alone as the one who will do it.
	selfRE = mustPattern(`(?i)\bI(?:'ll|\s+will|'m\s+going\s+to|\s+am\s+going\s+to|\s+can)\b|\b(?:ich|je|j'|yo|io|eu|ja)\b|(?:^|[^\p{L}])я(?:[^\p{L}]|$)|我(?:[^们]|$)|私|僕|俺|제가|내가`)
	// laterNegRE opens what the moment is said of with a prohibition:
	// "tomorrow don't deploy" is a rule for tomorrow, not a task.
	laterNegRE = mustPattern(`(?i)(?:^|[\s,:;])(?:don't|do not|dont|never|no|nicht|kein\w*|non|ne|n'|no|não|nunca|не|нельзя|nie)(?:\s|$)|不要|别|不能|しないで|하지\s*마`)
	// discourseOnlyRE is a part that is only a word opening a turn ("对了",
	// "btw", "oh"): no task of a compound one.
	discourseOnlyRE = mustPattern(`(?i)^[\s\p{P}]*(?:对了|顺便(?:说一下)?|哦|噢|嗯|啊|另外|还有|btw|oh|also|and|ah|übrigens|au\s+fait|por\s+cierto|a\s+propósito|comunque|tra\s+l'altro|кстати|przy\s+okazji|ところで|그리고|참)[\s\p{P}]*$`)
)

// taskVerbs open the imperative of a piece of work.
var taskVerbs = map[string]bool{"run": true, "rerun": true, "update": true, "send": true, "write": true, "add": true, "fix": true, "check": true,
	"deploy": true, "merge": true, "push": true, "test": true, "review": true, "finish": true, "redo": true, "upload": true, "email": true,
	"ask": true, "ping": true, "file": true, "open": true, "close": true, "prepare": true, "draft": true, "tag": true, "release": true,
	"publish": true, "clean": true, "remove": true, "delete": true, "document": true, "rebase": true, "migrate": true, "measure": true,
	"investigate": true, "benchmark": true, "build": true, "book": true, "schedule": true, "rename": true, "refactor": true, "commit": true,
	"regenerate": true, "rotate": true, "renew": true, "restart": true, "install": true, "upgrade": true, "bump": true, "archive": true,
	"export": true, "import": true, "share": true, "submit": true, "finalize": true, "finalise": true, "call": true, "order": true,
	"print": true, "flash": true, "reflash": true, "retest": true, "verify": true, "look": true, "revisit": true, "continue": true}

// politeAskRE is a request asked as a question: "can you …", "could you
// also …", "would you mind …ing", "kannst du …", "puedes …".
var politeAskRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|and|also|btw|oh|hey)[,]?\s+)*(?:(?:can|could|would|will)\s+you\s+(?:also\s+|please\s+|maybe\s+|pls\s+)*[a-z]{2,}|would\s+you\s+mind\s+\w+ing|(?:kannst|könntest)\s+du|(?:können|könnten)\s+sie|(?:puedes|podrías|puede|podría)\s+\p{L}|(?:peux|pourrais)[- ](?:tu|vous)|(?:pode|poderia|podes)\s+\p{L}|(?:puoi|potresti|può|potrebbe)\s+\p{L})`)

// laterTask reports whether user sentence s sets a task for later by one
// of the shapes above.
func laterTask(s string) bool {
	if questionRE.MatchString(s) && politeAskRE.MatchString(s) && laterRE.MatchString(s) {
		// "can you update the changelog tomorrow?", "could you also
		// send it by friday?": a request asked as a question, for a
		// later moment.
		return !negRE.MatchString(s) && !isRule(s) && !selfRE.MatchString(s) && utf8.RuneCountInString(s) <= maxSentence
	}
	if questionRE.MatchString(s) || utf8.RuneCountInString(s) < 6 || utf8.RuneCountInString(s) > maxSentence || giveUpRE.MatchString(s) || goalLabelRE.MatchString(s) {
		// "nothing we can do tonight, leave it": a failure given up;
		// "Goal for this week: … by Friday": the objective.
		return false
	}
	if remindRE.MatchString(s) {
		return true
	}
	if deferRomRE.MatchString(s) {
		// "Cuando esté, subes al de prueba, …", read in the user's
		// words: the gloss reads "cuando" as "if" (tasks.go).
		return deferredTask(s)
	}
	if loc := stillToDoRE.FindStringIndex(s); loc != nil {
		return !laterNegRE.MatchString(firstWords(s[loc[1]:], 2))
	}
	loc := laterRE.FindStringIndex(s)
	if loc == nil {
		return false
	}
	if selfRE.MatchString(s) {
		// "Mach ich morgen früh", "I'll swap it tomorrow": the user's
		// own task.
		return false
	}
	rest := strings.TrimLeft(s[loc[1]:], " ,，:：、")
	if laterNegRE.MatchString(firstWords(rest, 3)) || negRE.MatchString(firstWords(rest, 2)) || isRule(s) {
		return false
	}
	english := !strings.ContainsFunc(s, isCJK) && detectLang(s, langNone) == langNone
	if before := discourseRE.ReplaceAllString(clauseLeadRE.ReplaceAllString(strings.TrimSpace(s[:loc[0]]), ""), ""); english && strings.Trim(rest, " .!。") == "" &&
		!strings.ContainsAny(before, ",;:") && len(terms(before)) >= 2 && taskVerbs[strings.ToLower(firstWords(before, 1))] {
		// "And run the migration tests tomorrow.": the moment closes a
		// task's imperative ("ok im off, band practice tonight", "catch
		// you tomorrow" close none).
		return true
	}
	if english && imperative(rest) || deadlineRE.MatchString(s) || deadlineAnyRE.MatchString(s) {
		return true
	}
	return directedRE.MatchString(rest)
}

// laterTasks adds an obligation for each sentence of a user message in
// language l that sets a task for later (laterTask, or laterEndTask:
// latertask.go) and that no obligation the readings
// proposed covers, and drops the obligations that are only a discourse
// word and the rules quoting a sentence now read as a task.
func laterTasks(text string, l lang, props []Proposal) []Proposal {
	props = dropDiscourseTasks(props)
	var tasks []string
	prevTask := false
	ss := sentences(text)
	for i, s := range ss {
		if span := deadlineOf(text, ss, i); span != "" && laterTask(s) {
			// the task before, by this deadline (obligation.go)
			s = span
		}
		covers := func(p Proposal) bool {
			return p.Quote != "" && (strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s))
		}
		task := slices.ContainsFunc(props, func(p Proposal) bool { return p.Kind == KindObligation && covers(p) })
		goal := slices.ContainsFunc(props, func(p Proposal) bool { return p.Kind == KindObjective && covers(p) })
		switch {
		case task:
		case prevTask && utf8.RuneCountInString(s) <= 16:
			// "…，附上截图链接. 周四之前搞定": the deadline of the task
			// before it.
			task = true
		case goal || !laterTask(s) && !laterEndTask(s, l) || !strings.Contains(text, s):
			// "Le but c'est de sortir les fichiers de fab … d'ici
			// vendredi": the objective, with its deadline.
		case !remindRE.MatchString(s) && !stillToDoRE.MatchString(s) && slices.ContainsFunc(props, func(p Proposal) bool { return p.Kind == KindConstraint && covers(p) }):
			// "ne touche pas à la piste avant que Thomas valide demain",
			// "Montag bis Freitag bleibt 8 bis 18 Uhr tabu": a rule for
			// the moment, read as one.
		default:
			tasks = append(tasks, s)
			task = true
		}
		prevTask = task
	}
	if len(tasks) == 0 {
		return props
	}
	out := props[:0:0]
	for _, p := range props {
		if p.Kind == KindConstraint && p.Op == OpState && quotesAny(p.Quote, tasks) && !negRE.MatchString(p.Quote) {
			// "Il faut encore exporter …": glossed "must", a task.
			continue
		}
		out = append(out, p)
	}
	for _, s := range tasks {
		out = append(out, Proposal{Op: OpState, Kind: KindObligation, Key: "obligation/-/" + slug(s), Value: s, Quote: s, Links: mentions(s)})
	}
	return out
}

// quotesAny reports whether quote lies inside one of the sentences ss.
func quotesAny(quote string, ss []string) bool {
	for _, s := range ss {
		if quote != "" && strings.Contains(s, quote) {
			return true
		}
	}
	return false
}

// dropDiscourseTasks drops the obligations that are only a word opening a
// turn: "对了" of "对了，明天记得提醒我续费域名" cut as a task of its own.
func dropDiscourseTasks(props []Proposal) []Proposal {
	out := props[:0:0]
	for _, p := range props {
		if p.Kind == KindObligation && discourseOnlyRE.MatchString(p.Value) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// A rule's bound met in the condition's own words.
//
// untilMet knows a condition met by a word of completion ("done",
// "fertig", "完成了") or an English past form. A user more often says the
// condition's own state back: "le GPU 2 est réparé" for "en attendant que
// le GPU 2 soit réparé", "Marco ha firmato la DPIA" for "finché non ha
// firmato la DPIA", "die Migration ist durch" for "bis die Migration
// durch ist". The condition is met when a later statement holds at least
// two of the condition's content words and half of them, says nothing of
// the future or of a bound of its own, and is no question.

// untilFutureRE marks a statement about what is still to come.
var untilFutureRE = mustPattern(`(?i)(?:^|[^\p{L}\p{N}_])(?:will|won't|going\s+to|tomorrow|soon|later|next|wird|werden|morgen|bald|später|sera|seront|demain|bientôt|plus\s+tard|será|serán|mañana|pronto|luego|vai\s+ser|amanhã|logo|sarà|saranno|domani|presto|dopo|jutro|wkrótce|będzie)(?:[^\p{L}\p{N}_]|$)|(?:^|[^\p{L}])(?:будет|будут|завтра|скоро|позже)(?:[^\p{L}]|$)|将|会|明天|快要|稍后|予定|明日|これから|예정|내일|나중에`)

// untilStated reports whether sentence s states condition cond as the
// case (see above).
func untilStated(cond, s string) bool {
	if questionRE.MatchString(s) || untilRE.MatchString(s) || untilFutureRE.MatchString(s) || untilNotYetRE.MatchString(s) {
		return false
	}
	cs := stems(cond)
	for w := range cs {
		if negRE.MatchString(w) || laterNegRE.MatchString(" "+w+" ") {
			delete(cs, w)
		}
	}
	if len(cs) < 2 {
		return false
	}
	ss := stems(s)
	n := 0
	for w := range cs {
		if ss[w] {
			n++
		}
	}
	return n >= 2 && 2*n >= len(cs)
}

// untilBefore is the condition of a bound in time said before quote: in
// the part of quote's sentence before it, else in the sentence right
// before that one in the same text; "" when there is none.
func untilBefore(text, quote string) string {
	at := strings.Index(text, quote)
	if at < 0 || quote == "" {
		return ""
	}
	ss := sentences(text[:at])
	if len(ss) == 0 {
		return ""
	}
	last := ss[len(ss)-1]
	m := untilRE.FindStringSubmatch(last)
	if m == nil {
		return ""
	}
	cond := untilCond(m)
	if untilBackRE.MatchString(cond) {
		return ""
	}
	return cond
}

// An approach the user rules out.
//
// "don't try that again, the open driver never worked on this card", "No
// vuelvas a probar con 32 hilos", "non riprovare con lo smartctl", "Не
// пробуй больше переключать драйвер": the user forbids a retry. What was
// tried is negative knowledge (§16), something not to do again, not a
// rule to keep nor a failure still open: the sentence is read as negative
// knowledge instead of a rule, and the newest open failure it refers to
// (one sharing a word with it, else the newest at most three events old)
// leaves the heads for it, as a failure given up does (abandoned).

// retryNoRE forbids doing a thing again, by language.
var retryNoRE = mustPattern(`(?i)(?:^|[,;:—–-]\s*|\b(?:so|and|but|just|please|ok|okay|then)\s+)(?:don'?t|do\s+not|never)\s+(?:\w+\s+){0,4}?(?:again\b|anymore\b|any\s+more\s*(?:[,.;!]|$))|\bno\s+more\s+(?:trying|attempts)\b|\bno\s+(?:vuelvas|volvamos)\s+a\s+(?:probar|intentar)|\bno\s+(?:lo\s+|la\s+)?(?:intentes|pruebes)\s+(?:\S+\s+){0,3}?(?:otra\s+vez|de\s+nuevo|más)(?:[^\p{L}\p{N}_]|$)|\bnon\s+prov(?:are|arci|arlo|iamo)\s+(?:\S+\s+){0,3}?più(?:[^\p{L}\p{N}_]|$)|\bnon\s+riprov|\bne\s+(?:ré)?essa(?:ie|yez)\s+(?:pas|plus)\b|\bn'essa(?:ie|yez)\s+plus\b|\bnão\s+(?:tente|tenta|tentes|experimente)\s+(?:\S+\s+){0,3}?(?:de\s+novo|outra\s+vez|mais)\b|\bnão\s+volte\s+a\s+tentar\b|\b(?:versuch|probier)(?:e|t)?\s+(?:\S+\s+){0,4}?nicht\s+(?:noch\s*mal|nochmal|wieder|mehr)\b|\bnie\s+(?:próbuj|probuj)\s+(?:\S+\s+){0,3}?(?:ponownie|więcej|znowu)\b|(?:^|[^\p{L}])не\s+(?:пробуй|пытайся|пробуйте|пытайтесь)\s+(?:больше|снова|ещё\s+раз|еще\s+раз)|(?:^|[^\p{L}])больше\s+не\s+(?:пробуй|пытайся)|(?:别|不要)再(?:试|尝试|折腾)|もう(?:二度と)?(?:試さ|やら)ないで|二度と|다시\s*(?:시도|시도하지|하지)\s*마`)

// retryPronRE is a pro-form that names the thing tried by pointing back.
var retryPronRE = mustPattern(`(?i)\b(?:that|it|this|lo|la|das|es|ça|isso|isto|eso|esto|questo|quello|lo\s+stesso)\b|(?:^|[^\p{L}])(?:это|то|так|tego|to)(?:[^\p{L}]|$)|这个|那个|这样|それ|그거|이거`)

// sharesToken reports whether sentence s names a word of the call failure
// a was seen in (a number too: "32" of "--concurrency 32").
func sharesToken(a *Anchor, s string) bool {
	failed, ok := linkWith(a.Links, callPrefix)
	if !ok {
		failed, _ = strings.CutPrefix(a.Key, commandPrefix)
	}
	fs := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(failed), tokenSep) {
		fs[w] = true
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), tokenSep) {
		if utf8.RuneCountInString(w) >= 2 && fs[w] {
			return true
		}
	}
	return false
}

// tokenSep cuts a command or a sentence into words: at anything but a
// letter or a digit.
func tokenSep(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// retryClause is the clause of s that forbids the retry: from the clause
// break before the cue to the one after it.
func retryClause(s string) string {
	loc := retryNoRE.FindStringIndex(s)
	if loc == nil {
		return ""
	}
	start := strings.LastIndexAny(s[:loc[0]], ",;:—，；：") + 1
	end := len(s)
	if i := strings.IndexAny(s[loc[1]:], ",;:—，；："); i >= 0 {
		end = loc[1] + i
	}
	return s[start:end]
}

// retryNo reports whether user sentence s forbids trying a thing again.
func retryNo(s string) bool {
	return retryNoRE.MatchString(s) && !questionRE.MatchString(s)
}

// ruledOut reads the rules a user message states in sentences that forbid
// a retry as negative knowledge (see above).
func ruledOut(text string, props []Proposal) []Proposal {
	var no []string
	ss := sentences(text)
	for _, s := range ss {
		if retryNo(s) {
			no = append(no, s)
		}
	}
	if len(no) == 0 || slices.ContainsFunc(ss, tried) {
		// "we tried X last sprint … don't go the regex route again, just
		// split on the first space": the story is the negative knowledge
		// (story.go), and the direction after it stays a rule.
		return props
	}
	for i, p := range props {
		if p.Kind == KindConstraint && p.Op == OpState && quotesAny(p.Quote, no) {
			props[i].Kind = KindNegative
			props[i].Key = "negative/-/" + strings.TrimPrefix(p.Key, "constraint/-/")
		}
	}
	return props
}

// refusedRetry is the open failure a user message rules out a retry of,
// and the sentence that does (see above); nil when none.
func (r *Reducer) refusedRetry(ev *Event) (*Anchor, string) {
	ss := sentences(ev.Text)
	if slices.ContainsFunc(ss, tried) {
		// "we tried a unique index before. it deadlocked … don't go down
		// that road again": the story's approach, not the failure
		// (story.go).
		return nil, ""
	}
	for _, x := range ss {
		if !retryNo(x) {
			continue
		}
		var named, newest *Anchor
		for _, a := range r.hot {
			if a.Kind != KindFailure || !a.IsHead() || !r.answers(a, ev) {
				continue
			}
			if newest == nil || newer(a, newest) {
				newest = a
			}
			if failureNamed(a, x) && (named == nil || newer(a, named)) {
				named = a
			}
		}
		switch {
		case named != nil:
			return named, x
		case newest != nil && r.rightAfter(newest, ev) && (retryPronRE.MatchString(retryClause(x)) || sharesToken(newest, x)):
			// "don't try that again", "No vuelvas a probar con 32 hilos"
			// after "--concurrency 32"; not "Не пробуй больше переключать
			// драйвер" after a failed test.
			return newest, x
		}
	}
	return nil, ""
}

// dropOwnNegative removes the negative knowledge event seq's proposals
// made of sentence s: the failure it rules out is kept as that knowledge
// instead (abandoned), with what failed.
func (r *Reducer) dropOwnNegative(seq int, s string) {
	for k, a := range r.hot {
		if a.Kind == KindNegative && a.Seq() == seq && a.Quote != "" && strings.Contains(s, a.Quote) {
			delete(r.hot, k)
		}
	}
}

// A failed test passing in a run that failed for another reason.
//
// "go test ./internal/dates/ -run TestParseISO" fails; after the fix the
// agent runs the whole suite, which fails on another package's test but
// reports "ok  example.com/app/internal/dates": the test fixed passes with
// the rest of its unit (units.go), though the run as a whole is an error.
// Such a run resolves the failed tests whose unit it reports passing whole,
// not the unit it reports failing, nor any test this run failed again.

// unitsPassedInFailure resolves the open test failures whose unit a failing
// tool output ev reports passing whole (see above).
func (r *Reducer) unitsPassedInFailure(ev *Event, ref EventRef, moved map[*Anchor]bool) {
	if ev.Result == nil || !ev.Result.IsError || r.call == nil {
		return
	}
	var passed []string
	read := false
	for _, a := range r.sorted() {
		if a.Kind != KindFailure || !a.IsHead() || moved[a] || a.Seq() >= ev.Seq {
			continue
		}
		u, ok := linkWith(a.Links, unitPrefix)
		if !ok {
			continue
		}
		if !read {
			passed, read = passedUnits(r.call, ev.Text), true
			for _, m := range goPkgFailRE.FindAllStringSubmatch(ev.Text, 64) {
				passed = slices.DeleteFunc(passed, func(p string) bool { return p == m[1] })
			}
		}
		if !slices.Contains(passed, u) || strings.Contains(ev.Text, a.Name) {
			continue
		}
		a.Lifecycle = Resolved
		moved[a] = true
		a.addRef(ref)
		r.hypothesesOn(a, ref)
	}
}

// A question answered by what was found.
//
// An open question is rarely closed by "the answer is …". The user reads a
// tool's output, or rules options out, and concludes: "ok so they do have
// layer caching", "Celery 不支持那台机器，那就只剩 RQ 了", "Bleibt also nur
// Nexus", "quindi è la contabilità". A user statement answers the open
// question it concludes on:
//
//   - by elimination: "only X is left" in the languages read (elimRE), X
//     one of the words the question named;
//   - by a conclusion after the agent ran something: a statement opening
//     with a word that concludes ("so", "ok so", "also", "quindi",
//     "entonces", "donc", "então", "значит", "więc", "所以", "那就",
//     "つまり", "그럼"; concludeOpenRE) that holds two of the question's content
//     words and a third of them.
//
// A question, or a statement that still does not know, answers nothing.

var (
	// elimRE says one option is all that is left: X in group x.
	elimRE = mustPattern(`(?i)\bonly\s+(?P<x>[\w.\-/]+)\s+(?:is\s+)?left\b|\b(?:leaves|leaving)\s+(?:us\s+with\s+)?(?:only\s+|just\s+)?(?P<x2>[\w.\-/]+)\b|\bbleibt\s+(?:also\s+|dann\s+)?(?:nur\s+(?:noch\s+)?)?(?P<x3>[\w.\-/]+)\b|\b(?:rimane|resta)\s+(?:quindi\s+|solo\s+|soltanto\s+)+(?P<x4>[\w.\-/]+)|\bil\s+ne\s+reste\s+(?:donc\s+)?que\s+(?P<x5>[\w.\-/]+)|\b(?:s[oó]lo\s+)?queda\s+(?:entonces\s+)?(?:s[oó]lo\s+)?(?P<x6>[\w.\-/]+)|\bs[oó]\s+(?:sobra|resta)\s+(?:o\s+|a\s+)?(?P<x7>[\w.\-/]+)|(?:^|[^\p{L}])оста[её]тся\s+(?:только\s+)?(?P<x8>[\p{L}\w.\-/]+)|\bzostaje\s+(?:tylko\s+)?(?P<x9>[\p{L}\w.\-/]+)|只剩(?:下)?\s*(?P<x10>[\w.\-/]+)|남은\s*(?:게|건)\s*(?P<x11>\S+)`)
	// concludeOpenRE opens a statement that concludes from what was seen.
	concludeOpenRE = mustPattern(`(?i)^[\s\p{P}]*(?:(?:ok(?:ay)?|right|ah|oh|aha|alright)[,!.]?\s+)?(?:so|then|that\s+means|which\s+means|also|dann|quindi|allora|entonces|o\s+sea|donc|alors|então|ent[aã]o|logo|значит|итак|więc|czyli|所以|那就|那么|看来|つまり|じゃあ|그럼|그러니까)(?:[^\p{L}\p{N}_]|$)|^(?:所以|那就|那么|看来|つまり|じゃあ|그럼|그러니까)`)
)

// answeredBy adds, for each open question of ctx a sentence of the user
// message text concludes on (see above), the proposal that answers it.
func answeredBy(text string, ctx *Context, props []Proposal) []Proposal {
	if len(ctx.Questions) == 0 {
		return props
	}
	done := map[string]bool{}
	for _, p := range props {
		if p.Kind == KindUncertainty && p.Op == OpLift {
			done[p.Key] = true
		}
	}
	for _, s := range sentences(text) {
		if questionRE.MatchString(s) || openQuestion(s) || askLabelRE.MatchString(s) || !strings.Contains(text, s) {
			continue
		}
		key := ""
		if m := elimRE.FindStringSubmatch(s); m != nil {
			x := ""
			for i, n := range elimRE.SubexpNames() {
				if n != "" && m[i] != "" {
					x = m[i]
				}
			}
			key = questionNaming(ctx.Questions, x)
		} else if ctx.Ran && concludeOpenRE.MatchString(s) {
			key = questionConcluded(ctx.Questions, s)
		}
		if key != "" && !done[key] {
			done[key] = true
			props = append(props, Proposal{Op: OpLift, Kind: KindUncertainty, Key: key, Value: s, Quote: s})
		}
	}
	return props
}

// questionNaming is the key of the one open question that names x as a
// word of its own, "" when none or several do.
func questionNaming(qs map[string]string, x string) string {
	x = strings.ToLower(strings.Trim(x, ".,;:"))
	if utf8.RuneCountInString(x) < 2 || stopwords[x] || sharedFunctionWords[x] {
		// "en prod se queda en 60" leaves no "en": a function word
		// names no option
		return ""
	}
	found := ""
	for k, q := range qs {
		for _, w := range strings.FieldsFunc(strings.ToLower(q), tokenSep) {
			if w == x {
				if found != "" {
					return ""
				}
				found = k
				break
			}
		}
	}
	return found
}

// questionConcluded is the key of the open question sentence s shares the
// most content words with, two at least and a third of the question's.
func questionConcluded(qs map[string]string, s string) string {
	ss := wordsAndPairs(s)
	best, most := "", 0
	for k, q := range qs {
		qw := wordsAndPairs(q)
		n := 0
		for w := range qw {
			if ss[w] && utf8.RuneCountInString(w) >= 3 {
				n++
			}
		}
		if n >= 2 && 3*n >= len(qw) && (n > most || n == most && k > best) {
			best, most = k, n
		}
	}
	return best
}
