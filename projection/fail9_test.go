package projection

import (
	"fmt"
	"strings"
	"testing"
)

// TestLintFindingsFail: a checker's findings printed without a severity
// word fail its run when no exit status says so; the same shape from a
// search or a file shown, a checker that found nothing, its help and a
// formatter do not.
func TestLintFindingsFail(t *testing.T) {
	for _, tc := range []struct {
		name, cmd, out string
		fails          bool
	}{
		// trial 7's m02b and its kind
		{"buf breaking", "buf lint && buf breaking --against '.git#branch=main'", `api/feed/v1/feed.proto:13:3:Field "6" on message "FeedItem" changed name from "author_name" to "author_display_name".`, true},
		{"golangci-lint", "golangci-lint run ./...", "internal/feed/store.go:12:5: Error return value of `rows.Close` is not checked (errcheck)\n\trows.Close()\n\t^\n1 issues:\n* errcheck: 1", true},
		{"golangci-lint via go run", "go run github.com/golangci/golangci-lint/cmd/golangci-lint@v1.59.1 run", "main.go:8:2: ineffectual assignment to err (ineffassign)", true},
		{"eslint unix", "npx eslint -f unix src/", "/app/src/a.js:3:10: 'x' is assigned a value but never used. [Error/no-unused-vars]\n\n1 problem", true},
		{"eslint compact", "npx eslint --format compact src", "/app/src/a.js: line 3, col 10, Error - 'x' is defined but never used. (no-unused-vars)\n\n1 problem", true},
		{"flake8", "flake8 app/", "app/a.py:3:1: F401 'os' imported but unused", true},
		{"ruff in a chain", "cd api && uv run ruff check .", "app/models.py:14:5: E711 Comparison to `None` should be `cond is None`\nFound 1 error.", true},
		{"shellcheck gcc", "shellcheck -f gcc deploy.sh", "deploy.sh:4:8: warning: Double quote to prevent globbing and word splitting. [SC2086]", true},
		{"hadolint", "hadolint Dockerfile", "Dockerfile:3 DL3008 warning: Pin versions in apt get install.", true},
		{"go vet", "go vet ./...", "# example.com/feed\n./x.go:3:2: fmt.Printf format %d has arg s of wrong type string", true},
		{"lint script", "npm run lint", "> lint\n> eslint . -f unix\n\n/app/src/b.ts:9:1: Unexpected any. [Error/@typescript-eslint/no-explicit-any]", true},
		// negatives: same shape from another program, nothing found,
		// help, a formatter, warnings where the checker passes on them
		{"grep -n", "grep -n TODO internal/feed/store.go", "internal/feed/store.go:12:// TODO close rows", false},
		{"rg", "rg -n author_name api/", "api/feed/v1/feed.proto:13:  string author_name = 6;", false},
		{"git grep", "git grep -n author_name", "api/feed/v1/feed.proto:13:  string author_name = 6;", false},
		{"grep then lint", "grep -n Close store.go && golangci-lint run", "store.go:12:\trows.Close()\n0 issues.", false},
		{"cat -n", "cat -n main.go", "     1\tpackage main", false},
		{"no issues", "golangci-lint run ./...", "0 issues.", false},
		{"nothing printed", "buf lint", "", false},
		{"help", "golangci-lint --help", "Usage:\n  golangci-lint [flags]\n  golangci-lint [command]", false},
		{"buf format", "buf format -d", "api/feed/v1/feed.proto:13:3: diff", false},
		{"eslint warnings only", "npx eslint -f unix src/", "/app/src/a.js:3:10: Warning - Unexpected console statement. [Warning/no-console]", false},
		{"compiler warning", "gcc -c a.c", "a.c:3:5: warning: unused variable 'x' [-Wunused-variable]", false},
		{"not a checker", "python manage.py check", "app/a.py:3:1: something", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &Call{Name: "bash", Args: map[string]any{"command": tc.cmd}}
			got := outputFailure(tc.out, c)
			if (got != "") != tc.fails {
				t.Errorf("outputFailure(%q) = %q, want failed %v", tc.cmd, got, tc.fails)
			}
		})
	}
}

