package projection

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
