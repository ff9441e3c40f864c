package projection

import "testing"

// An exception said as the answer to the agent's question ("O versionCode
// fica no app.json — posso alterar lá?" — "pode mexer só no versionCode do
// app.json, o resto continua sem mexer") is the rule's exception, not a
// decision of its own: the rule shows it, and the rule's lift takes it
// along (restrule.go).
func TestExceptionAsAnswer(t *testing.T) {
	const pt = "> user\nobjetivo: fazer o build passar.\n\nregra: não mexe no app.json sem me perguntar antes.\n> assistant\nO versionCode fica no app.json (`expo.android.versionCode`) — posso alterar lá?\n> user\n"
	const en = "> user\ngoal: get the build green.\n\nrule: don't touch app.json without asking me first.\n> assistant\nThe versionCode lives in app.json (`expo.android.versionCode`) — can I change it there?\n> user\n"
	const ptLift = "\n> assistant\nOk.\n> user\na regra do app.json pode esquecer, tá liberado mexer no app.json à vontade agora."
	const enLift = "\n> assistant\nOk.\n> user\nforget the app.json rule, you're free to touch app.json as you like now."
	except := `constraint [^\n]*\[active[^\n]*app\.json[^\n]* — except: [^\n]*versionCode`
	lifted := `constraint [^\n]*\[lifted[^\n]*app\.json[^\n]* — except: [^\n]*versionCode[^\n]*@0,2,4`
	cases := []scriptCase{
		{"pt repro", pt + "pode mexer só no versionCode do app.json, o resto continua sem mexer",
			[]string{except}, []string{`decision/answer/`}},
		{"pt lifted", pt + "pode mexer só no versionCode do app.json, o resto continua sem mexer" + ptLift,
			[]string{lifted}, []string{`\[active[^\n]*versionCode`, `decision/answer/`}},
		{"en", en + "you can touch only the versionCode in app.json, the rest stays untouched",
			[]string{except}, []string{`decision/answer/`}},
		{"en lifted", en + "you can touch only the versionCode in app.json, the rest stays untouched" + enLift,
			[]string{lifted}, []string{`\[active[^\n]*versionCode`, `decision/answer/`}},
		// near misses: an answer naming the rule's thing that does not
		// relax it; an answer when no rule is held; a lift of another
		// rule
		{"pt: the answer keeps the rule", pt + "não, o app.json continua sem mexer; põe o versionCode no app.config.ts",
			[]string{`constraint [^\n]*\[active[^\n]*= não mexe no app\.json sem me perguntar antes\. @`}, []string{`except`}},
		{"pt: no rule held", "> user\nobjetivo: fazer o build passar.\n> assistant\nO versionCode fica no app.json (`expo.android.versionCode`) — posso alterar lá?\n> user\npode mexer só no versionCode do app.json, o resto continua sem mexer",
			[]string{`decision/answer/[^\n]*\[active[^\n]*versionCode`}, []string{`constraint `}},
		{"pt: another rule lifted", "> user\nobjetivo: fazer o build passar.\n> assistant\nOk.\n> user\nregra: não mexe no app.json sem me perguntar antes.\n> assistant\nOk.\n> user\noutra regra: nunca usa --no-verify.\n> assistant\nO versionCode fica no app.json (`expo.android.versionCode`) — posso alterar lá?\n> user\npode mexer só no versionCode do app.json, o resto continua sem mexer\n> assistant\nOk.\n> user\na regra do --no-verify pode esquecer, tá liberado usar --no-verify à vontade agora.",
			[]string{except, `constraint [^\n]*\[lifted[^\n]*no-verify`}, []string{`decision/answer/`, `\[lifted[^\n]*app\.json`}},
	}
	runScriptCases(t, cases)
}

// A rule said as the rest of a place after the exception to it, with no
// rule held ("só na src/legacy pode deixar any, …. no resto do código nada
// de any"), is that rule with its exception, even as the answer to the
// agent's question (restrule.go).
func TestRuleAfterItsException(t *testing.T) {
	const ask = "> user\nobjetivo: tsc sem erro.\n> assistant\nO de `src/legacy/priceFormat.ts` é `any` implícito — quer que eu tipe a pasta legacy também?\n> user\n"
	rule := func(head, ex string) string {
		return `constraint [^\n]*\[active[^\n]*= ` + head + `[^\n]* — except: ` + ex
	}
	cases := []scriptCase{
		{"pt repro", ask + "não. só na src/legacy pode deixar any, lá ninguém mexe, bota um any explícito e segue. no resto do código nada de any.",
			[]string{rule(`no resto do código nada de any`, `só na src/legacy pode deixar any`)}, []string{`decision/answer/`}},
		{"en", "> user\ngoal: tsc clean.\n> user\nonly in src/legacy you can leave any, nobody touches it there. in the rest of the code no any.",
			[]string{rule(`in the rest of the code no any`, `only in src/legacy you can leave any`)}, nil},
		{"en: everywhere else", "> user\ngoal: tsc clean.\n> user\nonly in src/legacy you can leave any. everywhere else, no any.",
			[]string{rule(`everywhere else, no any`, `only in src/legacy`)}, nil},
		{"fr", "> user\nobjectif : tsc propre.\n> user\nseulement dans src/legacy tu peux laisser any. dans le reste du code pas de any.",
			[]string{rule(`dans le reste du code pas de any`, `seulement dans src/legacy`)}, nil},
		// near misses: the rest allowed is no rule; the rule said alone
		// is the rule as said; a rule held takes the exception
		{"en: the rest is fine", "> user\ngoal: tsc clean.\n> user\nonly in src/legacy you can leave any. the rest is fine as it is.",
			nil, []string{`constraint [^\n]*rest`}},
		{"pt: the rule alone", "> user\nobjetivo: tsc sem erro.\n> user\nno resto do código nada de any.",
			[]string{`constraint [^\n]*\[active[^\n]*= no resto do código nada de any\. @`}, []string{`except`}},
	}
	runScriptCases(t, cases)
}

// An exception ("и unsafe: в simd.rs можно, только там") narrows the rule,
// it does not lift it: the rule stays active with it until the message that
// lifts it (trial 11 C2).
func TestExceptionIsNoLift(t *testing.T) {
	const ru = "> user\nзадача: ускорить бенч window_agg.\n> assistant\nПонял.\n> user\nправила: в agg-core не трогай unsafe.\n> assistant\nВопросы:\n1) MSRV держим 1.75?\n2) бенч на 1M или 10M?\n> user\n1 — держим. 2 — 1M.\nи unsafe: в simd.rs можно, только там. в остальном agg-core — нет."
	cases := []scriptCase{
		{"ru: exception only", ru,
			[]string{`constraint [^\n]*\[active[^\n]*— except: в simd\.rs можно[^\n]*@2,4`}, []string{`\[lifted`, `decision [^\n]*simd`}},
		{"ru: lifted later", ru + "\n> assistant\nПонял.\n> user\nснимаю запрет на unsafe в agg-core целиком, будем ревьюить руками.",
			[]string{`constraint [^\n]*\[lifted[^\n]*— except: в simd\.rs можно[^\n]*@2,4,6`}, []string{`\[active[^\n]*simd`}},
		// near miss: another rule's lift leaves it active with its exception
		{"ru: another rule lifted", ru + "\n> assistant\nПонял.\n> user\nправило про MSRV снимаю.",
			[]string{`constraint [^\n]*\[active[^\n]*— except: в simd\.rs можно`}, []string{`\[lifted[^\n]*unsafe`}},
	}
	runScriptCases(t, cases)
}
