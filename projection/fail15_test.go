package projection

import (
	"strings"
	"testing"
)

// A check run on another run's log is the same check: its pass resolves
// the failure of the check on the first log (runlog.go; trial 10 C21).
// Another target, another input file or a reader's question of another
// log is another run.
func TestLogIsNoPartOfTheRun(t *testing.T) {
	const (
		failed  = "python src/train.py --epochs 10 > /tmp/run10.log 2>&1; tail -n 3 /tmp/run10.log; python scripts/check_metric.py /tmp/run10.log --min-top1 72; echo \"exit=$?\""
		failOut = "epoch 9 val top1 68.05\nbest top1 68.05 < 72.00\nexit=1"
		passOut = "epoch 9 val top1 72.64\nbest top1 72.64 >= 72.00\nexit=0"
	)
	cases := []struct {
		name, say, first, rerun, fail, pass string
		resolved                            bool
	}{
		{"en, other log", "make the metric check pass", failed, strings.ReplaceAll(strings.ReplaceAll(failed, "run10", "run10b"), "-n 3", "-n 2"), failOut, passOut, true},
		{"fr, other log", "fais passer le contrôle de la métrique", failed, strings.ReplaceAll(failed, "/tmp/run10.log", "logs/essai_2.log"), failOut, passOut, true},
		{"tee into another log", "run the check", "make bundle 2>&1 | tee a.out; python check_size.py a.out", "make bundle 2>&1 | tee b.out; python check_size.py b.out", "bundle 612 KB\nError: bundle over budget (500 KB)", "bundle 480 KB\nsize ok", true},
		{"check of a .log alone", "check the run", "python scripts/check_metric.py /tmp/run10.log --min-top1 72", "python scripts/check_metric.py /tmp/run10b.log --min-top1 72", failOut, passOut, true},
		// near misses: another target, another input of another kind, a
		// reader's question, another threshold
		{"another test file", "run the tests", "pytest a.py > /tmp/t.log 2>&1; tail -n 5 /tmp/t.log", "pytest b.py > /tmp/t2.log 2>&1; tail -n 5 /tmp/t2.log", "FAILED a.py::test_x - AssertionError\n1 failed in 0.1s", "1 passed in 0.1s", false},
		{"another json", "check the results", "python check.py results_a.json", "python check.py results_b.json", failOut, passOut, false},
		{"grep of another log", "look for errors", "grep -c ERROR /tmp/a.log; echo \"exit=$?\"", "grep -c ERROR /tmp/b.log; echo \"exit=$?\"", "Error: 3 errors found\nexit=1", "0\nexit=0", false},
		{"another threshold", "make the metric check pass", failed, strings.ReplaceAll(strings.ReplaceAll(failed, "run10", "run10b"), "72", "60"), failOut, passOut, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := reduceAll(t, strings.Join([]string{
				"> user", c.say,
				"> assistant", scriptCall("bash", map[string]any{"command": c.first}),
				"> result error", c.fail,
				"> assistant", scriptCall("bash", map[string]any{"command": c.rerun}),
				"> result", c.pass,
			}, "\n"))
			if c.resolved {
				expect(t, got, []string{`failure command/-/\S.* \[resolved/`}, []string{`failure command/.* \[open/`})
			} else {
				expect(t, got, []string{`failure \w+/.* \[open/`}, []string{`\[resolved/`})
			}
		})
	}
}
