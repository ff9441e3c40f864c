package projection

import (
	"slices"
	"testing"
)

// TestScratchReadings: the files a call wrote whole, the script a command
// ran, the files removed, the work done without a missing program.
func TestScratchReadings(t *testing.T) {
	for cmd, want := range map[string][]string{
		"cd /testbed && cat > reproduce_issue.py << 'EOF'\nimport x > y\nEOF\npython reproduce_issue.py": {"reproduce_issue.py"},
		"find . -type d | sort > /tmp/list.txt 2>/dev/null && echo done >> log.txt":                      {"/tmp/list.txt"},
		"python x.py 2>&1 | tee out.log": {"out.log"},
		"python -c \"print(1 > 0)\"":     nil,
	} {
		if got := madeBy(&Call{Name: "bash", Args: map[string]any{"command": cmd}}); !slices.Equal(got, want) {
			t.Errorf("madeBy(%q) = %q, want %q", cmd, got, want)
		}
	}
	for cmd, want := range map[string]struct {
		script string
		inline bool
	}{
		"python reproduce_issue.py 2>&1":                  {"reproduce_issue.py", false},
		"cd /testbed && python3 ./test_fix.py | tail -20": {"test_fix.py", false},
		"python -c \"import pvlib\"":                      {"", true},
		"node -e 'console.log(1)'":                        {"", true},
		"python -m pytest tests/test_x.py":                {"", false},
		"pytest tests/test_x.py":                          {"", false},
	} {
		if s, in := ranScript(cmd); s != want.script || in != want.inline {
			t.Errorf("ranScript(%q) = %q, %v, want %q, %v", cmd, s, in, want.script, want.inline)
		}
	}
	if got := removedBy("cd /testbed && rm -f reproduce_issue.py test_*.py && git status"); !slices.Equal(got, []string{"reproduce_issue.py", "test_*.py"}) {
		t.Errorf("removedBy = %q", got)
	}
	shuf := "find packages -maxdepth 2 -mindepth 2 -type d | sort | shuf -n 1"
	if !workedAround(shuf, "shuf", "find packages -maxdepth 2 -mindepth 2 -type d | sort > /tmp/l.txt && python3 -c 'import random'") {
		t.Error("the find done again without shuf is no workaround")
	}
	if workedAround(shuf, "shuf", "ls -la") || workedAround(shuf, "shuf", "apt-get install shuf && "+shuf) {
		t.Error("an unrelated command, or one calling shuf, is a workaround")
	}
}

// TestFailuresLeftBehind: a failure of a script since removed, of a
// missing program whose work another command did, and of the agent's own
// probes once the task is handed in is superseded; a test suite failing
// at the hand-in stays open.
func TestFailuresLeftBehind(t *testing.T) {
	const probe = "> user\nFix the empty-bounds crash in golden_sect.\n> assistant\nReproducing.\n> call bash {\"command\":\"cat > repro.py << 'EOF'\\nimport pvlib\\nEOF\\npython repro.py\"}\n> result error\nTraceback (most recent call last):\nValueError: zero-size array\n"
	expect(t, reduceAll(t, probe+"> assistant\nCleaning up.\n> call bash {\"command\":\"rm repro.py\"}\n> result\n\n"),
		[]string{`command/-/python repro.py \[superseded/empirical\]`}, nil)
	expect(t, reduceAll(t, "> user\nFix it.\n> assistant\nok\n> call bash {\"command\":\"python /tmp/t/check.py\"}\n> result error\nTraceback (most recent call last):\nKeyError: 'a'\n> assistant\nok\n> call bash {\"command\":\"rm -rf /tmp/t\"}\n> result\n\n"),
		[]string{`command/-/python /tmp/t/check.py \[superseded/empirical\]`}, nil)
	expect(t, reduceAll(t, probe+"> assistant\nok\n> call bash {\"command\":\"ls\"}\n> result\nrepro.py\n"),
		[]string{`command/-/python repro.py \[open/empirical\]`}, nil)
	suite := probe + "> assistant\nRunning the tests.\n> call bash {\"command\":\"python -m pytest tests/test_tools.py\"}\n> result error\nFAILED tests/test_tools.py::test_golden - AssertionError\n1 failed\n"
	expect(t, reduceAll(t, suite+"> assistant\nSubmitting.\n> call bash {\"command\":\"echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\"}\n> result\n\n"),
		[]string{`command/-/python repro.py \[superseded/empirical\]`, `test/-/test_golden \[open/empirical\]`}, nil)
	expect(t, reduceAll(t, "> user\nList the files as a tree.\n> assistant\nok\n> call bash {\"command\":\"tree src\"}\n> result error\nbash: tree: command not found\n> assistant\nok\n> call bash {\"command\":\"echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\"}\n> result\n\n"),
		[]string{`command/-/tree src \[superseded/empirical\]`}, nil)
	expect(t, reduceAll(t, "> user\nPick a random package.\n> assistant\nok\n> call bash {\"command\":\"find packages -mindepth 2 -type d | sort | awk '{print NR\\\": \\\"$0}' && echo \\\"---pick---\\\" && find packages -mindepth 2 -type d | sort | shuf -n 1\"}\n> result error\nbash: shuf: command not found\n> assistant\nWith python then.\n> call bash {\"command\":\"find packages -mindepth 2 -type d | sort > /tmp/l && python3 -c 'import random'\"}\n> result\npackages/llm\n"),
		[]string{`failure command/-/find packages -mindepth 2 -type d \| sort \| awk .* \[superseded/empirical\]`}, nil)
}
