package synth

import (
	"slices"
	"strings"
)

// A test runner never reports a package passing while a test in it fails:
// go test's "ok  \tpkg" follows a run in which every test of pkg that ran
// passed, and a run that did not select its tests by name ran them all. A
// reader may trust that (a failed test resolved by a later run reporting
// its package passing whole), so the generator keeps the planted tests
// each package has failing and writes no run whose output contradicts
// them: a run of such a package goes to another package, or selects its
// tests by name.

// setFailing records that the planted test name of pkg fails from now on
// (on) or passes again.
func (g *gen) setFailing(pkg, name string, on bool) {
	if g.failing == nil {
		g.failing = map[string][]string{}
	}
	i := slices.Index(g.failing[pkg], name)
	switch {
	case on && i < 0:
		g.failing[pkg] = append(g.failing[pkg], name)
	case !on && i >= 0:
		g.failing[pkg] = slices.Delete(g.failing[pkg], i, i+1)
	}
}

// passingPkg is pkg, or when a planted test of pkg is failing, the next
// package (in the order of nouns) with none, for a run that passes (a
// filler run, a rejected approach's check). It draws nothing from the
// random source, so the rest of the session does not depend on it.
func (g *gen) passingPkg(pkg string) string {
	if len(g.failing[pkg]) == 0 {
		return pkg
	}
	at := slices.Index(nouns, pkg)
	for i := 1; i < len(nouns); i++ {
		if p := nouns[(at+i)%len(nouns)]; len(g.failing[p]) == 0 {
			return p
		}
	}
	return pkg
}

// passingRun returns the arguments and output of a run_tests call on pkg
// (passingPkg's) that passes. When a planted test of pkg is failing (every
// package has one) it runs pkg's other tests by name (-run), whose output
// reports the package "ok" without claiming the failing ones.
func (g *gen) passingRun(pkg string) (map[string]string, string) {
	args := map[string]string{"package": "./" + pkg + "/..."}
	names, out := fillerTests(g.r)
	if len(g.failing[pkg]) > 0 {
		slices.Sort(names)
		args["run"] = "^(" + strings.Join(slices.Compact(names), "|") + ")$"
	}
	return args, out + goVerdictOK(g.r, pkg)
}
