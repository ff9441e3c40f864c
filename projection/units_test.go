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
