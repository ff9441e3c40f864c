package projection

import (
	"regexp"
	"testing"
)

// A lift said for one time or one file only ("这次放开一下 … 就只改这一个文
// 件", "just this once", "今回だけ") is an exception: the rule stays in
// force with it, and the later whole lift lifts the rule and the exception
// together.
func TestOnceLiftIsException(t *testing.T) {
	cases := []struct {
		name, rule, once, lift string
	}{
		{"zh repro", "把登录页的 bug 修一下。注意：不要动 core-network 模块的代码，那块是另一个组在维护。",
			"core-network 那个限制这次放开一下：AuthInterceptor 可以改，就只改这一个文件。",
			"core-network 的限制取消吧，以后那个模块你可以随便改了。"},
		{"en", "Fix the login page bug. Note: don't touch the core-network module, another team maintains it.",
			"The core-network rule is lifted just this once: you can edit AuthInterceptor, only this file.",
			"The core-network restriction is lifted, you can change that module freely from now on."},
		{"en: only this file, no once", "Fix the login page bug. Note: don't touch the core-network module, another team maintains it.",
			"The core-network rule is lifted: you can edit AuthInterceptor, only this file.",
			"The core-network restriction is lifted, you can change that module freely from now on."},
		{"ja", "ログイン画面のバグを直して。core-network モジュールは触らないで、別チームの管理だから。",
			"core-network の縛りは今回だけ解除：AuthInterceptor は直していいよ、このファイルだけ。",
			"core-network の縛りは解除で、もう自由に変えていいよ。"},
		{"de", "Behebe den Login-Bug. Fass das core-network Modul nicht an.",
			"Die core-network Regel ist aufgehoben, aber nur dieses Mal: AuthInterceptor darfst du ändern.",
			"Die core-network Regel ist aufgehoben."},
		{"ru", "Почини баг на странице логина. Не трогай модуль core-network.",
			"Теперь можно трогать core-network, но только в этот раз: только AuthInterceptor.",
			"Теперь можно трогать core-network как угодно."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			head := "> user\n" + c.rule + "\n> assistant\nOK.\n> user\n" + c.once + "\n> assistant\nDone, only that file."
			out := reduceAll(t, head)
			t.Log(out)
			expect(t, out, []string{`(?i)constraint/-/\S*core-network\S* \[active/normative\] = [^\n]*core-network[^\n]* — except: `},
				[]string{`(?i)\[lifted[^\n]*core-network`, `constraint/-/authinterceptor`})
			out = reduceAll(t, head+"\n> user\n"+c.lift)
			t.Log(out)
			expect(t, out, []string{`(?i)\[lifted/normative\] = [^\n]*core-network[^\n]* — except: `},
				[]string{`\[active/normative\] = [^\n]*(?:core-network|AuthInterceptor)`})
		})
	}
}

// Near misses: a once-lift of another rule leaves this one whole; "only
// this file" in a message about no rule excepts nothing; a question whether
// the rule holds, or a lift for good said "this time", is no exception.
func TestOnceLiftNearMisses(t *testing.T) {
	const rules = "> user\nFix the login bug. Don't touch the core-network module. Also, no deploys to prod this week.\n> assistant\nOK.\n"
	const zhRule = "> user\n把登录页的 bug 修一下。注意：不要动 core-network 模块的代码。\n> assistant\n好的。\n"
	cases := []scriptCase{
		{"en: another rule's once-lift", rules + "> user\nThe prod deploy freeze is lifted just this once: you can deploy the hotfix.",
			[]string{`\[active/normative\] = Don't touch the core-network module\.`}, []string{`core-network module — except`, `\[lifted[^\n]*core-network`}},
		{"en: only this file, no rule", rules + "> user\nFix the typo in README.md, only this file.",
			[]string{`\[active/normative\] = Don't touch the core-network module\.`, `\[active/normative\] = Also, no deploys to prod this week\.`}, []string{`— except`, `\[lifted`}},
		{"zh: a question", zhRule + "> user\ncore-network 的限制还在吗？",
			[]string{`\[active/normative\] = 注意：不要动 core-network 模块的代码。`}, []string{`— except`, `\[lifted`, `\[superseded`}},
		{"zh: lifted for good this time", zhRule + "> user\n这次彻底取消 core-network 的限制，以后随便改。",
			[]string{`\[lifted/normative\] = 注意：不要动 core-network`}, []string{`— except`}},
		{"zh: another rule lifted this once", "> user\n不要动 core-network 模块的代码。另外这周禁止发布到生产环境。\n> assistant\n好的。\n> user\n生产发布的限制这次放开一下：hotfix 可以发。",
			[]string{`\[active/normative\] = 不要动 core-network 模块的代码。`}, []string{`core-network[^\n]*— except`}},
	}
	runScriptCases(t, cases)
}

