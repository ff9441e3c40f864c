package projection

import "testing"

// TestDbtSummaryRunCovers: a failed dbt run is resolved by a later
// passing dbt run whose output is only its closing count when that run
// selected every node the failed one did (same name, graph operators at
// least as wide, or the whole project), runs that kind of node, against
// the same target, with no error and no skip; not by a narrower or other
// selection, an exclusion, another target, another kind of run, a count
// with a skip or an error, or a run that lists its nodes without the
// failed one.
func TestDbtSummaryRunCovers(t *testing.T) {
	testFail := "07:46:31  2 of 2 FAIL 37 unique_int_order_items_order_item_id .......... [FAIL 37 in 0.16s]\n07:46:31  Completed with 1 error, 0 partial successes, and 0 warnings:\n07:46:31  Failure in test unique_int_order_items_order_item_id (models/intermediate/schema.yml)\n07:46:31  Done. PASS=1 WARN=0 ERROR=1 SKIP=0 TOTAL=2"
	modelFail := "1 of 1 ERROR creating sql table model analytics.fct_orders ... [ERROR in 0.2s]\nCompleted with 1 error, 0 partial successes, and 0 warnings:\nDatabase Error in model fct_orders (models/marts/fct_orders.sql)\n  value too long for type character varying(16)\nDone. PASS=0 WARN=0 ERROR=1 SKIP=0 TOTAL=1"
	summary := "07:49:02  Finished running 1 table model, 1 incremental model, 6 data tests in 0 hours 0 minutes and 4.51 seconds (4.51s).\n07:49:02  \n07:49:02  Completed successfully\n07:49:02  \n07:49:02  Done. PASS=8 WARN=0 ERROR=0 SKIP=0 TOTAL=8"
	for _, u := range users {
		for _, tc := range []struct {
			failCmd, failOut, passCmd, passOut string
			resolved                           bool
		}{
			// the trial's (session A)
			{"bash -lc 'cd dbt/analytics-warehouse && dbt test --select int_order_items --target dev'", testFail, "bash -lc 'cd dbt/analytics-warehouse && dbt build --select int_order_items+ --target dev 2>&1 | tail -n 6'", summary, true},
			// paraphrases
			{"dbt test -s int_order_items", testFail, "dbt test -s +int_order_items+ --fail-fast", summary, true},
			{"dbt test --select int_order_items", testFail, "dbt build", summary, true},
			{"dbt run --models fct_orders --target prod", modelFail, "dbt build --models fct_orders+ --target prod", "Completed successfully\n\nDone. PASS=4 WARN=0 ERROR=0 SKIP=0 TOTAL=4", true},
			{"dbt test --select int_order_items+", testFail, "dbt build --select @int_order_items", summary, true},
			// near misses
			{"dbt test --select int_order_items+", testFail, "dbt build --select int_order_items", summary, false},
			{"dbt test --select int_order_items", testFail, "dbt build --select stg_orders+", summary, false},
			{"dbt test --select int_order_items", testFail, "dbt build --select int_order_items+ --exclude fct_orders", summary, false},
			{"dbt test --select int_order_items --target dev", testFail, "dbt build --select int_order_items+ --target prod", summary, false},
			{"dbt test --select int_order_items", testFail, "dbt build --select int_order_items+ --target prod", summary, false},
			{"dbt test --select int_order_items", testFail, "dbt run --select int_order_items+", summary, false},
			{"dbt test --select int_order_items", testFail, "dbt build --select int_order_items+ | tail -n 2", "Completed successfully\n\nDone. PASS=7 WARN=0 ERROR=0 SKIP=1 TOTAL=8", false},
			{"dbt test --select int_order_items", testFail, "dbt build --select int_order_items+ | tail -n 1", "\n", false},
			{"dbt test --select int_order_items", testFail, "dbt build --select int_order_items+", "1 of 2 PASS not_null_fct_orders_order_id ..... [PASS in 0.1s]\n2 of 2 PASS unique_fct_orders_order_id ..... [PASS in 0.1s]\nCompleted successfully\nDone. PASS=2 WARN=0 ERROR=0 SKIP=0 TOTAL=2", false},
			{"dbt test --select int_order_items", testFail, "sqlfluff lint models/intermediate/int_order_items.sql", "Done. PASS=1 WARN=0 ERROR=0 SKIP=0 TOTAL=1", false},
		} {
			out := reduceRuns(t, u, [3]string{tc.failCmd, "error", tc.failOut}, [3]string{tc.passCmd, "", tc.passOut})
			if tc.resolved {
				expect(t, out, []string{` failure .*\[resolved/`}, []string{` failure .*\[open/`})
			} else {
				expect(t, out, []string{` failure .*\[(?:open|investigating)/`}, []string{` failure .*\[resolved/`})
			}
		}
	}
}
