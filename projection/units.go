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
// tests by name ("-run", "-k", "-t", or a tool's argument of that name)
// reports a unit without all of its tests, and resolves nothing this way.
//
// Cost: a failing output's verdict lines are read once, and only when one
// of its failed tests needs them (unitReader); a passing output is read
// for units only while an open failure has one (Reducer.unitHits).

// unitPrefix opens a link naming the unit holding a test.
const unitPrefix = "unit/"

var (
	// goPkgFailRE and goPkgPassRE are Go's verdict on a package.
	goPkgFailRE = mustPattern(`(?m)^FAIL\s+(\S+)\s+\d`)
	goPkgPassRE = mustPattern(`(?m)^ok\s+(\S+)\s+(?:\d|\(cached\))`)
	// pyFilePassRE is pytest's line for a file whose tests all passed
	// (dots, with skips "s" and expected failures "x").
	pyFilePassRE = mustPattern(`(?m)^(\S+\.py) [.sx]+\s+\[\s*\d+%\]\s*$`)
	// selectOpts are the options that run only the tests they name; a
	// tool argument of the same name without its dashes ("run": "^TestA$")
	// selects too.
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

// unitReader finds the units of a failing output's failed tests, reading
// each kind of verdict line at most once.
type unitReader struct {
	text string
	// goPkgs and files are the match indexes of Go's package verdicts and
	// jest's file verdicts; nil until first needed.
	goPkgs, files [][]int
}

// link appends to links the unit of the failed test whose line (its
// quote) the output holds at offset at, if the output names one.
func (u *unitReader) link(links []string, at int, line string) []string {
	if s := u.unitOf(at, line); s != "" {
		return append(links, unitPrefix+s)
	}
	return links
}

// unitOf is the unit of the failed test at offset at, or "".
func (u *unitReader) unitOf(at int, line string) string {
	line = strings.TrimSpace(line)
	switch {
	case strings.HasPrefix(line, "--- FAIL: "):
		// Go: the first package verdict after it.
		if u.goPkgs == nil {
			u.goPkgs = goPkgFailRE.FindAllStringSubmatchIndex(u.text, -1)
		}
		for _, m := range u.goPkgs {
			if m[0] > at {
				return u.text[m[2]:m[3]]
			}
		}
	case strings.HasPrefix(line, "FAILED "):
		if file, _, ok := strings.Cut(line[len("FAILED "):], "::"); ok && strings.HasSuffix(file, ".py") {
			return file
		}
	case flutterFailRE.MatchString(line):
		// flutter test: the file the output says the test is in
		// (fluttertest.go)
		return flutterUnit(u.text, at, flutterFailRE.FindStringSubmatch(line)[1])
	case fileFailRE.MatchString(line):
		return fileFailRE.FindStringSubmatch(line)[1]
	case strings.HasPrefix(line, "✕") || strings.HasPrefix(line, "✗") || strings.HasPrefix(line, "×"):
		// A jest or vitest case: the file whose verdict is the last one
		// before it.
		if u.files == nil {
			u.files = fileFailRE.FindAllStringSubmatchIndex(u.text, -1)
		}
		unit := ""
		for _, m := range u.files {
			if m[0] >= at {
				break
			}
			unit = u.text[m[2]:m[3]]
		}
		return unit
	}
	return ""
}

// passedUnits are the units a passing call's output reports passing
// whole, none for a run that selected its tests.
func passedUnits(c *Call, text string) []string {
	var out []string
	for _, u := range unitReports {
		if !strings.Contains(text, u.mark) {
			// Most outputs hold no runner's verdict line: one scan.
			continue
		}
		for _, m := range u.re.FindAllStringSubmatch(text, 64) {
			out = append(out, m[1])
		}
	}
	if len(out) == 0 || selects(c) {
		return nil
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// selects reports whether a call runs only the tests it names: an option
// of selectOpts in its command, or an argument so named.
func selects(c *Call) bool {
	if c == nil {
		return false
	}
	for k, v := range c.Args {
		if s, ok := v.(string); ok && s != "" && (selectOpts["-"+k] || selectOpts["--"+k]) {
			return true
		}
	}
	_, cmd := argString(c.Args, commandArgKeys)
	for _, st := range andStages(cmd) {
		for _, w := range runFields(st) {
			if o, _, _ := strings.Cut(w, "="); selectOpts[o] {
				return true
			}
		}
	}
	return false
}

// unitHits adds to hit the open failures (other than f) whose unit the
// passing output reports passing whole. The output is read only when one
// has a unit.
func (r *Reducer) unitHits(text string, f *Anchor, hit []*Anchor) []*Anchor {
	var passed []string
	read := false
	for _, a := range r.hot {
		if a.Kind != KindFailure || a == f || !a.IsHead() || slices.Contains(hit, a) {
			continue
		}
		u, ok := linkWith(a.Links, unitPrefix)
		if !ok {
			continue
		}
		if !read {
			passed, read = passedUnits(r.call, text), true
		}
		if slices.Contains(passed, u) || flutterUnitPassed(r.call, text, u) || goRunPassed(r.call, text, u, a.Name) {
			hit = append(hit, a)
		}
	}
	return hit
}
