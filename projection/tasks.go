package projection

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Obligations said late in a session name their moment rather than
// "remember to": "before we ship, …", "one last thing: …", "once that's
// merged, …", "收尾前…", "上线前…". lateCues are checked before
// lateObligationRE.
var (
	lateCues         = []string{"before", "last thing", "one more thing", "once", "after", "wrap", "things", "tasks", "前", "之后", "以后", "最后", "收尾"}
	lateObligationRE = mustPattern(`(?i)\bbefore (?:you|u|we|i) (?:\w+ )?(?:finish|wrap(?: (?:it |this |things )?up)?|close|ship|release|merge|hand (?:it |this )?(?:off|over)|sign off|log off|call it|open the (?:pr|mr)|tag|deploy|go)\b|\bbefore (?:shipping|releasing|merging|tagging|deploying|wrapping up|finishing|closing out|handing (?:it |this )?(?:off|over))\b|^\W*(?:(?:and|oh|also|ok(?:ay)?)[,]?\s+)*(?:one )?(?:last|final|more) (?:thing|item|step|request|ask)s?\s*(?:(?:before|for)[^:：,]{0,40})?[:：,—–-]|^[^:：]{0,60}?\b(?:i need|i'd like|i want|please|need)\s+(?:\w+\s+)?(?:two|three|four|five|a few|several|\d) (?:more )?(?:things|tasks)\b[^:：]{0,30}[:：]|^\W*(?:(?:ok(?:ay)?|so|and|also|then|alright|right)[,.!]?\s+)*before\b[^:：.?!]{1,60}[:：]|\bonce (?:that's|that is|this is|it's|it is|everything is|the \w+ (?:is|are)) (?:done|merged|green|in|finished|passing|deployed)\s*[,:]|\b(?:after|when) (?:that|this|it)(?:'s| is)? (?:done|merged|lands|finished|green)\s*[,:]|(?:收尾|结束|完事|上线|发布|合并|提交|部署)(?:之)?前[，,：:]?|(?:\p{Han}完|完成|合并|上线)(?:了)?(?:之|以)后(?:[，,：:]|\s*把)|最后(?:一件事|一步|还有|再)`)
	// obligationSplitRE separates the tasks of a compound obligation:
	// "bump the version, update the changelog and ping QA", "更新版本号，
	// 改 CHANGELOG，再通知测试".
	obligationSplitRE = mustPattern(`(?i),\s*(?:and\s+|then\s+|and then\s+|plus\s+)?|;\s*|\s+and\s+(?:then\s+|also\s+)?|\s+then\s+|[，；]\s*(?:然后|再|并且|还要|最后)?|然后|并且`)
	obligationLeadRE  = mustPattern(`^[^:：]{0,60}[:：]\s*`)
	// backRefRE is a task that points back at the others ("make sure
	// both are clean", "确认都通过").
	backRefRE = mustPattern(`(?i)\b(?:both|all of (?:them|it|those)|each of (?:them|those)|them all|everything)\b|都|两个|全部`)
)

// onceDoneRE is a moment and the task right after it, with no comma:
// "once the resilver is done run …" (the verb at group 1).
var onceDoneRE = mustPattern(`(?i)\bonce (?:that's|that is|this is|it's|it is|everything is|the [\w-]+ (?:is|are)) (?:done|merged|green|finished|passing|deployed|back|over)\s+(\w+)`)

