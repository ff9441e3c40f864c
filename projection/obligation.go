package projection

import (
	"strings"
	"unicode/utf8"
)

// A task the user sets for later in the session.
//
// Besides "remember to" and "before you finish" (obligationRE), a task is
// set by a time clause that opens the sentence and the work after it
// ("before u open the PR: add storybook stories …", "before you hand it
// to QA, bump the versionCode …", "收尾之前：把 … 缩到 0"), or by a deadline
// given with the work or right after it ("…，附上截图链接. 周四之前搞定",
// "… by Thursday"). A time clause followed by a prohibition ("上线前，别动
// X") is a rule, read as one.
var (
	// dueLeadRE is a time clause that opens a sentence and ends at a
	// comma or a colon.
	dueLeadRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|also|and|oh|btw|one more thing)[,:]?\s+)*before (?:you|u|we) [^,:;，：]{1,60}[,:：]\s*(?P<rest>.+)|^[^，,。：:]{1,10}(?:之前|以前)[：:，,]\s*(?P<zrest>.+)`)
	// deadlineRE is a deadline: "by Thursday", "before EOD", "周四之前搞定".
	deadlineRE = mustPattern(`(?i)\b(?:by|before) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|eod|eow|eom|cob|(?:the )?end of (?:the )?(?:day|week|month|sprint|quarter)|the weekend|next week|the \d{1,2}(?:st|nd|rd|th)|the [\w-]+(?: [\w-]+)? on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b|(?:周|星期|礼拜)[一二三四五六日天](?:下班|晚上|中午|上午|下午|早上)?(?:之前|以前|前)|(?:明天|今天|下班|月底|周末)(?:之前|以前|前)|(?:之前|以前)(?:搞定|完成|弄好|做完)`)
	// everyTimeRE is a moment that recurs ("before every commit",
	// "每次提交前"): what is bound to it is a rule, not a task.
	everyTimeRE = mustPattern(`(?i)\b(?:before|after) (?:every|each)\b|^\W*(?:every|each|all|any)(?:thing|one|body)?\b[^.;]*\b(?:must|should|has to|have to|needs? to)\b[^.;]*\b(?:before|after|when|whenever)\b|每次|每一次|每回|每当|每个(?:提交|版本|PR|发布)|毎回|その都度`)
	// dueCues are the words a due task holds one of.
	dueCues = []string{"before", "by ", "之前", "以前", "前"}
)

// dueTask reports whether sentence ss[i] (s, as read) sets a task by a
// time clause that opens it or by a deadline in it or in the short
// sentence after it.
func dueTask(s string, ss []string, i int) bool {
	cue := false
	next := ""
	if i+1 < len(ss) && utf8.RuneCountInString(ss[i+1]) <= 16 {
		next = ss[i+1]
	}
	for _, c := range dueCues {
		if strings.Contains(s, c) || strings.Contains(next, c) {
			cue = true
			break
		}
	}
	if !cue || questionRE.MatchString(s) {
		return false
	}
	if m := dueLeadRE.FindStringSubmatch(s); m != nil {
		rest := m[dueLeadRE.SubexpIndex("rest")] + m[dueLeadRE.SubexpIndex("zrest")]
		return !cjkRuleRE.MatchString(rest) && !negRE.MatchString(firstWords(rest, 2)) && (imperative(rest) || strings.ContainsFunc(rest, isCJK))
	}
	if deadlineRE.MatchString(s) || next != "" && deadlineRE.MatchString(next) {
		// The work is what the sentence directs: an imperative, after a
		// label ("for the postmortem: 请把 …").
		body := s
		if j := strings.IndexAny(body, ":："); j >= 0 && j < 40 {
			body = strings.TrimSpace(body[j+1:])
			if strings.HasPrefix(body, "：") {
				body = strings.TrimSpace(body[len("："):])
			}
		}
		if loc := deadlineRE.FindStringIndex(body); loc != nil && loc[0] == 0 {
			// "周五之前把回测报告整理成 PDF …": the request after the
			// deadline that opens it.
			body = strings.TrimLeft(body[loc[1]:], "，, ")
		}
		body = modalLeadRE.ReplaceAllString(pleaseRE.ReplaceAllString(body, ""), "")
		return !negRE.MatchString(firstWords(body, 2)) && (imperative(body) || zhTaskRE.MatchString(body) || needDoneRE.MatchString(body))
	}
	return false
}

// pleaseRE opens a request politely ("please have …"); needDoneRE is a
// piece of work the speaker needs done ("we need the export ready before
// the demo on Thursday", "have the migration script done by end of
// week").
var (
	pleaseRE   = mustPattern(`(?i)^(?:please|pls|kindly)[,]?\s+`)
	needDoneRE = mustPattern(`(?i)^(?:so\s+|and\s+)?(?:(?:we|i)\s+(?:really\s+)?(?:need|want|must have|have to have|'d like|would like)\s+(?:the|a|an|our|this|that|it|them)\b|(?:have|get)\s+(?:the|a|an|our|this|that|it|them)\b[^.;]{1,80}?\b(?:done|ready|finished|merged|deployed|shipped|sent|fixed|written|reviewed)\b)`)
)

// deadlineOnlyRE is a sentence that only says by when: "before
// thursday's on-call handover at 10", "by Friday noon".
var deadlineOnlyRE = mustPattern(`(?i)^\W*(?:and\s+|but\s+)?(?:before|by|no later than|ahead of|in time for)\s+[^.!?;]{2,60}?[.!]?$`)

// deadlineOf is, for sentence i of sents that only says by when, the
// text from the task before it (an imperative sentence of the same
// message) through the deadline, verbatim; else "".
func deadlineOf(text string, sents []string, i int) string {
	s := sents[i]
	if i == 0 || !deadlineOnlyRE.MatchString(s) || imperative(strings.TrimLeft(s, " ,")) {
		return ""
	}
	// the task, or the task whose lead's colon opens the sentence before
	// ("write a runbook entry for dee's team: what the worker does …")
	prev := ""
	for j := i - 1; j >= max(0, i-2) && prev == ""; j-- {
		if questionRE.MatchString(sents[j]) {
			return ""
		}
		if t := sents[j]; task(strings.TrimPrefix(strings.TrimPrefix(t, "and "), "also ")) && (j == i-1 || strings.HasSuffix(strings.TrimSpace(t), ":")) {
			prev = t
		}
	}
	if prev == "" {
		return ""
	}
	a := strings.Index(text, prev)
	if a < 0 {
		return ""
	}
	b := strings.Index(text[a:], s)
	if b < 0 {
		return ""
	}
	return text[a : a+b+len(s)]
}

// modalLeadRE opens a task said with the duty to do it: "you must send
// the report by Friday", "we have to ship it before the demo".
var modalLeadRE = mustPattern(`(?i)^(?:so\s+|and\s+)?(?:you|we|i)\s+(?:really\s+)?(?:must|have to|need to|should|gotta|will need to|'ll need to)\s+`)

// modalTaskOnly reports whether task s is a rule only by the duty its
// lead says ("you must send the report by Friday"): a task, no rule.
func modalTaskOnly(s string) bool {
	return modalLeadRE.MatchString(s) && !isRule(modalLeadRE.ReplaceAllString(s, ""))
}

// zhTaskRE opens a Chinese request: "请把 …", "把 … 整理到 …", "帮我 …".
var zhTaskRE = mustPattern(`^(?:请|麻烦|帮我|帮忙)?(?:把|给|将)|^(?:请|麻烦|帮我|帮忙)`)

// firstWords is the first n words of s.
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(n, len(f))], " ")
}
