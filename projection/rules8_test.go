package projection

import "testing"

// A labelled rule told with its consequence is one rule, in any language
// (consequence.go); a premise longer than a setting and its value keeps
// its clauses apart.
func TestLabelledRuleWithConsequence(t *testing.T) {
	for _, c := range []struct{ say, rule string }{
		// m03 (Codex, French)
		{"règle: MSRV 1.70, donc pas de trucs récents de std.", "MSRV 1.70, donc pas de trucs récents de std."},
		{"rule: MSRV 1.70, so no recent std stuff.", "MSRV 1.70, so no recent std stuff."},
		{"regra: MSRV 1.70, então nada de coisa nova da std.", "MSRV 1.70, então nada de coisa nova da std."},
		{"regla: MSRV 1.70, así que nada reciente de std.", "MSRV 1.70, así que nada reciente de std."},
		{"Regel: MSRV 1.70, also keine neuen Sachen aus der std.", "MSRV 1.70, also keine neuen Sachen aus der std."},
		{"规则：MSRV 1.70，所以别用新的 std 功能。", "MSRV 1.70，所以别用新的 std 功能。"},
	} {
		out := reduceAll(t, "> user\n"+c.say+"\n> assistant\nok\n")
		expect(t, out, []string{`constraint .*\[active/normative\] = ` + regexpQuote(c.rule)}, nil)
	}
	out := reduceAll(t, "> user\nrules: we get max 2 A100s, so dont go launching sweeps.\n> assistant\nok\n")
	expect(t, out, []string{`\[active/normative\] = we get max 2 A100s @`, `\[active/normative\] = dont go launching sweeps`}, nil)
}

// A later sentence that sets the thing a rule pins to another value
// restates the rule and is no objective (rulerepin.go); a question, a
// condition or a negation changes nothing.
func TestRulePinSet(t *testing.T) {
	rule := "> user\nrègle: MSRV 1.70, donc pas de trucs récents de std.\n> assistant\nok\n> user\n"
	for _, say := range []string{
		// m03
		"au fait on passe la MSRV à 1.75, c'est validé avec l'équipe. mets à jour rust-version.",
		"btw we're moving the MSRV to 1.75, the team signed off.",
		"MSRV = 1.75 from today.",
		"MSRV 改成 1.75 了。",
	} {
		out := reduceAll(t, rule+say+"\n> assistant\nok\n")
		expect(t, out, []string{`constraint .*\[active/normative\] = MSRV 1\.75 \(was 1\.70\), donc pas`}, []string{`objective .*MSRV`, `\[active/normative\] = MSRV 1\.70`})
	}
	for _, say := range []string{
		"on ne passe pas la MSRV à 1.75.",
		"si on passe la MSRV à 1.75, ça casse quoi ?",
		"should we move the MSRV to 1.75?",
		"if we move the MSRV to 1.75 the CI image needs a bump.",
		"bump serde to 1.0.200.",
	} {
		out := reduceAll(t, rule+say+"\n> assistant\nok\n")
		expect(t, out, []string{`\[active/normative\] = MSRV 1\.70, donc`}, []string{`\(was 1\.70\)`})
	}
}

// A step due each time the agent says it is done is a rule, not a task
// done once (doneclaim.go).
func TestDoneClaimRule(t *testing.T) {
	for _, s := range []string{
		// m02
		"avant de me dire que c'est fini tu lances clippy avec -D warnings.",
		"before you tell me it's done, run clippy with -D warnings.",
		"before saying you're finished, run the whole test suite.",
		"antes de dizer que terminou, roda o clippy com -D warnings.",
		"bevor du sagst, dass es fertig ist, lässt du clippy mit -D warnings laufen.",
		"끝났다고 하기 전에 clippy -D warnings 돌려.",
		"在你说完成之前，先跑 clippy -D warnings。",
	} {
		out := reduceAll(t, "> user\n"+s+"\n> assistant\nok\n")
		expect(t, out, []string{`constraint .*\[active/normative\]`}, []string{`obligation .*clippy`})
	}
	for _, s := range []string{
		"before you open the PR, run the tests.",
		"did you run clippy before you told me it was done?",
		"I told you it's done before clippy finished.",
	} {
		out := reduceAll(t, "> user\n"+s+"\n> assistant\nok\n")
		expect(t, out, nil, []string{`constraint .*\[active/normative\]`})
	}
}

