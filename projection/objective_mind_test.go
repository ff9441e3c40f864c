package projection

import "testing"

// A change of mind that names this week's goal moves the objective, in
// Chinese, English and Japanese; the old task's obligation goes with it.
func TestObjectiveChangedMind(t *testing.T) {
	cases := []struct {
		name, first, said string
		want, never       []string
	}{
		{"zh repro", "帮我把 app 升级到 targetSdk 35，顺便把 release 构建修好。",
			"我改主意了，targetSdk 35 这周先不上了，这周的目标就是把 2.8.0 的 release 包打出来发内测。",
			[]string{`= 把 2\.8\.0 的 release 包打出来发内测。 \(was 帮我把 app`},
			// one word in common ("release") does not keep a part of the
			// old goal open under the new one (trial 9's key: the old
			// objective, both its parts, superseded)
			[]string{`targetsdk-35 \[open`, `顺便把-release-构建修好 \[open`}},
		{"en", "Upgrade the app to targetSdk 35, and fix the release build while you're at it.",
			"I changed my mind, targetSdk 35 is not going in this week, this week's goal is to ship the 2.8.0 release build to beta testers.",
			[]string{`= ship the 2\.8\.0 release build to beta testers\. \(was Upgrade the app`}, nil},
		{"ja", "アプリを targetSdk 35 に上げて、ついでに release ビルドも直して。",
			"気が変わった、targetSdk 35 は今週は見送り、今週の目標は 2.8.0 の release ビルドのベータ配布。",
			[]string{`= 2\.8\.0 の release ビルドのベータ配布。 \(was アプリを`}, nil},
		// Near misses: a question, a goal of another week, a goal kept,
		// a goal denied.
		{"zh: a question", "帮我把 app 升级到 targetSdk 35。", "这周的目标是什么？",
			[]string{`= 帮我把 app 升级到 targetSdk 35。`}, []string{`\(was 帮我把`}},
		{"zh: last week's goal", "帮我把 app 升级到 targetSdk 35。", "上周的目标是把 2.7.0 发出去，已经发了。",
			[]string{`= 帮我把 app 升级到 targetSdk 35。`}, []string{`\(was 帮我把`}},
		{"en: a question", "Upgrade the app to targetSdk 35.", "What's this week's goal again?",
			[]string{`= Upgrade the app to targetSdk 35\.`}, []string{`\(was Upgrade`}},
		{"en: last week's goal", "Upgrade the app to targetSdk 35.", "Last week's goal was to ship 2.7.0 to beta testers, that went fine.",
			[]string{`= Upgrade the app to targetSdk 35\.`}, []string{`\(was Upgrade`}},
		{"en: a goal denied", "Upgrade the app to targetSdk 35.", "This week's goal is not to break the release build, keep that in mind.",
			[]string{`= Upgrade the app to targetSdk 35\.`}, []string{`\(was Upgrade`}},
		{"ja: a question", "アプリを targetSdk 35 に上げて。", "今週の目標って何だっけ？",
			[]string{`= アプリを targetSdk 35 に上げて。`}, []string{`\(was アプリ`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\n"+c.first+"\n> assistant\nOK, on it.\n> user\n"+c.said)
			t.Log(out)
			expect(t, out, c.want, c.never)
		})
	}
}

// An objective the agent restates from the user's prompt (a format that
// never records the prompt) is the objective, and a later restatement
// replaces it; it never replaces the user's own objective.
func TestObjectivePromptSaid(t *testing.T) {
	cases := []scriptCase{
		{"en repro", "> assistant\nTask as I read it from your prompt: get `dbt build --select +fct_orders --target dev` green and make dags/orders_daily.py import cleanly.\n> assistant\nNew direction from your prompt: the goal now is the November backfill of fct_orders in prod plus a reconciliation query against the finance ledger.",
			[]string{`objective/session/goal \[active/decision\] = the November backfill of fct_orders in prod plus a reconciliation query against the finance ledger\. \(was get .dbt build`}, nil},
		{"zh", "> assistant\n根据你的要求：把 fct_orders 的 dbt build 跑通，并让 dags/orders_daily.py 能正常导入。\n> assistant\n你的新任务：回填 fct_orders 十一月的数据，再写一个和财务账对账的查询。",
			[]string{`objective/session/goal \[active/decision\] = 回填 fct_orders 十一月的数据，再写一个和财务账对账的查询。 \(was 把 fct_orders`}, nil},
		{"ja", "> assistant\nプロンプトから読み取ったタスク：fct_orders の dbt build を通して、dags/orders_daily.py を import できるようにする。",
			[]string{`objective/session/goal \[active/decision\] = fct_orders の dbt build を通して`}, nil},
		{"en: both in one message", "> assistant\nTask as I read it from your prompt: get the dbt build for fct_orders green.\n\nNew direction from your prompt: the goal now is the November backfill of fct_orders in prod.",
			[]string{`objective/session/goal \[active/decision\] = the November backfill of fct_orders in prod\. \(was get the dbt build`}, nil},
		// Near misses.
		{"en: the user's own objective stays", "> user\nGet the dbt build for fct_orders green.\n> assistant\nTask as I read it from your prompt: rewrite the whole DAG in Dagster.",
			[]string{`objective/session/goal \[active/normative\] = Get the dbt build for fct_orders green\.`}, []string{`Dagster`}},
		{"en: an error in the prompt", "> assistant\nError in your prompt: the path models/marts/fct_orders.sql does not exist.",
			nil, []string{`objective/session/goal`}},
		{"en: a note on the request", "> assistant\nNote on your request: the warehouse API is rate limited to 10 calls per minute.",
			nil, []string{`objective/session/goal`}},
		{"en: the task itself, no prompt named", "> assistant\nTask: run the tests.",
			nil, []string{`objective/session/goal`}},
		{"zh: a question about the request", "> assistant\n你的要求：是要回填十一月还是十二月？",
			nil, []string{`objective/session/goal`}},
	}
	runScriptCases(t, cases)
}

