package projection

import (
	"regexp"
	"strings"
)

// A Playwright test is one test per project.
//
// "✘ 33 [webkit] › account.spec.ts:18:3 › account › shows order history"
// failed in the webkit project; the same test in chromium is another
// test, keyed apart. A later run restricted to other projects
// ("npx playwright test --project=chromium": "19 passed") did not run it,
// so its passing fixes nothing of it, however it compares with the run
// that failed.

// pwProjectRE is the project a Playwright verdict names ("[webkit] ›").
var pwProjectRE = regexp.MustCompile(`\[([\w.\-]+)\] › `)

// pwProjectOptRE is an option that restricts a Playwright run to a
// project ("--project=chromium", "--project chromium").
var pwProjectOptRE = regexp.MustCompile(`(?:^|\s)--project(?:=|\s+)['"]?([\w.\-]+)`)

// otherProject reports whether the passing call's text restricts its
// Playwright run to projects of which none is the project the failed
// test's key or verdict names.
func otherProject(failed, passedCall string) bool {
	m := pwProjectRE.FindStringSubmatch(failed)
	if m == nil || !strings.Contains(passedCall, "playwright") {
		return false
	}
	opts := pwProjectOptRE.FindAllStringSubmatch(passedCall, -1)
	if len(opts) == 0 {
		return false
	}
	for _, o := range opts {
		if strings.EqualFold(o[1], m[1]) {
			return false
		}
	}
	return true
}