// TestReportedGreen: the user's report that a run passed resolves the
// open failure it can be about; a question, a hope, a negation or a
// report with two runs open resolves nothing.
func TestReportedGreen(t *testing.T) {
	ci := `
> user
la CI è rossa su main per InventoryIT, guarda
> assistant
> call bash {"command": "gh run view 9912345671 --log-failed | tail -5"}
> result error
integrationTest  InventoryIT > reservesStock() FAILED
integrationTest  52 tests completed, 2 failed
> assistant
Ho aggiunto il reset; pushalo tu.
`
	for _, tc := range []struct {
		name, msg string
		resolved  bool
	}{
		{"repro", "pushato. verde! 52 passed 0 failed", true},
		{"english", "pushed it, CI is green now", true},
		{"russian", "запушил, всё зелёное", true},
		{"dutch", "gepusht, alles groen", true},
		{"german", "gepusht, jetzt alles grün", true},
		{"count", "52 passed, 0 failed", true},
		{"named", "InventoryIT is green now", true},
		{"chinese", "推了，CI 绿了", true},
		{"question", "is it green now?", false},
		{"hope", "should be green after this", false},
		{"italian hope", "dovrebbe essere verde adesso", false},
		{"negation", "not green yet", false},
		{"russian negation", "ещё не зелёное", false},
		{"conditional", "if CI is green, merge it", false},
		{"colour", "make the header green", false},
		{"names another", "OrderRepositoryIT is green now", false},
	} {
		out := reduceAll(t, ci+"> user\n"+tc.msg+"\n")
		t.Run(tc.name, func(t *testing.T) {
			if tc.resolved {
				expect(t, out, []string{`failure command/-/gh run view 9912345671 --log-failed \[resolved/`}, nil)
			} else {
				expect(t, out, []string{`failure command/-/gh run view 9912345671 --log-failed \[open/`}, nil)
			}
		})
	}
	// two runs open: which one passed is not said
	two := ci + `> assistant
> call bash {"command": "./gradlew test"}
> result error
OrderServiceTest > cancels() FAILED
12 tests completed, 1 failed
> user
verde!
`
	out := reduceAll(t, two)
	expect(t, out, []string{`failure command/-/gh run view 9912345671 --log-failed \[open/`}, []string{`\[resolved/`})
	// another command's failure stays open
	other := `
> user
apply the migration
> assistant
> call bash {"command": "psql -f m.sql"}
> result error
psql:m.sql:3: ERROR:  column "x" does not exist
> user
CI is green now
`
	out = reduceAll(t, other)
	expect(t, out, []string{`failure .*\[open/`}, []string{`\[resolved/`})
}

// TestReportedFailure: a failure the user saw outside the session, told
// with a concrete sign, is an open failure with the user's message as
// its source; prose with no such sign, a question or a condition is none.
func TestReportedFailure(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want string
	}{
		{"выкатил на стейдж. p99 стал 190ms было 420. но RSS вырос с 310MB до 540MB, лимит пода 512Mi, один под уже OOMKilled. откатывай GOGC", "OOMKilled"},
		{"deployed to staging, one pod got OOMKilled (RSS 540MB > 512Mi)", "OOMKilled"},
		{"в проде упало с OOM", "упало с OOM"},
		{"the worker crashed with exit code 137 on prod", "crashed with exit"},
		{"in produzione fallisce con NullPointerException", "fallisce con NullPointerException"},
		{"de job faalt met TimeoutError op staging", "faalt met TimeoutError"},
		{"the pod is in CrashLoopBackOff since the deploy", "CrashLoopBackOff"},
		{"it's slow on staging", ""},
		{"did it get OOMKilled?", ""},
		{"if it OOMs, raise the limit", ""},
		{"make sure it doesn't run out of memory", ""},
		{"no more OOMKilled pods since yesterday", ""},
	} {
		t.Run(tc.msg, func(t *testing.T) {
			ps := reportedFailures(tc.msg, nil, nil)
			switch {
			case tc.want == "" && len(ps) > 0:
				t.Errorf("reportedFailures = %v, want none", ps[0].Key)
			case tc.want != "" && (len(ps) != 1 || ps[0].Name != tc.want || !strings.HasPrefix(ps[0].Key, reportedPrefix)):
				t.Errorf("reportedFailures = %v, want %s", fmt.Sprint(ps), tc.want)
			}
		})
	}
	out := reduceAll(t, `
> user
set GOGC=200 through the deployment's env
> assistant
done.
> user
deployed to staging, one pod got OOMKilled (RSS 540MB > 512Mi). roll GOGC back
> assistant
reverted.
> user
redeployed, all green now
`)
	expect(t, out, []string{`failure reported/-/oomkilled \[resolved/`}, nil)
}

