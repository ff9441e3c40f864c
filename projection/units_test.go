package projection

import (
	"slices"
	"testing"
)

func TestFailedUnit(t *testing.T) {
	goOut := "ok  \tgithub.com/x/a\t0.01s\n--- FAIL: TestB (0.02s)\n    b_test.go:9: bad\nFAIL\nFAIL\tgithub.com/x/b\t0.03s\nFAIL\n"
	jsOut := "FAIL src/a.test.ts\n  ✕ adds (3 ms)\nFAIL src/b.test.ts\n  ✕ renders total (5 ms)\n"
	for _, c := range []struct{ text, name, line, want string }{
		{goOut, "TestB", "--- FAIL: TestB (0.02s)", "github.com/x/b"},
		{"--- FAIL: TestB (0.02s)\nFAIL\n", "TestB", "--- FAIL: TestB (0.02s)", ""},
		{"", "test_b", "FAILED tests/test_a.py::test_b - AssertionError", "tests/test_a.py"},
		{jsOut, "renders total", "✕ renders total (5 ms)", "src/b.test.ts"},
		{jsOut, "src/a.test.ts", "FAIL src/a.test.ts", "src/a.test.ts"},
		{"boom\n", "x", "boom", ""},
	} {
		if got := failedUnit(c.text, c.name, c.line); got != c.want {
			t.Errorf("failedUnit(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}

func TestPassedUnits(t *testing.T) {
	goOut := "ok  \tgithub.com/x/a\t0.01s\n?   \tgithub.com/x/cmd\t[no test files]\nok  \tgithub.com/x/b\t(cached)\n"
	pyOut := "tests/test_a.py ..s.   [ 40%]\ntests/test_b.py ..F.   [100%]\n"
	for _, c := range []struct {
		cmd, text string
		want      []string
	}{
		{"make test", goOut, []string{"unit/github.com/x/a", "unit/github.com/x/b"}},
		{"go test ./... -run TestA", goOut, nil},
		{"go test -run=TestA ./...", goOut, nil},
		{"python -m pytest tests", pyOut, []string{"unit/tests/test_a.py"}},
		{"pytest tests -k latest", pyOut, nil},
		{"npx jest", "PASS src/a.test.ts\n", []string{"unit/src/a.test.ts"}},
		{"echo ok", "ok then\n", nil},
	} {
		if got := passedUnits(c.cmd, c.text); !slices.Equal(got, c.want) {
			t.Errorf("passedUnits(%q) = %q, want %q", c.cmd, got, c.want)
		}
	}
}

func TestToldValue(t *testing.T) {
	for _, c := range []struct {
		hint, failed, passed string
		want                 bool
	}{
		{"images go to harbor.acme.io/fin/ledger now", "docker push ghcr.io/acme/ledger:1.4.0",
			"docker tag ghcr.io/acme/ledger:1.4.0 harbor.acme.io/fin/ledger:1.4.0 && docker push harbor.acme.io/fin/ledger:1.4.0", true},
		{"the registry is registry.acme.internal/platform/op. use that one", "make docker-build docker-push IMG=ghcr.io/acme/op:0.1.0",
			"make docker-build docker-push deploy IMG=registry.acme.internal/platform/op:0.1.0 KUBECONTEXT=stg", true},
		// The name given lands in another variable.
		{"the registry is registry.acme.internal/platform/op", "make docker-push IMG=ghcr.io/acme/op:0.1.0",
			"make docker-push IMG=ghcr.io/x/op:0.1.0 CACHE=registry.acme.internal/platform/op", false},
		// Another subcommand, with the name given.
		{"filter it in the staging model (stg_orders)", "dbt test --select fct_orders_daily --target dev",
			"dbt build --select stg_orders+ --target dev", false},
		// The hint names nothing the passing call uses.
		{"try again, the registry was down", "docker push ghcr.io/acme/ledger:1.4.0", "docker push harbor.acme.io/fin/ledger:1.4.0", false},
		// Another program.
		{"push to harbor.acme.io/fin/ledger", "docker push ghcr.io/acme/ledger:1.4.0", "podman push harbor.acme.io/fin/ledger:1.4.0", false},
	} {
		if got := toldValue(c.hint, c.failed, readPassed(c.passed)); got != c.want {
			t.Errorf("toldValue(%q, %q, %q) = %v, want %v", c.hint, c.failed, c.passed, got, c.want)
		}
	}
}

func TestNamesFailed(t *testing.T) {
	a := &Anchor{Key: commandPrefix + "golangci-lint run ./...", Links: []string{callPrefix + "go build ./... && golangci-lint run ./..."}}
	for _, c := range []struct {
		name string
		want bool
	}{{"golangci-lint", true}, {"GolangCI-Lint.", true}, {"run", false}, {"go", false}, {"./...", false}, {"eslint", false}} {
		if got := namesFailed(a, c.name); got != c.want {
			t.Errorf("namesFailed(%q) = %v, want %v", c.name, got, c.want)
		}
	}
	for s, want := range map[string]string{"forget golangci-lint for now, it crashes": "golangci-lint", "mypy 先不管了": "mypy", "drop the users table": ""} {
		m := abandonNameRE.FindStringSubmatch(s)
		got := ""
		if m != nil {
			got = m[abandonNameRE.SubexpIndex("n")] + m[abandonNameRE.SubexpIndex("z")]
		}
		if got != want {
			t.Errorf("abandonNameRE(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestNeverTold(t *testing.T) {
	for s, want := range map[string]bool{
		"Glad Ines never saw that.":               false,
		"the lock never released.":                false,
		"Never push to main.":                     true,
		"Never exceed 5% per position.":           true,
		"you never pushed to main without review": true,
	} {
		if got := directive(s); got != want {
			t.Errorf("directive(%q) = %v, want %v", s, got, want)
		}
	}
}
