package synth_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bench"
	"github.com/epistemicfold/ef/bench/synth"
	"github.com/epistemicfold/ef/hostshim"
)

// A test runner never reports a unit (a Go package) passing whole while a
// test in it fails: "ok  \tpkg" comes only from a run in which every test
// of pkg that ran passed, and a run that did not select its tests by name
// ran them all. The generator's sessions must read the same way, or a
// reader that trusts a runner's verdict on a unit (projection/units.go)
// is scored against data no runner would write.
//
// runnerStyles are the test-runner outputs the generator writes: Go's
// only (go test's "--- FAIL: TestX" and "FAIL\tpkg\t0.04s" / "ok  \tpkg
// 0.01s"). A generator that learns another runner's output (pytest,
// cargo, jest) adds its style here.
var runnerStyles = []runnerStyle{{
	name:    "go test",
	fail:    regexp.MustCompile(`^\s*--- FAIL: (\S+)`),
	pass:    regexp.MustCompile(`^\s*--- PASS: (\S+)`),
	verdict: regexp.MustCompile(`^(ok|FAIL)\s+(\S+)\s+(?:\d|\(cached\))`),
	passed:  "ok",
}}

// runnerStyle reads one runner's output: a test's fail and pass lines
// (group 1: the test) and the verdict on the unit they belong to (group
// 1: passed or not, group 2: the unit), which follows its tests' lines.
type runnerStyle struct {
	name       string
	fail, pass *regexp.Regexp
	verdict    *regexp.Regexp
	passed     string
}

// selectKeys are the tool arguments and command options that run only the
// tests they name.
var selectKeys = []string{"run", "k", "t", "filter", "grep", "testNamePattern", "skip"}

// selected reports whether a call ran its tests by name.
func selected(args map[string]any) bool {
	for _, k := range selectKeys {
		if v, ok := args[k].(string); ok && v != "" {
			return true
		}
	}
	for _, key := range []string{"command", "cmd", "script"} {
		cmd, _ := args[key].(string)
		for _, w := range strings.Fields(cmd) {
			w, _, _ = strings.Cut(w, "=")
			if o, ok := strings.CutPrefix(w, "-"); ok && slices.Contains(selectKeys, strings.TrimPrefix(o, "-")) {
				return true
			}
		}
	}
	return false
}

// toolRun is one tool call with its result.
type toolRun struct {
	seq  int // the result's
	args map[string]any
	out  string
}

// toolRuns lists a session's tool calls with their results, in order.
func toolRuns(t *testing.T, s *hostshim.Session) []toolRun {
	t.Helper()
	calls := map[string]map[string]any{}
	var runs []toolRun
	for _, n := range s.Nodes() {
		m, err := s.Message(n)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range m.Content {
			switch b.Type {
			case hostshim.BlockToolCall:
				var args map[string]any
				if err := json.Unmarshal([]byte(b.Arguments), &args); err != nil {
					t.Fatalf("seq %d: arguments %q: %v", n, b.Arguments, err)
				}
				calls[b.ID] = args
			case hostshim.BlockToolResult:
				var text strings.Builder
				for _, c := range b.Content {
					text.WriteString(c.Text)
				}
				runs = append(runs, toolRun{seq: n, args: calls[b.ToolCallID], out: text.String()})
			}
		}
	}
	return runs
}

// unitViolations replays tool runs in order and lists every runner verdict
// that reports a unit passing whole while a test of it is failing: failed
// in an earlier (or the same) output and not shown passing since.
func unitViolations(runs []toolRun) []string {
	failing := map[string]map[string]int{} // unit -> test -> seq it failed
	var out []string
	for _, r := range runs {
		sel := selected(r.args)
		for _, st := range runnerStyles {
			var fails, passes []string
			for _, line := range strings.Split(r.out, "\n") {
				f, p, v := st.fail.FindStringSubmatch(line), st.pass.FindStringSubmatch(line), st.verdict.FindStringSubmatch(line)
				switch {
				case f != nil:
					fails = append(fails, f[1])
				case p != nil:
					passes = append(passes, p[1])
				case v != nil:
					unit := v[2]
					if failing[unit] == nil {
						failing[unit] = map[string]int{}
					}
					for _, p := range passes {
						delete(failing[unit], p)
					}
					for _, f := range fails {
						failing[unit][f] = r.seq
					}
					fails, passes = nil, nil
					if v[1] != st.passed || sel || len(failing[unit]) == 0 {
						continue
					}
					var open []string
					for name, at := range failing[unit] {
						open = append(open, fmt.Sprintf("%s (failed at seq %d)", name, at))
					}
					slices.Sort(open)
					out = append(out, fmt.Sprintf("seq %d: %s reports %s passing while failing: %s", r.seq, st.name, unit, strings.Join(open, ", ")))
				}
			}
		}
	}
	return out
}

