package projection

import "strings"

// A benchmark that regressed.
//
// criterion (cargo bench) exits 0 when a benchmark got slower than its
// baseline, and says so on a line of its own: "Performance has
// regressed." under the benchmark's change. Asked to compare against a
// baseline, that line is the run's verdict: the run failed, though its
// status says it passed. Only criterion's own line in a run of cargo
// bench or of criterion counts; "Performance has improved." and "No
// change in performance detected." are no failure, nor the words quoted
// in prose.

var (
	// benchRegressedRE is criterion's verdict of a regression.
	benchRegressedRE = mustPattern(`(?m)^[ \t]*Performance has regressed\.[ \t]*$`)

	// benchRunRE is a run of criterion benchmarks.
	benchRunRE = mustPattern(`\bcargo\s+(?:\+\S+\s+)?(?:bench|criterion)\b`)
)

// benchRegressed is the line of text where a criterion run cmd says a
// benchmark regressed, "" when none does.
func benchRegressed(text, cmd string) string {
	if !benchRunRE.MatchString(cmd) {
		return ""
	}
	loc := benchRegressedRE.FindStringIndex(text)
	if loc == nil {
		return ""
	}
	return strings.TrimSpace(text[loc[0]:loc[1]])
}
