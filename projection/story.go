package projection

import "strings"

// A past attempt told across two user messages: "we tried orjson in the
// spring." and then "it blew up the wheel builds on musl, so don't go
// there." The first message ends with the attempt and no verdict; the
// next one gives the verdict (and the prohibition pointing back). Both are
// one piece of negative knowledge, its value the attempt and the verdict,
// its quote the verdict's message (the attempt is quoted by the message
// before). An attempt waits for its verdict over at most attemptGap
// events.
const attemptGap = 3

// openAttempt is the attempt that ends the user text with no verdict, or
// "".
func openAttempt(text string) string {
	if !strings.Contains(text, "tried") && !strings.Contains(text, "attempted") && !strings.Contains(text, "experimented") && !strings.Contains(text, "used to") &&
		!strings.Contains(text, "试过") && !strings.Contains(text, "用过") && !storyTriedRE.MatchString(text) {
		return ""
	}
	ss := sentences(referenceText(text))
	if len(ss) == 0 {
		return ""
	}
	s := ss[len(ss)-1]
	if span, _ := attemptSpan(s, []string{s}, 0); span != "" || !tried(s) || questionRE.MatchString(s) || judged(s) || laughRE.MatchString(s) {
		return ""
	}
	return s
}

// continuedAttempt reads the first sentences ss of text as the verdict of
// the attempt the user's message before ended with: the span (attempt
// and verdict), its quote in text and the index of its last sentence in
// ss, or "" when they give no verdict.
func continuedAttempt(attempt, text string, ss []string) (span, quote string, end int) {
	comb := attempt + "\n" + text
	span, e := attemptSpan(comb, append([]string{attempt}, ss...), 0)
	if span == "" || e < 1 {
		return "", "", 0
	}
	quote = strings.TrimSpace(strings.TrimPrefix(span, attempt+"\n"))
	if !strings.Contains(text, quote) {
		return "", "", 0
	}
	return attempt + " " + quote, quote, e - 1
}

// backOffRE tells the listener to stay off a way tried, by a pro-form:
// "don't go there", "don't go down that road", "别再走这条路", "这条路别走了".
var backOffRE = mustPattern(`(?i)\b(?:don't|do not|dont|never)\s+(?:go\s+(?:there|down\s+(?:that|this)\s+(?:road|path|route|rabbit hole))|try\s+(?:that|it|this)\s+again|bother(?:\s+(?:with\s+)?(?:that|it|this))?)\b|(?:别|不要)再?(?:走|碰|试|踩|用)(?:这条路|那条路|这条|那条|这个坑|那个坑|这套|那套)|(?:这条路|那条路|这个坑|那个坑)(?:别|不要)再?(?:走|踩|碰)`)

// backsOff reports whether s closes an attempt by telling the listener
// to stay off it (backOffRE); the cue words are checked first.
func backsOff(s string) bool {
	if !strings.Contains(s, "别") && !strings.Contains(s, "不要") && !strings.Contains(strings.ToLower(s), "n't") && !strings.Contains(strings.ToLower(s), "not") && !strings.Contains(strings.ToLower(s), "never") {
		return false
	}
	return backOffRE.MatchString(s)
}

// An attempt and its verdict are read by their shape, not by a phrase:
// the attempt is a past try in any of its wordings (triedRE, and "gave X
// a shot", "took a stab at X", "played with X", "X 试过了"), the verdict
// either a failure (verdictRE, verdictMoreRE, negativeRE) or no effect:
// a negated effect ("no dice", "made no difference", "didn't move the
// needle", 没效果), or the problem still there after it ("the timeouts
// stayed where they were", "still timed out", 还是一样).

// storyTriedRE is a past attempt in the wordings triedRE does not read.
var storyTriedRE = mustPattern(`(?i)\b(?:gave|give|given)\s+(?:[\w.\-/]+\s+){1,6}?an?\s+(?:shot|try|go|whirl|spin)\b|\btook\s+a\s+(?:stab|crack|swing)\s+at\b|\b(?:we|i|they)\s+(?:played|messed|fiddled)\s+(?:around\s+)?with\b|\b(?:we|i|they)\s+(?:already\s+)?(?:tested|trialled|trialed|prototyped)\b|^(?:(?:also|and|so|btw)[,]?\s+)?tried\s+(?:it|that|this|them)\b|(?:试了|尝试了|试了一下|折腾过|搞过)|(?:以前|之前|上次|上回|去年|上个月|上季度)有人`)

