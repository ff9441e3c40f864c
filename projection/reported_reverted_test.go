package projection

import (
	"strings"
	"testing"
)

// A check run on another run's log is the same check: its pass resolves
// the failure of the check on the first log (runlog.go; trial 10 C21).
// Another target, another input file or a reader's question of another
// log is another run.
func TestLogIsNoPartOfTheRun(t *testing.T) {
	const (
		failed  = "python src/train.py --epochs 10 > /tmp/run10.log 2>&1; tail -n 3 /tmp/run10.log; python scripts/check_metric.py /tmp/run10.log --min-top1 72; echo \"exit=$?\""
		failOut = "epoch 9 val top1 68.05\nbest top1 68.05 < 72.00\nexit=1"
		passOut = "epoch 9 val top1 72.64\nbest top1 72.64 >= 72.00\nexit=0"
	)
	cases := []struct {
		name, say, first, rerun, fail, pass string
		resolved                            bool
	}{
		{"en, other log", "make the metric check pass", failed, strings.ReplaceAll(strings.ReplaceAll(failed, "run10", "run10b"), "-n 3", "-n 2"), failOut, passOut, true},
		{"fr, other log", "fais passer le contrôle de la métrique", failed, strings.ReplaceAll(failed, "/tmp/run10.log", "logs/essai_2.log"), failOut, passOut, true},
		{"tee into another log", "run the check", "make bundle 2>&1 | tee a.out; python check_size.py a.out", "make bundle 2>&1 | tee b.out; python check_size.py b.out", "bundle 612 KB\nError: bundle over budget (500 KB)", "bundle 480 KB\nsize ok", true},
		{"check of a .log alone", "check the run", "python scripts/check_metric.py /tmp/run10.log --min-top1 72", "python scripts/check_metric.py /tmp/run10b.log --min-top1 72", failOut, passOut, true},
		// near misses: another target, another input of another kind, a
		// reader's question, another threshold
		{"another test file", "run the tests", "pytest a.py > /tmp/t.log 2>&1; tail -n 5 /tmp/t.log", "pytest b.py > /tmp/t2.log 2>&1; tail -n 5 /tmp/t2.log", "FAILED a.py::test_x - AssertionError\n1 failed in 0.1s", "1 passed in 0.1s", false},
		{"another json", "check the results", "python check.py results_a.json", "python check.py results_b.json", failOut, passOut, false},
		{"grep of another log", "look for errors", "grep -c ERROR /tmp/a.log; echo \"exit=$?\"", "grep -c ERROR /tmp/b.log; echo \"exit=$?\"", "Error: 3 errors found\nexit=1", "0\nexit=0", false},
		{"another threshold", "make the metric check pass", failed, strings.ReplaceAll(strings.ReplaceAll(failed, "run10", "run10b"), "72", "60"), failOut, passOut, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := reduceAll(t, strings.Join([]string{
				"> user", c.say,
				"> assistant", scriptCall("bash", map[string]any{"command": c.first}),
				"> result error", c.fail,
				"> assistant", scriptCall("bash", map[string]any{"command": c.rerun}),
				"> result", c.pass,
			}, "\n"))
			if c.resolved {
				expect(t, got, []string{`failure command/-/\S.* \[resolved/`}, []string{`failure command/.* \[open/`})
			} else {
				expect(t, got, []string{`failure \w+/.* \[open/`}, []string{`\[resolved/`})
			}
		})
	}
}

