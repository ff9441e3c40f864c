package projection

import (
	"fmt"
	"strings"
	"testing"
)

// reduceRuns applies a user's message, then each run (its command,
// "error" when the host flagged it one, its output), and lists the hot
// anchors as reduceAll does. Events are applied directly: a Gradle
// output's "> Task" lines would read as a script's commands.
func reduceRuns(t *testing.T, user string, runs ...[3]string) string {
	t.Helper()
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: user})
	seq := 1
	for i, run := range runs {
		id := fmt.Sprint("c", i)
		seq++
		r.Apply(Event{Seq: seq, Role: RoleAssistant, Calls: []Call{{ID: id, Name: "bash", Args: map[string]any{"command": run[0]}}}})
		seq++
		r.Apply(Event{Seq: seq, Role: RoleTool, Text: run[2], Result: &Result{CallID: id, IsError: run[1] == "error"}})
	}
	var b strings.Builder
	for _, a := range r.Anchors() {
		fmt.Fprintf(&b, "  %s %s %s [%s/%s] = %s\n", a.ID, a.Kind, a.Key, a.Lifecycle, a.Authority, oneLine(a.Value, 100))
	}
	return b.String()
}

// users are a request in English, Japanese, Chinese and German: what the
// run's output says does not hang on the user's language.
var users = []string{"Check the staging models and run the build.", "ステージングのモデルを確認してビルドを回して。", "检查一下 staging 模型，然后跑构建。", "Prüf die Staging-Modelle und starte den Build."}

const (
	dbtErrOut = `08:21:58  Completed with 1 error, 0 partial successes, and 0 warnings:
08:21:58  
08:21:58    Database Error in model fct_orders (models/marts/fct_orders.sql)
  value too long for type character varying(16)
08:21:58  
08:21:58  Done. PASS=0 WARN=0 ERROR=1 SKIP=4 TOTAL=5`
	dbtOKOut = `08:30:02  1 of 5 OK created sql table model analytics.fct_orders ......... [SELECT 120 in 0.31s]
08:30:03  Completed successfully
08:30:03  Done. PASS=5 WARN=0 ERROR=0 SKIP=0 TOTAL=5`
	airflowErrOut = `filepath                     | error
=============================+==========================
/opt/airflow/dags/orders.py  | Traceback (most recent call last):
                             |   File "/opt/airflow/dags/orders.py", line 9, in <module>
                             |     from airflow.operators.dummy import DummyOperator
                             | ModuleNotFoundError: No module named 'airflow.operators.dummy'`
)

// TestRunFailWhateverStatus: a run's output that says it failed (dbt's
// count, a traceback in a table's cell) is a failure though the shell
// exited 0; a count of none, a log shown and a traceback outside a
// cell are not.
func TestRunFailWhateverStatus(t *testing.T) {
	for _, u := range users {
		for _, tc := range []struct {
			cmd, out string
			want     string // "" : no failure
		}{
			// the trial's (p06)
			{"bash -lc 'dbt build --select fct_orders --target prod 2>&1 | tee logs/backfill.log | tail -n 6'", dbtErrOut, `failed: value too long for type character varying\(16\) — Database Error in model fct_orders`},
			{"bash -lc 'airflow dags list-import-errors'", airflowErrOut, `failed: ModuleNotFoundError: No module named 'airflow.operators.dummy'`},
			// paraphrases
			{"dbt run -s stg_orders | tail -3", "12:00:01  Completed with 2 errors, 0 partial successes, and 1 warning:\n12:00:01  Compilation Error in model stg_orders (models/staging/stg_orders.sql)\n  column \"amount\" does not exist\n12:00:01  Done. PASS=3 WARN=1 ERROR=2 SKIP=0 TOTAL=6", `failed: column "amount" does not exist — Compilation Error in model stg_orders`},
			{"dbt test | tee t.log", "Done. PASS=7 WARN=0 ERROR=1 SKIP=0 TOTAL=8", `failed: Done\. PASS=7 WARN=0 ERROR=1`},
			{"python manage.py check_imports", "module   │ error\n─────────┼──────\nbilling  │ Traceback (most recent call last):\n         │   File \"billing/x.py\", line 2, in <module>\n         │ ImportError: cannot import name 'Rate'", `failed: ImportError: cannot import name 'Rate'`},
			// near misses: nothing failed, or text shown
			{"dbt build --select fct_orders", dbtOKOut, ""},
			{"cat logs/backfill.log", dbtErrOut, ""},
			{"airflow dags list-import-errors", "No data found", ""},
			{"python worker.py --once", "INFO retrying after error\n    Traceback (most recent call last):\n      File \"w.py\", line 3, in run\n    ConnectionError: reset\nINFO done", ""},
			{"airflow dags list", "dag_id | filepath | owner\n=======+==========+======\norders | orders.py | airflow", ""},
		} {
			out := reduceRuns(t, u, [3]string{tc.cmd, "", tc.out})
			if tc.want == "" {
				expect(t, out, nil, []string{` failure `})
				continue
			}
			expect(t, out, []string{` failure .*\[open/.* = ` + tc.want}, nil)
		}
	}
}

