package projection

import (
	"slices"
	"strings"
)

// The same step run again with another way of showing it.
//
// An agent rarely reruns a failed step byte for byte: "./gradlew
// :app:assembleRelease" fails on R8, and after the fix "./gradlew
// :app:assembleRelease -q" passes; "cargo test" fails, "cargo test -q
// -- --nocapture" passes; "pytest tests/test_a.py" fails, "pytest
// tests/test_a.py -x --tb=short 2>&1" passes. The options added or
// dropped only change how much the run prints, in what colour, how many
// jobs it uses, whether it stops at the first failure, or where its
// output goes: the run checks the same thing, and its passing resolves
// the failure (rerunIn). An option that changes what is built or checked
// ("--release", "--debug", "-p core", "--offline", "-k name") is not one
// of them, so the runs stay different.

var (
	// quietOpts are options that change only how a run reports or how
	// fast it goes, never what it checks: verbosity, colour, progress,
	// a build tool's daemon and stack traces, a test runner's report and
	// stopping at the first failure.
	quietOpts = wordSet(`-q --quiet -qq -v -vv -vvv --verbose -s --silent --no-color --no-colour --ansi --no-ansi
		--stacktrace --full-stacktrace --info --warn --no-daemon --daemon --parallel --no-parallel --scan --build-cache --no-build-cache
		--no-progress --progress --nocapture --no-capture --show-output -x --exitfirst --bail --fail-fast --no-fail-fast
		--no-header --no-summary -rA -ra -rf -rs --timings --no-watch --watch=false --runInBand --colors --no-colors --batch-mode`)

	// quietValued are the options of that kind that take a value, in the
	// next word or after "=", with the values they take: jobs, colour,
	// console, traceback style, message format, warning mode.
	quietValued = map[string]*pattern{
		"-j": numberRE, "--jobs": numberRE, "--maxWorkers": numberRE, "--max-workers": numberRE, "--durations": numberRE,
		"--color": colorRE, "--colour": colorRE,
		"--console":        mustPattern(`^(?:plain|rich|auto|verbose|colored)$`),
		"--tb":             mustPattern(`^(?:auto|long|short|line|native|no)$`),
		"--message-format": mustPattern(`^(?:short|human|json|json-diagnostic-short|json-render-diagnostics)$`),
		"--warning-mode":   mustPattern(`^(?:all|fail|summary|none)$`),
	}
	numberRE = mustPattern(`^\d+%?$`)
	colorRE  = mustPattern(`^(?:always|never|auto)$`)
)

// stepFields are a stage's words (runFields) without the options that
// only change how the run reports (see above) and without the
// redirections of its output; a "--" left with nothing after it goes too.
func stepFields(f []string) []string {
	out := make([]string, 0, len(f))
	for i := 0; i < len(f); i++ {
		t := f[i]
		if i == 0 {
			out = append(out, t)
			continue
		}
		if redirectRE.MatchString(t) && !strings.HasPrefix(t, "<") {
			// where the output goes; an input read ("< fix.patch") is
			// what the run works on and stays
			if t == ">" || t == ">>" || strings.HasSuffix(t, ">") && !strings.Contains(t, "&") {
				// "> out.log": the target is the next word
				i++
			}
			continue
		}
		if quietOpts[t] {
			continue
		}
		name, v, eq := strings.Cut(t, "=")
		if re := quietValued[name]; re != nil {
			switch {
			case eq && re.MatchString(v):
				continue
			case !eq && i+1 < len(f) && re.MatchString(f[i+1]):
				i++
				continue
			case !eq && name == "-j":
				// "make -j": as many jobs as it likes
				continue
			}
		}
		out = append(out, t)
	}
	if len(out) > 1 && out[len(out)-1] == "--" {
		out = out[:len(out)-1]
	}
	return out
}

// sameStep reports whether the failed stage's words ff and a passing
// stage's pf are the same run once the options that only change how it
// reports are left out of both.
func sameStep(ff, pf []string) bool {
	if len(ff) == 0 || len(pf) == 0 {
		return false
	}
	return slices.Equal(stepFields(ff), stepFields(pf))
}
