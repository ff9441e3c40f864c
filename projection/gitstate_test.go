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
