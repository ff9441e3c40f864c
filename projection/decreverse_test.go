package projection

import "testing"

// TestDecisionReversed: a decision taken back by name is superseded and
// the statement after it is the course; a thing turned off reverses the
// decision that turned it on; Japanese decision forms are decisions; the
// objective said again by the agent supersedes no decision.
func TestDecisionReversed(t *testing.T) {
	const start = "> user\nFix the tmp-table collision in fct_orders.\n"
	cases := []scriptCase{
		{"the repro: reversing that decision (en)", start + "> assistant\nDecision: switch fct_orders to `incremental_strategy='merge'`, which avoids the relation collision.\n> assistant\nReversing that decision: Postgres 14 has no MERGE, so `merge` is not an option. fct_orders stays on `delete+insert` with a pre_hook that drops a stale tmp table.\n",
			[]string{`decision .*stays-delete\+insert.* \[active`}, []string{`incremental_strategy-merge \[active`}},
		{"reversal in Chinese", start + "> assistant\n决定：把 fct_orders 改成 merge 策略。\n> assistant\n撤回之前的决定：PG14 不支持 MERGE。fct_orders 保持 delete+insert 加 pre_hook 清理临时表。\n",
			[]string{`decision .*保持-delete\+insert.* \[active`}, []string{`merge-策略 \[active`}},
		{"reversal in German", start + "> assistant\nDecision: switch fct_orders to the merge strategy.\n> assistant\nIch nehme die Entscheidung zurück: Postgres 14 kennt kein MERGE.\n",
			nil, []string{`merge-strategy \[active`}},
		{"the repro: turned off what a decision turned on (zh)", "> user\nR8 全量模式打开吧，包能小一点\n> assistant\n决定：开启 R8 full mode。\n> user\nfull mode 关掉吧，反射的地方太多了，不想一个个找。\n",
			[]string{`decision .*full-mode-关掉吧.* \[active.*\(was 决定：开启 R8 full mode。\)`}, []string{`开启-r8-full-mode \[active`}},
		{"turned off (en)", "> user\nmake the release build smaller\n> assistant\nDecision: enable R8 full mode for release builds.\n> user\nturn full mode off, too much reflection to chase down.\n",
			[]string{`decision .*turn-full-mode-off.* \[active.*\(was Decision: enable R8`}, []string{`enable-r8-full-mode.* \[active`}},
		{"the repro: Japanese decisions", "> user\nprice_cache のロック競合をなんとかして\n> assistant\nprice_cache を `tokio::sync::Mutex<HashMap>` から `dashmap::DashMap` にすれば読みの競合がなくなるので、それで行きます。\n> user\ndashmap はやめて、RwLock でやって。\n> assistant\n決定を変更: dashmap は使わず、price_cache は `tokio::sync::RwLock<HashMap<Sku, Price>>` にします。\n",
			// the user's switch supersedes the agent's choice; the
			// agent's "決定を変更" says it again (switchaway.go)
			[]string{`decision .*dashmap-はやめて.* \[active/normative.*\(was price_cache を`}, []string{`dashmap-は使わず`}},
		{"the agent's switch drops the choice it names, not a decision nearer in words (ja)", "> user\nprice_cache のロック競合をなんとかして\n> assistant\nflaky テストは issue #318 にしました。\n> assistant\nprice_cache を `tokio::sync::Mutex<HashMap>` から `dashmap::DashMap` にすれば読みの競合がなくなるので、それで行きます。\n> assistant\n決定を変更: dashmap は使わず、price_cache は `tokio::sync::RwLock<HashMap<Sku, Price>>` にします。\n",
			[]string{`decision .*flaky-テストは.* \[active`, `decision .*dashmap-は使わず.* \[active.*\(was price_cache を`}, []string{`flaky-テストは.* \[superseded`}},
		{"the agent's switch drops the choice it names (en)", "> user\nfix the lock contention on price_cache\n> assistant\nDecision: the flaky test goes to issue #318.\n> assistant\nDecision: price_cache moves from a Mutex to `dashmap::DashMap`.\n> assistant\nActually, changing course: instead of dashmap, price_cache uses `tokio::sync::RwLock<HashMap>`.\n",
			[]string{`decision .*flaky-test.* \[active`}, []string{`decision .*dashmap::dashmap.* \[active`}},
		{"the repro: the goal said again (zh)", "> user\nminSdk 回到 24\n> assistant\n为此把 NotificationChannel 和 startForegroundService 换成了 Compat 版本，lintRelease 0 error。\n> user\n这周的目标就是把 2.8.0 的 release 包打出来发内测。\n> assistant\n目标改为：本周打 2.8.0 release 包发内测。\n",
			[]string{`decision .*notificationchannel.* \[active`}, []string{`decision .*目标改为`}},
		{"the goal said again (en)", "> user\nkeep working\n> assistant\nI'll switch the notification code to the Compat versions.\n> assistant\nThe goal is now to ship the 2.8.0 release build to beta testers.\n",
			[]string{`decision .*compat.* \[active`}, []string{`decision .*goal`}},
		{"the repro: the switch value turned off (zh)", "> user\nR8 全量模式打开吧 android.enableR8.fullMode=true，包能小一点\n> assistant\n决定：开启 R8 full mode。\n> user\nfull mode 关掉吧，反射的地方太多了，不想一个个找。\n",
			[]string{`value/-/android.enabler8.fullmode \[current.*= false \(was true\)`}, nil},
		{"the switch value turned off (en)", "> user\nset android.enableR8.fullMode=true please\n> assistant\nDone.\n> user\nturn full mode off, too much reflection.\n",
			[]string{`value/-/android.enabler8.fullmode \[current.*= false \(was true\)`}, nil},
		{"the switch value turned off (ja)", "> user\nandroid.enableR8.fullMode=true にして\n> assistant\n了解です。\n> user\nfull mode をオフにして、リフレクションが多すぎる。\n",
			[]string{`value/-/android.enabler8.fullmode \[current.*= false \(was true\)`}, nil},
		// Negative cases.
		{"another switch turned off", "> user\nset android.enableR8.fullMode=true please\n> assistant\nDone.\n> user\nturn the verbose logging off, it floods the console.\n",
			[]string{`value/-/android.enabler8.fullmode \[current.*= true`}, []string{`= false`}},
		{"turning off asked", "> user\nset android.enableR8.fullMode=true please\n> assistant\nDone.\n> user\nshould we turn full mode off?\n",
			[]string{`value/-/android.enabler8.fullmode \[current.*= true`}, []string{`= false`}},
		{"a decision named, not reversed", start + "> assistant\nDecision: switch fct_orders to the merge strategy.\n> assistant\nThat decision holds: the merge strategy fixes the collision.\n",
			[]string{`decision .*merge.* \[active`}, nil},
		{"a reversal asked", start + "> assistant\nDecision: switch fct_orders to the merge strategy.\n> user\nshould we reverse that decision?\n",
			[]string{`decision .*merge.* \[active`}, nil},
		{"turned off what no decision turned on", "> user\nmake the release build smaller\n> assistant\nDecision: enable R8 full mode for release builds.\n> user\nturn the verbose logging off, it floods the console.\n",
			[]string{`decision .*enable-r8-full-mode.* \[active`}, []string{`decision .*verbose`}},
		{"a Japanese step, not a choice", "> user\nテストを直して\n> assistant\nまずテストの出力を確認してみます。\n",
			nil, []string{`decision`}},
	}
	runScriptCases(t, cases)
}

