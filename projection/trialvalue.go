package projection

import "strings"

// trialRE is a sentence that only asks for a number to be tried: "ok
// try 64", "then use 45s", "let's test 8 instead".
var trialRE = mustPattern(`(?i)^\W*(?:(?:fine|ok(?:ay)?|alright|sure|then|so|maybe|just|now|let'?s|and|but)[,!]?\s+){0,3}(?:try|test|use|attempt)\s+(?:it\s+(?:at|with)\s+)?(?P<v>[-+]?\d+(?:[.,]\d+)?\s?(?:ms|s|sec|min|h|k|K|KB|MB|GB|KiB|MiB|GiB|x|%)?)(?:\s+(?:instead|then|now|please|pls|for now))?\W*$`)

// trialNameWords are the words a value's name is made of when it names
// no setting but asks for a number to be tried: "fine try 500", "ok
// let's test 8", "then use 4".
var trialNameWords = map[string]bool{"try": true, "test": true, "use": true, "attempt": true,
	"fine": true, "ok": true, "okay": true, "alright": true, "sure": true, "then": true, "so": true,
	"maybe": true, "just": true, "now": true, "let's": true, "lets": true, "and": true, "but": true}

// trialVerbs are the words of trialNameWords that ask for the trial.
var trialVerbs = map[string]bool{"try": true, "test": true, "use": true, "attempt": true}

// trialValues gives the values of props named only by a request to try
// a number ("n_estimators is 300. fine try 500") to the setting named
// last, and drops them when none was: their words name no setting. A
// sentence s that only asks for a number to be tried, read as no value,
// sets it for the setting named last.
func trialValues(s string, props []Proposal, lastKey, lastName string) []Proposal {
	if m := trialRE.FindStringSubmatch(s); len(props) == 0 && m != nil && lastKey != "" {
		v := strings.TrimSpace(m[trialRE.SubexpIndex("v")])
		return []Proposal{{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: v, Quote: s, Correction: true}}
	}
	out := props[:0]
	for _, p := range props {
		if p.Kind == KindValue && trialName(p.Name) {
			if lastKey == "" {
				continue
			}
			p.Key, p.Name, p.Correction = lastKey, lastName, true
		}
		out = append(out, p)
	}
	return out
}

// trialName reports whether a value's name is only words of a request
// to try, a verb among them.
func trialName(name string) bool {
	ws := strings.Fields(strings.ToLower(strings.ReplaceAll(name, "_", " ")))
	verb := false
	for _, w := range ws {
		if !trialNameWords[w] {
			return false
		}
		verb = verb || trialVerbs[w]
	}
	return verb
}
