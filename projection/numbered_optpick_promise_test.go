package projection

import "testing"

// TestNumberedAnswersRunOn (trial 13 A21): "1 不要 2 Asia/Shanghai 3
// 你定。权限那个回头再说" to three numbered questions and one asked after
// the list answers the three by number though the reply goes on; "你定",
// "your call" leave the choice to the agent, an answer; the sentence
// after puts off the question it names, and is no question of its own.
// Near misses: a reply that leaves a listed question out, one whose last
// answer runs on with no stop, answers that count, "your call" inside a
// longer answer.
func TestNumberedAnswersRunOn(t *testing.T) {
	const zh = "好，手机号先不加。我这边也有几个问题：\n1. 导出字段里要不要包含客户手机号？\n2. created_at 用 UTC 还是 Asia/Shanghai？\n3. 文件名格式要不要带日期范围？\n另外：要不要给导出接口加权限校验（只有 ops 角色能导）？"
	const en = "A few questions:\n1. Should the export include the customer phone?\n2. Is created_at in UTC or Asia/Shanghai?\n3. Should the file name carry the date range?\nAlso: should the export endpoint check permissions (ops role only)?"
	const zhAll = "几个问题：\n1. 导出字段里要不要包含客户手机号？\n2. created_at 用 UTC 还是 Asia/Shanghai？\n3. 文件名格式要不要带日期范围？\n4. 要不要给导出接口加权限校验？"
	const open = `uncertainty question/-/\S+ \[hypothesis/normative\] = `
	var cases []scriptCase
	for _, c := range []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"zh (A21)", zh, "1 不要 2 Asia/Shanghai 3 你定。权限那个回头再说",
			[]string{`= 不要 \(was 导出字段里要不要包含客户手机号？\)`, `= Asia/Shanghai \(was created_at`, `= 你定 \(the agent decides\) \(was 文件名格式`, open + `另外：要不要给导出接口加权限校验.* — 权限那个回头再说`},
			[]string{`constraint/`, `question/-/权限那个回头再说`, `not answered`}},
		{"zh stops before", zh, "1 不要 2 Asia/Shanghai 3 你定",
			[]string{`= 不要 \(was 导出字段`, `= 你定 \(the agent decides\) \(was 文件名格式`}, []string{`constraint/`}},
		{"en", en, "1 no 2 Asia/Shanghai 3 your call. the permissions one later",
			[]string{`= no \(was Should the export include`, `= Asia/Shanghai \(was Is created_at`, `= your call \(the agent decides\) \(was Should the file name`, open + `Also: should the export endpoint check permissions.* — the permissions one later`},
			[]string{`constraint/`, `not answered`}},
		{"en up to you", en, "1 no 2 UTC 3 up to you",
			[]string{`= up to you \(the agent decides\) \(was Should the file name`}, nil},
		// Near misses.
		{"zh one listed left out", zhAll, "1 不要 2 Asia/Shanghai 3 你定",
			nil, []string{`\(was 导出字段`, `\(the agent decides\)`}},
		{"en list left short", en, "1 no 2 Asia/Shanghai",
			nil, []string{`\(was Should the export include`}},
		{"en runs on without a stop", en, "1 no 2 Asia/Shanghai 3 your call but tell me first why the date range matters here",
			nil, []string{`= no \(was Should the export`, `\(the agent decides\)`}},
		{"en counts", en, "1 file 2 tests 3 pods",
			nil, []string{`\(was Is created_at`}},
		{"en your call inside an answer", en, "1 no 2 UTC 3 yes with dates, your call on the order",
			nil, []string{`\(the agent decides\)`}},
	} {
		cases = append(cases, scriptCase{c.name, "> user\n导出加几个字段\n> assistant\n" + c.agent + "\n> user\n" + c.reply + "\n", c.want, c.never})
	}
	runScriptCases(t, cases)
}

