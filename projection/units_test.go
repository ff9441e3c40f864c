package projection

import (
	"slices"
	"strings"
	"testing"
)

func TestUnitOf(t *testing.T) {
	goOut := "ok  \tgithub.com/x/a\t0.01s\n--- FAIL: TestB (0.02s)\n    b_test.go:9: bad\nFAIL\nFAIL\tgithub.com/x/b\t0.03s\n--- FAIL: TestC (0.01s)\nFAIL\tgithub.com/x/c\t0.02s\nFAIL\n"
	jsOut := "FAIL src/a.test.ts\n  ✕ adds (3 ms)\nFAIL src/b.test.ts\n  ✕ renders total (5 ms)\n"
	for _, c := range []struct{ text, line, want string }{
		{goOut, "--- FAIL: TestB (0.02s)", "github.com/x/b"},
		{goOut, "--- FAIL: TestC (0.01s)", "github.com/x/c"},
		{"--- FAIL: TestB (0.02s)\nFAIL\n", "--- FAIL: TestB (0.02s)", ""},
		{"FAILED tests/test_a.py::test_b - AssertionError", "FAILED tests/test_a.py::test_b - AssertionError", "tests/test_a.py"},
		{jsOut, "✕ renders total (5 ms)", "src/b.test.ts"},
		{jsOut, "✕ adds (3 ms)", "src/a.test.ts"},
		{jsOut, "FAIL src/a.test.ts", "src/a.test.ts"},
		{"test tests::adds ... FAILED\n", "test tests::adds ... FAILED", ""},
		{"boom\n", "boom", ""},
	} {
		u := unitReader{text: c.text}
		at := strings.Index(c.text, c.line)
		if got := u.unitOf(at, c.line); got != c.want {
			t.Errorf("unitOf(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}

func TestPassedUnits(t *testing.T) {
	goOut := "ok  \tgithub.com/x/a\t0.01s\n?   \tgithub.com/x/cmd\t[no test files]\nok  \tgithub.com/x/b\t(cached)\n"
	pyOut := "tests/test_a.py ..s.   [ 40%]\ntests/test_b.py ..F.   [100%]\n"
	cmd := func(s string) *Call { return &Call{Name: "bash", Args: map[string]any{"command": s}} }
	for _, c := range []struct {
		call *Call
		text string
		want []string
	}{
		{cmd("make test"), goOut, []string{"github.com/x/a", "github.com/x/b"}},
		{cmd("go test ./... -run TestA"), goOut, nil},
		{cmd("go test -run=TestA ./..."), goOut, nil},
		{cmd("python -m pytest tests"), pyOut, []string{"tests/test_a.py"}},
		{cmd("pytest tests -k latest"), pyOut, nil},
		{cmd("npx jest"), "PASS src/a.test.ts\n", []string{"src/a.test.ts"}},
		{cmd("echo ok"), "ok then\n", nil},
		{nil, goOut, []string{"github.com/x/a", "github.com/x/b"}},
		// A test tool's arguments: the whole package, or the tests it names.
		{&Call{Name: "run_tests", Args: map[string]any{"package": "./b/..."}}, goOut, []string{"github.com/x/a", "github.com/x/b"}},
		{&Call{Name: "run_tests", Args: map[string]any{"package": "./b/...", "run": "^TestA$"}}, goOut, nil},
		{&Call{Name: "run_tests", Args: map[string]any{"package": "./b/...", "run": ""}}, goOut, []string{"github.com/x/a", "github.com/x/b"}},
	} {
		if got := passedUnits(c.call, c.text); !slices.Equal(got, c.want) {
			t.Errorf("passedUnits(%v, %q) = %q, want %q", c.call, c.text, got, c.want)
		}
	}
}

// TestUnitResolves: a failed test is resolved by a later passing run of
// another command reporting its unit passing whole; not by a run reporting
// another unit, nor by one that selected its tests by name (an option or a
// test tool's argument).
func TestUnitResolves(t *testing.T) {
	goFail := "=== RUN   TestDecodeFrame\n    frame_test.go:31: got 3, want 4\n--- FAIL: TestDecodeFrame (0.02s)\nFAIL\nFAIL\texample.com/proj/frame\t0.041s\n"
	okFrame := "=== RUN   TestFrame_3\n--- PASS: TestFrame_3 (0.01s)\nPASS\nok  \texample.com/proj/frame\t0.020s\n"
	okShard := "PASS\nok  \texample.com/proj/shard\t0.020s\n"
	jsFail := " FAIL  src/routes/orders.test.ts\n  ✕ returns next cursor (12 ms)\n"
	for _, c := range []struct {
		name     string
		fail     string
		args     map[string]any
		out      string
		resolved bool
	}{
		{"the package ok", goFail, map[string]any{"command": "make test"}, okFrame, true},
		{"the package ok, a test tool", goFail, map[string]any{"package": "./frame/..."}, okFrame, true},
		{"another package", goFail, map[string]any{"command": "make test"}, okShard, false},
		{"tests selected by option", goFail, map[string]any{"command": "go test -run TestFrame_3 ./frame/..."}, okFrame, false},
		{"tests selected by argument", goFail, map[string]any{"package": "./frame/...", "run": "^TestFrame_3$"}, okFrame, false},
		{"the file passes", jsFail, map[string]any{"command": "npm test"}, "PASS src/routes/orders.test.ts\n", true},
		{"another file passes", jsFail, map[string]any{"command": "npm test"}, "PASS src/routes/users.test.ts\n", false},
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Make the tests pass."})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Calls: []Call{{ID: "c1", Name: "run_tests", Args: map[string]any{"package": "./..."}}}})
		r.Apply(Event{Seq: 2, Role: RoleTool, Text: c.fail, Result: &Result{CallID: "c1", IsError: true}})
		r.Apply(Event{Seq: 3, Role: RoleAssistant, Calls: []Call{{ID: "c2", Name: "bash", Args: c.args}}})
		r.Apply(Event{Seq: 4, Role: RoleTool, Text: c.out, Result: &Result{CallID: "c2"}})
		var failures []*Anchor
		for _, a := range r.Anchors() {
			if a.Kind == KindFailure && strings.HasPrefix(a.Key, "test/") {
				failures = append(failures, a)
			}
		}
		if len(failures) != 1 {
			t.Errorf("%s: %d test failures, want 1", c.name, len(failures))
			continue
		}
		if got := failures[0].Lifecycle == Resolved; got != c.resolved {
			t.Errorf("%s: %s is %s, want resolved=%v", c.name, failures[0].Key, failures[0].Lifecycle, c.resolved)
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
		// the present passive of what is done to a thing is a rule; its
		// past, or a fact about code, is not
		"they are never written to, renamed or moved": true,
		"invoices are never deleted, they get voided": true,
		"the masters were never moved":                false,
		"that function is never called":               false,
		// a state told after a copula is no rule; a passive one is
		"people complain that it's always fully booked": false,
		"the queue is never empty on mondays":           false,
	} {
		if got := directive(s); got != want {
			t.Errorf("directive(%q) = %v, want %v", s, got, want)
		}
	}
}
