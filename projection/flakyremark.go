package projection

// A remark that a thing is flaky is no rule.
//
// "haan woh emulator pe flaky hai, cold boot pe hamesha ek baar fail hota
// hai" (yes, it's flaky on the emulator, on a cold boot it always fails
// once; trial 13 C): the user tells how a test behaves. The "always"
// ("hamesha", "immer", "zawsze") of an observation binds nothing; the
// failure's flakiness is the failure readings' (flaky.go). A rule about
// flaky things ("flaky tests must be quarantined", "if a test is flaky,
// retry it once", "never call a test flaky") is still a rule.

// flakySaidRE says a thing is flaky or fails now and then: "X is flaky",
// "flaky hai" (glossed "flaky is"), "ist flaky", "jest flaky", "it always
// fails once on a cold boot".
var flakySaidRE = mustPattern(`(?i)\b(?:is|are|'s|was|were|ist|sind|jest|są|est|sont|es|son|è|sono|é|são|hai|hain|seems|looks)\s+(?:(?:a\s+)?(?:bit|little|kinda|kind of|just|really|pretty|so|very|quite|known|always|trochę|bissl|etwas|un\s+peu|un\s+poco|thoda)\s+)?flaky\b|\bflaky\s+(?:is|hai|hain|hota|hoti)\b|\b\p{L}+\s+(?:always|every time|usually|sometimes|often)\s+(?:\S+\s+){0,3}?(?:fails?|fail\s+hota|crash(?:es)?|times\s+out|hangs)\s+(?:once|the first time|on\s+(?:the\s+)?first|at first|ek\s+baar)`)

// flakyRuleRE is a rule's word in a sentence about flaky things.
var flakyRuleRE = mustPattern(`(?i)^\W*(?:if|when|whenever)\b|\b(?:must|should|shall|need to|have to|never|don't|do not|always\s+(?:retry|rerun|mark|skip|quarantine|use|run))\b`)

// flakyRemark reports whether sentence s only tells that a thing is flaky.
func flakyRemark(s string) bool {
	return flakySaidRE.MatchString(s) && !flakyRuleRE.MatchString(s)
}
