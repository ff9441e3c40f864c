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
		"know", "sure", "unclear", "待确认", "待定", "未定", "未确定", "还没确定", "还不知道", "不知道", "还没想好", "存疑", "悬而未决", "不确定"}
	openQuestionRE = mustPattern(`(?i)\b(?:(?:an?|one|the|still an?|another)\s+)?(?:open|outstanding|unresolved|pending|unanswered)\s+question\b|\bquestions?\s+for\s+(?:later|tomorrow|next time|the team|\p{Lu}\p{Ll}+)\b|^\W*(?:open\s+)?questions?\s*[:：]|\bstill\s+(?:pending|open|undecided|unresolved|unclear|tbd)\b|\b(?:tbd|to be (?:determined|confirmed|decided))\b|\b(?:i|we)\s+(?:still|really|honestly|just|genuinely)\s+(?:don't|do not|dont)\s+know\s+(?:whether|if|what|which|how|yet)\b|\b(?:i|we)\s+(?:don't|do not|dont)\s+know\s+yet\s+(?:whether|if|what|which|how)\b|\b(?:i'm|i am|we're|we are)\s+(?:still\s+)?(?:not sure|unsure|undecided)\s+(?:yet\s+)?(?:whether|if|which|what|how|about)\b|\bstill\s+(?:unclear|undecided|unknown)\s+(?:whether|if|which|what|how)\b|待确认|待定|未定|尚未确定|还没确定|还没定|还不知道|还不确定|不确定|还没想好|存疑|悬而未决`)
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
