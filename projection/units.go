package projection

import (
	"slices"
	"strings"
)

// A failed test fixed in a run of another command.
//
// After a failing test is fixed, the run that shows it is rarely the one
// that failed: "make test" after "go test ./internal/export/...", "python
// -m pytest tests" after "pytest tests/test_a.py -q", the whole suite
// after one file. Test runners report the unit holding the tests as a
// whole — Go's package ("FAIL\tgithub.com/x/y\t0.4s", "ok  \tgithub.com/x/y
// 0.5s"), a pytest file ("FAILED tests/test_a.py::test_b", "tests/test_a.py
// ....  [ 40%]"), a jest or vitest file ("FAIL src/a.test.ts", "PASS
// src/a.test.ts") — so a failed test keeps its unit as a link
// (unitPrefix), and a later passing call whose output reports that unit
// passing whole resolves it, whatever command ran it. A run that selects
// tests by name ("-run", "-k", "-t") reports a unit without all of its
// tests, and resolves nothing this way.

// unitPrefix opens a link naming the unit holding a test.
const unitPrefix = "unit/"

var (
	// goPkgFailRE and goPkgPassRE are Go's verdict on a package.
	goPkgFailRE = mustPattern(`(?m)^FAIL\s+(\S+)\s+\d`)
	goPkgPassRE = mustPattern(`(?m)^ok\s+(\S+)\s+(?:\d|\(cached\))`)
	// pyFilePassRE is pytest's line for a file whose tests all passed
	// (dots, with skips "s" and expected failures "x").
	pyFilePassRE = mustPattern(`(?m)^(\S+\.py) [.sx]+\s+\[\s*\d+%\]\s*$`)
	// selectOpts are the options that run only the tests they name.
	selectOpts = map[string]bool{"-run": true, "-skip": true, "-k": true, "-t": true, "-m": true, "--testNamePattern": true,
		"--testPathPattern": true, "--grep": true, "--filter": true, "--deselect": true, "--lf": true, "--last-failed": true, "--exact": true}
)

// unitReports are the verdict lines on a whole unit, each with a mark
// every such line holds: Go's "ok  \tpkg", pytest's "[ 40%]", jest's
// "PASS file".
var unitReports = []struct {
	mark string
	re   *pattern
}{{"ok  ", goPkgPassRE}, {"%]", pyFilePassRE}, {"PASS", filePassRE}, {"✓", filePassRE}}

// failedUnit is the unit holding the failed test name, read from the
// output text, or "".
func failedUnit(text, name, line string) string {
	if i := strings.Index(text, "--- FAIL: "+name); i >= 0 {
		if m := goPkgFailRE.FindStringSubmatch(text[i:]); m != nil {
			return m[1]
		}
		return ""
	}
	if f, ok := strings.CutPrefix(line, "FAILED "); ok {
		if file, _, ok := strings.Cut(f, "::"); ok && strings.HasSuffix(file, ".py") {
			return file
		}
		return ""
	}
	if fileFailRE.MatchString(line) {
		return fileFailRE.FindStringSubmatch(line)[1]
	}
	if i := strings.Index(text, line); i >= 0 {
		// A jest or vitest case: the file whose verdict line is the last
		// one before it.
		unit := ""
		for _, m := range fileFailRE.FindAllStringSubmatch(text[:i], 16) {
			unit = m[1]
		}
		return unit
	}
	return ""
}

// passedUnits are the links naming each unit a passing call's output
// reports passing whole, none for a run that selected its tests.
func passedUnits(cmd, text string) []string {
	var out []string
	for _, u := range unitReports {
		if !strings.Contains(text, u.mark) {
			// Most outputs hold no runner's verdict line: one scan.
			continue
		}
		for _, m := range u.re.FindAllStringSubmatch(text, 64) {
			out = append(out, unitPrefix+m[1])
		}
	}
	if len(out) == 0 {
		return nil
	}
	slices.Sort(out)
	out = slices.Compact(out)
	for _, st := range andRE.Split(cmd, -1) {
		for _, w := range runFields(st) {
			if o, _, _ := strings.Cut(w, "="); selectOpts[o] {
				return nil
			}
		}
	}
	return out
}