// A task put off to a later moment or an outside event: "tmrw fix the
// windows snapshot thing", "once sam answers, add the .deb", "等他弄好了你
// 再把增量同步重新验一遍", "Quand il aura répondu, corrige le flux". The
// moment opens the sentence and a task follows it: an imperative in
// English, any clause but a statement of someone's in French (a subject
// pronoun: "quand il aura répondu, on verra"), and in Chinese the
// "再/就" that makes the rest wait for the moment. A rule in that place
// ("tomorrow, never deploy") is a rule.
var (
	deferEnRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|k|so|and|also|then|alright|right|but)[,.!]?\s+)*(?:(?:tomorrow|tmrw|tmr|tomoz|tonight|later today|next (?:week|time|session)|(?:on )?(?:monday|tuesday|wednesday|thursday|friday)|first thing(?: tomorrow)?(?: morning)?)(?:\s+(?:morning|afternoon))?\s*[,:—–-]?\s+|(?:once|when|as soon as|after)\s+[^,.;:!?]{3,100}?(?:,\s*|\s+(?:then|pls|please)\s+))`)
	deferFrRE = mustPattern(`(?i)^\W*(?:(?:ok|bon|alors|et|puis)[,.!]?\s+)*(?:(?:demain|lundi|mardi|mercredi|jeudi|vendredi|la semaine prochaine)(?:\s+(?:matin|après-midi))?\s*[,:]?\s+|(?:quand|lorsqu(?:e|')|dès qu(?:e|')|une fois qu(?:e|')|après qu(?:e|'))\s*[^,.;:!?]{3,100}?,\s*)`)
	deferZhRE = mustPattern(`^(?P<pre>[^，。,]{0,8}?)(?:等[^，。,]{1,24}(?:了|好|完|之后|以后)[，,]?\s*(?:你)?(?:再|就)|(?:明天|明早|下周|周[一二三四五]|回头)(?:早上|上午|下午|晚上)?(?:[，,\s]+(?:你)?(?:再|先|就)?|(?:你)?(?:再|先|就)|你)(?:把|去|帮我|来)?)`)
	// deferRomRE is deferFrRE for Spanish, Portuguese and Italian:
	// "Cuando esté, subes al de prueba", "Quando liberarem o acesso,
	// sobe as notas", "Appena sistemano i permessi, carica i voti",
	// "Mañana, sube las notas".
	deferRomRE = mustPattern(`(?i)^\W*(?:(?:y|e|bueno|pues|ok|vale|dale|listo|então|entao|allora|poi)[,.!]?\s+)*(?:(?:mañana|manana|pasado mañana|el (?:lunes|martes|miércoles|miercoles|jueves|viernes)|la semana que viene|amanhã|amanha|na segunda|domani|lunedì|lunedi|la prossima settimana)(?:\s+(?:por la mañana|temprano|cedo|di mattina|mattina))?\s*[,:]\s*|(?:cuando|en cuanto|apenas|una vez que|después de que|despues de que|quando|assim que|depois que|logo que|appena|dopo che|non appena)\s+[^,.;:!?]{2,100}?,\s*)`)
	// romSubjectRE opens a Spanish, Portuguese or Italian clause with a
	// subject or an object pronoun of the speaker's own act ("yo reviso",
	// "te doy el OK"): a statement, not a task.
	romSubjectRE = mustPattern(`(?i)^(?:yo|él|ella|nosotros|nosotras|ellos|ellas|usted|ustedes|eu|ele|ela|nós|eles|elas|você|vocês|io|lui|lei|noi|loro|voi|te|ti|me|mi|le|les|nos|se|si)(?:\s|$)`)
	// agentSubjectRE opens an English clause with a subject: what
	// someone will do, not a task ("after lunch, I'll look at it").
	agentSubjectRE = mustPattern(`(?i)^(?:i|i'll|i'm|i'd|we|we'll|we're|he|he'll|she|she'll|they|they'll|it|it'll|it's|you'll|you're|that|this|there)\b`)
	// zhSubjectRE opens a Chinese clause with someone else as its
	// subject ("明天早上他来弄").
	zhSubjectRE = mustPattern(`^(?:他们|她们|他|她|它|我们|我|咱们|人家)`)
	// askedWhenRE is a moment that recurs or answers a prompt ("when
	// asked for the handshake, answer …"): a standing rule.
	askedWhenRE = mustPattern(`(?i)^\W*(?:when(?:ever)?\s+(?:you(?:'re| are)\s+)?(?:asked|prompted|told|queried)|whenever|every time|each time)\b`)
	// stepBackRE is a moment that points at the step before it in the
	// same message ("run A. After that fails, run B."): a plan's next
	// step, done now, not a task put off.
	// So is a moment with no subject ("after completing, call
	// issue_ready again for the next issue"), a procedure's loop, and one
	// of the agent's own ("when you edit a file, keep the diff small"),
	// standing guidance.
	stepBackRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|and|then)[,]?\s+)*(?:(?:once|when|after)\s+(?:that|this|it)\s+(?:fails|failed|errors|returns|finishes|runs|is run|succeeds)\b|(?:once|when|after)\s+(?:\w+ing|done|finished|completed?)\s*,|(?:once|when|whenever|after|as soon as|if)\s+you\b)|\bagain\b.*\b(?:next|each|every)\b`)
	// zhNoRE is a prohibition in a Chinese clause.
	zhNoRE = mustPattern(`别|不要|不许|不能|禁止|不准|不用`)
	// frSubjectRE opens a French clause with a subject: a statement,
	// not a task.
	frSubjectRE = mustPattern(`(?i)^(?:il|elle|on|je|j'|nous|ils|elles|c'|ce|ça|ca|tu ne|vous ne)\b`)
)

// replyVerbs tell the agent how to answer, a rule about the reply ("after
// I answer, reply with the single word DONE and stop"), no work put off.
var replyVerbs = map[string]bool{"reply": true, "answer": true, "respond": true, "say": true, "stop": true, "print": true, "output": true, "return": true, "end": true, "acknowledge": true}

// deferredTask reports whether the user sentence s puts a task off to a
// later moment or an outside event (see above).
func deferredTask(s string) bool {
	if questionRE.MatchString(s) {
		return false
	}
	if loc := deferRomRE.FindStringIndex(s); loc != nil {
		// "Cuando esté, subes al de prueba", "Appena sistemano i
		// permessi, carica i voti": the first clause after the moment
		// is the task, unless it opens with a subject (someone's
		// statement) or a negation.
		rest := strings.TrimSpace(s[loc[1]:])
		return rest != "" && !romSubjectRE.MatchString(rest) && !negRE.MatchString(firstWords(rest, 2))
	}
	if loc := deferFrRE.FindStringIndex(s); loc != nil {
		rest := strings.TrimSpace(s[loc[1]:])
		return rest != "" && !frSubjectRE.MatchString(rest) && !negRE.MatchString(firstWords(rest, 3))
	}
	if loc := deferEnRE.FindStringIndex(s); loc != nil {
		rest := strings.TrimSpace(s[loc[1]:])
		for _, lead := range []string{"please ", "you "} {
			// "once I've approved it, you deploy to prod": the task said
			// to the agent
			if r, ok := strings.CutPrefix(strings.ToLower(rest), lead); ok {
				rest = rest[len(rest)-len(r):]
			}
		}
		if glossedFR := frSubjectRE.MatchString(strings.TrimSpace(s[strings.IndexByte(s[:loc[1]], ' ')+1 : loc[1]])); glossedFR {
			// "when il aura répondu, corrige …": a French moment glossed
			// (quand → when), its task in French.
			return rest != "" && !frSubjectRE.MatchString(rest) && !agentSubjectRE.MatchString(rest) && !negRE.MatchString(firstWords(rest, 3))
		}
		w := strings.ToLower(strings.Trim(firstWords(rest, 1), ",.;:"))
		if properNounLead(rest) {
			// "after login the app crashes, Google sign-in flow" (glossed
			// from "login ke baad … crash ho raha hai, Google sign-in wala
			// flow"): a name after the moment, no verb
			return false
		}
		return imperative(rest) && !stopwords[w] && !replyVerbs[w] && !askedWhenRE.MatchString(s) && !stepBackRE.MatchString(s) && !agentSubjectRE.MatchString(rest) && !isRule(rest)
	}
	if m := deferZhRE.FindStringSubmatchIndex(s); m != nil {
		// "明天问王经理再说" puts off a question, "我明天找运维改" is the
		// speaker's own task, "明天别碰 DNS" a rule for the day.
		rest, pre := s[m[1]:], s[m[2]:m[3]]
		return utf8.RuneCountInString(rest) >= 4 && !cjkRuleRE.MatchString(rest) && !zhSubjectRE.MatchString(rest) &&
			!zhSubjectRE.MatchString(strings.TrimLeft(pre, "另外然后还有那就 ")) && !zhNoRE.MatchString(firstRunes(rest, 6)) && !strings.HasSuffix(strings.TrimRight(s, "。.!！ "), "再说")
	}
	return false
}

// afterMomentRE is a task said after the moment it waits for, an event
// outside the turn: "After the deploy, ping #ops", "once the migration
// is in: drop the old table" ("After the tool result, reply with DONE"
// orders the turn itself).
var afterMomentRE = mustPattern(`(?i)^\W*(?:(?:and|also|then|oh)[,]?\s+)?(?:after|once) (?:the|each|every|this|that|your|our|tomorrow's|today's|friday's|monday's) (?:[\w-]+ )?(?:deploy|deployment|release|merge|migration|review|launch|demo|meeting|standup|call|rollout|cutover|upgrade|freeze|sprint|handover|go-live|maintenance|maintenance window|backfill|audit)s?(?: (?:is|are) (?:done|in|merged|out|live|finished|over))?\s*[,:]\s*(.+)$`)

// laterRequestRE is a request, asked as a question, for a later moment:
// "Could you open a PR when you're done?", "can you also write it up at
// the end?", "would you mind pinging Sam before you log off?".
var laterRequestRE = mustPattern(`(?i)^\W*(?:(?:and|also|oh|ok(?:ay)?|so|btw|then)[,]?\s+)*(?:can|could|would|will) you (?:also |please |maybe |kindly |mind )*[a-z]+\b.*\b(?:when (?:you're|you are|it's|it is|that's|we're|everything is|you've|you have) (?:done|ready|finished|through|green|wrapped up)|when you get a (?:chance|minute|moment)|at the end|afterwards|later(?: on| today)?|at some point|before (?:you|we) (?:finish|wrap up|go|leave|merge|ship|push|deploy|log off|sign off|hand (?:it |this )?(?:off|over))|once (?:you're|it's|that's|everything is|you've) (?:done|ready|finished|green|wrapped up))\b`)

// todoLabelRE labels a task for the agent: "TODO for you: …", "action
// item: …".
var todoLabelRE = mustPattern(`(?i)^\W*(?:todo|to-do|action item|task)(?: for you)?\s*[:：]\s*\S`)

// lateObligation reports whether the user sentence s lays an obligation
// on its moment (lateObligationRE), or puts a task off (deferredTask).
func lateObligation(s string) bool {
	if deferredTask(s) {
		return true
	}
	if m := afterMomentRE.FindStringSubmatch(s); m != nil && !questionRE.MatchString(s) && imperative(pleaseLeadRE.ReplaceAllString(m[1], "")) && !negRE.MatchString(firstWords(m[1], 2)) &&
		!replyVerbs[strings.ToLower(strings.Trim(firstWords(pleaseLeadRE.ReplaceAllString(m[1], ""), 1), " ,."))] {
		// "After the deploy, ping #ops in Slack.": a task for the moment
		// named
		return true
	}
	if laterRequestRE.MatchString(s) || todoLabelRE.MatchString(s) {
		// "Could you open a PR when you're done?", "TODO for you: rename
		// the env vars"
		return true
	}
	l := strings.ToLower(s)
	if m := onceDoneRE.FindStringSubmatchIndex(s); m != nil && imperative(s[m[2]:]) && !questionRE.MatchString(s) {
		// "ok once the resilver is done run a full backup …": the task
		// waits for the moment, no comma between.
		return true
	}
	for _, c := range lateCues {
		if !strings.Contains(l, c) {
			continue
		}
		loc := lateObligationRE.FindStringIndex(s)
		if loc == nil {
			return false
		}
		// "上线前，别动 X", "before we ship, never …": a rule for the
		// moment, not a task.
		rest := strings.TrimLeft(s[loc[1]:], " ,，:：")
		return !cjkRuleRE.MatchString(rest) && !negRE.MatchString(firstWords(rest, 2))
	}
	return false
}

// obligations are the obligations the sentence s lays on the agent: one
// per task when s lists two or more imperatives ("before you wrap up:
// bump the version, update CHANGELOG.md and ping QA"), so that the tasks
// done are discharged one by one and the rest stay open; else s whole.
// A piece that does not open with a verb ("… update the README and
// CHANGELOG.md") belongs to the task before it.
func obligations(s string) []Proposal { return obligationsIn(s, false) }

// obligationsIn is obligations of s, read from a gloss when glossed: then
// the obligation is s whole (the gloss knows no verbs to cut it at, and
// a command names none of its tasks' words to do one).
func obligationsIn(s string, glossed bool) []Proposal {
	if glossed {
		// Told apart, its tasks could not be done one by one: a command
		// shares no words with "einen Zeilenzahl-Abgleich … dokumentieren"
		// (heldout14b: two parts done, shown open).
		return []Proposal{{Op: OpState, Kind: KindObligation, Key: "obligation/-/" + slug(s), Value: s, Quote: s, Links: mentions(s)}}
	}
	whole := []Proposal{{Op: OpState, Kind: KindObligation, Key: "obligation/-/" + slug(s), Value: s, Quote: s, Links: mentions(s)}}
	if loc := deadlineRE.FindStringIndex(s); loc != nil && loc[0] == 0 && strings.ContainsAny(s, ":：") {
		// "周五之前把报告整理成 PDF 发给王经理：要有 A、B": one deliverable
		// and what it holds.
		return whole
	}
	body := strings.TrimRight(s, ".!。！ ")
	if m := obligationLeadRE.FindStringIndex(body); m != nil && m[1] < len(body) {
		body = body[m[1]:]
	} else if loc := lateObligationRE.FindStringIndex(body); loc != nil && loc[0] == 0 {
		body = strings.TrimLeft(body[loc[1]:], " ,，:：")
	} else if loc := obligationRE.FindStringIndex(body); loc != nil && loc[0] <= 12 {
		body = strings.TrimLeft(body[loc[1]:], " ,，:：")
	}
	// "I need three things: A, B, and C", "(1) …, (2) …": every part is a
	// task, whatever word it opens with.
	count := 0
	if m := countLeadRE.FindStringSubmatch(s); m != nil {
		count = max(countWords[strings.ToLower(m[1])], 0)
		if count == 0 {
			count = -1 // "a few things": not a number
		}
	} else if n := len(taskMarkRE.FindAllString(body, -1)); n >= 2 {
		count = n
	}
	counted := count != 0
	if counted {
		body = strings.TrimSpace(taskMarkRE.ReplaceAllString(body, " "))
	}
	cuts := obligationSplitRE.FindAllStringIndex(body, -1)
	if counted {
		cuts = countedSplitRE.FindAllStringIndex(body, -1)
	}
	cuts = slices.DeleteFunc(cuts, func(c []int) bool { return inParens(body, c[0]) })
	if len(cuts) == 0 {
		return whole
	}
	var parts []string
	start := 0
	for _, c := range append(cuts, []int{len(body), len(body)}) {
		p := strings.TrimSpace(body[start:c[0]])
		start = c[1]
		if p == "" {
			continue
		}
		if len(parts) > 0 && !counted && !task(p) {
			// "update the README and CHANGELOG.md": a noun after "and"
			// is the same task's; the quote runs on to it.
			last := parts[len(parts)-1]
			i := strings.Index(body, last)
			parts[len(parts)-1] = strings.TrimSpace(body[i : strings.Index(body[i:], p)+i+len(p)])
			continue
		}
		parts = append(parts, p)
	}
	for count > 1 && len(parts) > count {
		// "(3) a ticket text for Jürgen, so that he can file it": the
		// clauses past the count belong to the last task.
		last, extra := parts[count-1], parts[count]
		i := strings.Index(body, last)
		parts[count-1] = strings.TrimSpace(body[i : strings.Index(body[i:], extra)+i+len(extra)])
		parts = slices.Delete(parts, count, count+1)
	}
	if len(parts) < 2 || !counted && !task(parts[0]) || slices.ContainsFunc(parts[1:], backRefRE.MatchString) {
		// "run lint and test and make sure both are clean": the tasks
		// are checked together.
		return whole
	}
	out := make([]Proposal, 0, len(parts))
	for _, p := range parts {
		out = append(out, Proposal{Op: OpState, Kind: KindObligation, Key: "obligation/-/" + slug(p), Value: p, Quote: p, Links: mentions(p)})
	}
	return out
}

// countLeadRE is a lead that counts the tasks after its colon ("I need
// three things: …", "please two things before you go: …"); taskMarkRE
// numbers a task in the sentence ("(1) …, (2) …"); countedSplitRE cuts
// such a list at its commas and semicolons, and at the "and" of its last
// item (parts of a task are said with "and" inside it).
var (
	countLeadRE    = mustPattern(`(?i)\b(two|three|four|five|a few|several|\d) (?:more )?(?:things|tasks)\b[^:：]{0,30}[:：]`)
	countWords     = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9}
	taskMarkRE     = mustPattern(`(?:^|\s)\(?[1-9][.)]\s+`)
	countedSplitRE = mustPattern(`(?i),\s*(?:and\s+|plus\s+)?|;\s*|[，；]\s*`)
)

// checkTaskRE is a task told as a check that must come out right: "`dbt
// docs generate` has to pass", "golangci-lint needs to be clean".
var checkTaskRE = mustPattern(`(?i)^\S.{0,60}?\b(?:has to|have to|must|needs? to|should)\s+(?:pass|succeed|be\s+(?:green|clean|passing))\b`)

// task reports whether p is a check that must pass (checkTaskRE) or
// opens with an action: an English imperative, or
// Chinese text (its verbs are not told apart here) of two runes or more.
func task(p string) bool {
	p = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(p, "please "), "also "))
	if checkTaskRE.MatchString(p) {
		// "`dbt docs generate` has to pass", "the linter must be clean".
		return true
	}
	if strings.ContainsFunc(p, isCJK) {
		// "记得写 reindex 的文档啊，老周催了": who is pressing for it is
		// no task.
		return len([]rune(p)) >= 2 && !zhRemarkRE.MatchString(p)
	}
	f := strings.Fields(p)
	if len(f) < 2 || strings.Contains(p, "=") {
		return false
	}
	if c := f[0][0]; c < 'A' || c > 'Z' && c < 'a' || c > 'z' || strings.ToUpper(f[0]) == f[0] {
		// "`npm test`", "EU = …": a name or a label, not a verb.
		return false
	}
	if w := strings.ToLower(f[0]); len(w) <= 5 && strings.HasSuffix(w, "ing") {
		// "ping QA", "bring …": a short verb, not a participle.
		return imperative("do " + strings.Join(f[1:], " "))
	}
	return imperative(p)
}

