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
		!strings.Contains(text, "试过") && !strings.Contains(text, "用过") {
		return ""
	}
	ss := sentences(referenceText(text))
	if len(ss) == 0 {
		return ""
	}
	s := ss[len(ss)-1]
	if span, _ := attemptSpan(s, []string{s}, 0); span != "" || !triedRE.MatchString(s) || questionRE.MatchString(s) ||
		verdictRE.MatchString(s) || negativeRE.MatchString(s) || verdictMoreRE.MatchString(s) || laughRE.MatchString(s) {
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
