package projection

import "strings"

// A failed CI job fixed by a later pipeline that passed.
//
// An agent that pushes a change reads its CI through the forge's command
// line: "glab ci trace test -b feature/booklet" shows a job's log ending
// in "ERROR: Job failed", "gh run view --log-failed" a failed step. The
// failure is the pipeline's, not the reading command's, and it is fixed
// when a later reading of the same branch's pipeline shows it passed
// ("glab ci status -b feature/booklet": "(success) … Pipeline state:
// success"; "gh run watch": "completed with 'success'"; "gh pr checks
// 212": "All checks were successful"), whoever fixed it (a new commit,
// IT clearing the runner's disk). Another branch's pipeline, a pipeline
// still running, or one with a failed job left fixes nothing.

// ciReading is a stage's forge and the words that make it a reading of
// CI, with the branch (or pull/merge request) it names; ok false for
// another command.
func ciReading(st string) (forge, branch string, ok bool) {
	f := runFields(unwrap(st))
	if len(f) < 2 {
		return "", "", false
	}
	switch {
	case f[0] == "glab" && (f[1] == "ci" || f[1] == "pipeline"),
		f[0] == "gh" && (f[1] == "run" || f[1] == "workflow" || len(f) > 2 && f[1] == "pr" && f[2] == "checks"),
		f[0] == "az" && f[1] == "pipelines":
	default:
		return "", "", false
	}
	for i := 2; i < len(f); i++ {
		w := strings.Trim(f[i], `'"`)
		if name, v, found := strings.Cut(w, "="); found && ciBranchOpts[name] {
			return f[0], v, true
		}
		if ciBranchOpts[w] && i+1 < len(f) {
			return f[0], strings.Trim(f[i+1], `'"`), true
		}
		if f[1] == "pr" && !strings.HasPrefix(w, "-") && w != "checks" {
			return f[0], w, true
		}
	}
	return f[0], "", true
}

// ciBranchOpts are the options naming the branch or ref whose pipeline
// a forge command reads.
var ciBranchOpts = map[string]bool{"-b": true, "--branch": true, "-r": true, "--ref": true}

// ciPassedRE is a forge's word that a whole pipeline or run passed;
// ciFailedRE one that a job of it failed, was cancelled or has not
// finished.
var (
	ciPassedRE = mustPattern(`(?im)pipeline state:\s*success\b|^\s*status:\s*(?:success|passed)\b|completed with '?success'?|all checks (?:were successful|have passed|passed)|conclusion:\s*success\b|^\s*\(success\)`)
	ciFailedRE = mustPattern(`(?im)^\s*\((?:failed|canceled|cancelled|running|pending|created)\)|pipeline state:\s*(?:failed|canceled|running|pending)|completed with '?failure'?|\bsome checks were not successful\b|^\s*(?:X|✗|×)\s|conclusion:\s*failure\b`)
)

// ciPassed reports whether the failed stage fs read a CI pipeline and a
// passing stage read the same branch's pipeline passed in passedOut.
func ciPassed(fs string, pc *passedCall, passedOut string) bool {
	forge, branch, ok := ciReading(fs)
	if !ok || !ciPassedRE.MatchString(passedOut) || ciFailedRE.MatchString(passedOut) {
		return false
	}
	for _, ps := range pc.stages {
		f2, b2, ok := ciReading(ps.st)
		if !ok || f2 != forge {
			continue
		}
		if b2 == branch || b2 == "" && branch != "" && strings.Contains(passedOut, branch) {
			return true
		}
	}
	return false
}
