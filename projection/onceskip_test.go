package projection

import "testing"

// A project's instruction file the host injects into the conversation
// (DSH's "Instructions from: AGENTS.md" reminder) is read item by item:
// "run lint before commit, no commit while lint fails" is one standing
// rule, never a task one lint run closes; a practice item ("API 的入参出参
// 都用 zod schema 校验", "Validate … with zod") is a rule too. Near misses:
// a system message naming no instruction file keeps its clause reading; a
// user's "before you commit, run lint" stays the user's to read.
func TestInjectedInstructionRules(t *testing.T) {
	const zh = "> system\n<system-reminder>\nInstructions from: AGENTS.md\n\n# shop\n\n- 包管理只用 pnpm，不要用 npm / yarn\n- 提交前必须跑 `pnpm -w lint`，lint 不过不准 commit\n- API 的入参出参都用 zod schema 校验\n\n</system-reminder>\n> user\n帮我把导出接口的超时修掉\n"
	const en = "> system\nInstructions from: AGENTS.md\n\n# shop\n\n- Use pnpm only, never npm or yarn\n- You must run `pnpm -w lint` before committing; no commit while lint fails\n- Validate API input and output with zod schemas\n> user\nfix the export timeout\n"
	runScriptCases(t, []scriptCase{
		{"zh", zh + "> assistant\n好的。\n> call bash {\"command\":\"pnpm -w lint\"}\n> result\nDone in 3.2s\n",
			[]string{"constraint/-/\\S+ \\[active/normative\\] = 提交前必须跑 `pnpm -w lint`，lint 不过不准 commit @0", `\[active/normative\] = API 的入参出参都用 zod schema 校验`, `\[active/normative\] = 包管理只用 pnpm`},
			[]string{`obligation`}},
		{"en", en,
			[]string{"\\[active/normative\\] = You must run `pnpm -w lint` before committing; no commit while lint fails", `\[active/normative\] = Validate API input and output with zod schemas`},
			[]string{`obligation`}},
		{"near miss: a system message naming no file", "> system\nYou are a helpful assistant.\n\n- Be concise\n> user\nfix the export timeout\n",
			nil, []string{`Be concise`}},
		{"near miss: a tech-stack list", "> system\nInstructions from: AGENTS.md\n\n# shop\n\n- Next.js 14 app router\n- NestJS 10\n> user\nfix the export timeout\n",
			nil, []string{`constraint`}},
	})
}

// A rule set aside for one time ("这次 commit 不用跑 lint", "skip lint for
// this commit", "is baar skip karo", "that old migration you can edit, just
// this one") stays in force with the once as its exception, whether the
// instruction file or the user stated it. Near misses: a skip for good, a
// question, a once-skip of a thing no rule names.
func TestOnceSetAsideIsException(t *testing.T) {
	const zh = "> system\nInstructions from: AGENTS.md\n\n# shop\n\n- 包管理只用 pnpm，不要用 npm / yarn\n- 提交前必须跑 `pnpm -w lint`，lint 不过不准 commit\n- packages/db/prisma/migrations 下已经合并的迁移不要改，要改就新建迁移\n> user\n修一下导出\n> assistant\n好的。\n"
	const en = "> system\nInstructions from: AGENTS.md\n\n# shop\n\n- Use pnpm only\n- Run `pnpm -w lint` before every commit; never commit while lint fails\n- Every new feature needs a widget test\n> user\nfix the export\n> assistant\nOK.\n"
	const hi = "> user\nhome pe promo banner banao. Har naye feature ke saath widget test likhna zaroori hai. lib/generated ko haath mat lagao\n> assistant\nOk.\n"
	runScriptCases(t, []scriptCase{
		{"zh: lint skipped for this commit", zh + "> user\n这次 commit 不用跑 lint 了，太慢，直接提\n",
			[]string{`\[active/normative\] = 提交前必须跑 ` + "`pnpm -w lint`" + `，lint 不过不准 commit — except: 这次 commit 不用跑 lint`},
			[]string{`lifted`, `obligation`}},
		{"zh: one migration excepted", zh + "> user\n那个旧迁移你可以改，就这一个，把重复那行删掉。其他迁移还是别碰\n",
			[]string{`\[active/normative\] = packages/db/prisma/migrations 下已经合并的迁移不要改 — except: 那个旧迁移你可以改，就这一个`},
			[]string{`lifted`}},
		{"en: lint skipped for this commit", en + "> user\nskip lint for this commit, it's too slow, just commit\n",
			[]string{`\[active/normative\] = Run ` + "`pnpm -w lint`" + ` before every commit; never commit while lint fails — except: skip lint`},
			[]string{`lifted`}},
		{"en: widget test skipped this time", en + "> user\nAGENTS.md says every feature needs a widget test, skip it this time, we release Friday\n",
			[]string{`\[active/normative\] = Every new feature needs a widget test — except: `},
			[]string{`lifted`}},
		{"hi: is baar skip karo", hi + "> user\nwidget test wala rule yaad hai, par is baar widget test skip karo, Friday release hai\n",
			[]string{`\[active/normative\] = Har naye feature ke saath widget test likhna zaroori hai — except: `},
			[]string{`lifted`, `lib/generated[^\n]*except`}},
		// near misses
		{"en: a skip for good is no once", en + "> user\nskip lint from now on, it's too slow\n",
			nil, []string{`— except`}},
		{"en: a question", en + "> user\ncan we skip lint for this commit?\n",
			[]string{"\\[active/normative\\] = Run `pnpm -w lint` before every commit; never commit while lint fails @"}, []string{`— except`}},
		{"en: a once-skip no rule names", en + "> user\nskip the flaky e2e suite this time\n",
			nil, []string{`— except`}},
		{"zh: this time, no set-aside", zh + "> user\n这次 commit 信息写清楚一点\n",
			nil, []string{`— except`}},
	})
}
