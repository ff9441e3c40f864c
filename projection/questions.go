package projection

import "strings"

// An open question told in other words than "I'm not sure whether": a
// question the user labels as open ("open question: …", "question for
// later: …", "still pending: …", "TBD whether …"), a not-knowing told
// with an adverb ("I still don't know whether …", "we don't know yet
// if …") and the Chinese marks of something unsettled ("待确认", "待定",
// "还不知道…", "还没确定…"). The cue words (questionCues) are checked before
// the expression, so a sentence without one costs a substring scan.
var (
	questionCues = []string{"question", "pending", "tbd", "to be determined", "to be confirmed", "undecided", "unresolved",
		"know", "sure", "unclear", "待确认", "待定", "未定", "未确定", "还没确定", "还不知道", "不知道", "还没想好", "存疑", "悬而未决", "不确定", "没想清楚", "没想明白", "搞不清楚", "还没定", "open ", "拿不准", "吃不准", "说不准", "没把握"}
	openQuestionRE = mustPattern(`(?i)\b(?:another\s+|one\s+|an?\s+)?open\s+(?:thing|item|point|issue)s?\b\s*[:：]|\b(?:(?:an?|one|the|still an?|another)\s+)?(?:open|outstanding|unresolved|pending|unanswered)\s+question\b|\bquestions?\s+for\s+(?:later|tomorrow|next time|the team|\p{Lu}\p{Ll}+)\b|^\W*(?:open\s+)?questions?\s*[:：]|\bstill\s+(?:pending|open|undecided|unresolved|unclear|tbd)\b|\b(?:tbd|to be (?:determined|confirmed|decided))\b|\b(?:i|we)\s+(?:still|really|honestly|just|genuinely)\s+(?:don't|do not|dont)\s+know(?:\s+is)?\s*(?:whether|if|what|which|how|yet|[:：])|\b(?:i|we)\s+(?:don't|do not|dont)\s+know\s+yet\s+(?:whether|if|what|which|how)\b|\b(?:i'm|i am|we're|we are)\s+(?:still\s+)?(?:not sure|unsure|undecided)\s+(?:yet\s+)?(?:whether|if|which|what|how|about)\b|\bstill\s+(?:unclear|undecided|unknown)\s+(?:whether|if|which|what|how)\b|待确认|待定|未定|尚未确定|还没确定|还没定|还不知道|还不确定|不确定|还没想好|存疑|悬而未决|没想清楚|没想明白|搞不清楚|拿不准|吃不准|说不准|没把握`)
)

// openQuestion reports whether the user sentence s states an open
// question in one of the wordings of openQuestionRE.
func openQuestion(s string) bool {
	l := strings.ToLower(s)
	for _, c := range questionCues {
		if strings.Contains(l, c) {
			return openQuestionRE.MatchString(s)
		}
	}
	return false
}

// relayMarkRE marks an answer someone gave, relayed: "Lena says it's 3",
// "heard back from ops: …", "财务的小林说不算", "老王回复了：…".
var relayMarkRE = mustPattern(`(?i)\b(?:says|said|confirmed|told (?:me|us)|got back to (?:me|us)|replied|answered|heard back)\b|^[^，,。？?]{1,12}?(?:说|回复|答复|确认了|回了)`)

// relayedAnswer is the open question of ctx that a relayed answer s
// shares the most words with (two or more: English stems, or Chinese
// character pairs), or "": "财务的小林说不算退款订单" answers "待确认：退款订单
// 要不要算进 GMV" without naming whom it was deferred to.
func relayedAnswer(s string, ctx *Context) string {
	if len(ctx.Questions) == 0 || !relayMarkRE.MatchString(s) {
		return ""
	}
	return sharingQuestion(s, ctx.Questions)
}

// sharingQuestion is the key of the question of qs (key → text) that s
// shares the most words with (two or more: English stems, or Chinese
// character pairs), or "".
func sharingQuestion(s string, qs map[string]string) string {
	ws := wordsAndPairs(s)
	best, most := "", 1
	for k, q := range qs {
		n := 0
		for w := range wordsAndPairs(q) {
			if ws[w] {
				n++
			}
		}
		if n > most || n == most && best != "" && k > best {
			best, most = k, n
		}
	}
	return best
}

// wordsAndPairs are the words of x to compare with another text's:
// English stems and Chinese character pairs.
func wordsAndPairs(x string) map[string]bool {
	m := stems(x)
	rs := []rune(x)
	for i := 0; i+1 < len(rs); i++ {
		if isCJK(rs[i]) && isCJK(rs[i+1]) {
			m[string(rs[i:i+2])] = true
		}
	}
	return m
}

// anotherRE opens a question as another one: "also", "another", "one
// more", "还有", "另外".
var anotherRE = mustPattern(`(?i)^\W*(?:also|and also|another|one more|plus|separately|a second|second)\b|^\W*(?:还有|另外|另一个|再有|其次)`)

// labelledQuestionRE is a question labelled as one ("open question: …",
// "待确认：退款订单要不要算进 GMV", whose "不要" is no rule).
var labelledQuestionRE = mustPattern(`(?i)^\W*(?:open\s+)?questions?\b|\bquestions?\s+for\s+|^\W*(?:待确认|待定|问题|疑问)\s*[:：]`)

// labelledQuestion reports whether the question s is labelled as one.
func labelledQuestion(s string) bool {
	return openQuestion(s) && labelledQuestionRE.MatchString(s)
}
