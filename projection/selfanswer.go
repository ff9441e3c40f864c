package projection

import "strings"

// A user who asks how much of a setting to use and answers in the same
// breath ("How many parallel workers should the backfill use? Let's say
// 4.", "What timeout should the job have? 30 minutes, I'd say.") sets it:
// the question names the setting, the short sentence after it gives the
// value. Only a sentence that is the answer alone counts: a number in a
// sentence that says more is left to the other readings.

// amountAskRE asks for a setting's amount: "how many X should …?", "how
// much X do we …?", "what X should the job have?".
var amountAskRE = mustPattern(`(?i)^\W*(?:(?:so|ok(?:ay)?|hmm|and|also),?\s+)?(?:how\s+(?:many|much)\s+(?P<x>[\p{L}_\-]+(?:\s+[\p{L}_\-]+){0,2}?)\s+(?:should|do|does|would|will|can|shall|must)\s|what\s+(?P<y>[\p{L}_\-]+(?:\s+[\p{L}_\-]+){0,2}?)\s+(?:should|do|does|would|will)\s+(?:we|it|they|i|the\s+[\p{L}_\-]+(?:\s+[\p{L}_\-]+)?)\s+(?:use|have|get|set|pick|go with|be)\b)[^?]*\?\s*$`)

// selfAnswerRE is a sentence that is only an amount offered: "Let's say
// 4.", "Say 30s.", "Maybe 8.", "30 minutes, I'd say.", "4 should do.".
var selfAnswerRE = mustPattern(`(?i)^\W*(?:(?:hmm|ok(?:ay)?|well|so),?\s+)?(?:let's\s+say|let's\s+go\s+with|let's\s+do|say|maybe|probably|i'd\s+say|go\s+with)\s+(?P<n>` + valPat + `)\s*[.!]?$|^\W*(?P<n2>` + valPat + `)\s*(?:,\s*i'd\s+say|,\s*i\s+think|\s+should\s+do|\s+is\s+fine|\s+will\s+do)\s*[.!]?$`)

// selfAnswered is the value a user's question q and the sentence s after
// it set, ok false when q asks for no amount or s is no bare amount.
func selfAnswered(q, s string) (Proposal, bool) {
	m := amountAskRE.FindStringSubmatch(q)
	if m == nil {
		return Proposal{}, false
	}
	a := selfAnswerRE.FindStringSubmatch(s)
	if a == nil {
		return Proposal{}, false
	}
	name := strings.TrimSpace(m[amountAskRE.SubexpIndex("x")] + m[amountAskRE.SubexpIndex("y")])
	v := cleanValue(a[selfAnswerRE.SubexpIndex("n")] + a[selfAnswerRE.SubexpIndex("n2")])
	if name == "" || stopwords[strings.ToLower(name)] || !strings.ContainsAny(v, "0123456789") {
		return Proposal{}, false
	}
	key := "value/-/" + strings.ToLower(strings.Join(strings.Fields(name), "_"))
	return Proposal{Op: OpState, Kind: KindValue, Key: key, Name: name, Value: v, Quote: q + " " + s}, true
}
