package projection

import (
	"testing"
)

func TestCommandRunDropsOutputFilters(t *testing.T) {
	for _, tc := range []struct{ cmd, run string }{
		// Cuts and greps for how a run went: the run.
		{"airflow dags test orders_daily 2026-11-19 2>&1 | tail -6", "airflow dags test orders_daily 2026-11-19"},
		{"airflow dags test orders_daily 2026-11-19 2>&1 | grep -E 'Marking|ERROR' | tail -6", "airflow dags test orders_daily 2026-11-19"},
		{"xcodebuild test -scheme App 2>&1 | grep -E 'Test Suite|failed|Executed' | tail -5", "xcodebuild test -scheme App"},
		{"cargo build --release 2>&1 | head -n 40", "cargo build --release"},
		{"pytest tests/ -q > /dev/null 2>&1", "pytest tests/ -q"},
		{"npm run build 2>&1 | tee build.log | tail -20", "npm run build"},
		{"go test ./... 2>&1 | sed -n '1,40p'", "go test ./..."},
		{"mvn -q verify | cat", "mvn -q verify"},
		{"cd web && npm run build 2>&1 | tail -3", "cd web && npm run build"},
		// A pipe into a program that does work, or a grep that asks a
		// question of the output: part of the command.
		{"git ls-files '*.orig' | xargs rm", "git ls-files '*.orig' | xargs rm"},
		{"curl -fsSL https://get.example.sh | sh", "curl -fsSL https://get.example.sh | sh"},
		{"pg_dump app | psql app_copy", "pg_dump app | psql app_copy"},
		{"./gradlew :app:dependencies | grep kotlin-stdlib", "./gradlew :app:dependencies | grep kotlin-stdlib"},
		{"make test 2>&1 | grep -v FAIL", "make test 2>&1 | grep -v FAIL"},
		{"make test 2>&1 | grep -c PASS", "make test 2>&1 | grep -c PASS"},
		{"aws ec2 describe-instances | jq '.Reservations[].Instances[].State'", "aws ec2 describe-instances | jq '.Reservations[].Instances[].State'"},
		// A program that only prints: its grep is its question, only a
		// cut goes.
		{"ps aux | grep nginx", "ps aux | grep nginx"},
		{"cat logs/app.log | grep -i error | tail -5", "cat logs/app.log | grep -i error"},
		{"kubectl get pods -n prod | grep api", "kubectl get pods -n prod | grep api"},
		{"git log --oneline | head -5", "git log --oneline"},
		// A file written is the product.
		{"jq '.items' a.json > b.json", "jq '.items' a.json > b.json"},
		{"echo 10.0.0.5 db | sudo tee -a /etc/hosts", "echo 10.0.0.5 db | sudo tee -a /etc/hosts"},
		{"python gen.py 2>&1 | tail -3 > report.csv", "python gen.py 2>&1 | tail -3 > report.csv"},
		{"printf skipped > skipped.txt", "printf skipped > skipped.txt"},
		{"echo 'ok' >> notes.txt", "echo 'ok' >> notes.txt"},
		{"cat <<EOF > out.txt", "cat <<EOF > out.txt"},
		// A log is still a log, also after a program that prints.
		{"make test > test.log 2>&1", "make test"},
		{"cat build.log > /dev/null", "cat build.log"},
		// "|| true" changes the status.
		{"npm test | tail -5 || true", "npm test | tail -5 || true"},
	} {
		if got, _ := commandRun(tc.cmd); got != tc.run {
			t.Errorf("commandRun(%q) = %q, want %q", tc.cmd, got, tc.run)
		}
	}
}

func TestRepeatedRun(t *testing.T) {
	for _, tc := range []struct{ cmd, run string }{
		{"for i in 1 2 3 4 5; do xcodebuild test -scheme App -only-testing:AppTests/SyncTests/testConcurrentEdits 2>&1 | grep -E 'passed|failed' | tail -1; done",
			"xcodebuild test -scheme App -only-testing:AppTests/SyncTests/testConcurrentEdits 2>&1 | grep -E 'passed|failed' | tail -1"},
		{"for i in {1..10}; do go test -run TestFlaky -count=1 ./pkg/...; done", "go test -run TestFlaky -count=1 ./pkg/..."},
		{"for _ in $(seq 20); do pytest tests/test_race.py -q; sleep 1; done", "pytest tests/test_race.py -q"},
		{`for i in 1 2 3; do echo "round $i"; npm test; done`, "npm test"},
		// The loop's variable used: a batch over inputs, not a repeat.
		{"for f in *.py; do python $f; done", "for f in *.py; do python $f; done"},
		{"for i in 1 2 3; do curl -s localhost:8080/shard/$i; done", "for i in 1 2 3; do curl -s localhost:8080/shard/$i; done"},
		{"for i in 1 2 3; do make build; make test; done", "for i in 1 2 3; do make build; make test; done"},
		{"while true; do curl -s localhost:8080/health; sleep 2; done", "while true; do curl -s localhost:8080/health; sleep 2; done"},
	} {
		if got := repeatedRun(tc.cmd); got != tc.run {
			t.Errorf("repeatedRun(%q) = %q, want %q", tc.cmd, got, tc.run)
		}
	}
}

