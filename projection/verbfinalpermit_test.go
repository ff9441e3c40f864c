package projection

import "testing"

// A permission said after its verb ("tool/scripts/seed.dart mein print use
// kar sakte ho", "scripts/ では console.log を使ってもいい", "scripts/ 에서는
// console.log 써도 돼", "in tool/scripts/seed.dart you can use print") is an
// exception of the rule it names when it names a place, and goes with the
// rule when the rule is lifted. Near misses: an order to use the thing
// ("logger use karo") is no permission; a permission naming no place lifts
// the rule whole.
func TestVerbFinalPermissionIsException(t *testing.T) {
	const hiRule = "> user\nkuch rules: 1) koi naya package mat add karna bina puche 2) print() mat use karna, logger use karo\n> assistant\nOk.\n"
	const enRule = "> user\nrules: 1) never add a new package without asking 2) do not use print(), use logger\n> assistant\nOk.\n"
	const jaRule = "> user\nエクスポート画面を直して\n> assistant\nOK\n> user\nconsole.log は使わないで\n> assistant\nOK\n"
	const koRule = "> user\n내보내기 화면 고쳐줘\n> assistant\nOK\n> user\nconsole.log 는 사용하지 마세요\n> assistant\nOK\n"
	runScriptCases(t, []scriptCase{
		{"hi: kar sakte ho is an exception", hiRule + "> user\nek kaam karo, tool/scripts/seed.dart mein print use kar sakte ho, woh sirf local script hai. baaki jagah nahi\n",
			[]string{`\[active/normative\] = print\(\) mat use karna, logger use karo — except: .*seed.dart mein print use`}, []string{`lifted`}},
		{"hi: the exception goes with its lifted rule", hiRule + "> user\ntool/scripts/seed.dart mein print use kar sakte ho, woh sirf local script hai\n> assistant\nOk.\n> user\nprint wala rule hi hata do ab, logger sab jagah overkill hai.\n",
			[]string{`\[lifted/normative\] = print\(\) mat use karna, logger use karo — except: `}, []string{`constraint/[^\n]*\[active/normative\] = [^\n]*seed.dart`}},
		{"en: place first", enRule + "> user\nin tool/scripts/seed.dart you can use print, it is only a local script. nowhere else\n",
			[]string{`\[active/normative\] = do not use print\(\) — except: in tool/scripts/seed.dart you can use print`}, []string{`lifted`}},
		{"en: the exception goes with its lifted rule", enRule + "> user\nin tool/scripts/seed.dart you can use print\n> assistant\nOk.\n> user\ndrop the print rule now, logger everywhere is overkill\n",
			[]string{`\[lifted/normative\] = do not use print\(\) — except: `}, []string{`constraint/[^\n]*\[active/normative\] = [^\n]*seed.dart`}},
		{"ja: てもいい with a place", jaRule + "> user\nscripts/ では console.log を使ってもいい\n",
			[]string{`\[active/normative\] = console.log は使わないで — except: scripts/ では console.log を使ってもいい`}, []string{`lifted`}},
		{"ko: 써도 돼 with a place", koRule + "> user\nscripts/ 에서는 console.log 써도 돼\n",
			[]string{`\[active/normative\] = console.log 는 사용하지 마세요 — except: scripts/ 에서는 console.log 써도 돼`}, []string{`lifted`}},
		// near misses
		{"hi: an order to use is no permission", hiRule + "> user\nseed.dart mein bhi logger use karo\n",
			[]string{`\[active/normative\] = print\(\) mat use karna, logger use karo @0`}, []string{`— except`, `lifted`}},
		{"ko: no place, a lift", koRule + "> user\n이제 console.log 써도 돼요\n",
			[]string{`\[lifted/normative\] = console.log 는 사용하지 마세요`}, []string{`— except`}},
		{"ja: no place, a lift", jaRule + "> user\nもう console.log を使ってもいい\n",
			[]string{`\[lifted/normative\] = console.log は使わないで`}, []string{`— except`}},
		{"en: a place after an object is no scope of a thing-first permission", enRule + "> user\nyou can use print now\n",
			[]string{`\[lifted/normative\] = do not use print\(\), use logger`}, []string{`— except`}},
	})
}

// A once set-aside in English finds its rule by the word's other forms
// ("migration" of "migrations"), and a rule the same message states ("Leave
// the other migrations alone") does not compete with the rule set aside;
// German, Spanish and Japanese once-skips are exceptions as the English
// one is.
func TestOnceSetAsideMoreLanguages(t *testing.T) {
	file := func(rule, other, task, say string) string {
		return "> system\nInstructions from: AGENTS.md\n\n# shop\n\n- " + rule + "\n- " + other + "\n> user\n" + task + "\n> assistant\nOK.\n> user\n" + say + "\n"
	}
	runScriptCases(t, []scriptCase{
		{"en: migration of migrations, with a rule said beside it",
			file("Use pnpm only", "Never edit merged migrations in packages/db/prisma/migrations; add a new migration instead", "fix the export", "you can edit that old migration, just this one, remove the duplicate line. Leave the other migrations alone"),
			[]string{`\[active/normative\] = Never edit merged migrations in packages/db/prisma/migrations; add a new migration instead — except:`}, []string{`lifted`}},
		{"de: diesmal", file("Vor jedem Commit muss `pnpm -w lint` laufen", "Keine neuen Abhängigkeiten", "repariere den Export", "diesmal kannst du lint überspringen, es ist zu langsam"),
			[]string{`\[active/normative\] = Vor jedem Commit muss ` + "`pnpm -w lint`" + ` laufen — except: diesmal`}, []string{`lifted`}},
		{"es: esta vez", file("Antes de cada commit hay que correr `pnpm -w lint`", "No añadas dependencias nuevas", "arregla la exportación", "esta vez sáltate el lint, es muy lento"),
			[]string{`— except: esta vez sáltate el lint`}, []string{`lifted`}},
		{"ja: 今回", file("コミット前に必ず `pnpm -w lint` を実行すること", "新しい依存は追加しないこと", "エクスポートを直して", "今回は lint をスキップして、遅すぎる"),
			[]string{`— except: 今回は lint をスキップして`}, []string{`lifted`}},
		// near misses
		{"de: from now on is no once", file("Vor jedem Commit muss `pnpm -w lint` laufen", "Keine neuen Abhängigkeiten", "repariere den Export", "ab jetzt kannst du lint überspringen"),
			nil, []string{`— except: ab jetzt`}},
		{"es: a question", file("Antes de cada commit hay que correr `pnpm -w lint`", "No añadas dependencias nuevas", "arregla la exportación", "¿esta vez podemos saltar el lint?"),
			nil, []string{`— except`}},
	})
}