// zhRemarkRE is a remark about someone waiting on a task: "老周催了",
// "产品在等", "老板急了".
var zhRemarkRE = mustPattern(`^(?:[A-Za-z]\w{0,11}|\p{Han}{1,4})\s*(?:又|也|都|已经|一直)?(?:催了|催过了|在催|催得紧|在等|等着呢|急了|着急了|问了|问过了)[啊呢呀吧。.!！]*$`)

// continueRE opens the next task of an obligation said in the sentence
// before: "Then tag the release.", "…），然后在 #infra-changes 发个变更通知".
var continueRE = mustPattern(`(?i)(?:^|[，,;；)）]\s*)(?:and\s+)?(?:then|after that|afterwards|also|plus)[,]?\s+|(?:^|[，,;；)）]\s*)(?:然后|之后再|再|并且|还要)`)

// continuedObligation is the task that s adds to an obligation of the
// sentence before it, or "".
func continuedObligation(s string) string {
	loc := continueRE.FindStringIndex(s)
	if loc == nil {
		return ""
	}
	t := strings.TrimRight(s[loc[1]:], ".!。！ ")
	if !task(t) {
		return ""
	}
	return t
}

// ranQuoted reports whether the task v is one task (no comma, semicolon
// or "and" outside its quotes) that quotes one command of two words or
// more, and cmd runs it ("regenerate the docs with `make docs`" by "make
// docs && git status"); "run `npm run lint` and `npm test`" is two.
func ranQuoted(v, cmd string) bool {
	ms := backtickRE.FindAllStringSubmatch(v, 2)
	if len(ms) != 1 || !strings.Contains(ms[0][1], " ") {
		return false
	}
	rest := strings.ToLower(backtickRE.ReplaceAllString(v, "x"))
	if strings.ContainsAny(rest, ",;，；") || strings.Contains(rest, " and ") {
		return false
	}
	return strings.HasPrefix(normCommand(cmd)+" ", normCommand(ms[0][1])+" ")
}

