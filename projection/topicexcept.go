package projection

import "strings"

// An exception under a label naming the rule's thing.
//
// "и unsafe: в simd.rs можно, только там", "and unsafe: allowed in
// simd.rs, only there", "e o unsafe: no simd.rs pode, só lá": a label of
// a word or two (the thing a rule forbids), then a permission confined to
// one place ("only there"). It excepts that place from the rule the label
// names, and goes with the rule when the rule is lifted (ruleexcept.go);
// a label no held rule names excepts nothing. Read on the gloss, so the
// place word of each language is listed ("там", "lá", "dort", "là").

// placeExceptRE is such a sentence: the label (t) and the permission.
var placeExceptRE = mustPattern(`(?i)^\W*(?:and\s+|also\s+)?(?:the\s+)?(?P<t>[\p{L}\d_.-]+(?:\s[\p{L}\d_.-]+)?)\s*[:：]\s*[^:：]*?\b(?:allowed|permitted|may|can|is fine|is ok|ok)\b[^:：]*?[,;—–-]\s*(?:but\s+)?only\s+(?:there|in there|in it|там|тут|lá|ali|aí|dort|da|là|ahí|allí|allà|lì|daar|där|тамки)\s*[.!]?\s*$`)

// placeExceptTopic is the label of s when s is such an exception, or "".
func placeExceptTopic(s string) string {
	m := placeExceptRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return ""
	}
	t := m[placeExceptRE.SubexpIndex("t")]
	if stopwords[strings.ToLower(t)] || goalLabelRE.MatchString(t+":") || ruleLabelRE.MatchString(t) {
		return ""
	}
	return t
}