// TestNoMatchUnderShell: grep, rg or test exiting 1 with no output
// answered "no", even run through "bash -lc '…'" as Codex runs every
// command and flagged failed by the host; an error message, exit 2's,
// or another program's empty failure is a failure.
func TestNoMatchUnderShell(t *testing.T) {
	for _, u := range users {
		for _, tc := range []struct {
			cmd, out, want string
			failure        bool
		}{
			{`bash -lc 'grep -rn "discount_amount" models/staging/'`, "(no output)", `(?m)= no match$`, false},
			{`bash -lc 'grep -rn "discount_amount" models/staging/'`, "", `(?m)= no match$`, false},
			{`/bin/zsh -c "rg -n discount_amount src"`, "(no output)", `(?m)= no match$`, false},
			{`rg -n discount_amount src`, "(no output)", `(?m)= no match$`, false},
			{`bash -lc 'test -f dbt_project.yml'`, "(no output)", `(?m)= no$`, false},
			// near misses: a search that could not run; an empty
			// failure of a program whose status 1 is no answer
			{`bash -lc 'grep -rn discount_amount models/stg/'`, "grep: models/stg/: No such file or directory", `= failed: grep: models/stg/: No such file`, true},
			{`bash -lc 'pytest -q tests/test_orders.py'`, "(no output)", `= failed: \(no output\)`, true},
			{`bash -lc 'grep -rn x models/ && dbt run'`, "(no output)", `= failed: \(no output\)`, true},
		} {
			out := reduceRuns(t, u, [3]string{tc.cmd, "error", tc.out})
			if tc.failure {
				expect(t, out, []string{` failure .*` + tc.want}, nil)
			} else {
				expect(t, out, []string{`evidence .*` + tc.want}, []string{` failure `})
			}
		}
	}
}

// TestFailureLineQuoted: the line quoted for a failed run is the one that
// says what failed: not a count of none ("0 failed"), not a warning the
// run went past; for a run a timeout stopped, the test the runner said
// was still running.
func TestFailureLineQuoted(t *testing.T) {
	cargoHung := "running 24 tests\ntest config::tests::parses_default_toml ... ok\ntest result: ok. 24 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.41s\n\n     Running tests/integration.rs\n\nrunning 7 tests\ntest create_order_happy_path ... ok\ntest pool_drains_under_load has been running for over 60 seconds"
	for _, u := range users {
		for _, tc := range []struct {
			cmd, out, want string
		}{
			// the trial's (p21, p26)
			{"timeout 120 cargo test 2>&1 | tail -n 12", cargoHung, `failed: test pool_drains_under_load has been running for over 60 seconds`},
			{"bash -lc 'gh pr create --fill --base main 2>&1'", "Warning: 1 uncommitted change\ncould not create pull request: HTTP 403: Resource not accessible by integration (https://api.github.com/graphql)", `failed: could not create pull request: HTTP 403`},
			// paraphrases
			{"timeout 300 go test ./...", "ok  \tgithub.com/x/a\t0.2s\n=== RUN   TestDrain\nTestDrain still running after 240s", `failed: TestDrain still running after 240s`},
			{"npm publish", "npm warn publish npm auto-corrected some errors in your package.json\nYou do not have permission to publish \"left-pad\".", `failed: You do not have permission to publish`},
			{"make deploy", "Summary: 12 checks, 0 errors\nrsync: connection unexpectedly closed", `failed: rsync: connection unexpectedly closed`},
			// near misses: an error line is quoted as before; a run of
			// warnings alone quotes its first line
			{"gh pr create --fill", "Warning: 1 uncommitted change\nerror: could not find any commits", `failed: error: could not find any commits`},
			{"gh pr create --fill", "Warning: 1 uncommitted change", `failed: Warning: 1 uncommitted change`},
			{"cargo test", "test result: FAILED. 23 passed; 1 failed; 0 ignored", `failed: test result: FAILED. 23 passed; 1 failed`},
		} {
			out := reduceRuns(t, u, [3]string{tc.cmd, "error", tc.out})
			expect(t, out, []string{` failure .*\[open/.* = ` + tc.want}, []string{`= failed: test result: ok`})
		}
	}
	// a stalled test's notice in a run that passed is no failure
	out := reduceRuns(t, users[0], [3]string{"cargo test", "", "test slow_one has been running for over 60 seconds\ntest slow_one ... ok\ntest result: ok. 1 passed; 0 failed"})
	expect(t, out, nil, []string{` failure `})
}

