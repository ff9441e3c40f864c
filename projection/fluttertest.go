package projection

import (
	"slices"
	"strings"
)

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

// The unit of a failed flutter test, and a run that passed it whole.
//
// The reporters name no file's verdict ("PASS file"), so a failed test
// keeps its file as its unit (units.go) from what the output says of it:
// the expanded reporter's "test/a_test.dart: name [E]", else the test
// file of the stack printed under the "[E]" line ("test/features/auth/
// auth_repository_test.dart 38:20  main.<fn>"), else the file the last
// "loading …" line before it loaded. A later flutter test (or dart test)
// run that ends "All tests passed!" ran that file whole when one of its
// operands is the file or a folder holding it, or it has none (the test/
// folder): "flutter test test/features/auth" after "flutter test". A run
// that picks tests by name or tag ("--plain-name", "--name", "--tags")
// says nothing of the others; "integration_test" is another folder.

var (
	// flutterUnitNameRE is the expanded reporter's file before the name.
	flutterUnitNameRE = mustPattern(`^(\S+_test\.dart): `)
	// flutterStackFileRE is a test file in a stack frame's line.
	flutterStackFileRE = mustPattern(`^\s+(\S+_test\.dart)\s+\d+:\d+`)
	// flutterLoadingRE is a progress line loading a test file.
	flutterLoadingRE = mustPattern(`(?m)^[ \t]*\d+:\d{2} \+\d+(?: ~\d+)?(?: -\d+)?: loading (\S+_test\.dart)[ \t]*$`)
	// flutterSelectOpts pick tests by name or tag.
	flutterSelectOpts = wordSet(`-n --name -N --plain-name -t --tags -x --exclude-tags`)
	// flutterAllPassedRE is the run's summary with nothing failed.
	flutterAllPassedRE = mustPattern(`(?m)` + flutterSummaryPassRE[1:])
)

// flutterUnit is the test file of the failed test whose "[E]" line
// (name the test's name) stands in text at offset at, "" when the output
// does not say.
func flutterUnit(text string, at int, name string) string {
	if m := flutterUnitNameRE.FindStringSubmatch(name); m != nil {
		return testRelPath(m[1])
	}
	if i := strings.IndexByte(text[at:], '\n'); i >= 0 {
		for _, l := range strings.SplitN(text[at+i+1:], "\n", 12) {
			if l == "" || l[0] != ' ' && l[0] != '\t' {
				break
			}
			if m := flutterStackFileRE.FindStringSubmatch(l); m != nil {
				return testRelPath(m[1])
			}
		}
	}
	unit := ""
	for _, m := range flutterLoadingRE.FindAllStringSubmatchIndex(text[:at], -1) {
		unit = text[m[2]:m[3]]
	}
	return testRelPath(unit)
}

// testRelPath is a test file's path from its package's root: an absolute
// path cut at its last "test/" or "integration_test/" folder.
func testRelPath(p string) string {
	if !strings.HasPrefix(p, "/") {
		return strings.TrimPrefix(p, "./")
	}
	i := max(strings.LastIndex(p, "/test/"), strings.LastIndex(p, "/integration_test/"))
	if i < 0 {
		return ""
	}
	return p[i+1:]
}

// flutterUnitPassed reports whether the passing call c, whose output is
// text, ran the test file unit whole with nothing failing (see above).
func flutterUnitPassed(c *Call, text, unit string) bool {
	if c == nil || !strings.HasSuffix(unit, "_test.dart") || !strings.Contains(text, "All tests passed!") || !flutterAllPassedRE.MatchString(text) || suiteFailRE.MatchString(text) {
		return false
	}
	_, cmd := argString(c.Args, commandArgKeys)
	for _, m := range testRunRE.FindAllStringSubmatchIndex(cmd, -1) {
		run := readTestRun(cmd, m)
		if run.prog != "flutter test" && run.prog != "dart test" {
			continue
		}
		if slices.ContainsFunc(strings.Fields(cmd[m[4]:m[5]]), func(w string) bool {
			o, _, _ := strings.Cut(w, "=")
			return flutterSelectOpts[o]
		}) {
			return false
		}
		if len(run.ops) == 0 {
			return strings.HasPrefix(unit, "test/")
		}
		for i, op := range run.ops {
			if run.pos[i] && opCovers(op, unit, true) {
				return true
			}
		}
	}
	return false
}
