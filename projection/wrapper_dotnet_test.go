package projection

import (
	"strings"
	"testing"
)

// A task runner's passing run resolves the failure of a check its
// output shows run and passing (wrapperecho.go): make echoes the line
// it runs, the checker's own summary says it passed. The trial's "make
// lint" after "ruff check" and "golangci-lint run --fix" failed.
func TestWrapperEchoResolves(t *testing.T) {
	cases := []struct {
		name, user, failed, failedOut, wrapper, wrapperOut string
		resolved                                           bool
	}{
		{"en ruff in make", "make lint has to pass", "docker compose exec api ruff check app tests", "Exit code 1\napp/a.py:3:1: F401 `os` imported but unused\nFound 1 error.",
			"make lint", "docker compose exec api ruff check app tests\nAll checks passed!\ndocker compose exec api mypy app\nSuccess: no issues found in 38 source files", true},
		{"it golangci-lint in make", "devo far passare golangci-lint", "golangci-lint run --fix ./...", "internal/worker/pool.go:7:2: \"time\" imported and not used (typecheck)\n1 issues:\n* typecheck: 1",
			"make lint", "golangci-lint run --timeout 5m ./...\n0 issues.", true},
		{"en pytest in a script under set -x", "get the tests green", "python -m pytest tests/test_api.py", "FAILED tests/test_api.py::test_get - KeyError\n1 failed, 3 passed in 0.4s",
			"./scripts/ci.sh", "+ python -m pytest tests/test_api.py\n4 passed in 0.5s", true},
		{"en flake8 silent in just", "lint must pass", "flake8 app", "app/a.py:3:1: F401 'os' imported but unused",
			"just lint", "flake8 app\nblack --check app\nAll done! ✨ 🍰 ✨", true},
		// near misses: the same check still finding, another checker's
		// pass, the target's name only, a cat of the Makefile
		{"en ruff still finding", "make lint has to pass", "ruff check app", "app/a.py:3:1: F401 `os` imported but unused\nFound 1 error.",
			"make lint", "ruff check app\napp/a.py:3:1: F401 `os` imported but unused\nFound 1 error.\nmake: [lint] Error 1 (ignored)", false},
		{"en only mypy shown", "make lint has to pass", "ruff check app", "app/a.py:3:1: F401 `os` imported but unused\nFound 1 error.",
			"make typecheck", "mypy app\nSuccess: no issues found in 38 source files", false},
		{"en target name only", "make lint has to pass", "ruff check app", "app/a.py:3:1: F401 `os` imported but unused\nFound 1 error.",
			"make -s lint", "", false},
		{"it cat of the Makefile", "devo far passare golangci-lint", "golangci-lint run ./...", "internal/a.go:7:2: x declared and not used (typecheck)",
			"cat Makefile", "lint:\n\tgolangci-lint run ./...\n0 issues.", false},
		{"it golangci-lint failing in make", "devo far passare golangci-lint", "golangci-lint run ./...", "internal/a.go:7:2: x declared and not used (typecheck)",
			"make lint", "golangci-lint run ./...\ninternal/b.go:9:2: y declared and not used (typecheck)\n1 issues:", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", c.user,
				"> assistant", scriptCall("bash", map[string]any{"command": c.failed}),
				"> result error", c.failedOut,
				"> assistant", scriptCall("bash", map[string]any{"command": c.wrapper}),
				"> result", c.wrapperOut,
			}, "\n")
			got := reduceAll(t, script)
			key := `failure (?:command/-/` + regexpQuote(c.failed) + `|test/-/test_get)[^\n]*\[`
			if c.resolved {
				expect(t, got, []string{key + `resolved/`}, nil)
			} else {
				expect(t, got, []string{key + `(?:open|investigating)/`}, nil)
			}
		})
	}
}

