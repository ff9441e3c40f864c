package projection

import (
	"regexp"
	"slices"
	"strings"
)

// The objective moved by a change of priority.
//
// "Change of plans. The time filter is good enough for now, park it.
// Dana reported 0.3.2 is 3x slower on gzipped files; that's the priority
// now": the user names a new priority, and the task it names is the
// objective, the one before superseded (parked, kept with it). The new
// task is found by one of three shapes:
//
//   - a label: "new prio: release build fails w/ minify on", "new
//     priority: …", "change of plans: …", "新的优先级：…";
//   - a pointer back: "…; that's the priority now", "fixing the leak is
//     the top priority now", "…，这个是当务之急";
//   - a task asked after the old one is set aside: "the time filter can
//     wait. Fix the gzip regression first.", "DDP 先放一放，现在最重要的是
//     把数据泄漏的问题解决", "先不管 X 了，现在优先搞 Y", "计划有变，先把 Y
//     做了".
//
// A question or a rule is never the task, and a priority said of
// something denied ("that's not the priority now") moves nothing.

// prioLabelRE labels the new priority (group t).
var prioLabelRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|and|now|alright|right|anyway|but|listen|look|hey|wait|hold on|meanwhile|in the meantime|until then|till then|слушай|короче|senti|allora|luister|oye|mira|pera|espera|warte)[,]?\s+)*(?:(?:the|our|my)\s+)?(?:new\s+(?:prio(?:rity)?|plan|focus|goal|objective|top\s+priority)|change of plans?|plans?\s+change|(?:change|switch) of (?:goal|objective|focus|prio(?:rity)?|target)|(?:let'?s\s+)?(?:change|changing|switch|switching|shift|shifting)\s+(?:the\s+)?(?:focus|goal|objective)|(?:goal|objective|focus) change|changement d'objectifs?|top\s+prio(?:rity)?|prio(?:rity)?\s+(?:now|#\s?1|one)|(?:most\s+)?urgent(?:\s+(?:thing|one|task|part|bit|item|fix))?)(?:,?\s+(?:btw|by the way|though|then|actually|trouwens|overigens|übrigens|eigentlich|però|comunque|invece|d'ailleurs|en fait|plutôt|por cierto|en realidad|aliás|na verdade|förresten|faktiskt|кстати|впрочем|втім|до речі))?\s*(?:[:：—–]|\s-\s)\s*(?P<t>\S.*)$|^(?:新的?(?:优先级|重点|目标|任务)|计划有变|目标(?:变更|有变|变了|改了)|换目标|现在的?(?:重点|优先级))\s*[：:]\s*(?P<z>\S.*)$`)

// prioBackRE points back at the task said just before it as the new
// priority: "that's the priority now", "this is our top priority now",
// "这个优先", "这是当务之急".
var prioBackRE = mustPattern(`(?i)^\W*(?:that|this|it|which)(?:'s|\s+is|\s+has)\s+(?:now\s+|become\s+)?(?:the|our|my)\s+(?:(?:new|top|main|first|real|number one|#1|only)\s+)*prio(?:rity)?(?:\s+(?:now|today|from now on|for now|this week))?\b|^(?:这个|这|这件事|这事)(?:才)?是?(?:现在的?)?(?:当务之急|第一优先级|最高优先级|头等大事|优先级最高的)`)

// prioIsRE names its subject the new priority: "fixing the gzip
// regression is the priority now", "X is our top priority now" (a
// marker of the change, "now", "new", "top", is needed: "X is the
// priority for 0.5" states a plan).
var prioIsRE = mustPattern(`(?i)^(?P<t>.+?)\s+(?:is|are)\s+(?:now\s+)?(?:the|our|my)\s+(?:(?:new|top|first|number one|#1)\s+(?:\w+\s+)?prio(?:rity)?\b|(?:main\s+|real\s+)?prio(?:rity)?\s+now\b)|^(?P<z>.+?)(?:才)?是(?:现在的?)?(?:当务之急|第一优先级|最高优先级|头等大事)`)

// prioDenyRE denies a priority: "that's not the priority", "isn't a
// priority", "不是当务之急".
var prioDenyRE = mustPattern(`(?i)\b(?:not|n't|no longer|never)\s+(?:\w+\s+)?(?:the|a|our|my)?\s*(?:\w+\s+)?prio|不是(?:现在的?)?(?:当务之急|优先|重点)`)

// planChangeRE says the plan changed: "change of plans", "plans
// changed", "计划有变".
var planChangeRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|alright|right|listen|look|hey|well|meanwhile|in the meantime|until then|till then|слушай|короче|ладно|так|senti|allora|luister|oké|oye|mira|hör mal)[,]?\s+)*(?:change of plans?|(?:the\s+)?plans?\s+(?:changed|have changed|has changed|are changing)|new plan|scratch that plan)\W*$|^(?:(?:那|好|で|では|じゃあ|それで|さて|ok)[，,、]?\s*)?(?:计划有变|计划变了|改计划了?|计划调整一下)[。！!，,]?$`)

// parkRE sets the task before aside for now: "park it", "can wait",
// "put it on hold", "don't work on X for now" (not "don't touch X for
// now": a rule until then), "先放一放", "先不管…了", "先不要做 X 了".
var parkRE = mustPattern(`(?i)\bpark (?:it|that|this|the\b)|\b(?:can|will|could) wait\b|\bon (?:hold|the back ?burner|ice)\b|\bshelve (?:it|that|this|the\b)|\bgood enough for now\b|\bforget (?:about )?[^.;!?,]{1,60}?\bfor (?:now|today|the moment|the time being|this week)\b|\b(?:postpone|defer|push back|punt on)\b|\b(?:don'?t|do not|stop)\s+(?:do|doing|work on|working on|bother with)\b[^.;!?,]{1,60}?\bfor (?:now|today|the moment|the time being)\b|\b(?:to|till|until|for) (?:the )?next (?:sprint|week|release|iteration|milestone)\b|\bnext (?:sprint|week|release|iteration|milestone)\s*[.!]?\s*$|\bthe rest (?:later|can wait|after(?:wards)?)\b|\b(?:leave|put) (?:the|that|this|it)\b[^.;!?]{0,40}\b(?:for now|for later|aside)\b|先放一?放|先放着|先搁置|先搁一搁|先不(?:要|用)?(?:管|搞|做|弄)|暂停一下|先停一停|ここまでで(?:OK|ok|いい|大丈夫|十分)|は後回し|後回しで|一旦(?:置いて|止めて|ストップ)|(?:\b(?:zurückstellen|zurückgestellt|hintanstellen|kann warten|can warten)\b|\b(?:erstmal|erst mal|vorerst) (?:liegen lassen|ruhen lassen|pausieren)\b|\bpuede esperar\b|\b(?:déjalo|dejamos|aparca|aparcamos)\b[^.;!?]{0,30}\b(?:para (?:después|luego|más tarde)|por ahora)\b)`)

// zhPrioWorkRE opens a Chinese clause asking work first: "现在优先搞
// …", "接下来先把 … 修好", "现在最重要的是把 …", "改成先修 Flyway".
var zhPrioWorkRE = mustPattern(`^(?:那|好)?[，,]?\s*(?:现在|接下来|下面|目前)?\s*(?:改成|改为|换成)?\s*(?:先|优先|首先|赶紧)(?:搞|做|处理|解决|修|看|弄|把|来)`)

// zhMainRE frames the rest of a Chinese clause as the main task with
// no colon: "现在最重要的是把数据泄漏的问题解决".
var zhMainRE = mustPattern(`^(?:现在|接下来|目前)?(?:最重要的(?:事情?|任务)?|最要紧的(?:事情?)?|当务之急|重点)是\s*(\S.*)$`)

// shiftedTask is the quote and the task of user text that moves the
// priority to a new task, "" when it does not.
func shiftedTask(text string) (quote, task string) {
	if detourRE.MatchString(text) {
		// "fix the typo first, then back to stats": a detour, the old
		// task stays the objective (objnow.go)
		return "", ""
	}
	ss := sentences(text)
	parked, changed := false, false
	// The old task is often set aside after the new one is asked ("今日
	// は X を優先してください。DAG の修正はここまででOK", "Fix the gzip
	// slowdown first. The flags can wait.").
	parksLater := slices.ContainsFunc(ss, func(s string) bool { return parkRE.MatchString(s) && !questionRE.MatchString(s) })
	for i := 0; i < len(ss) && i < 6; i++ {
		s := strings.TrimSpace(ss[i])
		if s == "" {
			continue
		}
		if m := prioLabelRE.FindStringSubmatch(s); m != nil {
			t := strings.TrimSpace(m[prioLabelRE.SubexpIndex("t")] + m[prioLabelRE.SubexpIndex("z")])
			// a label saying the goal itself changed takes its goal
			// whole, a "still without OOM" in it included
			goalChange := goalChangeRE.MatchString(s[:len(s)-len(t)]) && len([]rune(t)) >= 6 && !questionRE.MatchString(t)
			if closedTask(t) {
				// "muda o foco: o shutdown tá bom.": the old task closed,
				// the new one comes after (objclosed.go)
				parked, changed = true, true
				continue
			}
			if (okTask(t) || duePlan(t) || goalChange) && !labelNegRE.MatchString(t) {
				switch a := afterParked(t); {
				case a == "":
					// "cambio di programma: il backfill lo finiamo la
					// settimana prossima": the new task comes after
					parked, changed = true, true
					continue
				case a != t:
					return s, a
				}
				if g := goalNowTask(t, true); g != "" {
					// "change of plans: now the priority is fixing CI"
					return s, g
				}
				if g := moreImportantTask(t, true); g != "" {
					// "change of plans: now the SMS sending matters more"
					return s, g
				}
				if g := laterGoal(t); g != "" {
					// "cambio de planes: olvida staging, el objetivo ahora
					// es …": the goal in a later clause of the label
					return s, g
				}
				if goalChange {
					// "changement d'objectif : maintenant on vise …": the
					// goal itself changed, what follows is the new goal
					return s, aimLeadRE.ReplaceAllString(t, "")
				}
				if changeLabelled(s, t) && !workStart(t) && !duePlan(t) {
					// "cambio di programma: Ferri sabato 12 ha un cliente in
					// studio": what changed the plan, not the task
					changed = true
					continue
				}
				return s, t
			}
		}
		if t := goalNowTask(s, parked || changed || parksLater); t != "" {
			// "the goal now is to fix the parser", "prioridade agr é o tf
			// plan" (objnow.go)
			return s, t
		}
		if t := moreImportantTask(s, parked || changed || parksLater); t != "" {
			// "teraz ważniejsze są SMS-y", "jetzt ist X wichtiger"
			// (objmore.go)
			return s, t
		}
		if planChangeRE.MatchString(s) {
			changed = true
			continue
		}
		if t := arrivedTask(s); t != "" && (changed || parked) {
			// "планы меняются. пришёл тикет от мобилки: им срочно нужно
			// поле last_seen_at" (objlang.go)
			return s, t
		}
		if t := firstTask(s); t != "" {
			// "eerst de webkit test fixen, de rest later" (objlang.go)
			return s, t
		}
		if prioDenyRE.MatchString(s) {
			continue
		}
		if i > 0 && (parked || changed) && firstBackRE.MatchString(s) {
			// "forget the invoice table for now. the upgrade flow is what
			// sales needs by friday. do that first": the task is the
			// sentence the pointer points back at.
			if t := strings.TrimSpace(ss[i-1]); okTask(t) || duePlan(t) {
				if !parkRE.MatchString(t) {
					return s, t
				}
			}
		}
		if m := prioWorkRE.FindStringSubmatch(s); m != nil && (parked || changed || parksLater) {
			// "今日は fct_orders の incremental 化を優先してください" once
			// the plan changed: the thing given priority is the task.
			if t := strings.TrimSpace(m[prioWorkRE.SubexpIndex("t")] + m[prioWorkRE.SubexpIndex("z")]); okTask(t) {
				if loc := prioWorkRE.FindStringSubmatchIndex(s); m[prioWorkRE.SubexpIndex("z")] != "" {
					// A Japanese one from its thing to the end, "fct_orders
					// の incremental 化を優先してください。": the gloss
					// drops the particle that ends the thing.
					t = strings.TrimSpace(s[loc[2*prioWorkRE.SubexpIndex("z")]:])
				}
				return s, t
			}
		}
		cl := clauseSpans(s)
		at := 0 // where clause c ends in s
		for _, c := range cl[:min(len(cl), taskClauses)] {
			at += len(c)
			if prioBackRE.MatchString(c) {
				// the task is the clauses before the pointer, or the
				// sentence before when it opens the sentence
				t := strings.TrimSpace(strings.TrimRight(s[:at-len(c)], " ,;，；—–-"))
				if t == "" && i > 0 {
					t = strings.TrimSpace(ss[i-1])
				}
				if okTask(t) && !parkRE.MatchString(t) {
					return s, t
				}
			}
		}
		if m := prioIsRE.FindStringSubmatch(s); m != nil {
			t := strings.TrimSpace(m[prioIsRE.SubexpIndex("t")] + m[prioIsRE.SubexpIndex("z")])
			if okTask(t) && len(terms(t)) >= 2 {
				return s, t
			}
		}
		// A clause after the old task set aside ("DDP 先放一放，现在最重要
		// 的是…"): a main task's frame, or the work asked first.
		at = 0
		for j, c := range cl {
			rest := strings.TrimSpace(s[at:])
			at += len(c)
			if j >= taskClauses {
				// Past the window only what sets the old task aside
				// is read, for the sentences after this one.
				if parkRE.MatchString(c) {
					parked = true
				}
				continue
			}
			if j > 0 {
				rest = strings.TrimLeft(rest, " ,;，；")
			}
			if j == 0 && len(cl) > 1 && planChangeRE.MatchString(strings.TrimRight(strings.TrimSpace(c), " ,;，；—–-")) {
				// "change of plan, first fix the login bug", "plan
				// değişti, önce …": the change said in the sentence's
				// first clause, the task in the next
				changed = true
				continue
			}
			if changed && j <= 1 && !parkRE.MatchString(rest) {
				// "first fix the login bug" once the plan changed
				if m := firstLeadRE.FindStringSubmatch(rest); m != nil && workStart(m[firstLeadRE.SubexpIndex("t")]) && okTask(rest) {
					return s, rest
				}
			}
			if parkRE.MatchString(c) {
				parked = true
				continue
			}
			if j > 0 {
				// "forget retraining for now -- new goal: figure out …":
				// the label after the old task set aside, or the goal
				// named with its copula.
				if m := prioLabelRE.FindStringSubmatch(rest); m != nil {
					if t := strings.TrimSpace(m[prioLabelRE.SubexpIndex("t")] + m[prioLabelRE.SubexpIndex("z")]); okTask(t) && !labelNegRE.MatchString(t) {
						if !changeLabelled(rest, t) || workStart(t) || goalNowTask(t, true) != "" {
							return s, t
						}
						// "ah, cambio di programma: Ferri sabato 12 ha un
						// cliente": why the plan changed, not the task
						changed = true
					}
				}
				if t := goalNowTask(rest, parked || changed || parksLater); t != "" {
					return s, t
				}
			}
			if !parked && !changed && !parksLater {
				continue
			}
			if q, t := mainTask(rest); q != "" {
				return s, t
			}
			if m := zhMainRE.FindStringSubmatch(rest); m != nil && okTask(m[1]) {
				return s, m[1]
			}
			if (zhPrioWorkRE.MatchString(rest) || workStart(rest) && firstRE.MatchString(rest)) && (okTask(rest) || duePlan(rest)) {
				// "改成先修 Flyway：…，今天必须修好": its "must" is the
				// deadline of the work asked first, no rule (duePlan)
				return s, rest
			}
			if changed && j == 0 && workStart(rest) && okTask(rest) && !parkRE.MatchString(s) {
				return s, rest
			}
		}
	}
	return "", ""
}

// firstBackRE points back at the task said just before as the one to do
// first: "do that first", "start with that", "that comes first", "mach
// das zuerst", "haz eso primero", "それを先に".
var firstBackRE = mustPattern(`(?i)^\W*(?:(?:so|ok(?:ay)?|and|then|but)[,]?\s+)*(?:(?:please\s+)?(?:do|start with|tackle|handle|get|finish)\s+(?:that|this|it)\s+(?:one\s+)?(?:done\s+)?first|(?:that|this)(?:'s|\s+is|\s+comes|\s+goes)\s+first|(?:mach|erledige|macht)\s+(?:das|dies|the)\s+(?:bitte\s+|please\s+)?zuerst|(?:haz|hagan|haced)(?:lo)?\s+(?:eso|esto|that)?\s*primero)\b|^(?:それ|そっち|そちら|これ)を(?:先に|最優先で|優先して)`)

// prioWorkRE gives a thing priority (group t or z): "prioritize the
// gzip fix", "give the login bug priority", "X を優先してください", "X
// hat Vorrang", "prioriza X". Read only once the plan changed or the
// old task is set aside: "prioritize readability" alone is a rule.
var prioWorkRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|and|now|today|then|please)[,]?\s+)*(?:please\s+)?(?:prioriti[sz]e|priorizar?|prioriza|priorisiere|priorisieren)\s+(?P<t>\S.*?)[.!]?$|^(?:(?:今日|今天|本日|今週|これから|いまは|今は)(?:は|是)?\s*)?(?P<z>[^。！!？?]+?)\s*(?:を|は|是)?\s*(?:最)?優先(?:的に)?(?:して|しましょう|しよう|でお願い|で)`)

// labelNegRE opens a labelled plan with a negation, a rule ("heute nicht
// mehr deployen", "no deploys today").
var labelNegRE = mustPattern(`(?i)^\W*(?:[\p{L}\d-]+\s+){0,2}?(?:not|never|no|don't|do not|nicht|keine?[nm]?|nie|nunca|ne)(?:[^\p{L}]|$)`)

// duePlan reports whether t, which may bind ("the sync fix must go into
// beta 2.3 today"), is a task with a moment it is due: labelled as the new
// plan, a "must" with a deadline states the work, not a rule, unless it
// forbids something.
func duePlan(t string) bool {
	return len([]rune(t)) >= 6 && !questionRE.MatchString(t) && dueMomentRE.MatchString(t) && !dueNegRE.MatchString(t)
}

// dueMomentRE is a moment work is due: "today", "by friday", "heute noch",
// "hoy mismo", "今日中".
var dueMomentRE = mustPattern(`(?i)\b(?:today|tonight|tomorrow|this week|by (?:eod|end of (?:day|week)|monday|tuesday|wednesday|thursday|friday|the release)|heute(?: noch)?|morgen|bis (?:freitag|montag|morgen|heute abend)|hoy(?: mismo)?|mañana|esta semana)\b|今日中|本日中|今天之内|今天`)

// dueNegRE forbids: "must not", "never", "nicht", "no".
var dueNegRE = mustPattern(`(?i)\b(?:not|never|n't|nicht|nie|kein\w*|nunca|no)\b|不要|别|禁止|ないで`)

// firstRE marks work asked before other work: "fix X first", "first,
// fix X", "instead".
var firstRE = mustPattern(`(?i)\b(?:first|instead|now|asap|right away|immediately)\b`)

// taskClauses is how many clauses of a sentence are read as where a new
// task starts or where a pointer back at one stands: each reading takes
// the rest of the sentence, so reading at every clause of a paste that is
// one sentence of thousands of clauses ("ok?, ok?, …") took time in the
// square of its length.
const taskClauses = 24

// clauseSpans cuts a sentence after each comma, semicolon or dash; the
// pieces joined are the sentence.
func clauseSpans(s string) []string {
	var out []string
	start := 0
	for _, loc := range clauseCutRE.FindAllStringIndex(s, -1) {
		out = append(out, s[start:loc[1]])
		start = loc[1]
	}
	return append(out, s[start:])
}

var clauseCutRE = regexp.MustCompile(`[,;，；]\s*|\s(?:[—–-]|--)\s+`)

// okTask reports whether t can be a task: words enough, no question, no
// rule.
func okTask(t string) bool {
	t = strings.TrimSpace(t)
	return len([]rune(t)) >= 6 && !questionRE.MatchString(t) && !isRule(t)
}

// goalChangeRE is a label saying the goal itself changed ("change of
// goal", "goal change", glossed from "changement d'objectif", "cambio de
// objetivo", "Zieländerung", "목표 변경"): what it labels is the new goal,
// never what changed the plan.
var goalChangeRE = mustPattern(`(?i)changement d'objectifs?|\b(?:change|switch) of (?:goal|objective|focus|prio(?:rity)?|target)\b|\b(?:change|changing|switch|switching|shift|shifting)\s+(?:the\s+)?(?:focus|goal|objective)\b|\b(?:goal|objective|focus) change\b|目标(?:变更|有变|变了|改了)|换目标`)

// aimLeadRE opens a new goal with "now we aim for", "on vise", "ahora
// buscamos", "the main thing is", "главное —": the words before the goal.
var aimLeadRE = mustPattern(`(?i)^\W*(?:now\s+)?(?:we(?:'re|\s+are)?\s+(?:aim(?:ing)?|target(?:ing)?|go(?:ing)?|vise|visons)\s+(?:(?:for|at|to)\s+)?|zielen\s+we\s+(?:to|auf)\s+|on\s+vise\s+|(?:buscamos|vamos\s+a\s+por)\s+|(?:the\s+)?main\s+thing(?:\s+(?:now\s+)?is)?\s*[—–:-]?\s*|(?:главное|головне|hauptsache|das\s+wichtigste|o\s+principal|lo\s+principal)(?:\s+(?:now|сейчас|зараз|jetzt|agora|ahora))?(?:\s+(?:is|ist|é|es))?\s*[—–:-]\s*)`)

// laterGoal is the goal a clause after the first of labelled text t names
// with its copula ("forget staging, the goal now is to ship 1.9"), "" when
// none.
func laterGoal(t string) string {
	cl := clauseSpans(t)
	at := 0
	for j := 1; j < min(len(cl), taskClauses); j++ {
		at += len(cl[j-1])
		rest := strings.TrimLeft(t[at:], " ,;，；")
		if g := goalNowTask(rest, true); g != "" {
			return g
		}
	}
	return ""
}
