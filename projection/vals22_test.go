package projection

import "testing"

// A revert, a cherry-pick or a merge is a new commit: the last commit is
// the one git printed last, whatever the command that made it. A git
// command that makes no commit (show, log with a path) printing a line of
// that shape moves nothing.
func TestGitLastCommitRevertCherryPick(t *testing.T) {
	for _, tc := range []struct{ name, ask, cmd, out, want string }{
		{"revert en", "revert that commit", `git revert --no-edit 4e8a1d2`,
			`[fix/sms-queue 91c0b7e] Revert "fix: prevent double booking of tables"`,
			`value/-/git_last_commit \[current/empirical\] = 91c0b7e Revert "fix: prevent double booking of tables" \(on fix/sms-queue\) \(was 4e8a1d2`},
		{"revert pl", "git revert tego commita", `git revert --no-edit 4e8a1d2`,
			`[fix/sms-queue 91c0b7e] Revert "fix: prevent double booking of tables"`,
			`value/-/git_last_commit \[current/empirical\] = 91c0b7e Revert`},
		{"cherry-pick", "przenieś ten commit na release", `git cherry-pick 4e8a1d2`,
			"[release/2.1 5c6d7e8] fix: prevent double booking of tables\n Date: Mon Dec 1 10:00:00 2026 +0100",
			`value/-/git_last_commit \[current/empirical\] = 5c6d7e8 fix: prevent double booking of tables \(on release/2.1\)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := reduceAll(t, `
> user
commit
> assistant
> call bash {"command":"git commit -am \"fix: prevent double booking of tables\""}
> result
[fix/double-booking 4e8a1d2] fix: prevent double booking of tables
> user
`+tc.ask+`
> assistant
> call bash {"command":"`+tc.cmd+`"}
> result
`+tc.out)
			expect(t, out, []string{tc.want}, nil)
		})
	}
	// Near miss: a file shown from git's history holding such a line.
	out := reduceAll(t, `
> user
commit
> assistant
> call bash {"command":"git commit -am \"fix: prevent double booking of tables\""}
> result
[fix/double-booking 4e8a1d2] fix: prevent double booking of tables
> assistant
> call bash {"command":"git show HEAD~3:NOTES.md"}
> result
[main 1a2b3c4] release notes draft`)
	expect(t, out, []string{`value/-/git_last_commit \[current/empirical\] = 4e8a1d2 `}, []string{`= 1a2b3c4`})
}
