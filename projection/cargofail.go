package projection

import "strings"

// A Rust test that failed, read from its section of the report.
//
// cargo test names a failed test on its own line ("test x ... FAILED")
// and again as the head of the section holding what it printed ("----
// x stdout ----", then "thread 'x' panicked at tests/a.rs:19:9:" and
// the message). A CI log shown through the forge's command line ("gh
// run watch", "gh run view --log-failed", "glab ci trace") often holds
// only the section, each line after the job's name, step and time stamp
// ("test\tRun cargo test\t2026-03-04T10:12:41.1234567Z ---- x stdout
// ----"). The section names the test as the line does, so a test fixed
// locally and failing again in CI is the same failure, open again.
//
// With --show-output cargo prints a section for each test that passed
// too, under "successes:"; a section counts as failed only under
// "failures:" or with no such heading before it, in an output whose
// result says something failed.

var (
	// ciLogPrefix is what a forge's log puts before a line: the job and
	// step, tab-separated, and a time stamp.
	ciLogPrefix = `(?:[^\t\n]*\t){0,2}(?:\d{4}-\d\d-\d\dT[\d:.]+Z[ \t]+)?`
	// cargoSectionRE is the head of a test's section in cargo's report.
	cargoSectionRE = mustPattern(`(?m)^` + ciLogPrefix + `---- (\S+) stdout ----[ \t]*$`)
	// cargoHeadingRE is a heading of cargo's report of the tests'
	// output.
	cargoHeadingRE = mustPattern(`(?m)^` + ciLogPrefix + `(successes|failures):[ \t]*$`)
	// cargoResultFailRE is cargo's result line with a failure in it.
	cargoResultFailRE = mustPattern(`test result: FAILED\b|error: test failed\b`)
	// cargoPanicRE is the line a failed test's thread panicked at.
	cargoPanicRE = mustPattern(`thread '([^']+)' panicked at ([^\n]*)`)
	// ciLogPrefixRE is ciLogPrefix opening a line.
	ciLogPrefixRE = mustPattern(`^` + ciLogPrefix)
)

// cargoSectionFailed reports whether the cargo test section whose head
// stands at offset at of text is a failed test's (see above).
func cargoSectionFailed(text string, at int) bool {
	if !cargoResultFailRE.MatchString(text) {
		return false
	}
	in := "failures"
	for _, m := range cargoHeadingRE.FindAllStringSubmatchIndex(text[:at], -1) {
		in = text[m[2]:m[3]]
	}
	return in == "failures"
}

// cargoPanicDetail is what test name's thread panicked with, its place
// and the message on the line after it when the place ends the line
// (newer Rust), "" when the output holds no such line.
func cargoPanicDetail(text, name string) string {
	for _, m := range cargoPanicRE.FindAllStringSubmatchIndex(text, -1) {
		if text[m[2]:m[3]] != name {
			continue
		}
		d := strings.TrimSpace(text[m[0]:m[1]])
		if strings.HasSuffix(d, ":") {
			if rest := text[m[1]:]; strings.HasPrefix(rest, "\n") {
				if next := strings.TrimSpace(ciLogPrefixRE.ReplaceAllString(lineAt(rest, 1), "")); next != "" {
					d += " " + next
				}
			}
		}
		return d
	}
	return ""
}