// TestReversalCourseAfterMark: "I'm reversing the choice: the export will
// stream …" says the course in its place after the mark and, by its
// subject, which choice it takes back: a decision about something else
// (cursor pagination, though the stream goes "via a Prisma cursor") stays,
// the course is a decision. Near misses: the question, and a reversal
// whose subject a decision names.
func TestReversalCourseAfterMark(t *testing.T) {
	const start = "> user\ncursor pagination on GET /invoices, plus a CSV export\n> assistant\nOffset is 412 ms vs 9 ms for cursor. I'll go with cursor pagination, ordered by (createdAt, id).\n"
	runScriptCases(t, []scriptCase{
		{name: "en: the other subject stays", script: start + "> assistant\nIn-memory peaks at 842 MB. I'm reversing the choice: the export will stream rows in batches of 1,000 via a Prisma cursor.\n",
			want:  []string{`decision .*cursor-pagination.* \[active`, `decision .*export-stream-rows.* \[active`},
			never: []string{`cursor-pagination.* \[superseded`}},
		{name: "en: the choice it names is taken back", script: start + "> assistant\nI'll go with building the CSV export in memory.\n> assistant\nI'm reversing that decision: the CSV export will stream rows in batches.\n",
			want:  []string{`decision .*cursor-pagination.* \[active`, `decision .*export-stream-rows.* \[active`},
			never: []string{`building-csv-export.* \[active`}},
		{name: "en: the choice before its reversal", script: start + "> assistant\nI'll go with building the CSV export in memory.\n",
			want: []string{`building-csv-export.* \[active`}},
		{name: "de", script: "> user\nExport und Pagination bitte\n> assistant\nIch nehme Cursor-Pagination.\n> assistant\nIch revidiere meine Entscheidung: der Export wird in Batches gestreamt.\n",
			want:  []string{`decision .*export-batches-gestreamt.* \[active`},
			never: []string{`cursor-pagination \[superseded`}},
		{name: "question", script: start + "> assistant\nShould I reverse the choice: the export will stream rows?\n",
			want:  []string{`decision .*cursor-pagination.* \[active`},
			never: []string{`decision .*export-stream-rows`}},
	})
}
