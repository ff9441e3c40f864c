package projection

import (
	"fmt"
	"strings"
	"testing"
)

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

// step is one event of reduceSteps: a user's or the assistant's message
// (text), or a call of bash running the command on text's first line (the
// rest: what the message that makes the call says) whose result is out,
// its first line the status ("error" or "").
type step struct{ role, text, out string }

// reduceSteps reduces the steps and lists every anchor.
func reduceSteps(t *testing.T, steps ...step) string {
	t.Helper()
	r := New(Options{SessionID: "s"})
	for i, s := range steps {
		seq := 2*i + 1
		switch s.role {
		case "user":
			r.Apply(Event{Seq: seq, Role: RoleUser, Text: s.text})
		case "assistant":
			r.Apply(Event{Seq: seq, Role: RoleAssistant, Text: s.text})
		default:
			id := fmt.Sprint("c", i)
			status, out, _ := strings.Cut(s.out, "\n")
			cmd, said, _ := strings.Cut(s.text, "\n")
			r.Apply(Event{Seq: seq, Role: RoleAssistant, Text: said, Calls: []Call{{ID: id, Name: "bash", Args: map[string]any{"command": cmd}}}})
			r.Apply(Event{Seq: seq + 1, Role: RoleTool, Text: out, Result: &Result{CallID: id, IsError: status == "error"}})
		}
	}
	var b strings.Builder
	for _, a := range r.Anchors() {
		fmt.Fprintf(&b, "  %s %s %s [%s/%s] = %s\n", a.ID, a.Kind, a.Key, a.Lifecycle, a.Authority, oneLine(a.Value, 300))
	}
	return b.String()
}

// TestFilteredDetailSameFailure: a failed test seen again through a grep
// that keeps its FAILED line but not the detail under it is the same
// failure (one anchor, open, its flaky mark kept); a grep showing another
// test failing is another failure. A user's report that "Pixel 6" no longer
// crashes resolves what names Pixel 6, not a test on Pixel_4_API_30.
func TestFilteredDetailSameFailure(t *testing.T) {
	fail := "> Task :app:connectedDebugAndroidTest\nStarting 18 tests on Pixel_4_API_30(AVD) - 11\n\ncom.mall.app.login.LoginFlowTest > loginShowsErrorOnBadPassword[Pixel_4_API_30(AVD) - 11] FAILED \n\tandroidx.test.espresso.NoMatchingViewException: No views in hierarchy found matching: is \"x\"\n\nTests on Pixel_4_API_30(AVD) - 11 failed: There was 1 failure(s).\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':app:connectedDebugAndroidTest'.\n> There were failing tests.\n\nBUILD FAILED in 3m 8s"
	loop := "Finished 1 tests on Pixel_4_API_30(AVD) - 11\ncom.mall.app.login.LoginFlowTest > loginShowsErrorOnBadPassword[Pixel_4_API_30(AVD) - 11] FAILED \nTests on Pixel_4_API_30(AVD) - 11 failed: There was 1 failure(s).\nFinished 1 tests on Pixel_4_API_30(AVD) - 11"
	other := "com.mall.app.cart.CartTest > addsItem[Pixel_4_API_30(AVD) - 11] FAILED \nTests on Pixel_4_API_30(AVD) - 11 failed: There was 1 failure(s)."
	const first = "ANDROID_SERIAL=emulator-5554 ./gradlew connectedDebugAndroidTest --console=plain 2>&1 | tail -25"
	const again = "for i in 1 2 3; do ANDROID_SERIAL=emulator-5554 ./gradlew connectedDebugAndroidTest --console=plain -q 2>&1 | grep -E 'FAILED|Finished|Tests on' ; done"
	const test = `failure test/-/com\.mall\.app\.login\.LoginFlowTest > loginShowsErrorOnBadPassword\S+ - 11\]`
	for _, lang := range []struct{ ask, flaky, fixed, fixedHere string }{
		{"Run the instrumented tests on API 30.", "LoginFlowTest is flaky on API 30: it failed 1 of 3 runs.", "QA says the new build doesn't crash on the Pixel 6 anymore.", "QA says LoginFlowTest on Pixel 4 doesn't fail anymore."},
		{"跑一下 API 30 上的 instrumented tests。", "`LoginFlowTest.loginShowsErrorOnBadPassword` 在 API 30 上是 flaky：跑 3 次挂 1 次。", "测试说 Pixel 6 上新包不崩了。", "测试说 Pixel 4 上 LoginFlowTest 不挂了。"},
	} {
		// the trial's (B14): seen again through a grep, marked flaky,
		// a report about another device
		out := reduceSteps(t,
			step{"user", lang.ask, ""},
			step{"call", first, "error\n" + fail},
			step{"call", again + "\n" + lang.flaky, "\n" + loop},
			step{"user", lang.fixed, ""},
		)
		expect(t, out, []string{test + ` \[(?:open|investigating)/.* · flaky: `}, []string{`failure command/-/com\.mall`, test + ` \[(?:resolved|superseded)/`})
		// near miss: the report names the failed test's device
		out = reduceSteps(t,
			step{"user", lang.ask, ""},
			step{"call", first, "error\n" + fail},
			step{"user", lang.fixedHere, ""},
		)
		expect(t, out, []string{test + ` \[resolved/`}, nil)
		// near miss: the grep shows another test failing, not this one
		out = reduceSteps(t,
			step{"user", lang.ask, ""},
			step{"call", first, "error\n" + fail},
			step{"call", again, "\n" + other},
		)
		expect(t, out, []string{`failure test/-/com\.mall\.app\.cart\.CartTest`}, []string{test + `.*= failed: com\.mall\.app\.cart`})
	}
}

