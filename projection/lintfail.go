package projection

import (
	"path"
	"slices"
	"strings"
)

// Findings a linter or checker prints without a severity word.
//
// buf, golangci-lint, flake8, ruff, shellcheck, hadolint, go vet and
// their kind print each finding at its place in a file and say nothing
// else ("api/feed/v1/feed.proto:13:3:Field \"6\" … changed name",
// "main.go:12:5: Error return value is not checked (errcheck)", "a.py:3:1:
// F401 'os' imported but unused"); a host that records no exit status
// (a Copilot export) leaves that text as the only sign the check failed.
// The shape alone says nothing: grep -n, rg and cat -n print the same
// lines. So a finding fails a run only when the command ran a known
// checker (lintCheckers, in any stage of a chain, through npx, uv run or
// go run) that is not asked for its help or version or to format, and no
// other stage prints found or shown text (a grep's matches would read
// the same). A checker that prints "0 issues." or nothing fails nothing;
// eslint, yamllint and the like exit 0 on warnings, so a finding at
// warning severity is none for them (warnPasses).

// lintCheckers are the checkers whose findings fail a run, each with the
// subcommands that check (nil: the program checks without one).
var lintCheckers = map[string][]string{
	"buf": {"lint", "breaking"}, "golangci-lint": {"run"}, "eslint": nil, "flake8": nil, "ruff": nil,
	"shellcheck": nil, "hadolint": nil, "pylint": nil, "pycodestyle": nil, "pyflakes": nil, "staticcheck": nil,
	"revive": nil, "golint": nil, "errcheck": nil, "stylelint": nil, "markdownlint": nil, "markdownlint-cli2": nil,
	"yamllint": nil, "tflint": nil, "rubocop": nil, "actionlint": nil, "biome": {"lint", "check", "ci"}, "oxlint": nil,
	"ktlint": nil, "swiftlint": nil, "protolint": nil, "sqlfluff": {"lint"}, "spectral": {"lint"}, "cpplint": nil,
	"hlint": nil, "standard": nil, "xo": nil, "jshint": nil, "tslint": nil, "vale": nil, "gosec": nil,
}

// warnPasses are the checkers that exit 0 when they find only warnings,
// and the lint scripts a package manager or make runs, whose tool is not
// known.
var warnPasses = map[string]bool{"eslint": true, "yamllint": true, "stylelint": true, "biome": true, "oxlint": true,
	"markdownlint": true, "markdownlint-cli2": true, "tflint": true, "rubocop": true, "swiftlint": true, "vale": true,
	"lint": true}

// notChecking are the words that ask a checker for something other than
// a check: its help, version, or a formatting run ("buf format", "ruff
// format", "golangci-lint linters").
var notChecking = map[string]bool{"-h": true, "--help": true, "help": true, "--version": true, "version": true,
	"-V": true, "format": true, "fmt": true, "linters": true, "config": true, "init": true, "--init": true, "completion": true,
	"cache": true, "clean": true, "rule": true, "server": true, "--print-config": true, "--show-settings": true}

// lintFindingRE is a finding at its place in a file: a path with a
// directory or an extension (or a Dockerfile or Makefile), a line, an
// optional column, then the message ("a.go:12:5: …", "x.proto:13:3:Field
// …", "Dockerfile:3 DL3008 …"); or eslint's compact format
// ("/src/a.js: line 3, col 1, Error - …").
var lintFindingRE = mustPattern(`(?m)^[ \t]*(?P<path>(?:\.{0,2}/)?[\w@+\-]+(?:[./][\w@+\-]+)*):\d+(?::\d+)?(?::[ \t]*|[ \t]+)(?P<msg>[^\s\d:][^\n]*)$` +
	`|^[ \t]*(?P<path2>[^\s:]+): line \d+, col \d+, (?P<sev>Error|Warning) - \S`)

// lintWarnRE opens a finding's message at a severity that is no error.
var lintWarnRE = mustPattern(`(?i)^\[?(?:warning|warn|info|note|style|hint|convention)\b`)

// lintFailure is the first finding a checker cmd ran printed in text,
// "" when cmd runs no checker, another stage of it shows text, or text
// holds no finding.
func lintFailure(text, cmd string) string {
	checker := ""
	for _, st := range stagesOf(strings.Join(strings.Fields(cmd), " ")) {
		h := pipeHead(st)
		if cdRE.MatchString(h + " ;") {
			continue
		}
		if c := lintChecker(h); c != "" {
			if checker == "" {
				checker = c
			}
			continue
		}
		if f := strings.Fields(unwrap(h)); len(f) > 0 && displayOnly(h) && !quietShow[path.Base(f[0])] {
			return ""
		}
	}
	if checker == "" {
		return ""
	}
	for _, m := range lintFindingRE.FindAllStringSubmatch(text, 64) {
		p, msg := m[1], m[2]
		if p == "" {
			if m[4] == "Warning" && warnPasses[checker] {
				continue
			}
			return strings.TrimSpace(m[0])
		}
		if !findingPath(p) || warnPasses[checker] && lintWarnRE.MatchString(msg) {
			continue
		}
		return strings.TrimSpace(m[0])
	}
	return ""
}

