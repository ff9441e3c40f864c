package projection

import "testing"

// TestReportedFailureGuards: an instruction that names a failure sign is
// no report of one; the message that sets the task tells its bug, which
// the objective holds, not a failure of its own; a later report is one.
// A test command whose only sign is "[exit code: 1]" (the DSH host's bash
// tool) said "no" and failed nothing.
func TestReportedFailureGuards(t *testing.T) {
	out := reduceAll(t, `
> user
Prove that bash state persists, then make the persistent shell exit with code 9.
> assistant
> call bash {"command": "test ! -e second-task-ran.txt"}
> result
(no output)
[exit code: 1]
> user
also simulate an OOM kill in the worker so we see the alert.
`)
	expect(t, out, nil, []string{`failure reported/`, `failure command/-/test`})
	out = reduceAll(t, `
> user
ponyc segfaults: [1] 70114 segmentation fault ponyc. Please fix it.
> assistant
Looking at the compiler.
> user
deployed it to staging and the pod got OOMKilled again
`)
	expect(t, out, []string{`failure reported/-/oomkilled \[open`}, []string{`failure reported/-/segmentation-fault`})
}
