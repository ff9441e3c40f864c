package projection

import "testing"

// TestNextTaskIsTheObjective: a user who acknowledges the work before as
// done and asks for the next task ("Thanks, that works. Now add CSV
// export …") sets a new objective; a next step of the same work ("Now
// run the tests again"), a "New task:" label and thanks with no task.
func TestNextTaskIsTheObjective(t *testing.T) {
	const start = "> user\nFix the login bug where users get logged out after 5 minutes.\n> assistant\nFixed: the session TTL was 300s; set it to 24h.\n"
	cases := []struct {
		name, said  string
		want, never []string
	}{
		{"acknowledged, then the next task", "Thanks, that works. Now add CSV export to the reports page.",
			[]string{`objective/session/goal \[active/normative\] = add CSV export to the reports page \(was Fix the login bug`}, nil},
		{"in one sentence", "thanks now i want you to add tailwind v4 support to the ui package",
			[]string{`= add tailwind v4 support to the ui package \(was`}, nil},
		{"a labelled next task", "New task: port the importer to Go.",
			[]string{`= port the importer to Go \(was`}, nil},
		{"a step of the same work", "Great. Now run the tests again.",
			[]string{`= Fix the login bug where`}, []string{`run the tests`}},
		{"thanks with no task", "Thanks for the summary. I need to think about it.",
			[]string{`= Fix the login bug where`}, []string{`\(was Fix`}},
		{"a next task not acknowledged", "Now add CSV export to the reports page.",
			[]string{`= Fix the login bug where`}, []string{`\(was Fix`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, start+"> user\n"+c.said), c.want, c.never)
		})
	}
}

// TestCIFailureNamesTheError: a CI run's failure is stated by its error
// line, not by the status line the runner adds under it.
func TestCIFailureNamesTheError(t *testing.T) {
	out := "JOBS\n✓ test in 2m14s\nX build-armv7 in 41s\n  X Build release binary\n\nANNOTATIONS\nX error: linker `arm-linux-gnueabihf-gcc` not found\nbuild-armv7: .github/workflows/ci.yml#L38\n\nX Process completed with exit code 101."
	script := "> user\nShip it.\n> assistant\nWatching CI.\n> call bash {\"command\": \"gh run watch --exit-status 42\"}\n> result error\n" + out + "\n"
	expect(t, reduceAll(t, script), []string{"failure .* = failed: X error: linker `arm-linux-gnueabihf-gcc` not found"}, []string{"failure .*exit code 101"})
	if l := markedErrorLine("Process completed with exit code 2."); l != "" {
		t.Errorf("a status line alone: %q", l)
	}
}