// A failure the user told is resolved when the agent's reproduction of it
// (the same error, or the check the user named) fails and then passes
// (reproduced.go; trial 10 A13, B16). Nothing reproduced, a reproduction
// still failing, another check fixed or a pass that never failed first
// leave it open.
func TestReportedReproducedFixed(t *testing.T) {
	type run struct {
		cmd, out string
		failed   bool
	}
	const (
		exportCmd = "python manage.py exportar_pedidos --sync"
		softOut   = "Traceback (most recent call last):\nbilliard.exceptions.SoftTimeLimitExceeded: SoftTimeLimitExceeded()"
		fmtCheck  = "terraform fmt -check -recursive -diff"
	)
	esTold := "Marta me pasó que anoche en prod el worker murió con SoftTimeLimitExceeded en exportar_pedidos. Arréglalo."
	enTold := "heads up: last night in prod the worker died with SoftTimeLimitExceeded in exportar_pedidos. Please fix it."
	koTold := "근데 어젯밤 GitHub Actions에서 terraform fmt -check 실패했다는 알림이 왔었어."
	enFmt := "btw the GitHub Actions job failed with exit code 3 on terraform fmt -check last night."
	cases := []struct {
		name, told string
		runs       []run
		resolved   bool
	}{
		{"es signature", esTold, []run{{exportCmd, softOut, true}, {exportCmd, "Exportados 1200 pedidos en 41.2s", false}}, true},
		{"en signature", enTold, []run{{exportCmd, softOut, true}, {exportCmd, "Exported 1200 orders in 41.2s", false}}, true},
		{"ko check named", koTold, []run{{fmtCheck, "stacks/prod/main.tf\nCommand exited with code 3", true}, {"terraform fmt -recursive", "stacks/prod/main.tf", false}, {fmtCheck + " && echo FMT_OK", "FMT_OK", false}}, true},
		{"en check named", enFmt, []run{{fmtCheck, "stacks/prod/main.tf\nCommand exited with code 3", true}, {"terraform fmt -recursive", "stacks/prod/main.tf", false}, {fmtCheck + " && echo FMT_OK", "FMT_OK", false}}, true},
		// near misses
		{"reproduction still failing", esTold, []run{{exportCmd, softOut, true}}, false},
		{"passed without failing first", koTold, []run{{fmtCheck + " && echo FMT_OK", "FMT_OK", false}}, false},
		{"another check fixed", koTold, []run{{"terraform validate", "Error: Missing required argument\nCommand exited with code 1", true}, {"terraform validate", "Success! The configuration is valid.", false}}, false},
		{"another error fixed", enTold, []run{{exportCmd, "Traceback (most recent call last):\nKeyError: 'tienda_id'", true}, {exportCmd, "Exported 1200 orders in 41.2s", false}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lines := []string{"> user", "review the export job and the infra checks", "> assistant", "Done, both look fine.", "> user", c.told}
			for _, r := range c.runs {
				res := "> result"
				if r.failed {
					res = "> result error"
				}
				lines = append(lines, "> assistant", scriptCall("bash", map[string]any{"command": r.cmd}), res, r.out)
			}
			got := reduceAll(t, strings.Join(lines, "\n"))
			if c.resolved {
				expect(t, got, []string{`failure reported/-/\S+ \[resolved/`}, []string{`failure reported/-/\S+ \[open/`})
			} else {
				expect(t, got, []string{`failure reported/-/\S+ \[open/`}, []string{`failure reported/-/\S+ \[resolved/`})
			}
		})
	}
}