// dotnet test's output names its failed tests and its summary fails a
// run whose exit status a pipe hid (dotnettest.go); a run that counted
// one failure is taken over by the failure, named, of a run of the same
// tests (looptest.go).
func TestDotnetTestAndCountedRun(t *testing.T) {
	vat := "  Failed Facturatie.Tests.InvoiceTotalsTests.Total_IncludesVat_Rounded [9 ms]\n  Error Message:\n   Assert.Equal() Failure: Values differ\nExpected: 121.00\nActual:   120.99\n  Stack Trace:\n     at Facturatie.Tests.InvoiceTotalsTests.Total_IncludesVat_Rounded() in /src/InvoiceTotalsTests.cs:line 34\nFailed!  - Failed:     1, Passed:    49, Skipped:     0, Total:    50, Duration: 4 s - Facturatie.Tests.dll (net8.0)"
	pass := "Passed!  - Failed:     0, Passed:    50, Skipped:     0, Total:    50, Duration: 3 s - Facturatie.Tests.dll (net8.0)"
	run := func(user string, steps ...string) string {
		lines := []string{"> user", user}
		for i := 0; i+1 < len(steps); i += 2 {
			lines = append(lines, "> assistant", scriptCall("run_shell_command", map[string]any{"command": steps[i]}), "> result", steps[i+1])
		}
		return strings.Join(lines, "\n")
	}
	runScriptCases(t, []scriptCase{
		{"nl piped run failing, then passing", run("dotnet test moet groen", "dotnet test 2>&1 | tail -8", vat, "dotnet test", pass),
			[]string{`failure test/-/Total_IncludesVat_Rounded \[resolved/[^\n]*Assert\.Equal`}, []string{`\[open/`}},
		{"en summary only", run("get dotnet test green", "dotnet test 2>&1 | tail -1", "Failed!  - Failed:     2, Passed:    48, Skipped:     0, Total:    50, Duration: 4 s - App.Tests.dll (net8.0)"),
			[]string{`failure command/-/dotnet test[^\n]*\[open/[^\n]*Failed! - Failed: 2`}, nil},
		{"en theory's arguments kept", run("get dotnet test green", "dotnet test", "  Failed App.Tests.MathTests.Adds(a: 1, b: 2) [3 ms]\n  Error Message:\n   Assert.Equal() Failure\nFailed!  - Failed:     1, Passed:    9, Skipped:     0, Total:    10, Duration: 1 s - App.Tests.dll (net8.0)"),
			[]string{`failure test/-/Adds\(a: 1, b: 2\) \[open/`}, nil},
		// near misses: a pass summary, "Failed" in prose, a line without
		// its duration
		{"en pass summary", run("get dotnet test green", "dotnet test | tail -1", pass),
			nil, []string{`failure `}},
		{"nl prose", run("dotnet test moet groen", "cat NOTES.md", "  Failed Facturatie deploy on friday, see ticket\nFailed: 0"),
			nil, []string{`failure `}},
		// a loop counting one failure, then the test named: one failure
		{"en loop then named", run("make test green",
			"for i in 1 2 3 4; do python -m pytest -q tests/test_checkout.py::test_concurrent_checkout 2>&1 | tail -1; done", "1 passed in 1.91s\n1 failed in 2.40s\n1 passed in 1.93s\n1 passed in 1.90s",
			"python -m pytest -q tests/test_checkout.py::test_concurrent_checkout", "FAILED tests/test_checkout.py::test_concurrent_checkout - DeadlockDetected\n1 failed in 2.40s"),
			[]string{`failure command/-/python -m pytest[^\n]*\[superseded/`, `failure test/-/test_concurrent_checkout \[open/`}, nil},
		{"nl loop by class filter then named", run("dotnet test moet groen",
			"for i in 1 2 3; do dotnet test --no-build --filter InvoiceNumberGeneratorTests 2>&1 | tail -1; done", "Passed!  - Failed:     0, Passed:     4, Skipped:     0, Total:     4, Duration: 412 ms - F.dll (net8.0)\nFailed!  - Failed:     1, Passed:     3, Skipped:     0, Total:     4, Duration: 1 s - F.dll (net8.0)",
			"dotnet test --no-build --filter InvoiceNumberGeneratorTests.Parallel_NoDuplicates", "  Failed F.Tests.InvoiceNumberGeneratorTests.Parallel_NoDuplicates [1 s]\n  Error Message:\n   duplicate\nFailed!  - Failed:     1, Passed:     0, Skipped:     0, Total:     1, Duration: 1 s - F.dll (net8.0)"),
			[]string{`failure command/-/dotnet test[^\n]*\[superseded/`, `failure test/-/Parallel_NoDuplicates \[open/`}, nil},
		{"en named then loop", run("make test green",
			"python -m pytest -q", "FAILED tests/test_checkout.py::test_concurrent_checkout - DeadlockDetected\n1 failed, 50 passed in 9.40s",
			"for i in 1 2 3 4; do python -m pytest -q tests/test_checkout.py::test_concurrent_checkout 2>&1 | tail -1; done", "1 passed in 1.91s\n1 failed in 2.40s\n1 passed in 1.93s"),
			[]string{`failure command/-/python -m pytest -q tests/test_checkout[^\n]*\[superseded/`, `failure test/-/test_concurrent_checkout \[open/`}, nil},
		{"en named then loop of another test", run("make test green",
			"python -m pytest -q", "FAILED tests/test_checkout.py::test_concurrent_checkout - DeadlockDetected\n1 failed, 50 passed in 9.40s",
			"for i in 1 2 3 4; do python -m pytest -q tests/test_orders.py::test_refund 2>&1 | tail -1; done", "1 passed in 1.91s\n1 failed in 2.40s"),
			[]string{`failure command/-/python -m pytest -q tests/test_orders[^\n]*\[open/`}, nil},
		// near misses: two failures counted, another test file, the
		// whole suite
		{"en two counted", run("make test green",
			"python -m pytest -q tests/test_checkout.py 2>&1 | tail -1", "2 failed, 5 passed in 2.40s",
			"python -m pytest -q tests/test_checkout.py::test_concurrent_checkout", "FAILED tests/test_checkout.py::test_concurrent_checkout - DeadlockDetected\n1 failed in 2.40s"),
			[]string{`failure command/-/python -m pytest -q tests/test_checkout\.py \[open/`}, nil},
		{"en other file", run("make test green",
			"python -m pytest -q tests/test_orders.py 2>&1 | tail -1", "1 failed, 5 passed in 2.40s",
			"python -m pytest -q tests/test_checkout.py::test_concurrent_checkout", "FAILED tests/test_checkout.py::test_concurrent_checkout - DeadlockDetected\n1 failed in 2.40s"),
			[]string{`failure command/-/python -m pytest -q tests/test_orders\.py \[open/`}, nil},
		{"en whole suite", run("make test green",
			"python -m pytest -q 2>&1 | tail -1", "1 failed, 50 passed in 9.40s",
			"python -m pytest -q tests/test_checkout.py::test_concurrent_checkout", "FAILED tests/test_checkout.py::test_concurrent_checkout - DeadlockDetected\n1 failed in 2.40s"),
			[]string{`failure command/-/python -m pytest -q \[open/`}, nil},
	})
}

