package projection

import "testing"

// Trial 8's m02a, m02b, m02c and m12: a rule declared dead beside the
// identifier it names is lifted; a rule forgotten for a part is excepted;
// a permission beside "for prod the rule stands" is the rule's exception;
// a new version of the pinned major restates the pin.
func TestRulesSaidOff(t *testing.T) {
	const rulesSV = "> user\nregler: pytest alltid med --reuse-db. inga raw SQL i migreringar, RunPython only.\n> assistant\nok\n> user\n"
	const rulesEN = "> user\nrules: pytest always with --reuse-db. no raw SQL in migrations, RunPython only.\n> assistant\nok\n> user\n"
	const rulesUK = "> user\nправила: pytest завжди з --reuse-db. ніякого raw SQL у міграціях, тільки RunPython.\n> assistant\nok\n> user\n"
	const rulesDE = "> user\nRegeln: pytest immer mit --reuse-db. kein raw SQL in Migrationen, nur RunPython.\n> assistant\nok\n> user\n"
	const applyUK = "> user\nправило: жодного terraform apply без мого явного OK\n> assistant\nok\n> user\n"
	const applyEN = "> user\nrule: no terraform apply without my explicit OK\n> assistant\nok\n> user\n"
	const applySV = "> user\nregel: ingen terraform apply utan mitt uttryckliga OK\n> assistant\nok\n> user\n"
	const pinHI = "> user\nrule: GoogleTest 1.14.0 पर pinned रखो, upgrade नहीं.\n> assistant\nok\n> user\n"
	const pinEN = "> user\nrule: keep GoogleTest pinned at 1.14.0, no upgrade.\n> assistant\nok\n> user\n"
	const pinSV = "> user\nregel: GoogleTest alltid pinnad på 1.14.0, ingen uppgradering.\n> assistant\nok\n> user\n"
	const pinUK = "> user\nправило: версії провайдерів пінимо точно, типу = 5.31.0\n> assistant\nok\n> user\n"
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"sv: forgotten for the backfill, and declared dead (m02a)", rulesSV + "ok glöm RunPython-regeln för backfillen, RunSQL är ok där. och släpp --reuse-db helt, regeln är död.",
			[]string{`pytest-med-reuse-db \[lifted`, `raw-sql-migreringar-runpython \[active.*= inga raw SQL i migreringar, RunPython only — except: ok glöm RunPython-regeln för backfillen`}, nil},
		{"uk: the same", rulesUK + "ок, забудь правило про RunPython для backfill, там RunSQL ок. і --reuse-db прибираємо зовсім, правило мертве.",
			[]string{`pytest-завжди-reuse-db \[lifted`, `raw-sql.*\[active.*тільки RunPython — except: ок, забудь правило про RunPython`}, nil},
		{"hi: the same", rulesEN + "backfill के लिए RunPython वाला rule भूल जाओ, वहाँ RunSQL ठीक है. और --reuse-db पूरी तरह हटा दो, नियम खत्म.",
			[]string{`pytest-always-reuse-db \[lifted`, `raw-sql-migrations-runpython \[active.*except: backfill के लिए`}, nil},
		{"de: the same", rulesDE + "ok vergiss die RunPython-Regel für den Backfill, RunSQL ist dort ok. und lass --reuse-db ganz weg, die Regel ist tot.",
			[]string{`pytest-mit-reuse-db \[lifted`, `raw-sql-migrationen-nur-runpython \[active.*nur RunPython — except: ok vergiss`}, nil},
		{"en: declared dead", rulesEN + "drop --reuse-db entirely, the rule is dead.",
			[]string{`pytest-always-reuse-db \[lifted`, `raw-sql-migrations-runpython \[active`}, nil},
		{"sv: forgotten with no part", rulesSV + "glöm RunPython-regeln.",
			[]string{`raw-sql-migreringar-runpython \[lifted`, `pytest-med-reuse-db \[active`}, nil},
		{"sv: forget it about a failure changes no rule", rulesSV + "glöm det, testet var bara flaky.",
			[]string{`pytest-med-reuse-db \[active`, `raw-sql-migreringar-runpython \[active`}, []string{`\[lifted`, `except`}},
		{"sv: the rule mentioned, not lifted", rulesSV + "regeln om --reuse-db gäller fortfarande, kör pytest --reuse-db.",
			[]string{`pytest-med-reuse-db \[active`}, []string{`\[lifted`, `except`}},
		{"sv: the rule is not dead", rulesSV + "--reuse-db: regeln är inte död.",
			[]string{`pytest-med-reuse-db \[active`}, []string{`\[lifted`}},
		{"en: asked whether the rule is dead", rulesEN + "is the --reuse-db rule dead?",
			[]string{`pytest-always-reuse-db \[active`}, []string{`\[lifted`}},
		{"uk: staging excepted, prod stays (m12)", applyUK + "для staging apply можеш робити сам, без мого OK. для prod правило в силі",
			[]string{`terraform-apply \[active.*жодного terraform apply без мого явного OK — except: для staging apply можеш робити сам`}, []string{`\[lifted`}},
		{"en: staging excepted, prod stays", applyEN + "for staging you can apply yourself, without my OK. for prod the rule stands",
			[]string{`terraform-apply-without-explicit \[active.*except: for staging you can apply yourself`}, []string{`\[lifted`}},
		{"sv: staging excepted, prod stays", applySV + "för staging får du köra apply själv, utan mitt OK. för prod gäller regeln.",
			[]string{`terraform-apply.*\[active.*except: för staging får du köra apply`}, []string{`\[lifted`}},
		{"uk: a numbered rule stays for prod (session B)", applyUK + "зміна планів. для staging apply можеш робити сам, без мого OK. для prod правило 1 в силі",
			[]string{`terraform-apply \[active.*except: для staging apply можеш робити сам`}, []string{`\[lifted`}},
		{"en: a numbered rule stays for prod", applyEN + "you can apply on staging yourself. for prod rule 1 stands.",
			[]string{`terraform-apply-without-explicit \[active.*except: you can apply on staging yourself`}, []string{`\[lifted`}},
		{"uk: the rule stays, no permission", applyUK + "для prod правило в силі, пам'ятай.",
			[]string{`terraform-apply \[active`}, []string{`except`, `\[lifted`}},
		{"en: a permission with no rule kept is left to the lifts", applyEN + "the rule stays. run terraform plan for staging.",
			[]string{`terraform-apply-without-explicit \[active`}, []string{`except`, `\[lifted`}},
		{"hi: a new version, the pin kept (m02c)", pinHI + "GoogleTest 1.14 में DISABLED_ tests वाला bug है. 1.15.2 पर चले जाओ, pin वहीं रखो",
			[]string{`\[active.*= GoogleTest 1.15.2 \(was 1.14.0\) पर pinned रखो`}, nil},
		{"en: a new version, the pin kept", pinEN + "move to 1.15.2, keep the pin there",
			[]string{`\[active.*= keep GoogleTest pinned at 1.15.2 \(was 1.14.0\)`}, nil},
		{"sv: a new version, the pin kept", pinSV + "byt till 1.15.2, behåll pinnen.",
			[]string{`\[active.*= GoogleTest alltid pinnad på 1.15.2 \(was 1.14.0\), ingen uppgradering`}, nil},
		{"uk: the exact pin replaced by a range (m02b)", pinUK + "по правилу про версії — точний пін виявився болем, renovate відкриває PR на кожен patch. міняємо: ~> 5.31 ок (minor фіксуємо).",
			[]string{`\[active.*типу ~> 5.31 \(was = 5.31.0\)`}, nil},
		{"en: not moving", pinEN + "don't move to 1.15.2, keep the pin.",
			[]string{`= keep GoogleTest pinned at 1.14.0, no upgrade`}, []string{`was 1.14.0`}},
		{"hi: not moving", pinHI + "1.15.2 पर मत जाओ, pin वहीं रखो",
			[]string{`= GoogleTest 1.14.0 पर pinned रखो`}, []string{`was 1.14.0`}},
		{"en: the pinned version named again", pinEN + "1.14 has the DISABLED_ bug, keep the pin.",
			[]string{`= keep GoogleTest pinned at 1.14.0, no upgrade`}, []string{`was 1.14.0`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
