package projection

import "strings"

// testTimingRE is a test runner's timing or progress mark at the end of a
// test's line: vitest's "5011ms", jest's "(5011 ms)", go's and
// playwright's "(0.01s)", dotnet's "[12 ms]", pytest's "[ 50%]". A test's
// identity is its name: the same test run again takes another time, and
// its pass must meet its failure under one key.
var testTimingRE = mustPattern(`(?:\s+(?:\(\s*\d+(?:[.,]\d+)?\s*(?:ms|s|sec|µs)\s*\)|\[\s*(?:<\s*)?\d+(?:[.,]\d+)?\s*(?:ms|s|µs)\s*\]|\d+(?:[.,]\d+)?\s?ms|\[\s*\d{1,3}%\s*\]))+\s*$`)

// testName is the name a runner's test line gives, without the run's
// timing (testTimingRE).
func testName(n string) string {
	if s := strings.TrimSpace(testTimingRE.ReplaceAllString(n, "")); s != "" {
		return s
	}
	return n
}
