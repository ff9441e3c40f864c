package projection

import "testing"

// A relative change's setting and base, as the trial's sessions said
// them: the key stops at the setting's noun ("double the buffer and see
// if that closes the rest"), a number that opens a clause after a comma
// tells of the thing before it ("a proper BufReader around it, 128K
// capacity"), and "it" right after the agent's answer naming a setting's
// identifier with a number changes that number.
func TestRelativeBase(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"the trial's buffer", `
> user
ok just keep miniz and put a proper BufReader around it, 128K capacity
> assistant
Wrapped the file in a 128 KiB BufReader.
> user
double the buffer and see if that closes the rest
`, []string{`value/-/buffer \[current/normative\] = 256K \(was 128K\)`}, []string{`see_if`, `unresolved`}},
		{"then rerun", `
> user
Set the batch size to 500.
> user
double the batch size then rerun the benchmark
`, []string{`value/-/batch_size \[current/normative\] = 1000 \(was 500\)`}, []string{`rerun`}},
		{"and check", `
> user
Set the worker count to 4.
> user
halve the worker count and check the p99
`, []string{`value/-/worker_count \[current/normative\] = 2 \(was 4\)`}, []string{`check`}},
		{"a setting named with and stays whole", `
> user
Set the read and write buffers to 64K.
> user
double the read and write buffers
`, nil, []string{`value/-/read \[`}},
		{"an identifier's short part", `
> user
Give the ConnPool 20 slots, that should do.
> user
double the connections
`, []string{`= 40 \(was 20\)`}, nil},
		{"no short part of a plain word", `
> user
The buffet gets 20 plates, that should do.
> user
double the buffer
`, nil, []string{`= 40`}},
		{"it after the agent's answer", `
> user
what's the default chunk size the reader uses right now?
> assistant
READ_CHUNK is 64 KiB.
> user
bump it by half and let's measure
`, []string{`value/-/read_chunk \[current/normative\] = 96 KiB \(was 64 KiB\)`}, nil},
		{"an answer with no number gives no base", `
> user
which setting controls the chunk size?
> assistant
READ_CHUNK in src/reader.rs.
> user
bump it by half
`, nil, []string{`= \d+ KiB`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// A number that opens the agent's sentence is the sentence's own, not a
// list's numbering, and a push that sets a branch's upstream says which
// branch the work is on.
func TestLeadNumberAndPushedBranch(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"a number and its unit", `
> assistant
96 KiB is about 11% slower (1.823 s vs 1.642 s), probably because 96 KiB isn't a multiple of the readahead.
`, []string{`= 96 KiB is about 11% slower`}, []string{`= KiB is`}},
		{"a numbered item", `
> assistant
1. The cache is probably stale after the deploy.
`, []string{`= The cache is probably stale`}, []string{`= 1\.`}},
		{"a bullet", `
> assistant
- the lock is probably held by the migration.
`, []string{`= the lock is probably held`}, nil},
		{"pushed with upstream", `
> assistant
> call shell {"cmd": "git commit -m 'feat: x'"}
> result
[feature/time-window 3b8f0c1] feat: x
 1 file changed
> assistant
> call shell {"cmd": "git merge feature/time-window && git push -u origin release/0.4.0"}
> result
To github.com:ops-tools/logslice.git
 * [new branch]      release/0.4.0 -> release/0.4.0
branch 'release/0.4.0' set up to track 'origin/release/0.4.0'.
`, []string{`git_branch \[current/empirical\] = release/0.4.0`}, nil},
		{"older git's wording", `
> assistant
> call shell {"cmd": "git push --set-upstream origin fix/retry"}
> result
Branch 'fix/retry' set up to track remote branch 'fix/retry' from 'origin'.
`, []string{`git_branch \[current/empirical\] = fix/retry`}, nil},
		{"a push without -u says nothing of the branch", `
> assistant
> call shell {"cmd": "git commit -m 'x'"}
> result
[main 1a2b3c4] x
> assistant
> call shell {"cmd": "git push origin release/0.4.0"}
> result
To github.com:o/r.git
   1a2b3c4..5d6e7f8  release/0.4.0 -> release/0.4.0
`, []string{`git_branch \[current/empirical\] = main`}, []string{`= release/0.4.0`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
