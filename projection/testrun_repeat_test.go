package projection

import (
	"slices"
	"testing"
)

// A flaky test run again by a loop, a repeat option or a wider run of
// the same tests (testrepeat.go, suite.go).
func TestRepeatedTestRunResolves(t *testing.T) {
	loop := "for i in 1 2 3 4 5; do pytest -q invoices/tests/test_tasks.py::test_sync_invoices_retries_with_backoff | tail -1; done"
	cases := []struct {
		name, failed, passed, out string
		want                      bool
	}{
		{"repro: loop, then --count over the file", loop, "pytest -q invoices/tests/test_tasks.py --count 100 | tail -1", "700 passed in 71.82s", true},
		{"count with =", loop, "pytest -q invoices/tests/test_tasks.py --count=100", "700 passed in 71.82s", true},
		{"the same test repeated", loop, "pytest -q invoices/tests/test_tasks.py::test_sync_invoices_retries_with_backoff --count 50", "50 passed in 40.1s", true},
		{"a seq loop over the file, a plugin off", loop, "for i in $(seq 1 20); do pytest -q -p no:cacheprovider invoices/tests/test_tasks.py 2>&1 | tail -1; done | sort | uniq -c", "     20 6 passed in 3.88s", true},
		{"the app's directory", loop, "pytest -q invoices 2>&1 | tail -1", "7 passed in 4.05s", true},
		{"the whole suite", loop, "pytest -q -n 4", "700 passed in 71.82s", true},
		{"xdist workers", "pytest tests/test_api.py::test_login", "pytest -n auto tests/test_api.py", "12 passed in 3.1s", true},
		{"go -count", "go test -run TestSync ./internal/sync", "go test -count=100 -run TestSync ./internal/sync", "ok  \texample.com/internal/sync\t4.2s", true},
		{"go ./...", "go test -run TestSync ./internal/sync", "go test -count 20 ./...", "ok  \texample.com/internal/sync\t4.2s", true},
		{"playwright repeat-each", "npx playwright test tests/checkout.spec.ts", "npx playwright test tests/checkout.spec.ts --repeat-each 20 --workers 4", "  40 passed (1.2m)", true},
		{"ctest until-fail", "ctest -R parser_fuzz", "ctest -R parser_fuzz --repeat until-fail:100", "100% tests passed, 0 tests failed out of 1", true},

		// precision: another test, a filter, a retry, a test left out
		{"another file", loop, "pytest -q invoices/tests/test_models.py --count 100", "700 passed", false},
		{"a -k filter of its own", loop, "pytest -q invoices/tests/test_tasks.py -k 'not retries' --count 10", "60 passed", false},
		{"-k with a directory name", "pytest invoices/tests/test_tasks.py::test_x", "pytest -k invoices", "80 passed", false},
		{"the test deselected", loop, "pytest -q invoices/tests/test_tasks.py --deselect invoices/tests/test_tasks.py::test_sync_invoices_retries_with_backoff", "6 passed", false},
		{"reruns hide the flake", loop, "pytest -q invoices/tests/test_tasks.py --reruns 3", "7 passed, 1 rerun", false},
		{"retries hide the flake", "npx playwright test tests/checkout.spec.ts", "npx playwright test tests/checkout.spec.ts --retries 2", "  2 passed (10s)", false},
		{"ctest until-pass", "ctest -R parser_fuzz", "ctest -R parser_fuzz --repeat until-pass:3", "100% tests passed, 0 tests failed out of 1", false},
		{"ctest excludes it", "ctest -R parser", "ctest -E parser_fuzz", "100% tests passed, 0 tests failed out of 40", false},
		{"go -skip", "go test -run TestSync ./internal/sync", "go test -skip TestSync ./internal/sync", "ok  \texample.com/internal/sync\t4.2s", false},
		{"a sibling file by prefix", "pytest tests/test_api.py", "pytest tests/test_a", "3 passed", false},
		{"a run that still fails", loop, "pytest -q invoices/tests/test_tasks.py --count 100", "1 failed, 699 passed in 71.82s", false},
		{"cargo -p is a package", "cargo test -p recorder", "cargo test -p other", "test result: ok. 3 passed", false},
	}
	for _, c := range cases {
		got := suiteRerun(c.failed, readPassed(c.passed), c.out)
		if got != c.want {
			t.Errorf("%s: suiteRerun(%q, %q, %q) = %v, want %v", c.name, c.failed, c.passed, c.out, got, c.want)
		}
	}
}

