package projection

import "testing"

func TestDueTaskAndListValues(t *testing.T) {
	for _, tc := range []struct {
		ss   []string
		want bool
	}{
		{[]string{"before you tag the release, regenerate the OpenAPI client and commit it"}, true},
		{[]string{"before u merge: squash the fixup commits"}, true},
		{[]string{"上线之前：把监控面板的阈值调好"}, true},
		{[]string{"for the demo: 请把截图放到 docs/demo/ 里", "周五之前搞定"}, true},
		{[]string{"write the migration guide by Friday"}, true},
		// A time clause before a prohibition is a rule; a time told is no task.
		{[]string{"上线前，别动 nginx 的配置"}, false},
		{[]string{"before you ask, the staging db is fine"}, false},
		{[]string{"we shipped it before Friday"}, false},
	} {
		if got := dueTask(tc.ss[0], tc.ss, 0); got != tc.want {
			t.Errorf("dueTask(%q) = %v, want %v", tc.ss, got, tc.want)
		}
	}
	got := map[string]string{}
	for _, p := range listValues("defaults for the crawler: concurrency 8, timeout 20s, 3 retries", "") {
		got[p.Name] = p.Value
	}
	if got["concurrency"] != "8" || got["timeout"] != "20s" || got["retries"] != "3" || len(got) != 3 {
		t.Errorf("listValues = %v", got)
	}
	if ps := listValues("I met Sam 2 days ago, we talked", ""); ps != nil {
		t.Errorf("listValues of a story = %v", ps)
	}
	if !sameWords("per_gpu_batch", "batch_size_per_gpu") || sameWords("read_timeout", "write_timeout") {
		t.Error("sameWords")
	}
}

func TestQuestionDeferredAfterDoubt(t *testing.T) {
	r := userSays(
		"Move the nightly export to the new bucket.",
		"not sure whether the export needs the PII columns masked first. let me ask Priya",
		"Priya says the PII columns must be masked before export, legal requires it",
		"我不太确定告警阈值要不要跟着改？我问一下运维组的老李",
		"老李说阈值不用改",
	)
	open := 0
	for _, a := range r.Heads() {
		if a.Kind == KindUncertainty && a.Lifecycle == HypothesisLC {
			open++
			t.Errorf("still open: %s", a.Value)
		}
	}
	if open != 0 {
		t.Fail()
	}
}

// A task done by a command that shares no words with it: a kind of task
// and the commands that do it, a test task and the run that passes its
// subject.
func TestDoneByKind(t *testing.T) {
	for _, tc := range []struct {
		task, cmd, out string
		want           bool
	}{
		{"open the PR with Dana as reviewer", "gh pr create --reviewer dana --fill", "https://github.com/acme/web/pull/812", true},
		{"raise an MR for the chart change", "glab mr create --fill --yes", "!443 opened", true},
		{"tag the release v1.3.0", "git tag -a v1.3.0 -m 'v1.3.0' && git push --tags", "", true},
		{"tag the release v1.3.0", "git tag -a v1.2.9 -m hotfix", "", false},
		{"bump the version to a minor", "npm version minor --no-git-tag-version", "v2.4.0", true},
		{"bump the version", "poetry version patch", "Bumping version from 0.8.1 to 0.8.2", true},
		{"commit it with a message that names the ticket", "git add -A && git commit -m 'OPS-12: rotate keys'", "[main 1a2b3c] OPS-12", true},
		// A test task and the passing run that names what it tests.
		{"write a regression test that fires 40 concurrent transfers against a pool of 5", "cargo test --test integration pool_pressure",
			"test pool_pressure::forty_transfers_pool_of_five ... ok", true},
		{"add a unit test for the retry backoff in the uploader", "go test -run TestUploaderRetryBackoff ./internal/upload", "ok  \texample.com/x/internal/upload\t0.31s", true},
		{"add a pytest case for empty invoices with zero lines", "pytest tests/test_invoice.py -k empty", "tests/test_invoice.py::test_empty_invoice_zero_lines PASSED", true},
		{"add storybook stories for the 3 states (empty, with promo, with error)", "pnpm build-storybook --test", "Stories: Checkout/SummaryCard — Empty, WithPromo, WithError (3)", true},
		// Not done: another test's run, a failing report, a push that is
		// no git push.
		{"add a unit test for the retry backoff in the uploader", "go test ./internal/auth", "ok  \texample.com/x/internal/auth\t0.2s", false},
		{"write a test for the CSV export of refunds", "pytest tests/test_export.py", "1 failed", false},
		{"push the best checkpoint to s3://fab-models/wafer/", "git push origin main", "", false},
	} {
		names := distinctive(tc.task)
		var made map[string]bool
		if got := doneByKind(tc.task, names, tc.cmd, tc.out, &made); got != tc.want {
			t.Errorf("doneByKind(%q, %q) = %v, want %v", tc.task, tc.cmd, got, tc.want)
		}
	}
}

// A task naming a file is done by a command that writes it, and a
// parenthesis does not cut a task in two.
func TestTaskDoneByWrittenFile(t *testing.T) {
	out := reduceAll(t, `
> user
before you hand over: put the numbers (p50 12 ms, p99 48 ms) into docs/perf.md, and tag the build v2.1.0 once QA signs off
> assistant
> call bash {"cmd": "python tools/table.py out/bench.csv >> docs/perf.md && git diff --stat"}
> result
 docs/perf.md | 9 +++++++++
`)
	expect(t, out, []string{`obligation .*\[done/.*put the numbers \(p50 12 ms, p99 48 ms\) into docs/perf.md`, `obligation .*\[open/.*tag the build v2.1.0`},
		[]string{`p99 48 ms\) into docs/perf.md.*\[open`})
}

// "bump the version" is done by an edit of the manifest that holds it,
// whichever manifest; an edit of another file does not do it.
func TestVersionBumpByManifestEdit(t *testing.T) {
	for _, tc := range []struct {
		task, file string
		done       bool
	}{
		{"bump the version before you wrap up", "package.json", true},
		{"one more thing: increment the version", "Cargo.toml", true},
		{"remember to update the version", "pyproject.toml", true},
		{"bump the version before you wrap up", "src/app.ts", false},
		{"bump the version before you wrap up", "package-lock.json", false},
	} {
		out := reduceAll(t, `
> user
`+tc.task+`
> assistant
> call edit_file {"path": "`+tc.file+`", "old": "0.4.1", "new": "0.4.2"}
> result
ok
`)
		re := `obligation .*\[done/`
		if !tc.done {
			re = `obligation .*\[open/`
		}
		expect(t, out, []string{re}, nil)
	}
}
