package projection

import "strings"

// A yes-or-no question and the reply that opens with its verdict.
//
// "does 0.3.1 handle multi-member gzip btw?" … "Yes — 0.3.1 used
// MultiGzDecoder, so concatenated members were read through.": the reply
// need not repeat the question's words to answer it when it opens with
// yes or no and goes on to say why. Read only when the one question
// waiting is a polar one (polarAskRE: an auxiliary opens it, "does …?",
// "is …?", "can …?"; or Chinese "…吗？", "是不是…", "有没有…") and the
// verdict opens the reply's first sentence, with more said after it: a
// bare "Yes." or "No, let me check." answers nothing.

// polarAskRE is a yes-or-no question.
var polarAskRE = mustPattern(`(?i)^\W*(?:(?:and|also|oh|btw|so|ok(?:ay)?|wait|hmm+)[,]?\s+)*(?:does|do|did|is|are|was|were|has|have|had|can|could|will|would|should|shall|may|might|isn't|aren't|doesn't|don't|didn't|won't|hasn't|haven't)\s+\S|吗\s*[？?]\s*$|是不是|有没有|能不能|会不会|对不对|是否`)

// polarVerdictRE opens a reply with the verdict: "Yes —", "No,", "Nope.",
// "是的，", "不是，", "没有。".
var polarVerdictRE = mustPattern(`(?i)^\W*(?:yes|yeah|yep|yup|no|nope|correct|right|indeed)\b\s*(?:[,.;:!—–]|\s-\s)\s*(?P<r>\S.*)$|^(?:是的|对的?|不是|没有|有的?|会的?|不会|可以|不行|能|不能)[，,。：:；;！!\s]\s*(?P<z>\S.*)$`)

// polarAnswered reports whether reply sentence s answers the one
// question of qs by its verdict (see above).
func polarAnswered(s string, qs map[string]string) bool {
	m := polarVerdictRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return false
	}
	r := strings.TrimSpace(m[polarVerdictRE.SubexpIndex("r")] + m[polarVerdictRE.SubexpIndex("z")])
	if len(terms(r)) < 3 || lookLeadRE.MatchString(r) || questionRE.MatchString(r) {
		// "No, let me check.", "Yes?"
		return false
	}
	for _, q := range qs {
		if !polarAskRE.MatchString(q) {
			return false
		}
	}
	return true
}

// terseAskRE is a terse question of what a thing is: "wats compileSdk
// rn", "whats the minSdk", "which jdk?".
var terseAskRE = mustPattern(`(?i)^\W*(?:wats|whats|what's|wat's|wot's|what\s+is|what\s+are|which|where(?:'s|s|\s+is))\s+\S`)

// namesAllOf is the key of the one question of qs whose distinctive
// names (a camel-case or dotted identifier, a number: "compileSdk") are
// all in s, at least one of them, when s gives a number or a quoted
// value of its own; "" otherwise. A terse question ("wats compileSdk
// rn") shares no other word with its answer.
func namesAllOf(s string, qs map[string]string) string {
	if !numberTokRE.MatchString(s) && !strings.Contains(s, "`") {
		return ""
	}
	for k, q := range qs {
		if !terseAskRE.MatchString(q) {
			return ""
		}
		ns := distinctive(q)
		if len(ns) == 0 || len(terms(q)) > 6 {
			return ""
		}
		l := strings.ToLower(s)
		for _, n := range ns {
			if !strings.Contains(l, strings.ToLower(n)) {
				return ""
			}
		}
		return k
	}
	return ""
}