// A failure naming a value the change set, the value set back and the
// same target run clean: superseded (reverted.go; trial 10 B15).
func TestRevertedChangeSupersedes(t *testing.T) {
	const (
		file      = "stacks/staging/data/variables.tf"
		apply     = "cd stacks/staging/data && terraform apply -input=false tfplan"
		plan      = "cd stacks/staging/data && terraform plan -input=false"
		comboOut  = "│ Error: updating RDS DB Instance (staging-orders-db): InvalidParameterCombination: RDS does not support creating a DB instance with the following combination: DBInstanceClass=db.r6g.large, Engine=postgres, EngineVersion=15.8\nCommand exited with code 1"
		accessOut = "│ Error: updating RDS DB Instance (staging-orders-db): api error AccessDenied: not authorized to perform kms:CreateGrant\nCommand exited with code 1"
		clean     = "No changes. Your infrastructure matches the configuration."
	)
	edit := func(from, to string) string {
		return scriptCall("replace_string_in_file", map[string]any{"filePath": file, "oldString": `  default = "` + from + `"`, "newString": `  default = "` + to + `"`})
	}
	cases := []struct {
		name, ask, backAsk, back, failOut, after string
		superseded                               bool
	}{
		{"ko", "instance_class 기본값 db.r6g.large로 올려봐", "원래대로 돌려놔:", "db.t3.medium", comboOut, plan, true},
		{"en", "bump the instance_class default to db.r6g.large", "set the default to", "db.t3.medium", comboOut, plan, true},
		{"the apply itself rerun", "bump the instance_class default to db.r6g.large", "set the default to", "db.t3.medium", comboOut, apply, true},
		// near misses: a third value, no run after, another stack, an
		// error that does not name the value
		{"third value", "bump the instance_class default to db.r6g.large", "set the default to", "db.r7g.large", comboOut, plan, false},
		{"no run after", "bump the instance_class default to db.r6g.large", "set the default to", "db.t3.medium", comboOut, "", false},
		{"another stack", "bump the instance_class default to db.r6g.large", "set the default to", "db.t3.medium", comboOut, "cd stacks/staging/network && terraform plan -input=false", false},
		{"error names no value", "bump the instance_class default to db.r6g.large", "set the default to", "db.t3.medium", accessOut, plan, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lines := []string{
				"> user", c.ask,
				"> assistant", edit("db.t3.medium", "db.r6g.large"),
				"> result", "The following files were successfully edited: " + file,
				"> assistant", scriptCall("run_in_terminal", map[string]any{"command": apply}),
				"> result error", c.failOut,
				"> user", c.backAsk + " " + c.back,
				"> assistant", edit("db.r6g.large", c.back),
				"> result", "The following files were successfully edited: " + file,
			}
			if c.after != "" {
				lines = append(lines, "> assistant", scriptCall("run_in_terminal", map[string]any{"command": c.after}), "> result", clean)
			}
			got := reduceAll(t, strings.Join(lines, "\n"))
			if c.superseded {
				expect(t, got, []string{`failure command/-/cd stacks/staging/data && terraform apply \S.* \[(?:superseded|resolved)/`}, []string{`terraform apply .*\[open/`})
			} else {
				expect(t, got, []string{`failure command/-/cd stacks/staging/data && terraform apply \S.* \[(?:open|investigating)/`}, []string{`terraform apply .*\[superseded/`})
			}
		})
	}
}

// A failure over two files is settled file by file: one lints clean
// alone, the other is given up, and nothing is left open; given up on
// one while the other never passed, it stays open (giveupall.go; trial 9
// p27).
func TestSplitFailureSettledByFile(t *testing.T) {
	const failOut = "== [models/int_order_items.sql] FAIL\nL:  19 | P:   5 | LT02 | Expected indent of 8 spaces.\n== [models/fct_orders.sql] FAIL\nL:   4 | P:   1 | TMP  | Undefined jinja template variable: 'this'\nAll Finished!\nexit code: 1"
	cases := []struct {
		name, giveUp string
		passed, open bool
	}{
		{"en", "Giving up on linting fct_orders.sql: the templater can't resolve {{ this }}.", true, false},
		{"fr", "Je laisse tomber fct_orders.sql : le templater ne résout pas {{ this }}.", true, false},
		{"ko", "fct_orders.sql 린트는 포기할게요. 템플레이터가 {{ this }}를 못 풀어요.", true, false},
		{"es", "Me rindo con fct_orders.sql: el templater no resuelve {{ this }}.", true, false},
		// near misses: the other file never passed; the give-up negated
		{"en, other file not passed", "Giving up on linting fct_orders.sql: the templater can't resolve {{ this }}.", false, true},
		{"fr, other file not passed", "Je laisse tomber fct_orders.sql : le templater ne résout pas {{ this }}.", false, true},
		{"negated", "I won't give up on fct_orders.sql yet.", true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lines := []string{
				"> user", "fix the sqlfluff lint of the two models",
				"> assistant", scriptCall("bash", map[string]any{"command": "sqlfluff lint models/int_order_items.sql models/fct_orders.sql"}),
				"> result error", failOut,
			}
			if c.passed {
				lines = append(lines, "> assistant", scriptCall("bash", map[string]any{"command": "sqlfluff lint models/int_order_items.sql"}), "> result", "All Finished!")
			}
			lines = append(lines, "> assistant", c.giveUp)
			got := reduceAll(t, strings.Join(lines, "\n"))
			open := `failure command/-/sqlfluff lint models/int_order_items.sql models/fct_orders.sql \[(?:open|investigating)/`
			if c.open {
				expect(t, got, []string{open}, nil)
			} else {
				// settled: out of the hot state (superseded)
				expect(t, got, []string{`negative/`}, []string{open})
			}
		})
	}
}
