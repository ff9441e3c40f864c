package projection

import "strings"

// flutter test's and dart test's report of each test and of the run.
//
// The compact reporter (the default) prints one progress line per event,
// "00:04 +14 -1: <test name>": the elapsed time, the passed count, the
// skipped count ("~2") and the failed count. The line names the test
// that is running or just ran, so a progress line of a test named
// "test_error_handling …" says nothing of its outcome; the failed test's
// line ends in "[E]", its error indented under it ("Null check operator
// used on a null value", "Expected: exactly one matching candidate"). The
// expanded reporter (CI) prints the same lines, the test's file before
// its name. The run ends "00:05 +23 -1: Some tests failed." or "00:05
// +23: All tests passed!": that summary fails the run whatever exit
// status a pipe ("flutter test 2>&1 | tail -n 6") left.

var (
	// flutterFailRE is a failed test's line: its name the group.
	flutterFailRE = mustPattern(`(?m)^[ \t]*\d+:\d{2} \+\d+(?: ~\d+)?(?: -\d+)?: (\S[^\n]*?) \[E\][ \t]*$`)
	// flutterProgressRE is a progress line of the compact reporter.
	flutterProgressRE = mustPattern(`^\d+:\d{2} \+\d+(?: ~\d+)?(?: -\d+)?: \S`)
	// flutterSummaryFailRE is the run's summary with a failure in it.
	flutterSummaryFailRE = `|^[ \t]*\d+:\d{2} \+\d+(?: ~\d+)? -[1-9]\d*: Some tests failed\.[ \t]*$`
	// flutterSummaryPassRE is the run's summary with none.
	flutterSummaryPassRE = `|^[ \t]*\d+:\d{2} \+\d+(?: ~\d+)?: All tests passed!`
)

// flutterFailDetail is the error flutter test printed under the failed
// test's line at at: its first indented line that is not a rule of the
// framework's box ("══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞══"),
// "" when none.
func flutterFailDetail(text string, at int) string {
	rest := text[at:]
	i := strings.IndexByte(rest, '\n')
	if i < 0 {
		return ""
	}
	for _, l := range strings.SplitN(rest[i+1:], "\n", 8) {
		if l == "" || l[0] != ' ' && l[0] != '\t' {
			if strings.HasPrefix(l, "══") {
				continue
			}
			return ""
		}
		if t := strings.TrimSpace(l); t != "" {
			return t
		}
	}
	return ""
}
