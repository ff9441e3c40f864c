package projection

import "testing"

// TestAgentCourse: the agent's course said in forms decisionRE and its
// Chinese and Japanese kin do not read is a decision (trial 9 A21, A23,
// B20, C17, C19); a trial, a check, a move to a place and the tool a step
// ran with are not.
func TestAgentCourse(t *testing.T) {
	const ja = "> user\nデッドロックを直して\n> assistant\n"
	const en = "> user\nfix the DAG and the duplicates\n> assistant\n"
	const zh = "> user\n跑一下 detekt\n> assistant\n"
	cases := []scriptCase{
		{"the repro: a te-form change, then the work (ja)", ja + "`std::sync::MutexGuard` を `.await` をまたいで保持しています。`tokio::sync::Mutex` に変えて、ガードの範囲を await の前で切ります。\n",
			[]string{`decision .*tokio::sync::mutex-に変えて.* \[active`}, nil},
		{"the repro: the fix said as what the code will do (ja)", ja + "ロック順序の逆転によるデッドロックです。refresh 側で inflight の SKU だけコピーしてから price_cache を見るように直します。\n",
			[]string{`decision .*refresh-側で.* \[active.*見るように直します`}, nil},
		{"the repro: switched to, reported (en)", en + "DAG import error fixed: `airflow.operators.dummy.DummyOperator` no longer exists in 2.10, switched to `airflow.operators.empty.EmptyOperator`.\n",
			[]string{`decision .*dag-import-error-fixed.* \[active`}, nil},
		{"replaced X with Y (en)", en + "Replaced `DummyOperator` with `EmptyOperator` in all three DAGs.\n",
			[]string{`decision .*replaced-dummyoperator.* \[active`}, nil},
		{"the repro: the means of a change, as code (en)", en + "Duplicate order_item_ids came from the promotions join. Deduped with `row_number() over (partition by order_id order by applied_at desc)`; build + tests pass, 8/8.\n",
			[]string{`decision .*deduped-row_number.* \[active`}, nil},
		{"the means of a change, as code (zh)", zh + "重复行来自促销表的 join。用 `row_number()` 去重了，测试 8/8 通过。\n",
			[]string{`decision .*row_number.*去重了.* \[active`}, nil},
		{"the means of a change, as code (ja)", ja + "`row_number()` で重複を除きました。\n",
			[]string{`decision .*row_number.*で重複を除きました.* \[active`}, nil},
		{"the repro: a course in two stages (zh)", zh + "TooManyFunctions 那条是 CheckoutViewModel 整体太大，拆类改动比较大，我先加到 `config/detekt/baseline.xml`，后面再拆。\n",
			[]string{`decision .*toomanyfunctions.* \[active`}, nil},
		{"a course in two stages (ja)", ja + "とりあえず `config/detekt/baseline.xml` に入れて、分割は後でやります。\n",
			[]string{`decision .*とりあえず.* \[active`}, nil},
		{"a course in two stages (en)", en + "I'll add it to `config/detekt/baseline.xml` for now and split CheckoutViewModel later.\n",
			[]string{`decision .*baseline.* \[active`}, nil},
		// Negative cases.
		{"a change tried and the run repeated (ja)", ja + "タイムアウトを 30 秒に変えて、もう一度実行します。\n",
			nil, []string{`decision`}},
		{"a change reported with its result (ja)", ja + "`tokio::sync::Mutex` に変えて、テストが通りました。\n",
			nil, []string{`decision`}},
		{"switched to a place (en)", en + "Switched to the `release/2.8` branch to reproduce the import error.\n",
			nil, []string{`decision`}},
		{"the tool a step ran with (en)", en + "Tested with `pytest -k dedupe`; 8 passed.\n",
			nil, []string{`decision`}},
		{"the tool a step ran with (zh)", zh + "用 `grep` 查了一下，没有别的调用。\n",
			nil, []string{`decision`}},
		{"a look first (zh)", zh + "这个问题比较复杂，我先看一下 detekt 的报告，然后再说。\n",
			nil, []string{`decision`}},
		{"a choice of the user's carried out (en)", "> user\nimprove catalogue search\n> assistant\nOk.\n> user\nlet's go with the Solr Suggester with AnalyzingInfixLookup for autocomplete.\n> assistant\nReplaced title_prefix with a SuggestComponent using AnalyzingInfixLookupFactory on title.\n",
			nil, []string{`decision .*replaced-title_prefix`}},
		{"a choice of the user's carried out (ja)", "> user\nロック競合を直して\n> assistant\nはい。\n> user\nMutex はやめて、`tokio::sync::RwLock` でやって。\n> assistant\n`tokio::sync::RwLock` に変えて、読み込みは read() で取ります。\n",
			nil, []string{`decision .*に変えて`}},
		{"a look first (ja)", ja + "まずログを見ます。\n",
			nil, []string{`decision`}},
	}
	runScriptCases(t, cases)
}
