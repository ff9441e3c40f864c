package projection

import "strings"

// A user's choice between options, in the shapes userDecisionRE does not
// read: a course set against the one not taken ("put the filter in the
// staging model, not in the mart", "…而不是…"), an option named by its
// label ("option B it is", "go for plan 2", "就选方案二"), and a labelled
// final setting ("final params: lr 3e-4, 5 epochs", "最终参数：…"), whose
// values are read as well. An assistant's narrated plan is never a user
// choice: only user text is read here. choiceCues are checked first.
var (
	choiceCues      = []string{"not ", " it is", "rather than", "instead of", "option", "plan ", "approach", "variant", "final", "chosen", "agreed", "settled", "locked", "而不是", "方案", "选项", "最终", "敲定", "定了"}
	choiceAgainstRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|then|alright|right|also)[,]?\s+)*(?:please\s+)?(?P<c>[a-z][\w\-]*\s.{2,120}?)(?:(?:,\s*|\s+[—–-]\s*)(?:and\s+)?(?:not|rather than|instead of)|\s+(?:rather than|instead of))\s+(?:in|on|at|into|inside|via|with|the|a|an|as)?\s*(?P<w>[\w.\-/` + "`" + `]+).{0,60}$|^(?P<z>[^，,。]{2,60})[，,]?\s*而不是\s*[^，,。]{1,40}[。.!！]?$`)
	optionChoiceRE  = mustPattern(`(?i)\b(?:option|plan|approach|variant|alternative|proposal)\s+(?:[a-z]|\d+|one|two|three)\s+it is\b|^(?:(?:ok(?:ay)?|so|alright|fine|right)[,]?\s+)*(?:let's\s+|we'll\s+|i'll\s+|i'd\s+)?(?:go for|take|pick|choose|do|run with|go ahead with)\s+(?:the\s+)?(?:option|plan|approach|variant|alternative|proposal)\s+(?:[a-z]|\d+|one|two|three)\b|(?:就|那就)?(?:选|用|采用|走)\s*(?:方案|选项)\s*[A-Za-z0-9一二三四五]+|^(?:那就|就)?(?:方案|选项)\s*[A-Za-z0-9一二三四五]+\s*吧|^(?:(?:ok(?:ay)?|so|alright|fine|right)[,]?\s+)*[\w.\-/` + "`" + `]{1,30} it is[.!]?$`)
	finalLabelRE    = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|alright|right)[,]?\s+)*(?:final|chosen|agreed|settled|decided|locked[- ]in)\s+(?:params|parameters|settings|config(?:uration)?|choice|plan|values|hyperparams|hyper-?parameters|setup)\s*[:：]\s*\S|^(?:最终|敲定的?|定了的?)(?:参数|方案|配置|设置|选择)\s*[:：]\s*\S`)
)

// userChoiceOf reads the user sentence s as a choice between options
// (see above): a decision, and whether s may carry more (a final
// setting's values).
func userChoiceOf(s string) ([]Proposal, bool) {
	if proseChoice(s) {
		// "on laisse tomber bf16 : fp16 + GradScaler" (decprose.go)
		return []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(s), Value: s, Quote: s, Links: mentions(s)}}, false
	}
	l := strings.ToLower(s)
	cue := false
	for _, c := range choiceCues {
		if strings.Contains(l, c) {
			cue = true
			break
		}
	}
	if !cue || questionRE.MatchString(s) {
		return nil, true
	}
	d := func(rest bool) ([]Proposal, bool) {
		return []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(s), Value: s, Quote: s, Links: mentions(s)}}, rest
	}
	switch {
	case finalLabelRE.MatchString(s):
		return d(true)
	case optionChoiceRE.MatchString(s):
		return d(false)
	}
	if ps, rest := choiceAgainst(s); ps != nil {
		return ps, rest
	}
	if cs := clauseBounds(s); len(cs) > 1 {
		// "put the model in its own app, not inside appointments; the
		// billing folks want …": the choice is a clause of the sentence.
		for _, c := range cs {
			if ps, rest := choiceAgainst(c.text); ps != nil {
				return ps, rest
			}
		}
	}
	return nil, true
}

// choiceAgainst reads s as a course set against the one not taken.
func choiceAgainst(s string) ([]Proposal, bool) {
	d := func(rest bool) ([]Proposal, bool) {
		return []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(s), Value: s, Quote: s, Links: mentions(s)}}, rest
	}
	if m := choiceAgainstRE.FindStringSubmatch(s); m != nil {
		c := m[choiceAgainstRE.SubexpIndex("c")] + m[choiceAgainstRE.SubexpIndex("z")]
		if strings.HasSuffix(strings.ToLower(m[choiceAgainstRE.SubexpIndex("w")]), "ing") {
			// "inspect them instead of assuming …": a manner, not an
			// option not taken.
			return nil, true
		}
		// "put X in Y, not in Z" directs a course; "it is fast, not
		// cheap" or "don't X, not even Y" does not choose one.
		// "Page size needs to be 50, not 20" corrects a value.
		if (strings.ContainsFunc(c, isCJK) || imperative(backtickRE2.ReplaceAllString(c, "x")) && !isRule(c)) && len(values(s, "", "", false, "", false)) == 0 {
			return d(false)
		}
	}
	return nil, true
}
