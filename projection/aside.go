package projection

import "strings"

// An aside the user labels as off the task ("完全不相关：楼下咖啡机又坏
// 了，…只能喝速溶了", "totally unrelated: the espresso machine died",
// "余談ですが…", "딴 얘기지만…") states nothing for the session, unless
// it turns to the agent (asks, directs "you"): its "只能" or "always" is
// the user's day, not a rule.
var (
	asideRE   = mustPattern(`(?i)^\W*(?:(?:totally|completely|entirely|slightly)\s+)?(?:unrelated|off[- ]topic|random aside|side note, unrelated)\b\s*[:,—–-]|^\W*(?:完全|有点|稍微)?(?:不相关|无关|跑个题|跑题|题外话|说个题外话|扯个题外话|插一句无关的)\s*[:：，,—]|^\W*(?:余談ですが|関係ないけど|関係ない話ですが)|^\W*(?:딴 얘기지만|딴 얘기인데|여담인데|여담이지만|상관없는 얘기지만)`)
	asideToRE = mustPattern(`(?i)\b(?:you|your|please|pls|can you|could you)\b|你|您|请|麻烦|帮我|帮忙|记得|别忘|ください|してね|주세요|해 줘|해줘|부탁`)
)

// asideOnly reports whether the user message text is an aside off the
// task that does not turn to the agent.
func asideOnly(text string) bool {
	return asideRE.MatchString(text) && !asideToRE.MatchString(text)
}

// otherPastRE is someone else's past told ("老周说他以前在上家公司评测
// temperature 全用 0.7", "she used to run it with 32 workers"), and
// ownSetRE a setting the sentence makes all the same ("…改成 60").
var (
	otherPastRE = mustPattern(`(?i)(?:他|她|他们|她们)(?:以前|之前|当年|原来|过去)|\b(?:he|she|they)\s+used\s+to\b|\bat\s+(?:his|her|their)\s+(?:old|last|previous)\s+(?:job|company|team|place)\b`)
	ownSetRE    = mustPattern(`(?i)改成|改为|设为|设成|调到|调成|\b(?:set|make|change)\s+(?:it|the|our)\b`)
)

// otherPast reports whether s tells someone else's past with no setting
// of its own: its numbers are that past, not the session's values.
func otherPast(s string) bool {
	if !strings.ContainsAny(s, "他她") && !strings.Contains(s, "sed to") && !strings.Contains(s, " at ") {
		return false // no cue word: most sentences stop here
	}
	return otherPastRE.MatchString(s) && !ownSetRE.MatchString(s)
}