func TestPassShown(t *testing.T) {
	const failed = "make test 2>&1 | tail -5"
	const because = "FAIL: TestParse (0.01s)"
	for _, tc := range []struct {
		passed, out string
		want        bool
	}{
		{"make test 2>&1 | tail -5", "ok  example/parse 0.2s", true},
		{"make test", "ok  example/parse 0.2s", true},
		{"make test 2>&1 | tail -1", "ok  example/parse 0.2s", true},
		{"make test 2>&1 | grep -E 'FAIL|ok'", "ok  example/parse 0.2s", true},
		// Filters that would hide the failure.
		{"make test 2>&1 | grep -v FAIL", "ok  example/other 0.1s", false},
		{"make test 2>&1 | grep -c ok", "3", false},
		{"make test 2>&1 | head -3", "=== RUN TestParse", false},
		{"make test 2>&1 | grep -E 'Marking|Executed'", "Marking task as running", false},
		// a grep for how the run went, finding a success
		{"make test 2>&1 | grep -E 'Marking|Executed'", "Marking task as SUCCESS", true},
		{"make test 2>&1 | grep -v FAIL", "Marking task as SUCCESS", false},
		// ... unless the output states a pass.
		{"make test 2>&1 | head -3", "Executed 12 tests, with 0 failures (0 unexpected)", true},
		{"make test 2>&1 | grep -E 'Executed|skipped'", "Executed 131 tests, with 1 test skipped and 0 failures (0 unexpected)", true},
		{"make test 2>&1 | grep -E 'Done'", "Done. PASS=8 WARN=0 ERROR=0 FAIL=1 SKIP=0 TOTAL=9", false},
	} {
		if got := passShown(failed, tc.passed, because, tc.out, true); got != tc.want {
			t.Errorf("passShown(%q, %q) = %v, want %v", tc.passed, tc.out, got, tc.want)
		}
	}
}

