package projection

import "testing"

// A CI job's failure read through glab or gh is fixed by a later reading
// of the same branch's pipeline that passed; another branch's pipeline,
// or one still running or with a failed job, fixes nothing.
func TestCIPipelinePassedLater(t *testing.T) {
	failed := `
> user
push the booklet branch and open the MR
> assistant
Checking the failed job.
> call bash {"command": "glab ci trace test -b feature/booklet | tail -n 4"}
> result
error: failed to write target/debug/deps/liblopdf.rlib: No space left on device (os error 28)
ERROR: Job failed: exit code 101
> user
IT cleared the runner's disk, try again
> assistant
Re-running.
`
	for _, c := range []struct {
		name, call, out string
		resolved        bool
	}{
		{"same branch passed", `glab ci status -b feature/booklet`, "(success) • 00m 41s\tlint\t\tfmt-clippy\n(success) • 03m 12s\ttest\t\tcargo-test\n\nPipeline state: success", true},
		{"another branch", `glab ci status -b develop`, "(success) • 00m 41s\tlint\t\tfmt-clippy\n\nPipeline state: success", false},
		{"a job still failed", `glab ci status -b feature/booklet`, "(success) • 00m 41s\tlint\t\tfmt-clippy\n(failed) • 03m 12s\ttest\t\tcargo-test\n\nPipeline state: failed", false},
		{"still running", `glab ci status -b feature/booklet`, "(success) • 00m 41s\tlint\t\tfmt-clippy\n(running) • 01m 02s\ttest\t\tcargo-test\n\nPipeline state: running", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, failed+"> call bash {\"command\": \"sleep 240 && "+c.call+"\"}\n> result\n"+c.out+"\n")
			if c.resolved {
				expect(t, out, []string{`failure command/-/glab ci trace .*\[resolved/empirical\]`}, nil)
			} else {
				expect(t, out, []string{`failure command/-/glab ci trace .*\[open/empirical\]`}, nil)
			}
		})
	}
	out := reduceAll(t, `
> user
watch the run
> assistant
ok
> call bash {"command": "gh run view 8812 --log-failed --exit-status"}
> result error
build	Run go test ./...	--- FAIL: TestParse (0.00s)
build	Run go test ./...	FAIL	example.com/p	0.012s
> assistant
fixed the test and pushed; watching
> call bash {"command": "gh run watch 8813 --exit-status"}
> result
✓ main CI · 8813
Triggered via push less than a minute ago

JOBS
✓ build in 1m2s (ID 2231)

✓ Run CI (8813) completed with 'success'
`)
	expect(t, out, []string{`\[resolved/empirical\] = failed: build`}, []string{`\[open/empirical\]`})
}