// A rule an instruction file read again whole no longer holds is lifted,
// with its exception; the rules it still holds, the user's own and
// another file's stay, and a part of the file read shows nothing gone.
func TestInstructionRuleRemoved(t *testing.T) {
	const en0 = "# AGENTS.md\n## Ground rules\n- dbt: always run with `--target dev`. Never run anything against `--target prod`.\n- Do not edit anything under `models/staging/legacy/`.\n"
	const en1 = "# AGENTS.md\n## Ground rules\n- dbt: always run with `--target dev`. Never run anything against `--target prod`.\n  - Exception (2026-12-01): the November backfill of `fct_orders` may run with `--target prod`.\n- Do not edit anything under `models/staging/legacy/`.\n"
	const en2 = "# AGENTS.md\n## Ground rules\n- Do not edit anything under `models/staging/legacy/`.\n"
	const zh1 = "# CLAUDE.md\n## 规则\n- 不要直接推送到 main 分支。\n- 提交前必须运行 `pnpm lint`。\n"
	const zh2 = "# CLAUDE.md\n## 规则\n- 提交前必须运行 `pnpm lint`。\n"
	read := func(call, text string) string {
		return "> assistant\nReading the rules.\n> call bash {\"command\": \"" + call + "\"}\n> result\n" + text
	}
	cases := []scriptCase{
		{"en repro", read("bash -lc 'cat AGENTS.md'", en1) + read("bash -lc 'cat AGENTS.md'", en2),
			[]string{`\[active/normative\] = Do not edit anything under`, `\[lifted/normative\] = dbt: always`}, []string{`\[active/normative\] = Exception`}},
		{"en repro: three reads", read("bash -lc 'cat AGENTS.md'", en0) + read("bash -lc 'cat AGENTS.md'", en1) + read("bash -lc 'cat AGENTS.md'", en2),
			[]string{`\[active/normative\] = Do not edit anything under`, `\[lifted/normative\] = dbt: always`}, []string{`\[active/normative\] = Exception`, `\[active/normative\] = dbt`}},
		{"zh", read("cat CLAUDE.md", zh1) + read("cat CLAUDE.md", zh2),
			[]string{`\[active/normative\] = 提交前必须运行`, `\[lifted/normative\] = 不要直接推送到 main 分支`}, nil},
		{"en: a read tool", "> assistant\nReading.\n> call read_file {\"path\": \"AGENTS.md\"}\n> result\n" + en1 + "> assistant\nAgain.\n> call read_file {\"path\": \"AGENTS.md\"}\n> result\n" + en2,
			[]string{`\[active/normative\] = Do not edit anything under`, `\[lifted/normative\] = dbt: always`}, nil},
		// Near misses.
		{"en: read again unchanged", read("cat AGENTS.md", en1) + read("cat AGENTS.md", en1),
			[]string{`\[active/normative\] = dbt: always run with`, `\[active/normative\] = Do not edit anything under`}, []string{`lifted`}},
		{"en: a head of the file", read("cat AGENTS.md", en1) + read("head -n 3 AGENTS.md", en2),
			[]string{`\[active/normative\] = dbt: always run with`}, []string{`lifted`}},
		{"en: a sed range", read("cat AGENTS.md", en1) + read("sed -n 1,3p AGENTS.md", en2),
			[]string{`\[active/normative\] = dbt: always run with`}, []string{`lifted`}},
		{"en: a read tool with a limit", read("cat AGENTS.md", en1) + "> assistant\nAgain.\n> call read_file {\"path\": \"AGENTS.md\", \"limit\": 3}\n> result\n" + en2,
			[]string{`\[active/normative\] = dbt: always run with`}, []string{`lifted`}},
		{"en: another directory's file", read("cat AGENTS.md", en1) + read("cd services/api && cat AGENTS.md", en2),
			[]string{`\[active/normative\] = dbt: always run with`}, []string{`lifted`}},
		{"en: another file", read("cat AGENTS.md", en1) + read("cat docs/AGENTS.md", en2),
			[]string{`\[active/normative\] = dbt: always run with`}, []string{`lifted`}},
		{"en: the user's rule stays", "> user\nNever run anything against prod.\n" + read("cat AGENTS.md", en2) + read("cat AGENTS.md", en2),
			[]string{`\[active/normative\] = Never run anything against prod\.`}, []string{`lifted`}},
		{"en: a read that shows no rule", read("cat AGENTS.md", en1) + read("cat AGENTS.md", "# AGENTS.md\n"),
			[]string{`\[active/normative\] = dbt: always run with`}, []string{`lifted`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nWork on the fct_orders model.\n"+c.script)
			t.Log(out)
			expect(t, out, c.want, c.never)
		})
	}
}
