package projection

import "strings"

// A test skipped is not a test passed.
//
// A failing test the user puts aside ("mets #[ignore] dessus, on verra
// plus tard", "mark it xfail for now", "先 skip 掉") makes the next run
// pass, but the test still fails: it was not run. A passing run resolves
// no failed test, nor a failed test run, when its summary says it passed
// nothing and skipped some ("test result: ok. 0 passed; 0 failed; 1
// ignored", "1 skipped in 0.02s", "Tests: 1 skipped, 1 total"), or when
// it names the failed test as skipped ("test stats::median_large ...
// ignored", "--- SKIP: TestMedianLarge", "tests/test_x.py::test_y
// SKIPPED"). The failure stays open, as one put off does (abandon.go).
// A run that passed tests and skipped others says nothing new here: its
// passes resolve as they would.

var (
	// skippedOnlyRE is a test summary that passed nothing and skipped
	// something.
	skippedOnlyRE = mustPattern(`(?mi)test result: ok\. 0 passed; 0 failed; [1-9]\d* ignored` +
		`|^=*\s*(?:[1-9]\d* (?:skipped|deselected|xfailed)(?:, )?)+ in [\d.]+m?s\b` +
		`|^\s*Tests:\s+[1-9]\d* (?:skipped|todo)(?:, [1-9]\d* (?:skipped|todo))*, \d+ total`)

	// passedSomeRE is a test summary that passed something.
	passedSomeRE = mustPattern(`\b[1-9]\d* passed\b`)

	// skippedLineRE is one test reported skipped, its name in group 1
	// or 2: cargo's "test x ... ignored", go's "--- SKIP: TestX",
	// pytest's "path::test SKIPPED" and "SKIPPED [1] path::test".
	skippedLineRE = mustPattern(`(?m)^test (\S+) \.\.\. ignored\b|^\s*--- SKIP: (\S+)|^(\S+::\S+) (?:SKIPPED|XFAIL)\b|^SKIPPED \[\d+\] (\S+)`)
)

// skippedHits is the failures of hit a passing output text resolves once
// the tests it skipped are left out.
func skippedHits(text string, hit []*Anchor) []*Anchor {
	if hit == nil {
		return nil
	}
	// cargo's doc-tests may pass nothing after the unit tests passed
	all := skippedOnlyRE.MatchString(text) && !passedSomeRE.MatchString(text)
	var named []string
	for _, m := range skippedLineRE.FindAllStringSubmatch(text, -1) {
		for _, g := range m[1:] {
			if g != "" {
				named = append(named, g)
			}
		}
	}
	if !all && len(named) == 0 {
		return hit
	}
	out := hit[:0:0]
	for _, a := range hit {
		if all && isTestFailure(a) || skippedNames(a, named) {
			continue
		}
		out = append(out, a)
	}
	return out
}

// isTestFailure reports whether failure a is a failed test or a failed
// test run.
func isTestFailure(a *Anchor) bool {
	if strings.HasPrefix(a.Key, "test/") {
		return true
	}
	call, ok := linkWith(a.Links, callPrefix)
	if !ok {
		call, _ = strings.CutPrefix(a.Key, commandPrefix)
	}
	return testRunRE.MatchString(call)
}

// skippedNames reports whether failure a is a test one of names names:
// the whole name or its last part ("tests/test_x.py::test_y" and
// "test_y", "stats::median_large").
func skippedNames(a *Anchor, names []string) bool {
	if !strings.HasPrefix(a.Key, "test/") {
		return false
	}
	name := a.Name
	if name == "" {
		name = a.Key[strings.LastIndex(a.Key, "/")+1:]
	}
	for _, n := range names {
		if n == name || strings.HasSuffix(n, "::"+name) || strings.HasSuffix(name, "::"+n) || strings.HasSuffix(n, "/"+name) {
			return true
		}
	}
	return false
}