// quietShow are display programs whose output is only their own words
// ("echo done"), never a file's lines.
var quietShow = map[string]bool{"echo": true, "printf": true, "cd": true, "ls": true, "wc": true}

// findingPath reports whether p names a file: it has a letter and a
// directory, an extension or a build file's name, so "10:14:03" or
// "localhost:5432" is none.
func findingPath(p string) bool {
	if !strings.ContainsFunc(p, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) {
		return false
	}
	b := path.Base(p)
	switch b {
	case "Dockerfile", "Containerfile", "Makefile", "Jenkinsfile", "Gemfile", "Rakefile", "Vagrantfile":
		return true
	}
	return strings.Contains(p, "/") || strings.Contains(b, ".") && !strings.HasSuffix(b, ".")
}

// lintChecker is the checker a stage runs ("golangci-lint", "go vet",
// "lint" for a package manager's or make's lint script), "" when none
// or when it is asked for no check (notChecking).
func lintChecker(st string) string {
	f := runFields(unwrap(st))
	if len(f) > 2 && f[0] == "go" && f[1] == "run" {
		// "go run github.com/golangci/golangci-lint/cmd/golangci-lint@v1.59.1 run"
		p, _, _ := strings.Cut(f[2], "@")
		f = append([]string{path.Base(p)}, f[3:]...)
	}
	if len(f) == 0 {
		return ""
	}
	for _, w := range f[1:] {
		if notChecking[w] {
			return ""
		}
	}
	prog := path.Base(f[0])
	switch {
	case prog == "go":
		if len(f) > 1 && f[1] == "vet" {
			return "go vet"
		}
		return ""
	case prog == "npm" || prog == "pnpm" || prog == "yarn" || prog == "bun" || prog == "make" || prog == "just" || prog == "task":
		if len(f) > 1 && (f[1] == "lint" || strings.HasPrefix(f[1], "lint:")) {
			return "lint"
		}
		return ""
	}
	subs, ok := lintCheckers[prog]
	if !ok {
		return ""
	}
	if subs != nil {
		args := subcommandWords(f[1:])
		if len(args) == 0 || !slices.Contains(subs, args[0]) {
			return ""
		}
	}
	return prog
}

// checkSummaryRE is a checker's or scanner's closing count of what it
// found failing: checkov's "Passed checks: 21, Failed checks: 5, Skipped
// checks: 0", tflint's "3 issue(s) found:", tfsec's "2 potential
// problem(s) detected.", trivy's "Failures: 2 (UNKNOWN: 0, …)",
// terrascan's "Violated Policies : 2", golangci-lint's "3 issues:". A
// count above 0 fails the run whatever its status says; "Failed checks:
// 0" fails nothing.
var checkSummaryRE = mustPattern(`(?m)^[ \t]*(?:Passed checks: \d+, )?Failed checks: [1-9]\d*\b.*$` +
	`|^[ \t]*[1-9]\d* issue\(s\) found:?[ \t]*$` +
	`|^[ \t]*[1-9]\d* potential problems? detected\.?[ \t]*$` +
	`|^[ \t]*Failures: [1-9]\d* \((?:UNKNOWN|LOW|MEDIUM|HIGH|CRITICAL): .*$` +
	`|^[ \t]*Violated Policies[ \t]*:[ \t]*[1-9]\d*[ \t]*$` +
	`|^[ \t]*[1-9]\d* issues?:[ \t]*$`)

// checkIDRE is the first failed check a scanner names ("Check:
// CKV_AWS_16: \"Ensure …\"").
var checkIDRE = mustPattern(`(?m)^[ \t]*Check: [A-Z][A-Z0-9]*_[A-Z0-9_]+\d:.*$`)

// checkSummaryFailure is a checker's count above 0 in text (see
// checkSummaryRE), with the first check it names failed after it; ""
// when none.
func checkSummaryFailure(text string) string {
	loc := checkSummaryRE.FindStringIndex(text)
	if loc == nil {
		return ""
	}
	l := strings.TrimSpace(text[loc[0]:loc[1]])
	if c := checkIDRE.FindString(text); c != "" {
		l += " — " + strings.TrimSpace(c)
	}
	return l
}