// readOnlyProgs read and change nothing: a command of theirs does no
// task, whatever it names.
var readOnlyProgs = map[string]bool{"cat": true, "less": true, "more": true, "head": true, "tail": true, "ls": true, "grep": true, "rg": true,
	"find": true, "wc": true, "diff": true, "stat": true, "file": true, "echo": true, "which": true, "git diff": true, "git log": true,
	"git show": true, "git status": true, "kubectl get": true, "kubectl describe": true, "kubectl logs": true, "helm status": true,
	"helm get": true, "helm list": true, "terraform plan": true, "terraform show": true, "aws s3 ls": true}

// outputFlagRE is where a command writes: "--out experiments/README.md",
// "-o report.json", "> notes.md", "| tee log.txt".
var outputFlagRE = mustPattern(`(?:--out(?:put)?(?:-file)?[= ]|\s-o\s+|>>?\s*|\btee\s+(?:-a\s+)?)(\S+)`)

// performed discharges the open obligations a successful command c did:
// one naming the file the command writes to, one of a kind the command
// does whatever its words (doneByKind), one whose quoted command (two
// words or more) the command starts with,
// one whose names (its paths and distinctive words, at least two) all
// occur in the command, or whose one name is where the command writes
// or the program it runs ("run golangci-lint"). A read-only command
// (readOnlyProgs) does no task; a failed one is not done.
func (r *Reducer) performed(c *Call, out string, ref EventRef) {
	_, cmd := argString(c.Args, commandArgKeys)
	if cmd == "" {
		return
	}
	var progs []string
	for _, st := range commandParts(normCommand(cmd)) {
		f := strings.Fields(st)
		switch {
		case len(f) == 0:
			continue
		case len(f) > 2 && readOnlyProgs[f[0]+" "+f[1]+" "+f[2]], len(f) > 1 && readOnlyProgs[f[0]+" "+f[1]], readOnlyProgs[f[0]]:
			continue
		}
		progs = append(progs, f[0])
	}
	if len(progs) == 0 {
		return
	}
	var outs []string
	for _, m := range outputFlagRE.FindAllStringSubmatch(cmd, -1) {
		outs = append(outs, strings.Trim(m[1], `"'`))
	}
	var made map[string]bool // the run's words, read at the first test task
	for _, a := range r.sorted() {
		if a.Kind != KindObligation || a.Lifecycle != Open {
			continue
		}
		names := slices.Clone(a.Links)
		for _, w := range distinctive(a.Value) {
			if !slices.Contains(names, w) {
				names = append(names, w)
			}
		}
		done := false
		switch {
		case slices.ContainsFunc(outs, func(o string) bool { return linksPath(a.Links, o) }):
			// "put the measurements into docs/power.md" by "… >>
			// docs/power.md": the file the task names, written.
			done = true
		case doneByKind(a.Value, names, cmd, out, &made):
			// "open the PR …" by "gh pr create …", "add a regression
			// test …" by the run that passes it.
			done = true
		case ranQuoted(a.Value, cmd):
			// "regenerate the CRD reference docs with `make docs`": the
			// command the task quotes, run.
			done = true
		case len(names) >= 2:
			done = !slices.ContainsFunc(names, func(n string) bool { return !strings.Contains(cmd, n) })
		case len(names) == 1:
			done = slices.Contains(progs, names[0]) || slices.ContainsFunc(outs, func(o string) bool { return linksPath(names, o) }) ||
				doneOnFile(a.Value, names[0], cmd)
		}
		if !done && len(names) == 0 {
			// "render the 3 demo presets (Pad Freeze, …)" by
			// "render_presets.sh 'Pad Freeze' …" (done.go).
			done = doneByWords(a.Value, cmd)
		}
		if done {
			a.Lifecycle = Done
			a.addRef(ref)
		}
	}
}