// A user message that calls the failed test flaky in one sentence and
// says to leave it in another gives nothing up (subject.go givenUp): the
// test stays open, marked flaky.
func TestFlakyLeaveItAcrossSentences(t *testing.T) {
	fail := strings.Join([]string{
		"> assistant", scriptCall("bash", map[string]any{"command": "python -m pytest -q tests/test_checkout.py::test_concurrent_checkout"}),
		"> result error", "FAILED tests/test_checkout.py::test_concurrent_checkout - DeadlockDetected\n1 failed in 2.40s",
		"> assistant", "test_concurrent_checkout deadlocks in 1 of 4 runs. Should I fix the lock ordering now or leave it?",
	}, "\n")
	runScriptCases(t, []scriptCase{
		{"en known flaky, leave it", "> user\nmake test green\n" + fail + "\n> user\nthats the known flaky one, there's a ticket. leave it, dont touch checkout.py in this PR",
			[]string{`failure test/-/test_concurrent_checkout \[open/[^\n]*flaky`}, nil},
		{"it noto flaky, lascia stare", "> user\nfai passare i test\n" + fail + "\n> user\nè il test flaky che conosciamo. lascia stare, non toccare checkout.py",
			[]string{`failure test/-/test_concurrent_checkout \[open/`}, nil},
		// near miss: no flaky word, the failure given up
		{"en leave it", "> user\nmake test green\n" + fail + "\n> user\nthere's a ticket for it. leave it, dont touch checkout.py in this PR",
			nil, []string{`failure test/-/test_concurrent_checkout \[open/`}},
	})
}

// dotnetName keeps a failed test's method, and a theory's arguments.
func TestDotnetName(t *testing.T) {
	for in, want := range map[string]string{
		"Facturatie.Tests.InvoiceTotalsTests.Total_IncludesVat_Rounded": "Total_IncludesVat_Rounded",
		"App.Tests.MathTests.Adds(a: 1, b: 2.5)":                        "Adds(a: 1, b: 2.5)",
		"Standalone":                                                    "Standalone",
	} {
		if got := dotnetName(in); got != want {
			t.Errorf("dotnetName(%q) = %q, want %q", in, got, want)
		}
	}
}
