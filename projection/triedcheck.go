package projection

import "strings"

// A try of the running thing itself, in a place: a check, no attempt.
//
// "staging 上我刚试了，导 11 月全量还是 502", "I tried it on staging and it
// still times out", "在线上试了一下，还是报错": the user ran the product
// where it runs and tells what it did. Nothing was tried in the sense of
// story.go (an approach, "we tried orjson", "试了把连接池调大"), so the
// sentence is no rejected approach (negative knowledge); it is a failure
// seen in that place (userfail.go). The try names no object of its own:
// after its verb come only a pronoun, "again", "once", the place. A try
// of a named thing on staging ("tried raising the pool on staging, still
// 502") stays an attempt.

// triedCheckVerbRE is the verb of such a try.
var triedCheckVerbRE = mustPattern(`(?i)\b(?:tried|attempted|tested)\b|尝试了|试了一下|试了下|试了|试过了|试过|测了一下|测了`)

// triedCheckFillerRE is what may stand around the verb of a try that
// names no object: its subject, pronouns, "again", "just now", a place's
// preposition.
var triedCheckFillerRE = mustPattern(`(?i)\b(?:i|we|it|this|that|them|again|once|twice|more|just|now|today|out|myself|ourselves|also|already|on|in|at|the|our|env(?:ironment)?|server|box)\b|一下|下|了|又|再|刚刚|刚才|刚|今天|我们|我|也|在|上|里|环境|遍|次|一|两|[\s()（）:：]`)

// triedCheckClauseEndRE ends the clause of a try: a stop or a comma of any
// script, " and ".
var triedCheckClauseEndRE = mustPattern(`[,，。.;；!！、]|\sand\s`)

// triedCheck reports whether s tells a try of the running thing in a
// place (see above): the clause of the try names a place (failEnvRE,
// pastedWhereRE) and nothing else but fillers.
func triedCheck(s string) bool {
	loc := triedCheckVerbRE.FindStringIndex(s)
	if loc == nil {
		return false
	}
	before, after := s[:loc[0]], s[loc[1]:]
	if ends := triedCheckClauseEndRE.FindAllStringIndex(before, -1); len(ends) > 0 {
		before = before[ends[len(ends)-1][1]:]
	}
	if end := triedCheckClauseEndRE.FindStringIndex(after); end != nil {
		after = after[:end[0]]
	}
	clause := before + " " + after
	if !failEnvRE.MatchString(clause) && !pastedWhereRE.MatchString(clause) {
		return false
	}
	for _, re := range []*pattern{failEnvRE, pastedWhereRE, triedCheckFillerRE} {
		clause = re.ReplaceAllString(clause, " ")
	}
	return strings.TrimSpace(clause) == ""
}
