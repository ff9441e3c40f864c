package projection

import (
	"slices"
	"strings"
)

// The summary lines of a passing run's output: the counts, sizes and
// times test runners and build tools print at the end ("Tests  145 passed
// (145)", "=== 52 passed in 3.1s ===", "test result: ok. 12 passed; 0
// failed", "Tests run: 52, Failures: 0", "Size: 241.6 kB with all
// dependencies", "dist/assets/index.js  241.60 kB │ gzip: 77.10 kB",
// "BUILD SUCCESSFUL in 12s", "✓ built in 3.21s"). A run of two tools
// ("npm test | tail -3 && npm run size") prints one of each; the evidence
// row keeps them all, so that the numbers are not lost behind the first
// line ("Test Files  32 passed (32)").

// summaryLineRE is a line that sums a run up with a number.
var summaryLineRE = mustPattern(`(?i)^(?:` +
	// vitest, jest: "Tests  145 passed (145)", "Test Files  32 passed",
	// "Tests: 2 failed, 145 passed, 147 total", "Test Suites: 12 passed"
	`(?:tests?|test files|test suites|snapshots|assertions)\s*:?\s+\d+\s+(?:passed|failed|skipped|total|todo)\b` +
	// pytest, mocha, rspec, phpunit, go, cargo, maven, dotnet
	`|[=\s]*\d+\s+(?:passed|failed|passing|failing|pending|examples?|tests?|specs?)\b[^\n]*?(?:\bin\s+\d|\(\d|,\s*\d+\s+\w+)` +
	`|\d+\s+(?:passing|examples?,\s*\d+\s+failures?)\b` +
	`|ok\s+\(\d+\s+tests?` +
	`|test result:\s*\w+\.\s*\d+\s+passed` +
	`|tests run:\s*\d+,\s*failures:\s*\d+` +
	`|(?:passed|failed)!\s+-\s+failed:\s*\d+` +
	// size-limit, bundlers: "Size: 241.6 kB …", "Size limit: 270 kB",
	// "dist/index.js  241.60 kB │ gzip: 77.10 kB"
	`|(?:size|size limit|bundle size|total size|gzip(?:ped)? size)\s*:\s*\d[\d.,]*\s*(?:[kmg]i?b|b|bytes)\b` +
	`|\S+\.(?:js|mjs|cjs|css|wasm|map)\s+\d[\d.,]*\s*(?:[kmg]i?b|bytes)\b` +
	// build tools: "BUILD SUCCESSFUL in 12s", "✓ built in 3.21s",
	// "Finished `release` profile [optimized] target(s) in 41.2s",
	// "Compiled successfully in 4.2s" (not an installer's "Done in 38.2s",
	// which says less than the counts above it)
	`|(?:\W\s*)?(?:build successful|built|finished|compiled(?: successfully)?)\b[^\n]{0,60}?\bin\s+\d[\d.,]*\s*(?:ms|s|m|sec|seconds|min)\b` +
	`)`)

// summaryMax is how many summary lines an evidence row keeps, and
// summaryRunes how long it may grow.
const (
	summaryMax   = 4
	summaryRunes = 200
)

// summaryLines are the summary lines of output text, in order, each once;
// nil when it holds none. A run that prints a line for every file it
// built or tested ("ok  pkg  0.1s" for each package) is summed up by no
// line of it: more than summaryMax lines of the same shape are a
// listing, and none of them is kept.
func summaryLines(text string) []string {
	var out []string
	for l := range strings.Lines(text) {
		l = strings.Trim(strings.Join(strings.Fields(l), " "), " =-_*")
		if l == "" || len(l) > 160 || !summaryLineRE.MatchString(l) {
			continue
		}
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	if len(out) > summaryMax {
		return nil
	}
	if slices.ContainsFunc(out, testsLineRE.MatchString) {
		// "Tests 145 passed" says more than "Test Files 32 passed"
		out = slices.DeleteFunc(out, fileCountLineRE.MatchString)
	}
	return out
}

// testsLineRE counts tests; fileCountLineRE counts the files or suites
// they are in.
var (
	testsLineRE     = mustPattern(`(?i)^tests?\s*:?\s+\d`)
	fileCountLineRE = mustPattern(`(?i)^test (?:files|suites)\s*:?\s+\d`)
)

// summaryValue is the evidence value of a passing run whose output has
// summary lines: "ok: " and the lines joined, as many as fit; "" when the
// output has none, or only the one lead already quotes.
func summaryValue(text, lead string) string {
	ls := summaryLines(text)
	if len(ls) == 0 || len(ls) == 1 && ls[0] == strings.Join(strings.Fields(lead), " ") {
		return ""
	}
	v := "ok:"
	for i, l := range ls {
		l = oneLine(l, 70)
		if i > 0 && len([]rune(v))+len([]rune(l))+3 > summaryRunes {
			break
		}
		if i > 0 {
			v += " ·"
		}
		v += " " + l
	}
	return v
}
