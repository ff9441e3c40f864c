package projection

import (
	"regexp"
	"strings"
)

// A Go test selected by -run, passing.
//
// "go test ./internal/cache/ -run TestTTLExpiry -count=3" prints only
// "ok  \tgithub.com/x/internal/cache\t0.412s" without -v: no line names
// the test, but the package passed with the selected tests in it, so a
// failed test of that package whose name the -run pattern matches (Go's
// pattern, its first "/"-separated part against the top-level name)
// passed. A test the pattern does not match, or one -skip leaves out,
// passed nothing; nor does a run whose package failed.

// goRunPassed reports whether call c, a passing "go test" whose output
// text reports unit passing, selected the failed test name with -run.
func goRunPassed(c *Call, text, unit, name string) bool {
	if c == nil || unit == "" || name == "" || !strings.Contains(text, "ok  ") {
		return false
	}
	_, cmd := argString(c.Args, commandArgKeys)
	if !strings.Contains(cmd, "-run") {
		return false
	}
	pkgOK := false
	for _, m := range goPkgPassRE.FindAllStringSubmatch(text, 64) {
		pkgOK = pkgOK || m[1] == unit
	}
	if !pkgOK {
		return false
	}
	top, _, _ := strings.Cut(name, "/")
	for _, st := range andStages(cmd) {
		f := runFields(unwrap(st))
		if len(f) < 2 || f[0] != "go" || f[1] != "test" {
			continue
		}
		run, skip := goTestOpt(f, "-run"), goTestOpt(f, "-skip")
		if run == "" || (skip != "" && goPatternMatches(skip, top)) {
			continue
		}
		if goPatternMatches(run, top) {
			return true
		}
	}
	return false
}

// goTestOpt is the value of option opt ("-run", "--run", "-test.run",
// "-run=X", "-run X") in the fields f of a go test stage.
func goTestOpt(f []string, opt string) string {
	for i, w := range f {
		w = strings.TrimPrefix(strings.TrimPrefix(w, "-"), "test.")
		o, v, eq := strings.Cut("-"+w, "=")
		if o != opt {
			continue
		}
		if eq {
			return strings.Trim(v, `'"`)
		}
		if i+1 < len(f) {
			return strings.Trim(f[i+1], `'"`)
		}
	}
	return ""
}

// goPatternMatches reports whether go test's pattern p selects the
// top-level test name: its first "/"-separated part, a regular
// expression, matches it.
func goPatternMatches(p, name string) bool {
	first, _, _ := strings.Cut(p, "/")
	re, err := regexp.Compile(first)
	return err == nil && first != "" && re.MatchString(name)
}
