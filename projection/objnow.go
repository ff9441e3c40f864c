package projection

import "strings"

// The objective named with its copula: "the goal now is to fix the
// parser regression", "new goal: …" after the old task set aside, "the
// priority now is the tf plan" (glossed from "prioridade agr é o tf
// plan"), "l'objectif maintenant c'est de corriger …", "이번엔 flaky test
// 잡는 게 목표", "现在的目标是 …".
//
// A goal said this way moves the objective when the sentence marks the
// change itself ("now", "new", "today", "this time", "instead") or the
// message set the old task aside or said the plan changed. A detour that
// comes back ("fix the typo first, then back to stats") moves nothing:
// the old task is still the objective.

// goalNowRE names the goal with a copula or a colon (group t), and
// whether the sentence marks the change (group m or a leading "now").
var goalNowRE = mustPattern(`(?i)^\W*(?P<l>(?:(?:ok(?:ay)?|so|and|but|now|instead|then|listen|look)[,]?\s+)*)(?:(?:the|our|my|your)\s+|(?P<p>(?:this|next)\s+(?:week|sprint|month)'?s|today'?s|tonight'?s)\s+)?(?P<n>(?:new|real|main|actual)\s+)?(?:goal|objective|focus|prio(?:rity)?|task|job|mission)(?:\s+(?P<m>now|today|for today|from now on|this time|this week|instead))?\s*(?:is|c'is|c'est|'s|becomes|will be|:|—|–)\s+(?:now\s+)?(?:(?:of|to|de)\s+|d'\s*)?(?P<t>\S.*)$`)

// zhGoalNowRE is a Chinese or Korean goal said with its copula: "现在的目
// 标是 …", "这周的目标就是 …", "这次的任务是 …", "今週の目標は …" (glossed
// "今週の目标是 …"), "이번엔 X
// 잡는 게 目标" (Korean puts the goal before "게 목표", glossed "目标").
var zhGoalNowRE = mustPattern(`^(?P<m>现在|这次|接下来|今天|目前|这周|本周|这个星期|这星期|这个月|本月|今週|今日|今回|今月)?(?:的|の)?(?:目标|任务)(?:就)?(?:改成了?|改为|变成了?|是)\s*(?P<z>\S.*)$|^(?P<k>(?:이번엔|이번에는|지금은|오늘은|당분간은?)?\s*\S.*?)\s*(?:는\s*)?(?:게|것이|거|걸)\s*(?:目标|목표|任务|우선|最优先)(?:야|이야|입니다|예요|이에요|다|임)?\s*[.。!]?$`)

// koChangeRE marks a Korean goal as a change: "이번엔", "지금은".
var koChangeRE = mustPattern(`^(?:이번엔|이번에는|지금은|오늘은|당분간은?)`)

// detourRE says the work asked is a detour the old task resumes after:
// "then back to stats", "after that continue with the export", "puis on
// revient à", "depois volta pro", "끝나면 다시", "然后再回到".
var detourRE = mustPattern(`(?i)\b(?:then|and then|after that|afterwards|once (?:that's|it's|that is|it is) (?:done|fixed))\b[^.;!?]{0,30}\b(?:(?:go|come|get)(?:ing)? back to|back to|return to|resume|continue with|pick up|torniamo|ritorniamo|riprendiamo|si torna)\b|\b(?:then|потом|затем)\s+(?:вернёмся|вернемся|возвращаемся|продолжим)|\bquick detour\b|\b(?:puis|ensuite|après)\b[^.;!?]{0,30}\b(?:on revient|on reprend|tu reprends|reviens)\b|\bdepois\b[^.;!?]{0,30}\b(?:volta|voltamos|retoma)\b|끝나면 다시|그 다음에? 다시|然后再回到|之后再(?:继续|回到)|再回来`)

// goalNowTask is the task sentence s names as the goal, "" when none;
// shifted tells that the message set the old task aside or changed the
// plan, which a goal without its own marker needs.
func goalNowTask(s string, shifted bool) string {
	s = strings.TrimSpace(s)
	if m := goalNowRE.FindStringSubmatch(s); m != nil {
		marked := m[goalNowRE.SubexpIndex("m")] != "" || m[goalNowRE.SubexpIndex("n")] != "" || m[goalNowRE.SubexpIndex("p")] != "" ||
			strings.Contains(strings.ToLower(m[goalNowRE.SubexpIndex("l")]), "now") || strings.Contains(strings.ToLower(m[goalNowRE.SubexpIndex("l")]), "instead") ||
			strings.Contains(strings.ToLower(s[:strings.Index(s, m[goalNowRE.SubexpIndex("t")])]), "сейчас")
		t := goalThatRE.ReplaceAllString(strings.TrimSpace(m[goalNowRE.SubexpIndex("t")]), "")
		if (marked || shifted) && okTask(t) && !labelNegRE.MatchString(t) && len(terms(t)) >= 2 {
			return t
		}
		return ""
	}
	if m := zhGoalNowRE.FindStringSubmatch(s); m != nil {
		if k := strings.TrimSpace(m[zhGoalNowRE.SubexpIndex("k")]); k != "" {
			// The Korean goal is its whole clause: the particle that
			// ends the goal ("잡는 게") reads only with the verb.
			if (shifted || koChangeRE.MatchString(k)) && okTask(k) {
				return s
			}
			return ""
		}
		t := strings.TrimSpace(m[zhGoalNowRE.SubexpIndex("z")])
		if (shifted || m[zhGoalNowRE.SubexpIndex("m")] != "") && okTask(t) {
			return t
		}
	}
	return ""
}

// afterParked is the part of a labelled new task that follows the old
// task set aside in it ("change of plans: drop stats for today, the goal
// now is the parser regression" names the regression), t whole when it
// sets nothing aside, or "" when it only sets the old task aside.
//
// A clause that only puts a thing off ("the crash later", "crash wala
// baad mein", "rezerwacje później") before the new task sets it aside
// too, and the new task's "first" ("pehle", "najpierw") is no part of it.
func afterParked(t string) string {
	cl := clauseSpans(t)
	at := -1
	for j, c := range cl {
		if parkRE.MatchString(c) || j+1 < len(cl) && putOffClauseRE.MatchString(c) {
			at = j
		}
	}
	if at < 0 {
		return t
	}
	if at == len(cl)-1 {
		// "change of plans: we finish the backfill next week": only the
		// old task set aside, the new one comes after
		return ""
	}
	rest := newFirstRE.ReplaceAllString(strings.TrimSpace(strings.Join(cl[at+1:], "")), "")
	if closedTask(rest) {
		// "park the pagination, it's fine as is": a word on the old
		// task after it is set aside, the new one comes after
		return ""
	}
	if g := goalNowTask(rest, true); g != "" {
		return g
	}
	if okTask(rest) {
		return rest
	}
	return t
}

// putOffClauseRE is a clause that puts its thing off and says no more:
// "the crash later", "crash wala baad mein", "rezerwacje później".
var putOffClauseRE = mustPattern(`(?i)^\W*[^,;:.!?]{1,40}?\s+(?:later|afterwards|baad\s+me(?:in|n)?|baad\s+mei|później|potem)\W*$`)

// newFirstRE is the "first" a new task opens with after the old one is
// put off.
var newFirstRE = mustPattern(`(?i)^(?:first(?:\s+of\s+all)?|pehle|najpierw)[,:]?\s+`)
