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
