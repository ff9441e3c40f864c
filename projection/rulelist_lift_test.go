package projection

import "testing"

// Trial 12 m02 (B2, B3): every item of a numbered rule list is a rule, one
// naming its thing first ("go.mod: …") and one of one word after a
// negation too; "X adesso va bene" lifts the rule forbidding X alone, "la
// regola su X decade" the rule about X alone.
func TestRuleListLiftsOne(t *testing.T) {
	const it = "> user\nregole:\n1) niente `//nolint`\n2) values-prod.yaml non si tocca senza chiedermi\n3) niente `kubectl apply` a mano, solo helm\n4) go.mod: nessuna nuova dipendenza\n> assistant\nOk.\n"
	const en = "> user\nrules:\n1) no `//nolint`\n2) don't touch values-prod.yaml without asking me\n3) no `kubectl apply` by hand, only helm\n4) go.mod: no new dependencies\n> assistant\nOk.\n"
	active := func(s string) string { return `constraint [^\n]*\[active[^\n]*= ` + s }
	lifted := func(s string) string { return `constraint [^\n]*\[lifted[^\n]*= ` + s }
	cases := []scriptCase{
		{"it: four rules", it, []string{active("niente `//nolint`"), active("values-prod"), active("niente `kubectl apply`"), active(`go\.mod: nessuna nuova dipendenza`)}, nil},
		{"en: four rules", en, []string{active("no `//nolint`"), active(`go\.mod: no new dependencies`), active("no `kubectl apply`")}, nil},
		{"it: nolint lifted alone", it + "> user\nah e `//nolint` adesso va bene, il team ha deciso. le altre regole restano",
			[]string{lifted("niente `//nolint`"), active("values-prod"), active(`go\.mod`)}, []string{`decision [^\n]*nolint`, `\[lifted[^\n]*(values-prod|kubectl|go\.mod)`}},
		{"it: values-prod rule lifted by its subject", it + "> user\nla regola su values-prod decade, l'ha approvato Marco",
			[]string{lifted("values-prod"), active("niente `//nolint`")}, []string{`\[lifted[^\n]*(nolint|kubectl|go\.mod)`}},
		{"en: values-prod rule lifted by its subject", en + "> user\nthe values-prod rule is obsolete, Marco approved it",
			[]string{lifted("don't touch values-prod")}, []string{`\[lifted[^\n]*(nolint|kubectl|go\.mod)`}},
		// near misses: a rule about another thing lifts nothing; a list
		// of files is no list of rules
		{"it: another subject", it + "> user\nla regola su helm2 decade", nil, []string{`\[lifted`}},
		{"en: a catalog is no rule", "> user\nthe files:\n1) go.mod: no new dependencies here, it was cleaned\n2) `main.go`: the entry point", nil, []string{`constraint `}},
	}
	runScriptCases(t, cases)
}

// Trial 12 m03 (C5, C6): "de X-regel mag vervallen" lifts that rule alone;
// "en niet pushen naar origin he, …" is a prohibition; "deze ene keer mag
// je pushen, naar feature/x" its exception; "die regel vervalt" its lift;
// a message that only lists rules states no goal.
func TestDutchRuleLifts(t *testing.T) {
	const nl = "> user\neen paar regels:\n1. geen `#pragma warning disable`\n2. TreatWarningsAsErrors blijft aan\n3. bestaande migraties niet aanpassen, alleen nieuwe\n4. geen Newtonsoft.Json, alleen System.Text.Json\n> assistant\nBegrepen.\n"
	const push = "> user\nen niet pushen naar origin he, ik wil eerst zelf de diff zien\n> assistant\nIk push niet.\n> user\ndeze ene keer mag je pushen, naar feature/nieuwe-facturatie\n> assistant\nGepusht.\n"
	const en = "> user\na few rules:\n1. no `#pragma warning disable`\n2. no Newtonsoft.Json, only System.Text.Json\n> assistant\nOk.\n> user\nand do not push to origin, I want to see the diff first\n> assistant\nOk.\n> user\njust this once you may push, to feature/x\n> assistant\nPushed.\n"
	cases := []scriptCase{
		{"nl: rules, no goal", nl, []string{`constraint [^\n]*\[active[^\n]*Newtonsoft`}, []string{`objective `}},
		{"nl: Newtonsoft rule lifted alone", nl + "> user\nde PDF-lib trekt Newtonsoft mee. de Newtonsoft-regel mag vervallen, de rest blijft staan",
			[]string{`\[lifted[^\n]*Newtonsoft`, `\[active[^\n]*TreatWarningsAsErrors`, `\[active[^\n]*#pragma`}, []string{`\[lifted[^\n]*(TreatWarnings|pragma|migraties)`}},
		{"nl: push rule, exception, lift", nl + push + "> user\npushen mag voortaan gewoon, die regel vervalt",
			[]string{`constraint [^\n]*\[lifted[^\n]*niet pushen naar origin[^\n]* — except: deze ene keer`}, []string{`\[active[^\n]*pushen`}},
		{"nl: push rule with its exception", nl + push,
			[]string{`constraint [^\n]*\[active[^\n]*niet pushen naar origin[^\n]* — except: deze ene keer`}, nil},
		{"en: push rule, exception, lift", en + "> user\nyou can push again, that rule no longer applies",
			[]string{`constraint [^\n]*\[lifted[^\n]*push to origin[^\n]* — except: just this once`}, []string{`\[active[^\n]*push`}},
		{"sv: named lift", "> user\nregler:\n1. aldrig `unsafe`\n2. inga nya beroenden i Cargo.toml\n> assistant\nOk.\n> user\nunsafe-regeln får falla, resten gäller",
			[]string{`\[lifted[^\n]*unsafe`, `\[active[^\n]*Cargo`}, nil},
		// near misses: a statement with "niet" and a subject is no rule;
		// another rule's name lifts nothing
		{"nl: statement", "> user\ndoel: de build groen.\n> user\nik wil niet pushen naar origin, dat doet Kees", nil, []string{`constraint [^\n]*pushen`}},
		{"nl: unknown rule named", nl + "> user\nde Serilog-regel mag vervallen", nil, []string{`\[lifted`}},
	}
	runScriptCases(t, cases)
}

