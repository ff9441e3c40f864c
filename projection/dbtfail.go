package projection

import (
	"strings"
	"unicode/utf8"
)

// A dbt run's failures.
//
// dbt closes a run with its count ("Completed with 1 error, 0 partial
// successes, and 0 warnings:", "Done. PASS=0 WARN=0 ERROR=1 SKIP=4
// TOTAL=5", newer ones "… ERROR=0 FAIL=1 …" for a test that failed),
// each line after a time stamp, whatever the exit status the
// host recorded: behind "| tee log | tail" the pipe exits 0. A count of
// errors above zero is a failed run. What failed is the node dbt names
// under the count: "Failure in test unique_orders_id (models/schema.yml)"
// or "Database Error in model fct_orders (models/marts/fct_orders.sql)"
// with the database's message on the next line ("value too long for type
// character varying(16)"). A count of none ("Completed with 0 errors",
// "ERROR=0") and "Completed successfully" say the run passed.

var (
	// dbtFailCountRE is dbt's closing count with an error in it.
	dbtFailCountRE = mustPattern(`(?m)^[ \t]*(?:\d\d:\d\d:\d\d(?:\.\d+)?[ \t]+)?(?:Completed with [1-9]\d* errors?\b|Done\. PASS=\d+ (?:[A-Z_]+=\d+ )*?(?:ERROR|FAIL)=[1-9])`)
	// dbtNodeFailRE is dbt's line naming a node that failed; the name is
	// its first group.
	dbtNodeFailRE = mustPattern(`(?m)^[ \t]*(?:\d\d:\d\d:\d\d(?:\.\d+)?[ \t]+)?(?:Failure in (?:test|unit_test) (\S+)|(?:Database|Compilation|Runtime|Parsing) Error in (?:model|test|seed|snapshot|unit_test|sql_operation|macro|analysis) (\S+))`)
	// dbtNodeNameRE is dbtNodeFailRE anywhere in a line.
	dbtNodeNameRE = mustPattern(`\b(?:Failure in (?:test|unit_test) (\S+)|(?:Database|Compilation|Runtime|Parsing) Error in (?:model|test|seed|snapshot|unit_test|sql_operation|macro|analysis) (\S+))`)
	// dbtStampRE is the time stamp dbt opens its lines with.
	dbtStampRE = mustPattern(`^\d\d:\d\d:\d\d(?:\.\d+)?[ \t]+`)
)

// dbtFailure is the line of a dbt run's output saying what failed (the
// database's message, then the line of the node it failed in), "" when
// its count says no error.
func dbtFailure(text string) string {
	loc := dbtFailCountRE.FindStringIndex(text)
	if loc == nil {
		return ""
	}
	m := dbtNodeFailRE.FindStringIndex(text)
	if m == nil {
		return dbtLine(lineAt(text, loc[0]))
	}
	l := dbtLine(lineAt(text, m[0]))
	if strings.Contains(l, " Error in ") {
		// the message dbt prints indented under the node's line
		rest := text[m[1]:]
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			for n := range strings.Lines(rest[i+1:]) {
				if n = dbtLine(n); n != "" {
					if !dbtFailCountRE.MatchString(n) && !strings.HasPrefix(n, "Done.") {
						// the message first: it says what failed
						l = n + " — " + l
					}
					break
				}
			}
		}
	}
	return l
}

// dbtLine is line l without its time stamp, trimmed.
func dbtLine(l string) string {
	return strings.TrimSpace(dbtStampRE.ReplaceAllString(strings.TrimSpace(l), ""))
}

// dbtFailedNode is the node a dbt failure line names ("Failure in test
// unique_orders_id (…)"), "" when it names none.
func dbtFailedNode(because string) string {
	m := dbtNodeNameRE.FindStringSubmatch(because)
	if m == nil {
		return ""
	}
	return m[1] + m[2]
}

// A Python traceback in a table's cell.
//
// A command that lists errors it found in a table ("airflow dags
// list-import-errors": "filepath | error", each error a traceback in its
// cell) exits 0 having shown that the code it checked fails to load. The
// traceback's exception line, in the same column ("… | ModuleNotFoundError:
// No module named 'x'"), is the failure. A traceback at a line's start is
// read by cmdFailRE; one indented without a cell's bar (a log's, a test's
// captured output) is not read here.

// cellTracebackRE is a traceback's first line in a table cell: after a
// bar, the row's cells before it.
var cellTracebackRE = mustPattern(`(?m)^[^|│┃║\n]*(?:[|│┃║][ \t]*)+Traceback \(most recent call last\):`)

// cellException is the exception line of the first traceback text shows
// in a table's cell (cellTracebackRE), "" when none.
func cellException(text string) string {
	loc := cellTracebackRE.FindStringIndex(text)
	if loc == nil {
		return ""
	}
	rest := text[loc[1]:]
	for l := range strings.Lines(rest) {
		i := strings.LastIndexAny(l, "|│┃║")
		if i < 0 {
			continue
		}
		_, w := utf8.DecodeRuneInString(l[i:])
		if c := strings.TrimSpace(l[i+w:]); pyExceptionRE.MatchString(c) {
			return c
		} else if cellTracebackRE.MatchString(l) {
			return ""
		}
	}
	return ""
}
