package projection

import (
	"slices"
	"strings"
)

// Where the work stands in git and on the forge.
//
// An agent that branched, committed, opened an issue or a pull request
// left the session in a state the next one must know: which branch it is
// on, what it committed last, which pull request holds the work. The
// commands' own output says so, whatever the agent or its tool: git's
// "Switched to a new branch 'feat/x'" (checkout -b, switch -c, or a plain
// checkout of a branch), a commit's "[feat/x 1a2b3c4] Add the header",
// a push's "branch 'x' set up to track 'origin/x'" (push -u), and the URL gh (or glab) prints for what it created. Each is a value
// the tool's output observed (empirical), replaced by the next: the
// branch by a later switch, the last commit by the next commit, the pull
// request by another one opened. A revert, a cherry-pick or a merge is a
// new commit as a commit is: the last commit is the one git printed last.

var (
	// switchedRE is git reporting the branch it switched to.
	switchedRE = mustPattern(`(?m)^(?:Switched to (?:a new )?branch|Already on) '([^'\n]{1,120})'\s*$`)
	// commitLineRE is the first line git commit prints: "[branch hash]
	// message", or "[branch (root-commit) hash] message".
	commitLineRE = mustPattern(`(?m)^\[([^\]\s]{1,120})(?: \([\w-]+\))? ([0-9a-f]{7,40})\] (.{1,200})$`)
	// forgeURLRE is a pull request, merge request or issue URL a forge's
	// command line prints for what it created.
	forgeURLRE = mustPattern(`(?m)^\s*(https://[^\s/]+/[^\s]+/(?:pull|pulls|merge_requests|issues|-/merge_requests|-/issues)/\d+)\s*$`)
	// onelineLogRE is a command of the work's own history, newest first, a
	// line a commit ("git log --oneline -3", "git log -1 --oneline"): only
	// options, no revision or path, so its first line is the commit HEAD
	// is at; a head after it keeps that line first.
	onelineLogRE = mustPattern(`(?:^|&&|;)\s*git\s+(?:-C\s+\S+\s+)?log((?:\s+(?:-\d+|-n\s*\d+|--max-count=\d+|--oneline|--decorate|--no-decorate|--no-color|--color=never|--abbrev-commit|--format=oneline|--pretty=oneline))+)\s*(?:\|\s*head(?:\s+-n?\s*\d+)?\s*)?(?:$|&&|;)`)
	// onelineRE is a line of such a log: "e4a09d2 orders infra: …",
	// perhaps decorated ("e4a09d2 (HEAD -> main) …").
	onelineRE = mustPattern(`^([0-9a-f]{7,40}) (?:\(([^)\n]{1,200})\) )?(\S.{0,199})$`)
	// trackedRE is git push reporting the upstream it set for a branch:
	// "branch 'release/0.4.0' set up to track 'origin/release/0.4.0'.",
	// in older gits "Branch 'x' set up to track remote branch 'x' from
	// 'origin'."
	trackedRE = mustPattern(`(?m)^[Bb]ranch '?([^'\s]{1,120})'? set up to track (?:remote branch )?'?[^'\n]{1,200}'?(?: from '?[^'\n]{1,80}'?)?\.?\s*$`)
	// pushUpstreamRE is a push that sets the branch's upstream.
	pushUpstreamRE = mustPattern(`\bgit\s+(?:-C\s+\S+\s+)?push\b[^&;|]*\s(?:-u|--set-upstream)\b`)
	// forgeCreateRE is a command creating a pull request or an issue.
	forgeCreateRE = mustPattern(`\b(?:gh|glab|hub)\s+(?:pr|mr|issue|pull-request)\s+create\b`)
	// commitMakingRE is a git command that makes a commit and prints its
	// "[branch hash] message" line: a commit (an amend too), a revert, a
	// cherry-pick, a merge or a rebase (their --continue commits).
	commitMakingRE = mustPattern(`\bgit\s+(?:-C\s+\S+\s+)?(?:commit|revert|cherry-pick|merge|rebase|am)\b`)
)

// gitValues are the values a passing command's output text says about
// where the work stands: the branch, the last commit, a pull request or
// issue created.
func gitValues(cmd, text string) []Proposal {
	if cmd == "" || !strings.Contains(cmd, "git") && !forgeCreateRE.MatchString(cmd) {
		return nil
	}
	var out []Proposal
	branch := ""
	if m := lastMatch(switchedRE, text); m != nil {
		branch = m[1]
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/git_branch", Name: "git branch", Value: m[1], Quote: strings.TrimSpace(m[0])})
	}
	if m := lastMatch(commitLineRE, text); m != nil && commitMakingRE.MatchString(cmd) {
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/git_last_commit", Name: "last commit", Value: m[2] + " " + m[3] + " (on " + m[1] + ")", Quote: strings.TrimSpace(m[0])})
		if branch == "" {
			out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/git_branch", Name: "git branch", Value: m[1], Quote: m[1]})
		}
	}
	if m := lastMatch(trackedRE, text); m != nil && branch == "" && pushUpstreamRE.MatchString(cmd) && !slices.ContainsFunc(out, func(p Proposal) bool { return p.Key == "value/-/git_branch" }) {
		// "git merge feature/x && git push -u origin release/0.4.0":
		// the branch pushed with its upstream set is the one the work
		// goes on, not the branch of the last commit.
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/git_branch", Name: "git branch", Value: m[1], Quote: strings.TrimSpace(m[0])})
	}
	if m := onelineLogRE.FindStringSubmatch(cmd); m != nil && strings.Contains(m[1], "oneline") {
		// "git commit -qm … && git log --oneline -1": the commit HEAD is
		// at, the output's first line of the log's shape; after a commit's
		// own line, the same commit.
		for _, l := range strings.Split(text, "\n") {
			if lm := onelineRE.FindStringSubmatch(strings.TrimSpace(l)); lm != nil {
				if !slices.ContainsFunc(out, func(p Proposal) bool { return p.Key == "value/-/git_last_commit" }) {
					out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/git_last_commit", Name: "last commit", Value: lm[1] + " " + lm[3], Quote: strings.TrimSpace(l)})
				}
				break
			}
		}
	}
	if forgeCreateRE.MatchString(cmd) {
		if m := lastMatch(forgeURLRE, text); m != nil {
			key, name := "value/-/pull_request_url", "pull request"
			if strings.Contains(m[1], "/issues/") {
				key, name = "value/-/issue_url", "issue"
			}
			out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: key, Name: name, Value: m[1], Quote: m[1]})
		}
	}
	return out
}

// lastMatch is the last match of re in text, with its groups.
func lastMatch(re *pattern, text string) []string {
	ms := re.FindAllStringSubmatch(text, -1)
	if len(ms) == 0 {
		return nil
	}
	return ms[len(ms)-1]
}