// Some tasks are done by a command that shares no words with them: a
// pull request is opened by "gh pr create", a release tagged by "git
// tag", a version bumped by "npm version" or an edit of the manifest
// that holds it (touched), a test written by the run that passes it.
// taskKinds are such tasks and the commands that do them; a task that
// names things (a path, an identifier: "tag the release v1.3.0") is done
// only by a command naming them all.
var (
	taskKinds = []struct{ task, cmd *pattern }{
		{mustPattern(`(?i)\b(?:open|create|file|raise|send|put up|submit)\b[^.;]{0,20}?\b(?:pr|mr|pull request|merge request)s?\b`), mustPattern(`\bgh\s+pr\s+create\b|\bglab\s+mr\s+create\b|\bhub\s+pull-request\b|/pulls\b|/merge_requests\b`)},
		{mustPattern(`(?i)^\W*(?:please\s+)?tag\b|\b(?:create|cut|make)\s+(?:a\s+|the\s+)?(?:git\s+)?tag\b`), mustPattern(`\bgit\s+tag\s+(?:-[asm]\s+)?[^-\s]`)},
		{mustPattern(`(?i)^\W*(?:please\s+)?commit\b`), mustPattern(`\bgit\s+commit\b`)},
		{versionTaskRE, mustPattern(`\b(?:npm|yarn|pnpm)\s+version\s+\S|\bcargo\s+set-version\b|\bpoetry\s+version\s+\S|\bbump(?:2version|version|-my-version)\b|\bagvtool\s+(?:new|next)|increment_version_number|increment_build_number`)},
	}
	// versionTaskRE is a task that bumps a version ("bump the version",
	// "版本号 bump 一下"); manifestRE names the files that hold one.
	versionTaskRE = mustPattern(`(?i)\b(?:bump|increment|raise|update|set)\b[^.;,]{0,30}?\bversions?\b|\bversion\s+bump\b|版本号`)
	manifestRE    = mustPattern(`(?i)^(?:package\.json|cargo\.toml|pyproject\.toml|setup\.(?:py|cfg)|build\.gradle(?:\.kts)?|pom\.xml|[\w.-]+\.csproj|pubspec\.yaml|mix\.exs|chart\.yaml|[\w.-]+\.gemspec|[\w.-]+\.podspec|info\.plist|version(?:\.txt)?|lerna\.json|app\.json|gradle\.properties|project\.pbxproj|[\w.-]*version[\w.-]*\.(?:go|py|rb|ts|js|h|txt))$`)
	// testTaskRE is a task that makes tests or stories: "write a
	// regression test that …", "add an EditMode test for …", "add
	// storybook stories for …".
	testTaskRE = mustPattern(`(?i)^\W*(?:please\s+)?(?:add|write|create|put in|implement)\b[^.;]{0,80}?\b(?:(?:py)?tests?|test\s*cases?|specs?|stories|benchmarks?)\b`)
	// passRE is a run's report that what it ran passed.
	passRE = mustPattern(`(?i)\bpass(?:ed|es)?\b|\bok\b|\bsuccess(?:ful)?\b|✓|\b0 failed\b|\bstories\b`)
	// identSplitRE cuts an identifier into its words: "Load_CorruptPrimary",
	// "pool_pressure::forty_transfers".
	identSplitRE = mustPattern(`([a-z0-9])([A-Z])`)
)

