package projection

import "strings"

// The objective the agent restates from the user's prompt.
//
// Some formats never record the user's prompt (codex exec --json takes
// it as its argument): the agent's "Task as I read it from your prompt:
// get dbt build green" or "New direction from your prompt: the goal now
// is the November backfill" is then the only record of the task. A
// sentence that labels its task as read from the user's prompt states
// the objective, with the agent's authority (a decision's, not the
// user's word), and a later one replaces it. It never replaces an
// objective the user stated: the user's own words outrank the agent's
// reading of them.
//
// The label must name the user's prompt or request as its source and,
// unless it is only that ("From your prompt: …", "Your request: …"),
// a task or a goal: "Error in your prompt: the path is wrong" and "Note
// on your request: the API is rate limited" state no task.

// promptSaidRE labels a task as read from the user's prompt (group t).
var promptSaidRE = mustPattern(`(?i)^\W*(?:(?:(?:the|my|a|your)\s+)?(?:(?:new|next|main|current)\s+)?(?:task|goal|objective|direction|assignment|job)\b[^:：.!?]{0,40}?\b(?:from|in|per)\s+your\s+(?:prompt|request|message|instructions?|brief)|(?:from|per)\s+your\s+(?:prompt|request|brief)|your\s+(?:prompt|request|task|brief)(?:\s+as\s+I\s+(?:read|understand)\s+it)?|(?:what|as)\s+you\s+asked(?:\s+for)?(?:\s+in\s+your\s+(?:prompt|message))?|(?:根据|按照?)?你的(?:提示|要求|指令|需求|prompt)(?:里|中)?(?:的)?(?:任务|目标)?|你的新?(?:任务|目标)|(?:プロンプト|ご依頼|ご指示|依頼)(?:から|によると|の内容|の)?(?:読み取った)?(?:タスク|目標|課題)?)\s*[:：]\s*(?P<t>\S.*)$`)

// promptTasks are the sentences of agent text that restate the task
// from the user's prompt and the tasks they state, in order: one message
// may hold two turns' restatements (codex exec joins the agent's
// messages of a resumed session), the later one the task now.
func promptTasks(text string) (quotes, tasks []string) {
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		m := promptSaidRE.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		t := strings.TrimSpace(m[promptSaidRE.SubexpIndex("t")])
		if g := goalNowTask(t, true); g != "" {
			// "New direction from your prompt: the goal now is X"
			t = g
		}
		if okTask(t) && !labelNegRE.MatchString(t) {
			quotes, tasks = append(quotes, s), append(tasks, t)
		}
	}
	return quotes, tasks
}

// promptObjective adds to out the objectives agent text restates from
// the user's prompt, oldest first.
func promptObjective(text string, out []Proposal) []Proposal {
	qs, ts := promptTasks(text)
	for i, q := range qs {
		out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: objectiveKey, Value: oneLine(ts[i], valueRunes), Quote: q, Correction: true, PromptSaid: true})
	}
	return out
}
