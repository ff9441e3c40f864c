package projection

import "strings"

// Playwright's verdicts on its tests.
//
// Playwright's list reporter marks each test "✓" or "✘" (some terminals
// "✔", "✗"), then its number in the run, its project and its place:
// "✘  3 [chromium] › checkout.spec.ts:31:3 › pays with card (30.0s)". A
// failed test's error follows in its numbered section ("1) checkout.
// spec.ts:31:3 › pays with card" then "TimeoutError: …") or right under
// its verdict. A test is named without its number, its line and column
// and its time, so a rerun after an edit that moved it names the same
// test.

var (
	pwFailRE = mustPattern(`(?m)^[ \t]*(?:✘|✗)[ \t]+(?:\d+[ \t]+)?(\S[^\n]{0,200}? › [^\n]{0,200}?)(?:[ \t]+\(\d+(?:\.\d+)?m?s\))?[ \t]*$`)
	pwPassRE = mustPattern(`(?m)^[ \t]*(?:✓|✔)[ \t]+(?:\d+[ \t]+)?(\S[^\n]{0,200}? › [^\n]{0,200}?)(?:[ \t]+\(\d+(?:\.\d+)?m?s\))?[ \t]*$`)
	// pwPlaceRE is a spec file's line and column ("checkout.spec.ts:31:3").
	pwPlaceRE = mustPattern(`(\.[cm]?[jt]sx?):\d+(?::\d+)?\b`)
	// pwErrorRE is the line that says why a test failed.
	pwErrorRE = mustPattern(`^(?:[A-Z]\w*)?Error\b|^expect\(`)
)

// pwName is the test a Playwright verdict names: without the spec's
// line and column.
func pwName(s string) string {
	return strings.TrimSpace(pwPlaceRE.ReplaceAllString(s, "$1"))
}

// pwFailDetail is the error Playwright printed for the failed test name
// whose verdict starts at at: the first error line of the test's
// numbered section ("1) checkout.spec.ts:31:3 › pays with card"), else
// of the lines right under its verdict; "" when it printed none.
func pwFailDetail(text string, at int, name string) string {
	lines := strings.Split(text, "\n")
	from := strings.Count(text[:at], "\n") + 1
	for i, l := range lines {
		t := strings.TrimSpace(l)
		n, rest, ok := strings.Cut(t, ") ")
		if ok && n != "" && strings.Trim(n, "0123456789") == "" && pwName(rest) == name {
			from = i + 1
			break
		}
	}
	for i := from; i < len(lines) && i < from+6; i++ {
		t := strings.TrimSpace(lines[i])
		if pwErrorRE.MatchString(t) {
			return t
		}
		if strings.HasPrefix(t, "✓") || strings.HasPrefix(t, "✘") {
			break
		}
	}
	return ""
}
