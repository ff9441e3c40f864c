package projection

import (
	"slices"
	"strings"
)

// A failed test read where it did not run.
//
// A test's failure may be read from a log of a run elsewhere: a CI job's
// log ("gh run view 8823190112 --log-failed", "glab ci trace"), a file
// of a run's output (cat pytest.log). The call that showed it runs no
// tests, so no run of it again resolves the test (suite.go). A later
// local run of the test program for the test's own file, or of the whole
// suite, that passes with nothing failing then does, whatever the source
// of the failure was. The run must be of the program the failure names
// ("path.py::test" is pytest's, a Go "--- FAIL: TestX" go test's),
// must select no tests by name (selectOpts), and its operands must all be
// paths, one of them the test's file or a folder holding it.

// testFileLangs are the test programs each test file extension's tests
// run under.
var testFileLangs = map[string][]string{
	".py": {"pytest", "python -m pytest", "python3 -m pytest"},
	".go": {"go test"},
	".rs": {"cargo test", "cargo nextest run"},
	".js": {"jest", "vitest", "npm test", "yarn test", "pnpm test", "bun test"},
	".ts": {"jest", "vitest", "npm test", "yarn test", "pnpm test", "bun test"},
	".rb": {"rspec"},
}

// testFileRE is the file a failed test's line names: pytest's
// "orders/tests/test_export.py::test_x", jest's "FAIL src/a.test.ts".
var testFileRE = mustPattern(`([\w./-]+\.(?:py|go|rs|js|ts|rb))(?:::|:\d|\s|$)`)

// ciTestPassed reports whether failed test a, whose failure the call
// failedCall showed without running it, passed in the passing call pc
// with output out.
func ciTestPassed(a *Anchor, failedCall string, pc *passedCall, out string) bool {
	if !strings.HasPrefix(a.Key, "test/") || testRunRE.MatchString(failedCall) {
		return false
	}
	if !suitePassRE.MatchString(out) || suiteFailRE.MatchString(out) {
		return false
	}
	m := testFileRE.FindStringSubmatch(a.Quote + " " + a.Value)
	if m == nil {
		return false
	}
	file := strings.TrimPrefix(m[1], "./")
	progs := testFileLangs[file[strings.LastIndex(file, "."):]]
	for _, loc := range testRunRE.FindAllStringSubmatchIndex(pc.text, -1) {
		run := readTestRun(pc.text, loc)
		words := strings.Fields(pc.text[loc[4]:loc[5]])
		if !slices.Contains(progs, run.prog) || hasSelectOpt(words) {
			continue
		}
		if len(run.ops) == 0 {
			return true
		}
		if !slices.ContainsFunc(run.ops, func(o string) bool { return !pathLike(o) && o != "." }) && slices.ContainsFunc(run.ops, func(o string) bool {
			o = strings.TrimSuffix(strings.TrimPrefix(o, "./"), "/")
			return o == file || o == "." || strings.HasPrefix(file, o+"/")
		}) {
			return true
		}
	}
	return false
}

// hasSelectOpt reports whether the words of a run hold an option that
// selects its tests by name.
func hasSelectOpt(words []string) bool {
	for _, w := range words {
		name, _, _ := strings.Cut(w, "=")
		if selectOpts[name] || narrowOpts[name] {
			return true
		}
	}
	return false
}
