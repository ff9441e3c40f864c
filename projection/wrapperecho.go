package projection

import (
	"path"
	"slices"
	"strings"
)

// A task runner's run, read as the checks its output shows passing.
//
// "make lint" printed "docker compose exec api ruff check app tests",
// "All checks passed!", "docker compose exec api mypy app" and "Success:
// no issues found in 38 source files": make, just, task and a shell
// script echo the lines they run ("+ cmd" under "set -x"; composer's
// scripts "> cmd": "composer check" printing "> ./vendor/bin/phpstan
// analyse", " [OK] No errors", "> ./vendor/bin/pest"), and a run
// that exited 0 ran each of them passing. Unlike a package script's
// echo (npmscript.go), such a line looks like any other output, so it is
// read as a run only when it runs a known checker or test runner
// (lintCheckers, testRunRE) and what that tool printed up to the next
// such line is its own passing report: its summary of a pass ("All
// checks passed!", "0 issues.", "Success: no issues found", "3 passed"),
// or nothing from a checker silent on a pass (flake8, eslint). A line
// followed by a finding ("a.py:3:1: F401 …") or a failing summary is no
// passing run, nor is a line of a run that is no task runner's (a cat or
// a grep printing a Makefile), nor a line naming the target alone.

// taskRunnerRE is a call that runs a task runner's target or a script.
var taskRunnerRE = mustPattern(`(?:^|[\s;&|(])(?:g?make|just|task|mage|tox|nox|invoke|inv|composer(?:\s+-\S+)*(?:\s+run(?:-script)?)?)(?:\s+-\S+)*\s+[\w:.\-/]+|(?:^|[\s;&|(])(?:(?:ba|z)?sh\s+)?(?:\.{0,2}/)?[\w./\-]+\.sh\b`)

// checkPassRE is a checker's own report of a pass, by checker.
var checkPassRE = map[string]*pattern{
	"ruff":          mustPattern(`(?m)^All checks passed!`),
	"golangci-lint": mustPattern(`(?m)^0 issues\.?\s*$`),
	"mypy":          mustPattern(`(?m)^Success: no issues found\b`),
	"pylint":        mustPattern(`rated at 10(?:\.0+)?/10\b`),
	"rubocop":       mustPattern(`\bno offenses detected\b`),
	"biome":         mustPattern(`(?m)^Checked \d+ files? in .*\. No fixes applied\.`),
	"black":         mustPattern(`(?m)^All done! `),
	"prettier":      mustPattern(`(?m)^All matched files use Prettier code style!`),
	"pyright":       mustPattern(`(?m)^0 errors, \d+ warnings?, \d+ (?:informations|notes)`),
	"phpstan":       mustPattern(`(?m)^\s*\[OK\] No errors`),
	"psalm":         mustPattern(`(?m)^No errors found!`),
}

// silentPass are the checkers that print nothing when they pass.
var silentPass = map[string]bool{"flake8": true, "eslint": true, "shellcheck": true, "hadolint": true,
	"pycodestyle": true, "pyflakes": true, "staticcheck": true, "revive": true, "golint": true, "errcheck": true,
	"stylelint": true, "yamllint": true, "actionlint": true, "go vet": true, "oxlint": true, "ktlint": true, "tsc": true}

// echoFailRE is output that reports a check failing.
var echoFailRE = mustPattern(`(?mi)^\s*(?:error|fatal|FAIL|FAILED)\b|\bFound [1-9]\d* errors?\b|^[1-9]\d* issues?\b|\bFailed!|\bfailed\b|\bwould reformat\b|^\[warn\]`)

// execRE is a program that runs a command in a container or an
// environment ("docker compose exec -T api", "poetry run"): the tool is
// the command's.
var execRE = mustPattern(`^(?:(?:docker(?:-compose|\s+compose)?\s+(?:exec|run)(?:\s+-\S+)*(?:\s+--rm)?\s+[\w.\-]+|kubectl\s+exec\s+\S.*?\s--|(?:uv|poetry|pipenv|hatch|pdm|bundle)\s+(?:run|exec))\s+)+`)

// echoedRuns are the lines of a task runner's passing output out that
// ran a checker or test runner passing (see above).
func echoedRuns(call, out string) []string {
	if !taskRunnerRE.MatchString(call) {
		return nil
	}
	type echo struct {
		line, tool string
		at         int
	}
	lines := strings.Split(out, "\n")
	var echoes []echo
	for i, l := range lines {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(l), "+ "), "> "))
		if t := echoTool(l); t != "" {
			echoes = append(echoes, echo{l, t, i})
		}
	}
	var runs []string
	for k, e := range echoes {
		end := len(lines)
		if k+1 < len(echoes) {
			end = echoes[k+1].at
		}
		seg := strings.TrimSpace(strings.Join(lines[e.at+1:end], "\n"))
		if echoFailRE.MatchString(seg) || lintFindingRE.MatchString(seg) || suiteFailRE.MatchString(seg) {
			continue
		}
		pass := false
		switch {
		case checkPassRE[e.tool] != nil:
			pass = checkPassRE[e.tool].MatchString(seg)
		case e.tool == "test":
			pass = suitePassRE.MatchString(seg)
		default:
			pass = silentPass[e.tool] && seg == ""
		}
		if pass {
			runs = append(runs, e.line)
		}
	}
	return runs
}

// echoTool names the checker ("ruff") or "test" a line run as a command
// runs, "" when it runs neither.
func echoTool(l string) string {
	if l == "" || len(l) > 300 || strings.ContainsAny(l, "\t") {
		return ""
	}
	h := execRE.ReplaceAllString(pipeHead(l), "")
	if c := lintChecker(h); c != "" && c != "lint" {
		return c
	}
	u := unwrap(h)
	if f := strings.Fields(u); len(f) > 0 && (checkPassRE[path.Base(f[0])] != nil || path.Base(f[0]) == "tsc") && !slices.ContainsFunc(f[1:], func(w string) bool { return notChecking[w] }) {
		// a type checker
		return path.Base(f[0])
	}
	if m := testRunRE.FindStringIndex(u); m != nil && m[0] == 0 {
		f := strings.Fields(u)
		if len(f) > 0 && !strings.ContainsAny(path.Base(f[0]), ":") {
			return "test"
		}
	}
	return ""
}