// noEffectRE is a verdict that an attempt changed nothing.
var noEffectRE = mustPattern(`(?i)\bno\s+(?:dice|luck|joy|difference|change|improvement|effect|gain)\b|\bmade\s+(?:no|zero|little|not much)\s+(?:difference|dent|impact)\b|\b(?:didn't|did not|never|doesn't|does not|won't)\s+(?:move the needle|budge|change (?:a thing|anything)|make (?:a|any) difference|matter|improve (?:anything|things|it))\b|\b(?:stayed|remained)\s+(?:exactly\s+)?(?:the same|where (?:it|they) (?:was|were)|flat|unchanged|as bad)\b|\bstill\s+(?:timed out|times out|crashed|failed|fell over|melted|hung|leaked|ooms?|oomed|the same)\b|\bnothing changed\b|\bwent nowhere\b|\bnot worth (?:it|another look|the trouble|revisiting)\b|没效果|没有效果|没什么用|没区别|没有区别|没变化|没有变化|不管用|白费|还是一样|照样|没改善|没有改善|放弃了|没戏`)

// brokeRE is a verdict that an attempt broke something, in the
// wordings verdictRE and verdictMoreRE do not read.
var brokeRE = mustPattern(`(?i)\b(?:blows up|blowing up|hardfault(?:ed|s)?|double[- ]counted|(?:silently\s+)?(?:does|did)\s+nothing|took\s+(?:\w+\s+){0,3}down|dropped\s+(?:the|our|all)\b)|崩了|崩溃|坏掉|坏了|出问题|报错了|挂掉|跑不起来|起不来|打满|被限流|限流了|爆了|撑不住|扛不住`)

// triedItRE is an attempt told by a pronoun ("Tried it on a branch"),
// whose thing the sentence before names.
var triedItRE = mustPattern(`(?i)^(?:(?:also|and|so|btw)[,]?\s+)?(?:(?:we|i)\s+)?(?:already\s+)?(?:tried|attempted)\s+(?:it|that|this|them)\b`)

// tried reports whether s tells a past attempt.
func tried(s string) bool {
	return (triedRE.MatchString(s) || storyTriedRE.MatchString(s) || incident(s)) && !triedCheck(s)
}

// A past incident told as a warning is an attempt too, by someone else:
// "last year a contractor dropped its resolution to 0.025 …", "the last
// time someone ran make clean on the build host it wiped the shared
// cache", "once an intern enabled autovacuum_freeze …". incidentRE is
// such a sentence: a time in the past and someone who did something.
var incidentRE = mustPattern(`(?i)\b(?:last (?:time|year|month|week|quarter|sprint|spring|summer|autumn|fall|winter)|the last time|a while (?:back|ago)|back in (?:\d{4}|the day)|(?:two|three|a few|\d+) (?:years|months) ago|years ago|once)\b[^.;!?]{0,60}?\b(?:someone|somebody|a contractor|an? (?:intern|colleague|dev|engineer|admin|consultant|new hire)|one of (?:us|them|the \w+)|(?:we|i|they|he|she)|(?-i:[A-Z][a-z]+))\s+(?:\w+\s+)?(?:ran|set|turned|dropped|raised|lowered|changed|bumped|upgraded|deleted|removed|pushed|deployed|enabled|disabled|put|used|merged|restarted|rebooted|truncated|flushed|switched|cranked|increased|decreased|reindexed|wiped|ran)\b|\b(?:someone|somebody|a contractor|an? (?:intern|colleague|consultant|new hire))\s+(?:\w+\s+)?(?:ran|set|turned|dropped|raised|lowered|changed|bumped|upgraded|deleted|enabled|disabled|restarted|truncated|flushed|switched)\b[^.;!?]{0,80}?\b(?:last (?:time|year|month|week|quarter|sprint)|a while (?:back|ago)|years ago|once)\b`)

// incidentKey is the entity part of the key of an incident's anchor
// ("negative/incident/…", "constraint/incident/…").
const incidentKey = "incident/"

// incident reports whether s tells a past incident (incidentRE) that is
// no attempt of the user's own.
func incident(s string) bool {
	return incidentRE.MatchString(s) && !triedRE.MatchString(s) && !storyTriedRE.MatchString(s)
}

// keepItRE is a direction that points back at what an incident changed:
// "Leave it at 0.05 or coarser", "keep it where it is".
var keepItRE = mustPattern(`(?i)^(?:(?:so|and|ok(?:ay)?)[,]?\s+)*(?:please\s+)?(?:leave|keep)\s+(?:it|that|this|them)\s+(?:at|as|on|alone|where|to|under|over|above|below)\b`)

// judged reports whether s gives an attempt's verdict.
func judged(s string) bool {
	return verdictRE.MatchString(s) || negativeRE.MatchString(s) || verdictMoreRE.MatchString(s) || noEffectRE.MatchString(s) || brokeRE.MatchString(s)
}