// TestFixedNameIn: a product's name and number stands whole.
func TestFixedNameIn(t *testing.T) {
	for _, c := range []struct {
		about, name string
		want        bool
	}{
		{"reported/-/pixel-6 新包在 pixel 6（android 14）上", "pixel 6", true},
		{"test/-/loginflowtest > x[pixel_6_api_34(avd) - 14]", "pixel 6", true},
		{"test/-/loginflowtest > x[pixel_4_api_30(avd) - 11]", "pixel 6", false},
		{"crash on pixel 60 emulators", "pixel 6", false},
		{"order-gateway crashes", "order-gateway", true},
	} {
		if got := fixedNameIn(c.about, c.name); got != c.want {
			t.Errorf("fixedNameIn(%q, %q) = %v, want %v", c.about, c.name, got, c.want)
		}
	}
	if got := fixedNames("测试说 Pixel 6 上新包不崩了"); len(got) != 1 || got[0] != "pixel 6" {
		t.Errorf("fixedNames: %q, want [pixel 6]", got)
	}
}

// An instruction file read whole and then diffed in the same command
// ("cat AGENTS.md && git diff HEAD~1 -- AGENTS.md") is read up to the
// diff's first line: a rule the diff shows as a "-" line was taken out,
// and is lifted. A chain whose later output has no header to cut at
// ("git diff --stat", "ls") is no read of the file.
func TestInstructionReadThenDiff(t *testing.T) {
	const en1 = "# AGENTS.md\n## Ground rules\n- dbt: always run with `--target dev`. Never run anything against `--target prod`.\n  - Exception (2026-12-01): the November backfill of `fct_orders` may run with `--target prod`.\n- Do not edit anything under `models/staging/legacy/`.\n"
	const en2 = "# AGENTS.md\n## Ground rules\n- Do not edit anything under `models/staging/legacy/`.\n"
	const enDiff = "diff --git a/AGENTS.md b/AGENTS.md\nindex 4be21a0..9c07d13 100644\n--- a/AGENTS.md\n+++ b/AGENTS.md\n@@ -1,5 +1,3 @@\n # AGENTS.md\n ## Ground rules\n-- dbt: always run with `--target dev`. Never run anything against `--target prod`.\n-  - Exception (2026-12-01): the November backfill of `fct_orders` may run with `--target prod`.\n - Do not edit anything under `models/staging/legacy/`.\n"
	const zh1 = "# CLAUDE.md\n## 规则\n- 不要直接推送到 main 分支。\n- 提交前必须运行 `pnpm lint`。\n"
	const zh2 = "# CLAUDE.md\n## 规则\n- 提交前必须运行 `pnpm lint`。\n"
	const zhDiff = "diff --git a/CLAUDE.md b/CLAUDE.md\n--- a/CLAUDE.md\n+++ b/CLAUDE.md\n@@ -1,4 +1,3 @@\n # CLAUDE.md\n ## 规则\n-- 不要直接推送到 main 分支。\n - 提交前必须运行 `pnpm lint`。\n"
	read := func(call, text string) string {
		return "> assistant\nReading the rules.\n> call bash {\"command\": \"" + call + "\"}\n> result\n" + text
	}
	cases := []scriptCase{
		{"en repro", read("bash -lc 'cat AGENTS.md'", en1) + read("bash -lc 'cat AGENTS.md && git diff HEAD~1 -- AGENTS.md | head -20'", en2+enDiff),
			[]string{`\[active/normative\] = Do not edit anything under`, `\[lifted/normative\] = dbt: always`}, []string{`\[active/normative\] = (?:Exception|dbt)`}},
		{"en: git show", read("cat AGENTS.md", en1) + read("cat AGENTS.md && git show HEAD -- AGENTS.md", en2+"commit 9c07d13aa1\nAuthor: jkim\n\n    drop dev-only rule\n\n"+enDiff),
			[]string{`\[lifted/normative\] = dbt: always`}, []string{`\[active/normative\] = dbt`}},
		{"en: no diff printed", read("cat AGENTS.md", en1) + read("cat AGENTS.md && git diff -- AGENTS.md", en2),
			[]string{`\[lifted/normative\] = dbt: always`}, nil},
		{"zh", read("cat CLAUDE.md", zh1) + read("cat CLAUDE.md && git diff HEAD~1 -- CLAUDE.md", zh2+zhDiff),
			[]string{`\[active/normative\] = 提交前必须运行`, `\[lifted/normative\] = 不要直接推送到 main 分支`}, []string{`\[active/normative\] = 不要直接推送`}},
		// Near misses: the end of the file's text unknown.
		{"en: a diff's summary", read("cat AGENTS.md", en1) + read("cat AGENTS.md && git diff --stat HEAD~1", en2+" AGENTS.md | 2 --\n 1 file changed, 2 deletions(-)\n"),
			[]string{`\[active/normative\] = dbt: always run with`}, []string{`lifted`}},
		{"en: another command after", read("cat AGENTS.md", en1) + read("cat AGENTS.md && ls docs", en2+"README.md\n"),
			[]string{`\[active/normative\] = dbt: always run with`}, []string{`lifted`}},
		{"zh: a diff first", read("cat CLAUDE.md", zh1) + read("git diff HEAD~1 -- CLAUDE.md && cat CLAUDE.md", zhDiff+zh2),
			[]string{`\[active/normative\] = 不要直接推送到 main 分支`}, []string{`lifted`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nWork on the fct_orders model.\n"+c.script)
			t.Log(out)
			expect(t, out, c.want, c.never)
		})
	}
}