// TestOptionPickCorrected (trial 13 A19): a pick of one of the agent's
// lettered options is a decision naming the option's text; a later pick
// in the same message wins, the earlier option rejected with the words
// between. Near misses: one pick, a letter that is no pick ("b) is too
// slow"), a letter in prose ("a bug in b then").
func TestOptionPickCorrected(t *testing.T) {
	const zh = "方案有三个，你选一个：\na) 流式 CSV：按 cursor 每批取 N 条\nb) 后台 job + 轮询\nc) 前端分页导出"
	const en = "Three options, pick one:\na) stream CSV with a cursor, N rows a batch\nb) background job + polling\nc) paginate in the frontend"
	var cases []scriptCase
	for _, c := range []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"zh (A19)", zh, "选b吧…不对，b 要加 bullmq，违反不加依赖。就 a",
			[]string{`decision decision/-/\S+ \[active/normative\] = 流式 CSV：按 cursor 每批取 N 条 \(就 a\)`, `negative/-/\S+ \[active/normative\] = 后台 job \+ 轮询 — rejected: 不对，b 要加 bullmq，违反不加依赖`},
			[]string{`= 后台 job \+ 轮询 \(`}},
		{"zh one pick", zh, "选b吧",
			[]string{`= 后台 job \+ 轮询 \(选b吧\)`}, []string{`negative/`}},
		{"en", en, "b. no, b needs bullmq, that breaks no new deps. a then",
			[]string{`= stream CSV with a cursor, N rows a batch \(a then\)`, `= background job \+ polling — rejected: no, b needs bullmq, that breaks no new deps`},
			[]string{`= background job \+ polling \(`}},
		{"en one pick", en, "c",
			[]string{`= paginate in the frontend \(c\)`}, []string{`negative/`}},
		// Near misses.
		{"zh letter said of an option", zh, "b 要加 bullmq，不行",
			nil, []string{`= 后台 job \+ 轮询 \(`}},
		{"en letter said of an option", en, "b) is too slow for us",
			nil, []string{`= background job \+ polling \(`, `negative/`}},
		{"en letter in prose", en, "a bug in b then",
			nil, []string{`= stream CSV`, `negative/`}},
	} {
		cases = append(cases, scriptCase{c.name, "> user\nexport times out\n> assistant\n" + c.agent + "\n> user\n" + c.reply + "\n", c.want, c.never})
	}
	runScriptCases(t, cases)
}

// TestAgentPromiseCJKPolish (trial 13 A25, B24): the agent's "我之后会在
// apps/api/README.md 里补上 …" and "Dopiszę też wpis do CHANGELOG" are its
// open obligations, done by the write of the file. Near misses: done
// already ("我已经补上了"), an offer ("要不要我补上 README？"), no object.
func TestAgentPromiseCJKPolish(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"zh (A25)", "> user\n导出批大小做成环境变量\n> assistant\n好。我之后会在 apps/api/README.md 里补上 EXPORT_BATCH_SIZE 的说明。\n",
			[]string{`obligation obligation/-/\S+ \[open/decision\] = 我之后会在 apps/api/README.md 里补上`}, nil},
		{"pl (B24)", "> user\nnapraw migrację\n> assistant\nMigracja przeszła. Dopiszę też wpis do CHANGELOG o tej zmianie.\n",
			[]string{`obligation obligation/-/\S+ \[open/decision\] = Dopiszę też wpis do CHANGELOG`}, nil},
		{"zh done already", "> user\n导出批大小做成环境变量\n> assistant\n我已经在 apps/api/README.md 里补上了说明。\n",
			nil, []string{`obligation/`}},
		{"zh offer", "> user\n导出批大小做成环境变量\n> assistant\n要不要我来更新 apps/api/README.md？\n",
			nil, []string{`obligation/`}},
		{"zh no object", "> user\n导出批大小做成环境变量\n> assistant\n我先来看一下日志。\n",
			nil, []string{`obligation/`}},
	})
}