// TestWorkedAround: a failed command whose job a different later command
// did on the same target, with the agent's words naming the failed way,
// is superseded; a look at the file, another target or silence leaves it
// open.
func TestWorkedAround(t *testing.T) {
	failed := `
> user
porta il fix di InventoryIT su un branch fix/inventory-it
> assistant
> call bash {"command": "git checkout -b fix/inventory-it main && git cherry-pick -n 3f9c2ab -- InventoryIT.java"}
> result error
Switched to a new branch 'fix/inventory-it'
error: pathspec arguments are not supported with cherry-pick
`
	for _, tc := range []struct {
		name, said, cmd string
		superseded      bool
	}{
		{"repro", "cherry-pick non accetta path; applico il diff.", "git diff main 3f9c2ab -- InventoryIT.java | git apply && git diff --stat", true},
		{"english instead", "cherry-pick takes no paths, so I'll apply the diff instead.", "git diff main 3f9c2ab -- InventoryIT.java | git apply", true},
		{"russian", "cherry-pick не принимает пути, применю diff вместо этого.", "git diff main 3f9c2ab -- InventoryIT.java | git apply", true},
		{"dutch", "cherry-pick accepteert geen paden, in plaats daarvan pas ik de diff toe.", "git show 3f9c2ab -- InventoryIT.java | git apply", true},
		{"only a look", "cherry-pick non accetta path; guardo il diff.", "git diff main 3f9c2ab -- InventoryIT.java", false},
		{"another target", "cherry-pick non accetta path; applico il diff.", "git diff main 3f9c2ab -- OrderIT.java | git apply", false},
		{"agent silent on it", "ok, proseguo.", "git diff main 3f9c2ab -- InventoryIT.java | git apply", false},
	} {
		script := failed + "> assistant\n" + tc.said + "\n> call bash " + fmt.Sprintf(`{"command": %q}`, tc.cmd) + "\n> result\n InventoryIT.java | 5 +++++\n"
		out := reduceAll(t, script)
		t.Run(tc.name, func(t *testing.T) {
			if tc.superseded {
				expect(t, out, []string{`failure command/-/git checkout .*\[superseded/`}, nil)
			} else {
				expect(t, out, []string{`failure command/-/git checkout .*\[open/`}, nil)
			}
		})
	}
}

// TestPlaywrightProjectsApart: a run of one Playwright project passing
// resolves no failed test of another project.
func TestPlaywrightProjectsApart(t *testing.T) {
	base := `
> user
run the e2e
> assistant
> call bash {"command": "npx playwright test 2>&1 | tail -25"}
> result error
  ✘  12 [chromium] › checkout.spec.ts:41:3 › checkout › places order with iDEAL (5.8s)
  ✘  33 [webkit] › account.spec.ts:18:3 › account › shows order history (2.2s)

  2 failed
  36 passed (40.1s)
> assistant
> call bash {"command": "%s"}
> result
Running 19 tests using 4 workers

  19 passed (31.4s)
`
	out := reduceAll(t, fmt.Sprintf(base, "npx playwright test --project=chromium 2>&1 | tail -6"))
	expect(t, out, []string{`failure test/-/\[chromium\] .*\[resolved/`, `failure test/-/\[webkit\] .*\[open/`}, nil)
	out = reduceAll(t, fmt.Sprintf(base, "npx playwright test 2>&1 | tail -6"))
	expect(t, out, []string{`failure test/-/\[chromium\] .*\[resolved/`, `failure test/-/\[webkit\] .*\[resolved/`}, nil)
	out = reduceAll(t, fmt.Sprintf(base, "npx playwright test --project webkit 2>&1 | tail -6"))
	expect(t, out, []string{`failure test/-/\[chromium\] .*\[open/`}, nil)
}
