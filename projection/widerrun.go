package projection

import (
	"regexp"
	"strings"
)

// A failed step that a wider run of the same tool ran and passed.
//
// "./gradlew detekt" failed ("> Task :app:detekt FAILED"); "./gradlew
// check" then printed "> Task :app:detekt" among its tasks and "BUILD
// SUCCESSFUL": the check holds the failed task, and it passed. "dbt test
// --select int_order_items" failed ("Failure in test
// unique_int_order_items_order_item_id"); "dbt build --select
// int_order_items+" then printed "3 of 8 PASS
// unique_int_order_items_order_item_id" and no error. A build tool
// reports each unit it runs by name, so a later passing run of the same
// tool whose output reports the failed unit run and passing resolves the
// failure, whatever its command line selected. A unit reported skipped
// ("> Task :app:detekt SKIPPED", "SKIP …"), a run that failed elsewhere
// ("BUILD FAILED", "ERROR=1") and another tool's run resolve nothing.

// stepTool is a build tool that names the units it runs: how a failure
// line names the failed unit (its first non-empty group), and the
// pattern of a passing output's line reporting a unit of that name run
// and passing (%s: the name, quoted).
type stepTool struct {
	prog, failed, runFail *pattern
	passed                string
}

var stepTools = []stepTool{
	{
		// Gradle: "> Task :app:detekt FAILED", "Execution failed for task
		// ':app:detekt'."; run: "> Task :app:detekt", "… UP-TO-DATE"
		prog:    mustPattern(`(?:^|[\s;&|(/'"])gradlew?(?:\.bat)?\s`),
		failed:  mustPattern(`^> Task (:\S+) FAILED\b|Execution failed for task '(:[^']+)'`),
		passed:  `(?m)^[ \t]*> Task %s(?:[ \t]+(?:UP-TO-DATE|FROM-CACHE))?[ \t]*$`,
		runFail: mustPattern(`(?m)^[ \t]*(?:BUILD FAILED|FAILURE: )|^> Task \S+ FAILED`),
	},
	{
		// dbt: "Failure in test x (…)", "Database Error in model x (…)";
		// run: "3 of 8 PASS x ….", "1 of 5 OK created sql table model
		// analytics.x ….".
		prog:    mustPattern(`(?:^|[\s;&|(/'"])dbt\s+(?:build|test|run|seed|snapshot)\b`),
		failed:  dbtNodeNameRE,
		passed:  `(?m)^[ \t]*(?:\d\d:\d\d:\d\d(?:\.\d+)?[ \t]+)?\d+ of \d+ (?:PASS |OK created\b[^\n]*?[ .])%s(?:[ \t.]|$)`,
		runFail: dbtFailCountRE,
	},
}

// stepPassedIn reports whether the passing call pc, a run of the tool
// the failed call ran, reports the unit the failure line because names
// run and passing, its output passedOut failing nowhere.
func stepPassedIn(failedCall, because string, pc *passedCall, passedOut string) bool {
	for _, t := range stepTools {
		if !t.prog.MatchString(failedCall) || !t.prog.MatchString(pc.text) {
			continue
		}
		m := t.failed.FindStringSubmatch(strings.TrimSpace(because))
		if m == nil || t.runFail.MatchString(passedOut) {
			continue
		}
		name := ""
		for _, g := range m[1:] {
			if g != "" {
				name = g
				break
			}
		}
		if name == "" {
			continue
		}
		if regexp.MustCompile(strings.Replace(t.passed, "%s", regexp.QuoteMeta(name), 1)).MatchString(passedOut) {
			return true
		}
	}
	return false
}