// testTaskWords are the words of a test task that say it is one, not
// what it tests.
var testTaskWords = map[string]bool{"test": true, "add": true, "write": true, "creat": true, "new": true, "regress": true, "unit": true,
	"integr": true, "case": true, "spec": true, "stori": true, "stor": true, "benchmark": true, "implement": true, "suit": true, "put": true, "one": true, "pytest": true}

// doneByKind reports whether a successful command cmd with output out
// did task v with names (made holds the run's words once read): a kind of task the command does (taskKinds,
// all names in cmd), or a test task whose subject (two of its words
// besides the test words) the passing run's command or output names
// ("write a regression test that fires 40 concurrent transfers against a
// pool of 5" by "test pool_pressure::forty_transfers_pool_of_five ... ok").
func doneByKind(v string, names []string, cmd, out string, made *map[string]bool) bool {
	for _, k := range taskKinds {
		if k.task.MatchString(v) && k.cmd.MatchString(cmd) && !slices.ContainsFunc(names, func(n string) bool { return !strings.Contains(cmd, n) }) {
			return true
		}
	}
	if ranTests(v, names, cmd) {
		// "最后再跑一次完整测试", "run the full test suite again" by
		// "python -m pytest -q" (runtests.go)
		return true
	}
	if !testTaskRE.MatchString(v) {
		return false
	}
	if *made == nil {
		// A run's report names what passed near its start or its end:
		// a long output is read at its first and last 8 KiB.
		if len(out) > 16<<10 {
			out = out[:8<<10] + "\n" + out[len(out)-8<<10:]
		}
		// What passed is named on the lines that say so ("test
		// pool_pressure::forty_transfers_pool_of_five ... ok", "---
		// PASS: TestReplayedBatchPostsOnce").
		var b strings.Builder
		b.WriteString(cmd)
		for _, l := range strings.Split(out, "\n") {
			if passRE.MatchString(l) {
				b.WriteString("\n")
				b.WriteString(l)
			}
		}
		*made = map[string]bool{}
		if b.Len() > len(cmd) {
			*made = stems(identSplitRE.ReplaceAllString(strings.NewReplacer("_", " ", "::", " ", ".", " ").Replace(b.String()), "$1 $2"))
		}
	}
	n := 0
	for w := range stems(v) {
		if !testTaskWords[w] && (*made)[w] {
			n++
		}
	}
	return n >= 2
}