// Trial 12 m04 (C1): "nieuw doel trouwens: X" changes the goal like "new
// goal btw: X"; a goal sentence with a "must" is no rule.
func TestNewGoalBtw(t *testing.T) {
	const nl = "> user\nhoi. doel: `dotnet test` weer groen en de migratie AddInvoiceDueDate moet draaien op de lokale db. regel: geen `#pragma warning disable`\n> assistant\nok\n"
	const en = "> user\nhi. goal: `dotnet test` green again and the migration must run on the local db. rule: no `#pragma warning disable`\n> assistant\nok\n"
	cases := []scriptCase{
		{"nl: goal no rule", nl, []string{`objective [^\n]*\[active[^\n]*doel:`, `constraint [^\n]*pragma`}, []string{`constraint [^\n]*doel`}},
		{"en: goal no rule", en, []string{`objective [^\n]*\[active[^\n]*goal:`}, []string{`constraint [^\n]*goal`}},
		{"nl: new goal", nl + "> user\nnieuw doel trouwens: de feature flag `NieuweFacturatie` per omgeving zetten. dev aan, productie uit",
			[]string{`objective [^\n]*\[active[^\n]*= de feature flag`}, []string{`constraint [^\n]*(doel|feature flag)`}},
		{"en: new goal btw", en + "> user\nnew goal btw: set the feature flag `NieuweFacturatie` per environment",
			[]string{`objective [^\n]*\[active[^\n]*= set the feature flag`}, nil},
		{"it: nuovo obiettivo comunque", "> user\nobiettivo: far passare i test.\n> assistant\nok\n> user\nnuovo obiettivo comunque: impostare il feature flag per ambiente e mettere la nuova fatturazione dietro il flag",
			[]string{`objective [^\n]*\[active[^\n]*= impostare il feature flag`}, nil},
		// near miss: a goal with a prohibition keeps its rule
		{"en: goal with a prohibition", "> user\ngoal: tests green, never touch the migrations", []string{`constraint [^\n]*never touch`}, nil},
	}
	runScriptCases(t, cases)
}

// Trial 12 m10 (A2): an exception that narrows one rule ("ok for 0011 you
// can fix downgrade() only, dont touch its upgrade" of "dont touch
// migrations … (0001-0011)") goes with that rule's lift, whatever other
// rules exist; the other "dont touch" rule stays.
func TestExceptionGoesWithItsRule(t *testing.T) {
	const en = "> user\nneed `make test` green again\n\nground rules for this repo:\n1. dont touch migrations that are already on main (0001-0011), add new ones\n2. no `# type: ignore` anywhere, fix the types\n> user\ntest_concurrent_checkout is flaky. leave it, dont touch checkout.py in this PR\n> assistant\nMay I fix 0011's downgrade?\n> user\nok for 0011 you can fix downgrade() only, dont touch its upgrade\n> assistant\nDone.\n"
	cases := []scriptCase{
		{"en: lifted together", en + "> user\nthe migrations rule is moot btw, we squash everything next sprint. touch whatever you need",
			[]string{`\[lifted[^\n]*= dont touch migrations`, `\[lifted[^\n]*= ok for 0011`, `\[active[^\n]*checkout\.py`}, nil},
		// near misses: another rule's lift leaves it; a number outside
		// the range is no exception of it
		{"en: another rule lifted", en + "> user\nthe checkout rule is moot, touch checkout.py if you need",
			[]string{`\[active[^\n]*= ok for 0011`, `\[active[^\n]*= dont touch migrations`}, nil},
		{"en: outside the range", "> user\nrules:\n1. dont touch migrations 0001-0011\n2. no `# type: ignore`\n> user\nleave it, dont touch checkout.py\n> user\nok for 0012 you can fix downgrade() only, dont touch its upgrade\n> user\nthe migrations rule is moot btw. touch whatever you need",
			[]string{`\[active[^\n]*= ok for 0012`}, nil},
	}
	runScriptCases(t, cases)
}
