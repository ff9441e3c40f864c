package projection

import "testing"

// A metric the objective sets a numeric target for, as the runs measure
// it (trial 9 p24), and the outputs and objectives that hold none.
func TestMeasuredValues(t *testing.T) {
	run := func(goal, first, second string) string {
		return "\n> user\n" + goal + "\n> assistant\nMeasuring.\n> call shell {\"command\":\"loadgen\"}\n> result\n" + first +
			"\n> assistant\nAgain after the change.\n> call shell {\"command\":\"loadgen\"}\n> result\n" + second + "\n"
	}
	cases := []scriptCase{
		{"ja: p99 を 200ms 以下にして", run("p99 を 200ms 以下にして", "latency p50=91.0ms p90=212.3ms p99=455.0ms max=2.04s", "latency p50=36.8ms p90=97.2ms p99=171.4ms max=402ms"),
			[]string{`value/-/p99 \[current/empirical\] = 171.4ms \(was 455.0ms\)`}, []string{`value/-/p50`, `value/-/p90`, `value/-/max`}},
		{"en: p99 latency under 200ms", run("Get the p99 latency under 200ms on the checkout endpoint.", "p99: 455 ms", "p99: 171 ms"),
			[]string{`value/-/p99 \[current/empirical\] = 171ms \(was 455ms\)`}, nil},
		{"zh: 把 p95 降到 300ms 以下", run("把 p95 降到 300ms 以下", "p95=420ms p99=900ms", "p95=280ms p99=610ms"),
			[]string{`value/-/p95 \[current/empirical\] = 280ms \(was 420ms\)`}, []string{`value/-/p99`}},
		{"a metric the objective does not name", run("p99 を 200ms 以下にして", "p50=91.0ms", "p50=36.8ms"),
			nil, []string{`value/-/p50`}},
		{"an objective with no number", run("Make the checkout endpoint faster; p99 is too high.", "p99=455.0ms", "p99=171.4ms"),
			nil, []string{`value/-/p99`}},
		{"a unit of another kind", run("p99 を 200ms 以下にして", "p99=455 requests", "p99=171 requests"),
			nil, []string{`value/-/p99`}},
		{"the name inside another token", run("p99 を 200ms 以下にして", "http_p99=455.0ms", "http_p99=171.4ms"),
			nil, []string{`value/-/p99`}},
		{"a run that failed", run("p99 を 200ms 以下にして", "p99=455.0ms", "Traceback (most recent call last):\nRuntimeError: boom\np99=171.4ms"),
			[]string{`value/-/p99 \[current/empirical\] = 455.0ms`}, []string{`171.4ms \(was`}},
	}
	runScriptCases(t, cases)
}

func TestObjectiveMetrics(t *testing.T) {
	for goal, want := range map[string]string{
		"p99 を 200ms 以下にして":                          "p99",
		"Get the p99 latency under 200ms.":           "p99 latency",
		"Keep error_rate below 1% and p95 under 2s.": "error_rate p95",
		"Fix the login bug.":                         "",
		"Retry 3 times.":                             "",
	} {
		got := ""
		for _, w := range []string{"p99", "latency", "error_rate", "p95", "Get", "the", "Keep", "and", "under"} {
			if _, ok := objectiveMetrics(goal)[w]; ok {
				if got != "" {
					got += " "
				}
				got += w
			}
		}
		if got != want {
			t.Errorf("objectiveMetrics(%q) = %q, want %q", goal, got, want)
		}
	}
}
