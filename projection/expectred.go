package projection

import "strings"

// A test written to fail first.
//
// "Write the failing test first", "I'll add a failing test for the
// accent case (RED)", "this test should fail until slugify exists",
// "good, that's the expected red": test-driven work runs a new test
// before the code it tests exists, and its failure is the step asked
// for, not a problem of the session. Once the user or the agent says so,
// a test run that fails is an expected failure (lifecycle Expected: no
// head, never listed open), and a failure of a test run already open
// since the user's last message becomes one; the run passing later
// resolves it as any failure (passStep). The expectation lasts a few
// events (redWindow), and ends when the agent changes code that is no
// test (the implementation: a test that fails after it is a failure
// again). The subject must be a test: "then it will fail" predicts a
// bug, and expects nothing. A question
// ("should the test fail first?"), a condition ("if it fails, …"), a
// negation ("the test should not fail") and a failure of a command that
// runs no tests expect nothing.

// expectRedRE is a sentence that says a test is written or run to fail.
var expectRedRE = mustPattern(`(?i)\b(?:write|writing|wrote|written|add|adding|added|start(?:ing)? with|create|creating)\s+(?:(?:a|an|the|one|some|two|three|new|first)\s+){0,2}failing\s+(?:(?:unit|regression|integration|spec|e2e)\s+)?(?:tests?|specs?)\b` +
	`|\bfailing\s+(?:tests?|specs?)\s+first\b|\bred\s+phase\b|\b(?:the\s+)?expected\s+red\b|\bred\s*(?:,|→|->|then|/)\s*green\b` +
	`|\b(?:tests?|specs?)\s+(?:should|must|will|ought to|is expected to|are expected to|is supposed to|are supposed to)\s+fail\b` +
	`|\b(?:fails?|failed|failing)\s+as\s+expected\b|\bexpected\s+(?:to\s+fail|failure)\b` +
	// TDD's own word in capitals, "(RED)", "RED:", not a constant ("Color.RED")
	`|(?-i:(?:^|[\s(\[])RED(?:$|[\s)\]:,.!]))`)

// expectRedNotRE is what makes such a sentence expect nothing: a
// question, a condition, a negation of the failing.
var expectRedNotRE = mustPattern(`(?i)[?？]|\b(?:if|unless|whether|in case)\b|\b(?:not|never|n't)\s+(?:\w+\s+)?fail|\bunexpected(?:ly)?\b`)

// redSeenRE is a sentence that says a test failed as it was to: the
// run just before it is the red step ("good, that's the expected red").
var redSeenRE = mustPattern(`(?i)\bexpected\s+(?:red|failure)\b|\b(?:fails?|failed|failing)\s+as\s+expected\b|\bred\s+phase\b|(?-i:(?:^|[\s(\[])RED(?:$|[\s)\]:,.!]))`)

// expectsRed reports whether text says a test is to fail first (see
// above), and whether it says one just did (redSeenRE).
func expectsRed(text string) (expects, seen bool) {
	for _, s := range sentences(text) {
		if expectRedRE.MatchString(s) && !expectRedNotRE.MatchString(s) {
			expects = true
			seen = seen || redSeenRE.MatchString(s)
		}
	}
	return expects, seen
}

// redSeenGap is how many events before the word that the red was seen
// its run may be.
const redSeenGap = 4

// saidRed notes a message that expects a test to fail (see above): a
// test run failing from here is an expected failure, and one that said
// the red was seen makes the test failures of the run just before it
// (since the user's last message, at most redSeenGap events before)
// expected ones.
func (r *Reducer) saidRed(ev *Event) {
	expects, seen := expectsRed(ev.Text)
	if !expects {
		return
	}
	r.redSaid = ev.Seq
	if !seen {
		return
	}
	for _, a := range r.sorted() {
		if a.Kind == KindFailure && (a.Lifecycle == Open || a.Lifecycle == Investigating) && r.hot[slot(a.Kind, a.Key)] == a && a.Seq() > r.userSeq && ev.Seq-a.Seq() <= redSeenGap && testRunFailure(a) {
			a.Lifecycle = Expected
		}
	}
}

// redWindow is how many events after it a word that a test is to fail
// holds: the test written and run, not a prediction ("then it will
// fail") long before another run.
const redWindow = 12

// redExpected reports whether failure a, new, is a test failing as said
// (see above).
func (r *Reducer) redExpected(a *Anchor) bool {
	return r.redSaid > 0 && a.Seq()-r.redSaid <= redWindow && testRunFailure(a)
}

// redEdited ends the expectation when call writes a file that is no
// test: the code under test changed.
func (r *Reducer) redEdited(c *Call) {
	if r.redSaid == 0 || c == nil {
		return
	}
	if p, writes := fileOp(c); p != "" && writes && !testPathRE.MatchString(p) {
		r.redSaid = 0
	}
}

// testRunFailure reports whether failure a is a test's, or a test run's.
func testRunFailure(a *Anchor) bool {
	if strings.HasPrefix(a.Key, "test/") {
		return true
	}
	c := failedCallOf(a)
	return c != "" && testRunRE.MatchString(c)
}