// A rule said to still hold ("まだ生きてるよ", "still stands", "还在") is
// the same rule: refreshed, with the exception it names, and one lift
// lifts it.
func TestRuleStillHoldsThenLifted(t *testing.T) {
	cases := []struct {
		name, rule, again, lift string
	}{
		{"ja repro", "レイテンシ改善お願い。あ、Cargo.lock は勝手に変えないで（cargo update 禁止）。",
			"待って、dashmap 入れるなら Cargo.lock 変わるでしょ。lock 禁止はまだ生きてるよ、例外は tokio だけ。",
			"tokio 1.42.0 に上げて。lock 気にしなくていいよもう、その縛りは解除で。"},
		{"en", "Improve the latency. Don't change Cargo.lock (no cargo update).",
			"Wait, dashmap would change Cargo.lock. The Cargo.lock ban still stands, the only exception is tokio.",
			"Bump tokio to 1.42.0. Don't worry about the lock any more, the Cargo.lock ban is lifted."},
		{"zh", "优化一下延迟。不要动 Cargo.lock（禁止 cargo update）。",
			"等等，加 dashmap 会改 Cargo.lock。lock 禁止的规则还在，例外是 tokio。",
			"把 tokio 升到 1.42.0。Cargo.lock 的限制取消吧。"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			head := "> user\n" + c.rule + "\n> assistant\nOK.\n> user\n" + c.again + "\n> assistant\nReverted dashmap."
			out := reduceAll(t, head)
			t.Log(out)
			expect(t, out, []string{`\[active/normative\] = [^\n]*Cargo\.lock[^\n]* — except: [^\n]*tokio`}, nil)
			if n := len(regexp.MustCompile(`constraint [^\n]*\[active`).FindAllString(out, -1)); n != 1 {
				t.Errorf("%d active rules, want one", n)
			}
			out = reduceAll(t, head+"\n> user\n"+c.lift)
			t.Log(out)
			expect(t, out, []string{`\[lifted/normative\] = [^\n]*Cargo\.lock`}, []string{`constraint [^\n]*\[active`})
		})
	}
}

// Near misses: a question whether the rule holds refreshes nothing and
// adds no rule; a rule still holding of another thing is not this one; the
// lift of another rule leaves it.
func TestRuleStillNearMisses(t *testing.T) {
	const rule = "> user\n不要动 Cargo.lock（禁止 cargo update）。另外不要改 CI 配置。\n> assistant\n好的。\n"
	cases := []scriptCase{
		{"zh: a question", rule + "> user\nlock 禁止的规则还在吗？",
			[]string{`\[active/normative\] = 不要动 Cargo\.lock（禁止 cargo update）。`}, []string{`还在吗`, `— except`}},
		{"ja: a question", "> user\nCargo.lock は勝手に変えないで。\n> assistant\n了解です。\n> user\nlock 禁止ってまだ生きてる？",
			[]string{`\[active/normative\] = Cargo\.lock は勝手に変えないで。`}, []string{`まだ生きてる`, `— except`}},
		{"zh: another rule lifted", rule + "> user\nCI 配置的限制取消吧。",
			[]string{`\[active/normative\] = 不要动 Cargo\.lock（禁止 cargo update）。`, `\[lifted/normative\] = 另外不要改 CI 配置`}, nil},
	}
	runScriptCases(t, cases)
}

// A lift lifts every live statement of its rule: said again in other
// words, without a mark, the second is lifted with the first.
func TestLiftEveryStatement(t *testing.T) {
	cases := []scriptCase{
		{"ja", "> user\nレイテンシ改善お願い。あ、Cargo.lock は勝手に変えないで（cargo update 禁止）。\n> assistant\n了解です。\n> user\ndashmap 入れるなら Cargo.lock 変わるでしょ。lock ファイルは触らないで。\n> assistant\nすみません。\n> user\nlock 気にしなくていいよもう、その縛りは解除で。",
			[]string{`\[lifted/normative\] = あ、Cargo\.lock`, `\[lifted/normative\] = lock ファイルは触らないで`}, []string{`constraint [^\n]*\[active`}},
		{"zh", "> user\n优化一下延迟。不要动 Cargo.lock。\n> assistant\n好的。\n> user\n加 dashmap 会改 Cargo.lock。lock 文件别碰。\n> assistant\n抱歉。\n> user\nlock 的限制取消吧。",
			nil, []string{`constraint [^\n]*\[active`}},
		// Near misses: another thing of a like name, a word that names
		// no thing.
		{"zh: another module", "> user\n不要动 core-network 模块。也不要动 core-ui 模块。\n> assistant\n好的。\n> user\ncore-network 的限制取消吧。",
			[]string{`\[lifted/normative\] = 不要动 core-network`, `\[active/normative\] = 也不要动 core-ui`}, nil},
		{"en: a plain word shared", "> user\nFix the checkout bug. No prod deploys this week.\n> assistant\nOK.\n> user\nThe prod database is read-only.\n> assistant\nNoted.\n> user\nProd deploys are fine again.",
			[]string{`\[active/normative\] = The prod database is read-only`}, nil},
	}
	runScriptCases(t, cases)
}

// A rule said to hold still, plain, refreshes it; said of no held rule or
// of no rule at all, it makes none.
func TestRuleStillPlain(t *testing.T) {
	cases := []scriptCase{
		{"en: refreshed", "> user\nImprove the latency. Don't change Cargo.lock.\n> assistant\nOK.\n> user\nThe Cargo.lock ban still stands.",
			[]string{`\[active/normative\] = Don't change Cargo\.lock\. @0,2`}, []string{`still stands`}},
		{"de: refreshed", "> user\nBehebe den Login-Bug. Fass die Datei Cargo.lock nicht an.\n> assistant\nOK.\n> user\nDas Cargo.lock Verbot gilt noch.",
			[]string{`\[active/normative\] = Fass die Datei Cargo\.lock nicht an\. @0,2`}, []string{`gilt noch`}},
		{"en: no rule held", "> user\nImprove the latency.\n> assistant\nOK.\n> user\nThat rule still stands.",
			nil, []string{`constraint`}},
		{"en: no rule said", "> user\nImprove the latency. Don't change Cargo.lock.\n> assistant\nOK.\n> user\nThe staging server is still alive.",
			[]string{`(?m)\[active/normative\] = Don't change Cargo\.lock\. @0$`}, []string{`still alive`}},
	}
	runScriptCases(t, cases)
}
