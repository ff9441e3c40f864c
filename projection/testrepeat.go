package projection

import (
	"slices"
	"strings"
)

// A test run repeated, retried or narrowed by its options.
//
// A flaky test is run many times to show it fixed: in a shell loop ("for
// i in 1 2 3 4 5; do pytest a.py::test_x; done"), or by an option that
// repeats it ("pytest --count 100", "go test -count=50", "playwright test
// --repeat-each 20", "ctest --repeat until-fail:100"). Such options, and
// those that only say how the tests run (workers, plugins, timeouts,
// seeds), choose no tests: their values are no operands of the run
// (readTestRun), so "pytest -q a.py --count 100" runs what "pytest -q
// a.py::test_x" ran, and more. A run names its tests by path, and a path
// holds what lies under it: the file "a.py" holds the test "a.py::test_x",
// the directory "invoices" its files (opCovers).
//
// An option that retries a failing test until it passes ("--reruns 3",
// "--retries 2", "ctest --repeat until-pass:3") hides a flake: a run with
// it passing says nothing of a run without it that failed. An option that
// leaves tests out ("--deselect a.py::test_x", "--ignore tests/slow",
// "-skip TestX") leaves out what it names, however that looks like an
// operand of the failed run.

// neutralTestOpts are the options of test programs whose value says how
// the tests run, not which: repeats, workers, timeouts, seeds, output.
var neutralTestOpts = wordSet(`--count -count --repeat-each --flake-runs --repeat-scope --repeat-until-failure --numprocesses --maxprocesses --dist -parallel -cpu -timeout --timeout --tb --durations --seed --order --maxWorkers --workers -j --jobs --parallel --max-cases --testTimeout --reporter`)

// neutralTestOptsOf are the options that are neutral so only for one
// program: "-p" loads a pytest plugin and sets go test's parallelism,
// but names cargo's package; "-n" is xdist's worker count.
var neutralTestOptsOf = map[string][]string{
	"pytest":            {"-p", "-n", "-W"},
	"python -m pytest":  {"-p", "-n", "-W"},
	"python3 -m pytest": {"-p", "-n", "-W"},
	"go test":           {"-p"},
}

// retryTestOpts are the options that run a failing test again until it
// passes.
var retryTestOpts = wordSet(`--reruns --reruns-delay --only-rerun --retries --retry --max-runs --min-passes --force-flaky --flaky-test-attempts --retry-failed`)

// selectTestOpts are the options of test programs that select tests by
// a value ("-k sync", "-run TestX", "--grep checkout"): the value is a
// filter, no path that holds tests. Another option is read as a flag.
var selectTestOpts = wordSet(`-k -m -t -e --example --tag -g --grep --grep-invert --project --selectProjects -run -bench --filter --group --testsuite --tests -R -L -I -p --package --test --bin --features -F --testNamePattern --testPathPattern --only --pyargs`)

// testOptRole is what option o (its name, without "=value") of test
// program prog with value v does: "neutral", "retry", "exclude" or "".
func testOptRole(prog, o, v string) string {
	switch {
	case retryTestOpts[o] || strings.HasPrefix(o, "-Dsurefire.rerunFailingTestsCount"):
		return "retry"
	case o == "--repeat" && (strings.HasPrefix(v, "until-pass") || strings.HasPrefix(v, "after-timeout")):
		// ctest's retry; "--repeat until-fail:N" repeats
		return "retry"
	case o == "--repeat" || neutralTestOpts[o] || slices.Contains(neutralTestOptsOf[prog], o):
		return "neutral"
	case excludeOptRE.MatchString(o) || o == "--grep-invert" || o == "--testPathIgnorePatterns" || prog == "ctest" && (o == "-E" || o == "-LE"):
		return "exclude"
	}
	return ""
}

// opCovers reports whether operand p of a passing run runs the tests
// operand f of a failed run named: the same operand, or p a path (one of
// the run's positional operands) that holds f ("a.py" holds
// "a.py::test_x" and "a.py::test_x[2]", "tests" holds "tests/a.py").
func opCovers(p, f string, positional bool) bool {
	if p == f {
		return true
	}
	if !positional {
		return false
	}
	f = strings.TrimPrefix(f, "./")
	if p == "./..." {
		// go's every package
		return true
	}
	if d, ok := strings.CutSuffix(strings.TrimPrefix(p, "./"), "/..."); ok {
		// go's "./internal/..."
		return f == d || strings.HasPrefix(f, d+"/")
	}
	p = strings.TrimRight(strings.TrimPrefix(p, "./"), "/")
	if p == "" || p == "." {
		return false
	}
	return f == p || strings.HasPrefix(f, p+"::") || strings.HasPrefix(f, p+"/") || strings.Contains(p, "::") && strings.HasPrefix(f, p+"[")
}