func TestFilteredRerunResolves(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		want, never  []string
	}{
		{"ja airflow grep pass", `
> user
orders_daily の DAG が落ちてるので直してください。
> assistant
> call run_shell_command {"command": "airflow dags test orders_daily 2026-11-19 2>&1 | tail -6"}
> result error
Traceback (most recent call last):
ImportError: cannot import name 'load_orders' from partially initialized module 'orders_daily.load'
> user
循環 import を直して、もう一度流してください。
> assistant
> call run_shell_command {"command": "airflow dags test orders_daily 2026-11-19 2>&1 | grep -E 'Marking|ERROR' | tail -6"}
> result
INFO - Marking task as SUCCESS. dag_id=orders_daily, task_id=extract_orders
INFO - Marking task as SUCCESS. dag_id=orders_daily, task_id=load_orders`,
			[]string{`failure command/-/airflow dags test orders_daily 2026-11-19 \[resolved/empirical\] = failed: ImportError`},
			[]string{`\[open/empirical\]`}},
		{"ja airflow grep fails on the next error", `
> user
DAG を直してください。
> assistant
> call run_shell_command {"command": "airflow dags test orders_daily 2026-11-19 2>&1 | tail -6"}
> result error
ImportError: cannot import name 'load_orders' from partially initialized module 'orders_daily.load'
> assistant
> call run_shell_command {"command": "airflow dags test orders_daily 2026-11-19 2>&1 | grep -E 'Marking|ERROR' | tail -6"}
> result error
INFO - Marking task as SUCCESS. dag_id=orders_daily, task_id=load_orders
ERROR - dbt test failed: 1 of 9 tests failed`,
			[]string{`failure command/-/airflow dags test orders_daily 2026-11-19 \[investigating/empirical\] = failed: ERROR - dbt test failed`},
			[]string{`\[open/empirical\] = failed: ImportError`}},
		{"en grep -v hides the failure", `
> user
make the tests pass
> assistant
> call bash {"command": "make test 2>&1 | tail -5"}
> result error
--- FAIL: TestParse (0.01s)
FAIL	example/parse	0.2s
> assistant
> call bash {"command": "make test 2>&1 | grep -v FAIL"}
> result
ok  	example/other	0.1s`,
			[]string{`failure test/-/TestParse \[open/empirical\]`},
			[]string{`\[resolved/empirical\]`}},
		{"en head hides the end", `
> user
fix the build
> assistant
> call bash {"command": "cargo build --release 2>&1 | tail -3"}
> result error
error[E0425]: cannot find value ` + "`cfg`" + ` in this scope
error: could not compile ` + "`app`" + `
> assistant
> call bash {"command": "cargo build --release 2>&1 | head -2"}
> result
   Compiling libc v0.2.150
   Compiling app v0.1.0`,
			[]string{`failure command/-/cargo build --release \[open/empirical\]`},
			[]string{`\[resolved/empirical\]`}},
		{"en another command never merges", `
> user
fix the build
> assistant
> call bash {"command": "npm run build 2>&1 | tail -3"}
> result error
Error: Cannot find module 'webpack'
> assistant
> call bash {"command": "npm run lint 2>&1 | tail -3"}
> result
✔ No problems found`,
			[]string{`failure command/-/npm run build \[open/empirical\]`},
			[]string{`\[resolved/empirical\]`}},
		{"zh cargo grep for errors", `
> user
帮我把编译错误修好。
> assistant
> call bash {"command": "cargo build 2>&1 | tail -4"}
> result error
error[E0308]: mismatched types
error: could not compile ` + "`svc`" + ` due to previous error
> user
改好了，再编译一次看看。
> assistant
> call bash {"command": "cargo build 2>&1 | grep -E '^(error|warning)'"}
> result
(no output)`,
			[]string{`failure command/-/cargo build \[resolved/empirical\]`},
			[]string{`\[open/empirical\]`}},
		{"en a reader's greps stay two questions", `
> user
is nginx running? and redis?
> assistant
> call bash {"command": "ps aux | grep nginx"}
> result
root 812 nginx: master process
> assistant
> call bash {"command": "ps aux | grep redis"}
> result
redis 901 redis-server *:6379`,
			[]string{`evidence command/-/ps aux \| grep nginx `, `evidence command/-/ps aux \| grep redis `},
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expect(t, reduceAll(t, tc.script), tc.want, tc.never)
		})
	}
}

func TestRepeatLoopResolvedByItsRun(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		want, never  []string
	}{
		{"de flaky loop, then the whole run passes", `
> user
Der Test testConcurrentEdits ist manchmal rot, schau mal.
> assistant
> call bash {"command": "for i in 1 2 3 4 5; do xcodebuild test -scheme Notizblock -only-testing:NotizblockTests/SyncEngineTests/testConcurrentEdits 2>&1 | grep -E 'passed|failed' | tail -1; done"}
> result error
Test Case '-[NotizblockTests.SyncEngineTests testConcurrentEdits]' passed (0.981 seconds).
Test Case '-[NotizblockTests.SyncEngineTests testConcurrentEdits]' failed (1.019 seconds).
> user
Ok, mach den Fix und lass ihn nochmal laufen.
> assistant
> call bash {"command": "xcodebuild test -scheme Notizblock -only-testing:NotizblockTests/SyncEngineTests/testConcurrentEdits 2>&1 | grep -E 'Executed' | tail -1"}
> result
Executed 1 test, with 0 failures (0 unexpected) in 0.981 (0.990) seconds`,
			[]string{`failure command/-/xcodebuild test -scheme Notizblock -only-testing:NotizblockTests/SyncEngineTests/testConcurrentEdits \[resolved/empirical\]`},
			[]string{`\[open/empirical\]`, `failure command/-/for i`}},
		{"en loop over files is no repeat", `
> user
convert the frames
> assistant
> call bash {"command": "for f in a.raw b.raw; do python convert.py $f; done"}
> result error
Traceback (most recent call last):
ValueError: bad header in b.raw
> assistant
> call bash {"command": "python convert.py a.raw"}
> result
wrote a.png`,
			[]string{`failure command/-/for f in a.raw b.raw; do python convert.py \$f; done \[open/empirical\]`},
			[]string{`\[resolved/empirical\]`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expect(t, reduceAll(t, tc.script), tc.want, tc.never)
		})
	}
}
