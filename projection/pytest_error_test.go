package projection

import (
	"strings"
	"testing"
)

// A pytest test whose setup raised ("ERROR tests/a.py::test_x - …") is a
// failed test, keyed by its name: after it was fixed it is open again
// (trial 15 m14); a log line of a Rust program ("ERROR app::db: …")
// names no test.
func TestPytestSetupError(t *testing.T) {
	run := func(out string, fail bool) []string {
		res := "> result"
		if fail {
			res = "> result error"
		}
		return []string{"> assistant", scriptCall("bash", map[string]any{"command": "pytest -q tests/test_idem.py"}), res, out}
	}
	script := []string{"> user", "fix the webhook, payments come in twice"}
	script = append(script, run("FAILED tests/test_idem.py::test_duplicate_ignored - IntegrityError: duplicate key\n1 failed, 3 passed in 1.37s", true)...)
	script = append(script, run("....\n4 passed in 1.12s", false)...)
	for _, c := range []struct{ name, out string }{
		{"summary", "E...\n___ ERROR at setup of test_duplicate_ignored ___\nE   DuplicateTable: relation \"uq\" already exists\nERROR tests/test_idem.py::test_duplicate_ignored - ProgrammingError: relation \"uq\" already exists\n3 passed, 1 error in 1.41s"},
		{"verbose", "tests/test_idem.py::test_a PASSED\ntests/test_idem.py::test_duplicate_ignored ERROR\n3 passed, 1 error in 1.41s"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := reduceAll(t, strings.Join(append(slicesClone(script), run(c.out, true)...), "\n"))
			expect(t, got, []string{`failure test/-/test_duplicate_ignored \[open/`}, []string{`failure test/-/test_duplicate_ignored \[resolved/`})
		})
	}
	// near miss: a program's log line names no test
	got := reduceAll(t, `> user
start the server and check the logs
> assistant
`+scriptCall("bash", map[string]any{"command": "cargo run --bin api"})+`
> result error
ERROR app::db: connection refused (os error 111)
Error: connection refused`)
	expect(t, got, nil, []string{`failure test/`})
}