// A failed status query resolved by a later query of the same thing
// (statusquery.go).
func TestStatusSubjects(t *testing.T) {
	cases := []struct {
		cmd  string
		want []string
	}{
		{"sleep 120; aws ecs describe-services --cluster staging-eu --services billing-api --query 'services[0].events[:4].message' --output text", []string{"status/-/ecs/staging-eu/billing-api"}},
		{"aws ecs describe-services --cluster=arn:aws:ecs:eu-central-1:1:cluster/staging-eu --services=billing-api", []string{"status/-/ecs/staging-eu/billing-api"}},
		{"aws --region eu-central-1 ecs describe-services --services web", []string{"status/-/ecs/default/web"}},
		{"kubectl -n prod rollout status deployment/api --timeout=120s", []string{"status/-/k8s/api"}},
		{"kubectl rollout status deploy api", []string{"status/-/k8s/api"}},
		{"systemctl status nginx.service", []string{"status/-/systemd/nginx"}},
		{"helm status web -n prod", []string{"status/-/helm/web"}},
		// several things, or none named: no one subject
		{"aws ecs describe-services --cluster c --services a b", nil},
		{"aws ecs describe-services --cluster c --services a,b", nil},
		{"aws ecs list-services --cluster c", nil},
		{"kubectl rollout status statefulset/db", nil},
		{"kubectl get pods", nil},
	}
	for _, c := range cases {
		if got := statusSubjects(c.cmd); !slices.Equal(got, c.want) {
			t.Errorf("statusSubjects(%q) = %q, want %q", c.cmd, got, c.want)
		}
	}
	obs := []struct {
		text string
		ok   bool
	}{
		{"1\t1\t(service billing-api) has reached a steady state.", true},
		{"(service billing-api) has reached a steady state.\n(service billing-api) has stopped 1 running tasks: Task failed ELB health checks", true},
		{"0\t(service billing-api) has stopped 1 running tasks: (task 8e9f...). Reason: Task failed ELB health checks", false},
		{"(service billing-api) has stopped 1 running tasks.\n(service billing-api) has reached a steady state.", false},
		{"(service other-api) has reached a steady state.", false},
	}
	for _, o := range obs {
		if got := len(ecsObservations("staging-eu", "billing-api", o.text)) == 1; got != o.ok {
			t.Errorf("ecsObservations(%q) healthy = %v, want %v", o.text, got, o.ok)
		}
	}
}

// The line a killed run is quoted by (killed.go).
func TestKilledRunLine(t *testing.T) {
	cases := []struct{ out, want string }{
		{"Unapplying orders.0042_backfill_status... OK\nRunning migrations:\n  Applying orders.0042_backfill_status...Killed\n\tExit status: 137", "Applying orders.0042_backfill_status...Killed"},
		{"Loading model... done\nKilled", "Killed"},
		{"step 1 ok\n./run.sh: line 3: 4211 Segmentation fault (core dumped) ./a.out", "./run.sh: line 3: 4211 Segmentation fault (core dumped) ./a.out"},
		{"Compiling... OK\nLinking... OK\nwriting image 7/9\nexit status 2", "writing image 7/9"},
		// an error line still wins; a first line that reports nothing done
		// stays the fallback
		{"Migrating... OK\nerror: relation \"x\" does not exist", "error: relation \"x\" does not exist"},
		{"Preparing\nStep 2\nexit status 1", "Preparing"},
		{"All 3 jobs Terminated by user request at 10:00", "All 3 jobs Terminated by user request at 10:00"},
	}
	for _, c := range cases {
		if got := failureLine(c.out); got != c.want {
			t.Errorf("failureLine(%q) = %q, want %q", c.out, got, c.want)
		}
	}
}

// Approaches dropped by name in Swedish, Ukrainian, Russian, German and
// English (dropxl.go).
func TestDroppedNamesXL(t *testing.T) {
	cases := []struct {
		s    string
		want []string
	}{
		{"ok, nej till bulk_update-varianten, den är död.", []string{"bulk_update-varianten", "bulk_update"}},
		{"bulk_update-varianten är död", []string{"bulk_update-varianten", "bulk_update"}},
		{"glöm pgloader, vi kör COPY", []string{"pgloader"}},
		{"strunta i pgloader", []string{"pgloader"}},
		{"забудь про pgloader, робимо через COPY", []string{"pgloader"}},
		{"pgloader — мертвий варіант", []string{"pgloader"}},
		{"відмовляємось від pgloader", []string{"pgloader"}},
		{"отказываемся от pgloader", []string{"pgloader"}},
		{"vergiss pgloader", []string{"pgloader"}},
		{"pgloader ist tot", []string{"pgloader"}},
		{"pgloader is dead, use COPY", []string{"pgloader"}},
		// negatives: asked, conditional, negated, put off, a pronoun
		{"är bulk_update-varianten död?", nil},
		{"om pgloader är död får vi köra COPY", nil},
		{"glöm inte pgloader", nil},
		{"glöm pgloader tills vidare, vi tar det senare", nil},
		{"den är död", nil},
		{"якщо pgloader мертвий, підемо через COPY", nil},
		{"не забудь про pgloader", nil},
		{"pgloader is not dead", nil},
	}
	for _, c := range cases {
		if got := droppedNamesXL(c.s); !slices.Equal(got, c.want) {
			t.Errorf("droppedNamesXL(%q) = %q, want %q", c.s, got, c.want)
		}
	}
}