// TestWiderRunHoldsStep: a failed Gradle task or dbt node is resolved by
// a later passing run of the same tool that reports it run and passing,
// whatever that run selected; not by one that skipped it, did not run it,
// failed elsewhere, or by another tool.
func TestWiderRunHoldsStep(t *testing.T) {
	detektFail := "> Task :app:detekt FAILED\n/w/app/src/main/java/A.kt:112:41: This expression contains a magic number. [MagicNumber]\n\nFAILURE: Build failed with an exception.\n* What went wrong:\nExecution failed for task ':app:detekt'.\n> Analysis failed with 1 weighted issues.\n\nBUILD FAILED in 19s"
	dbtFail := "07:46:31  2 of 2 FAIL 37 unique_int_order_items_order_item_id .......... [FAIL 37 in 0.16s]\n07:46:31  Completed with 1 error, 0 partial successes, and 0 warnings:\n07:46:31  Failure in test unique_int_order_items_order_item_id (models/intermediate/schema.yml)\n07:46:31  Done. PASS=1 WARN=0 ERROR=1 SKIP=0 TOTAL=2"
	dbtModelFail := "1 of 1 ERROR creating sql table model analytics.fct_orders ... [ERROR in 0.2s]\nCompleted with 1 error, 0 partial successes, and 0 warnings:\nDatabase Error in model fct_orders (models/marts/fct_orders.sql)\n  value too long for type character varying(16)\nDone. PASS=0 WARN=0 ERROR=1 SKIP=0 TOTAL=1"
	for _, u := range users {
		for _, tc := range []struct {
			failCmd, failOut, passCmd, passOut string
			resolved                           bool
		}{
			// the trial's (p08b, p08a)
			{"./gradlew detekt --console=plain", detektFail, "./gradlew check --console=plain", "> Task :app:detekt\n> Task :app:lintDebug\n> Task :app:testDebugUnitTest\n> Task :app:check\n\nBUILD SUCCESSFUL in 2m 3s", true},
			{"bash -lc 'dbt test --select int_order_items --target dev'", dbtFail, "bash -lc 'dbt build --select int_order_items+ --target dev'", "07:49:01  3 of 8 PASS unique_int_order_items_order_item_id ............ [PASS in 0.14s]\n07:49:01  4 of 8 PASS not_null_int_order_items_order_item_id .......... [PASS in 0.11s]\n07:49:02  Completed successfully\n07:49:02  Done. PASS=8 WARN=0 ERROR=0 SKIP=0 TOTAL=8", true},
			// paraphrases
			{"./gradlew :app:detekt", detektFail, "./gradlew build", "> Task :app:detekt UP-TO-DATE\n> Task :app:build\nBUILD SUCCESSFUL in 40s", true},
			{"dbt run -s fct_orders", dbtModelFail, "dbt build -s +fct_orders", "2 of 4 OK created sql table model analytics.fct_orders ..... [SELECT 120 in 0.31s]\nCompleted successfully\nDone. PASS=4 WARN=0 ERROR=0 SKIP=0 TOTAL=4", true},
			// near misses
			{"./gradlew detekt", detektFail, "./gradlew check -x detekt", "> Task :app:detekt SKIPPED\n> Task :app:check\nBUILD SUCCESSFUL in 1m", false},
			{"./gradlew detekt", detektFail, "./gradlew assembleDebug", "> Task :app:compileDebugKotlin\n> Task :app:assembleDebug\nBUILD SUCCESSFUL in 30s", false},
			{"./gradlew detekt", detektFail, "./gradlew check --continue", "> Task :app:detekt\n> Task :app:lintDebug FAILED\nBUILD FAILED in 1m", false},
			{"./gradlew detekt", detektFail, "make check", "> Task :app:detekt\nall checks done", false},
			{"./gradlew detekt", detektFail, "./gradlew check", "> Task :core:detekt\n> Task :core:check\nBUILD SUCCESSFUL in 20s", false},
			{"dbt test --select int_order_items", dbtFail, "dbt build --select stg_orders+", "1 of 3 PASS unique_stg_orders_order_id ..... [PASS in 0.1s]\nCompleted successfully\nDone. PASS=3 WARN=0 ERROR=0 SKIP=0 TOTAL=3", false},
			{"dbt test --select int_order_items", dbtFail, "dbt build --select int_order_items+", "3 of 8 PASS unique_int_order_items_order_item_id ..... [PASS in 0.1s]\n5 of 8 ERROR creating sql view model x.int_x ... [ERROR]\nCompleted with 1 error, 0 partial successes, and 0 warnings:\nDone. PASS=6 WARN=0 ERROR=1 SKIP=1 TOTAL=8", false},
			{"dbt test --select int_order_items", dbtFail, "dbt build --select int_order_items+", "3 of 8 SKIP test unique_int_order_items_order_item_id ..... [SKIP]\nCompleted successfully\nDone. PASS=7 WARN=0 ERROR=0 SKIP=1 TOTAL=8", false},
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