// inParens reports whether byte i of s is inside parentheses: "put the
// current measurements (sleep 3.9 uA, average 11.4 uA) into
// docs/power.md" is one task.
func inParens(s string, i int) bool {
	depth := 0
	for _, r := range s[:i] {
		switch r {
		case '(', '（':
			depth++
		case ')', '）':
			depth = max(depth-1, 0)
		}
	}
	return depth > 0
}

// doneOnFile reports whether a successful command did the task v that
// names one file, in any language: the command takes the file and shares
// the root of one of the task's other words (five letters or more, the
// first five alike: "importera lägenheterna från … data/lagenhetsforteckning.xlsx"
// by "npx tsx scripts/import-apartments.ts data/lagenhetsforteckning.xlsx").
func doneOnFile(v, file, cmd string) bool {
	if !pathLike(file) || !slices.Contains(strings.Fields(cmd), file) {
		return false
	}
	roots := map[string]bool{}
	for _, w := range wordRE.FindAllString(strings.ToLower(strings.ReplaceAll(cmd, file, " ")), -1) {
		for _, p := range strings.FieldsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) {
			if r := []rune(p); len(r) >= 5 {
				roots[string(r[:5])] = true
			}
		}
	}
	for _, w := range wordRE.FindAllString(strings.ToLower(strings.ReplaceAll(v, file, " ")), -1) {
		if r := []rune(strings.Trim(w, ".,:;")); len(r) >= 5 && !stopwords[w] && roots[string(r[:5])] {
			return true
		}
	}
	return false
}

