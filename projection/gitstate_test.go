package projection

import "testing"

// TestGitState: where the work stands, from what git and the forge's
// command line print: the branch, the last commit, the issue and pull
// request created; a later switch or commit replaces them.
func TestGitState(t *testing.T) {
	out := reduceAll(t, `
> user
add tailwind, open an issue, branch, commit and open a PR
> assistant
> call bash {"command":"gh issue create --title 'Tailwind v4' --body 'x'"}
> result
Creating issue in acme/site

https://github.com/acme/site/issues/1040
> assistant
> call bash {"command":"git checkout -b feat/tailwind"}
> result
Switched to a new branch 'feat/tailwind'
> assistant
> call bash {"command":"git add -A && git commit -m 'Add Tailwind v4'"}
> result
[feat/tailwind 3f9c2ab] Add Tailwind v4
 4 files changed, 120 insertions(+), 12 deletions(-)
> assistant
> call bash {"command":"git commit --amend --no-edit"}
> result
[feat/tailwind 87fd383] Add Tailwind v4
> assistant
> call bash {"command":"gh pr create --fill"}
> result
https://github.com/acme/site/pull/1041
> assistant
> call bash {"command":"git checkout src/app.ts"}
> result
Updated 1 path from the index`)
	expect(t, out, []string{
		`value/-/issue_url \[current/empirical\] = https://github.com/acme/site/issues/1040 @`,
		`value/-/git_branch \[current/empirical\] = feat/tailwind @`,
		`value/-/git_last_commit \[current/empirical\] = 87fd383 Add Tailwind v4 \(on feat/tailwind\) \(was 3f9c2ab`,
		`value/-/pull_request_url \[current/empirical\] = https://github.com/acme/site/pull/1041 @`,
	}, []string{`= src/app.ts`})
}

// The commit HEAD is at, from a one-line log of the work's own history
// (after a quiet commit, or alone); a log of a path or another revision,
// or filtered, says nothing of HEAD.
func TestGitStateFromOnelineLog(t *testing.T) {
	out := reduceAll(t, `
> user
commit it
> assistant
> call bash {"command":"cd infra/orders && git add -A && git commit -qm 'orders infra: eu-west-1' && git log --oneline -1"}
> result
e4a09d2 orders infra: eu-west-1`)
	expect(t, out, []string{`value/-/git_last_commit \[current/empirical\] = e4a09d2 orders infra: eu-west-1 @`}, nil)

	out = reduceAll(t, `
> user
what's on the branch?
> assistant
> call bash {"command":"git log --oneline --decorate | head -3"}
> result
b71f0a9 (HEAD -> vite) Move to Vite
41c2d3e Node 20
09aa1b2 Initial`)
	expect(t, out, []string{`value/-/git_last_commit \[current/empirical\] = b71f0a9 Move to Vite @`}, nil)

	for _, cmd := range []string{`git log --oneline -- src/app.ts`, `git log --oneline main..feature`, `git log --oneline | grep fix`} {
		out = reduceAll(t, `
> user
look
> assistant
> call bash {"command":"`+cmd+`"}
> result
b71f0a9 fix the build`)
		expect(t, out, nil, []string{`git_last_commit`})
	}
}