// A rule said again bounded by "only" is the earlier rule amended
// (narrow.go); "also" adds a rule, and a step no rule says is new.
func TestRuleNarrowed(t *testing.T) {
	first := "> user\nrègles: tu touches pas à Cargo.lock sans me demander. avant de me dire que c'est fini tu lances clippy avec -D warnings.\n> assistant\nok\n> user\n"
	// m02
	out := reduceAll(t, first+"clippy -D warnings seulement sur tabulo-core à partir de maintenant, le cli on s'en fout. et tu peux toucher Cargo.lock pour mettre criterion en 0.5.1, seulement ça.\n> assistant\nok\n")
	expect(t, out, []string{`\[active/normative\] = clippy -D warnings seulement sur tabulo-core[^\n]*\(was avant de me dire`,
		`touches-cargo.lock-sans-demander \[active/normative\] = tu touches pas à Cargo.lock sans me demander — except:`}, []string{`\[active/normative\] = avant de me dire`, `\[lifted`})
	en := "> user\nrules: before you tell me it's done, run clippy with -D warnings.\n> assistant\nok\n> user\n"
	for _, say := range []string{"clippy -D warnings only on tabulo-core from now on.", "clippy -D warnings only for tabulo-core, skip the cli."} {
		expect(t, reduceAll(t, en+say+"\n> assistant\nok\n"), nil, []string{`\[active/normative\] = before you tell me`})
	}
	for _, say := range []string{"also run clippy with -D warnings on the bench crate only.", "never push to main, only to feature branches."} {
		expect(t, reduceAll(t, en+say+"\n> assistant\nok\n"), []string{`\[active/normative\] = before you tell me`}, nil)
	}
}

// Someone else's permission lifts the prohibition of what it names, or
// makes an exception when bounded (granted.go).
func TestGrantedLift(t *testing.T) {
	pt := "> user\nregras: NÃO roda terraform apply, só plan. n mexe no values-prod.yaml\n> assistant\nok\n> user\n"
	en := "> user\nrules: never run terraform apply. dont touch values-prod.yaml\n> assistant\nok\n> user\n"
	for _, c := range []struct{ rules, say string }{
		// m11b
		{pt, "o Rafa liberou mexer no values-prod, pode pôr autoscaling lá tb."},
		{pt, "o Rafa autorizou mexer no values-prod.yaml."},
		{en, "Rafa approved touching values-prod, go ahead."},
		{en, "Rafa said it's fine to touch values-prod.yaml."},
		{en, "Rafa a autorisé à toucher values-prod."},
		{en, "Rafa hat erlaubt, values-prod.yaml zu ändern."},
		{en, "Rafa 同意了改 values-prod.yaml。"},
	} {
		out := reduceAll(t, c.rules+c.say+"\n> assistant\nok\n")
		expect(t, out, []string{`values-prod.yaml \[lifted`}, nil)
	}
	out := reduceAll(t, pt+"o Rafa liberou mexer no values-prod só pra pôr autoscaling.\n> assistant\nok\n")
	expect(t, out, []string{`\[active/normative\] = n mexe no values-prod.yaml — except:`}, []string{`\[lifted`})
	for _, c := range []struct{ rules, say string }{
		{pt, "o Rafa liberou o deploy."},
		{pt, "o Rafa liberou mexer no values-prod?"},
		{pt, "o Rafa não liberou mexer no values-prod."},
		{en, "Rafa hat es nicht erlaubt, values-prod.yaml zu ändern."},
	} {
		out := reduceAll(t, c.rules+c.say+"\n> assistant\nok\n")
		expect(t, out, nil, []string{`\[lifted`, `except:`})
	}
}

// Whom to ask about a question is no rule (askwhom.go); a rule that
// names whom to ask before an act is one.
func TestAskWhomNoRule(t *testing.T) {
	for _, s := range []string{
		// m19b
		"actually dont answer, ask Priya.",
		"don't answer that, check with Priya instead.",
		"no contestes, pregúntale a Priya.",
		"别回答，问一下 Priya。",
	} {
		out := reduceAll(t, "> user\nshould the holdout be Q3 only or Q3+Q4? "+s+"\n> assistant\nok\n")
		expect(t, out, nil, []string{`constraint `})
	}
	out := reduceAll(t, "> user\ndon't answer the phone.\n> assistant\nok\n")
	expect(t, out, []string{`constraint .*answer the phone`}, nil)
}