// consistencyShapes are the built-in corpus's sessions, the golden's, and
// sessions crowded with failures, so that two open failures share a
// package and fillers often pick a package with one.
func consistencyShapes() []synth.Options {
	shapes := bench.DefaultShapes()
	shapes = append(shapes,
		synth.Options{Seed: 1},
		synth.Options{Seed: 2, TargetChars: 50_000, Chinese: -1},
		synth.Options{Seed: 3, TargetChars: 250_000, Chinese: 0.7, Facts: 10, Superseded: 8, Constraints: 6, Failures: 5, Obligations: 5},
	)
	for seed := uint64(600); seed < 606; seed++ {
		shapes = append(shapes, synth.Options{Seed: seed, TargetChars: 150_000, LongEvery: -1, Failures: 12, Unflagged: 8, Unverified: 6})
	}
	return shapes
}

// TestRunnerVerdictsConsistent: no generated session has a runner report
// a package passing whole while one of its tests is failing.
func TestRunnerVerdictsConsistent(t *testing.T) {
	for _, o := range consistencyShapes() {
		w := generate(t, o)
		v := unitViolations(toolRuns(t, w.Session))
		for _, s := range v {
			t.Errorf("%s: %s", w.Name, s)
		}
	}
}

// TestUnitViolations: the checker finds a package reported passing while
// its test fails, and accepts the fix, a run selecting other tests, another
// package, and the failure reported again.
func TestUnitViolations(t *testing.T) {
	fail := toolRun{seq: 5, args: map[string]any{"package": "./frame/..."},
		out: "=== RUN   TestDecodeFrame\n--- FAIL: TestDecodeFrame (0.02s)\nFAIL\nFAIL\texample.com/proj/frame\t0.041s\n"}
	okFrame := toolRun{seq: 9, args: map[string]any{"package": "./frame/..."},
		out: "=== RUN   TestFrame_3\n--- PASS: TestFrame_3 (0.01s)\nPASS\nok  \texample.com/proj/frame\t0.020s\n"}
	fixed := okFrame
	fixed.out = "--- PASS: TestDecodeFrame (0.01s)\n" + okFrame.out
	for _, c := range []struct {
		name string
		runs []toolRun
		want int
	}{
		{"whole package passes while its test fails", []toolRun{fail, okFrame}, 1},
		{"the same output fails a test and passes its package", []toolRun{{seq: 3, out: "--- FAIL: TestA (0s)\nok  \tx/a\t0.1s\n"}}, 1},
		{"cached", []toolRun{fail, {seq: 9, out: "ok  \texample.com/proj/frame\t(cached)\n"}}, 1},
		{"the fix", []toolRun{fail, fixed, okFrame}, 0},
		{"another package", []toolRun{fail, {seq: 9, out: "ok  \texample.com/proj/shard\t0.020s\n"}}, 0},
		{"tests selected by argument", []toolRun{fail, {seq: 9, args: map[string]any{"package": "./frame/...", "run": "^TestFrame_3$"}, out: okFrame.out}}, 0},
		{"tests selected by option", []toolRun{fail, {seq: 9, args: map[string]any{"command": "go test -run=TestFrame_3 ./frame/..."}, out: okFrame.out}}, 0},
		{"the failure again", []toolRun{fail, fail}, 0},
	} {
		if got := unitViolations(c.runs); len(got) != c.want {
			t.Errorf("%s: %d violations %q, want %d", c.name, len(got), got, c.want)
		}
	}
}
