package projection

import "strings"

// The lines of one failed test among several.
//
// A run that fails several tests prints each test's lines apart: go test
// under (or, verbose, above) the test's own "--- FAIL: Name" line, pytest
// in the test's "____ name ____" section of its FAILURES report. A
// failed test's reason is read there, never from a line next to its
// verdict that belongs to another test ("--- FAIL: TestA" then "a_test.go:
// 44: …" then "--- FAIL: TestB": the line is TestA's).

var (
	// pyVerboseFailRE is pytest's verbose verdict on a test ("tests/a.py::
	// test_x FAILED"); pySectionRE the head of a failed test's section in
	// its FAILURES report ("____ test_x ____", "____ TestA.test_x[1] ____"),
	// which "pytest -q" may print with no FAILED line.
	pyVerboseFailRE = mustPattern(`(?m)^(\S+::\S+) FAILED\b`)
	pySectionRE     = mustPattern(`(?m)^_{3,} ((?:\w+\.)*test\w*(?:\[[^\]\n]*\])?) _{3,}[ \t]*$`)
	// pyErrorRE and pyVerboseErrorRE are pytest's verdict on a test whose
	// setup or teardown raised ("ERROR tests/a.py::test_x - …", "tests/
	// a.py::test_x ERROR"): the test did not pass, as a failed one did
	// not. Only a Python file's test: a log line "ERROR app::db: …" (Rust's
	// tracing) names no test.
	pyErrorRE        = mustPattern(`(?m)^ERROR (\S+\.py::\S+)`)
	pyVerboseErrorRE = mustPattern(`(?m)^(\S+\.py::\S+) ERROR\b`)
)

// goFailDetail is the first line go test printed for the failed test
// name whose "--- FAIL" line starts at at: the first line indented under
// it ("--- FAIL: TestA (0.00s)" then "    a_test.go:44: got 1"), else,
// as go test -v prints them, the first of the indented lines above it
// that follow the test's own "=== RUN" (or nothing: output cut by tail),
// not another test's verdict. Empty when the test printed none.
func goFailDetail(text string, at int, name string) string {
	lines := strings.Split(text, "\n")
	i := strings.Count(text[:at], "\n")
	indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }
	marker := func(l string) bool {
		t := strings.TrimSpace(l)
		return strings.HasPrefix(t, "--- ") || strings.HasPrefix(t, "=== ")
	}
	said := func(l string) bool { return strings.Contains(l, ":") && strings.TrimSpace(l) != "" }
	head := indent(lines[i])
	for _, l := range lines[i+1:] {
		if strings.TrimSpace(l) == "" || indent(l) <= head {
			break
		}
		if !marker(l) && said(l) {
			return strings.TrimSpace(l)
		}
	}
	first := ""
	j := i - 1
	for ; j >= 0 && indent(lines[j]) > 0 && !marker(lines[j]) && strings.TrimSpace(lines[j]) != ""; j-- {
		if said(lines[j]) {
			first = strings.TrimSpace(lines[j])
		}
	}
	if first == "" {
		return ""
	}
	if j >= 0 && marker(lines[j]) {
		// the lines above follow a verdict or a run: this test's only
		// if its own run
		f := strings.Fields(lines[j])
		if len(f) < 3 || f[0] != "===" || f[2] != name {
			return ""
		}
	}
	return first
}

// pySectionName is the test a pytest FAILURES section is about, as the
// FAILED lines name it (pyName): "TestA.test_x" is "test_x".
func pySectionName(s string) string { return s[strings.LastIndexByte(s, '.')+1:] }

// pyErrorLineRE is a line of pytest's report of a failed test that says
// what failed: its "E   assert 3 == 4" lines, else an exception.
var pyErrorLineRE = mustPattern(`^\w*(?:Error|Exception)\b|^assert\b`)

// pySectionDetail is the first line of test name's section in pytest's
// FAILURES report that says what failed: an "E" line, else an
// exception's line, else its first line. Empty when there is no section.
func pySectionDetail(text, name string) string {
	lines := strings.Split(text, "\n")
	start := -1
	for i, l := range lines {
		if m := pySectionRE.FindStringSubmatch(l); m != nil && pySectionName(m[1]) == name {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return ""
	}
	first, exc := "", ""
	for _, l := range lines[start:] {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "___") || strings.HasPrefix(t, "===") {
			break
		}
		if rest, ok := strings.CutPrefix(t, "E "); ok && strings.TrimSpace(rest) != "" {
			return strings.TrimSpace(rest)
		}
		if exc == "" && pyErrorLineRE.MatchString(t) {
			exc = t
		}
		if first == "" && t != "" {
			first = t
		}
	}
	if exc != "" {
		return exc
	}
	return first
}

// pyHeadingRE is the heading of a block of pytest's report ("==== FAILURES
// ====", "==== PASSES ====").
var pyHeadingRE = mustPattern(`(?m)^=+ ([A-Za-z][\w ]*?) =+[ \t]*$`)

// inPytestPasses reports whether offset at of text is in pytest's PASSES
// block (-rP), whose "____ test_x ____" sections are passed tests' output.
func inPytestPasses(text string, at int) bool {
	in := false
	for _, m := range pyHeadingRE.FindAllStringSubmatchIndex(text[:at], -1) {
		in = text[m[2]:m[3]] == "PASSES"
	}
	return in
}