// firstRunes is the first n runes of s.
func firstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// A task asked with a word of politeness, in another language.
//
// "Und Montag schreibst du bitte eine kurze Anleitung in die README",
// "El lunes escribe por favor una guía corta", "В понедельник напиши,
// пожалуйста, инструкцию", "月曜日にREADMEに短いガイドを書いてください",
// "周一请在README里写一个说明": the gloss maps few verbs, so the word of
// politeness (bitte, por favor, per favore, пожалуйста, proszę,
// alsjeblieft, てください, お願い, 请, 麻烦, 주세요) is what marks the request.
// A sentence is a task when it holds one, names a later moment (a day, a
// date, "tomorrow", "next week", "by …": laterMomentRE), has four words
// or more (eight characters in CJK), asks no question, forbids nothing
// (a rule) and no other reading of the message quoted it (a rule, a
// value, a choice). A task for now is done in the turns that follow, and
// whether it was is not read in these languages: held open it would stay
// open when done, so only the tasks set for later are kept.

// laterMomentRE names a later moment in the languages politeRequestRE
// reads: weekdays, tomorrow, next week, a date, "by/until …".
var laterMomentRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|morgen|übermorgen|nächste[nrs]? woche|bis (?:zum |ende |morgen|freitag|montag)|lunes|martes|miércoles|jueves|viernes|mañana|semana que viene|próxima semana|(?:na|até a|até|próxima) (?:segunda|terça|quarta|quinta|sexta)|(?:segunda|terça|quarta|quinta|sexta)-feira|amanhã|lunedì|martedì|mercoledì|giovedì|venerdì|domani|settimana prossima|prossima settimana|lundi|mardi|mercredi|jeudi|vendredi|demain|semaine prochaine|понедельник|вторник|среду|четверг|пятницу|завтра|следующей неделе|poniedziałek|wtorek|środę|czwartek|piątek|jutro|maandag|dinsdag|woensdag|donderdag|vrijdag|volgende week|pazartesi|cuma|yarın)(?:[^\p{L}]|$)|\d{1,2}\.\s?\d{1,2}\.|[月火水木金土日]曜|明日|あした|来週|週明け|までに|明天|后天|下周|周[一二三四五六日]|星期[一二三四五六日]|礼拜[一二三四五六日]|之前|내일|다음 주|[월화수목금]요일`)

// politeRequestRE is a word of politeness marking a request.
var politeRequestRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:bitte|por favor|per favore|per piacere|пожалуйста|alsjeblieft|proszę|prosze|lütfen|pfv|porfa|pls|plz|s'il te plaît|s'il vous plaît|svp|pliz|plis)(?:[^\p{L}]|$)|てください|て下さい|てほしい|て欲しい|ておいて|といて|お願いします|(?:^|[^申邀])请[^求教问]|麻烦你|帮我|주세요|해줘|해 줘`)

// politeNegRE forbids in the languages politeRequestRE reads: a rule,
// not a task.
var politeNegRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:nicht|kein\p{L}*|nie|niemals|nunca|non|mai|não|не|nigdy|niet|geen|asla)(?:[^\p{L}]|$)|ないで|しないで|禁止|不要|别|勿|不能|마세요|말아`)

// politeRequests adds to out the sentences of a user message that ask a
// task politely in another language (see above).
func politeRequests(text string, out []Proposal) []Proposal {
	if !politeRequestRE.MatchString(text) {
		return out
	}
	return sentencesRead(text, out, func(s string) bool {
		if !politeRequestRE.MatchString(s) || questionRE.MatchString(s) || politeNegRE.MatchString(s) || !laterMomentRE.MatchString(s) {
			return false
		}
		return len(strings.Fields(s)) >= 4 || strings.ContainsFunc(s, isCJK) && utf8.RuneCountInString(s) >= 8
	}, func(s string) Proposal {
		return Proposal{Op: OpState, Kind: KindObligation, Key: "obligation/-/" + slug(s), Value: s, Quote: s, Links: mentions(s)}
	})
}

// properNounLead reports whether clause c opens with a capitalized word
// that is no verb said to the agent: "Google sign-in flow", "Android 14
// only" (a clause after a comma opens in lower case when it asks work).
func properNounLead(c string) bool {
	f := strings.Fields(c)
	if len(f) == 0 {
		return false
	}
	r, _ := utf8.DecodeRuneInString(f[0])
	return unicode.IsUpper(r) && f[0] != "I" && strings.ToUpper(f[0]) != f[0]
}
