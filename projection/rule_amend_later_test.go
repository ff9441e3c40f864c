package projection

import "testing"

// Trial 7's m10, m10b, m13b, m15 and session B: a scoped permission of the
// act or thing a prohibition names amends it; a thing turned off because
// it hides problems is a rule against it; a verb phrase is no setting's
// name; a bare "must" and a verb is no rule; "X later" defers a question.
func TestRulesTrial7Amend(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"a scoped permission amends the rule, twice (it)", `
> user
regola: non committare senza chiedermi
> assistant
Ok.
> user
sì. anzi, da ora puoi committare da solo sul branch feature/customer-ref, ma NON pushare mai, il push lo faccio io
> assistant
Capito.
> user
ah no va bene, estendo: puoi committare da solo anche su fix/*. push sempre io
`, []string{`non-committare-senza-chiedermi \[active.*except: anzi, da ora puoi committare`, `non-pushare-push-faccio \[active`}, []string{`anzi-da-puoi-committare`}},
		{"a scoped permission amends the rule (en)", `
> user
don't commit without asking me
> assistant
Ok.
> user
you may commit on feature/checkout yourself
`, []string{`commit-without-asking.*\[active.*except: you may commit on`}, []string{`\[lifted`}},
		{"an exception naming the rule's thing in backquotes (nl)", `
> user
regels: geen ` + "`any`" + ` in TypeScript, geen default exports
> assistant
Oké.
> user
in e2e/ en in test-utils mag ` + "`any`" + `, dat zijn tests. zet een override in eslint config voor e2e/** en src/test-utils/**
`, []string{"typescript-default-exports \\[active.*except: in e2e/ en in test-utils mag `any`"}, []string{`objective.*mag`, `\[lifted`}},
		{"a permission naming another thing changes nothing (nl)", `
> user
regels: geen ` + "`any`" + ` in TypeScript, geen default exports
> assistant
Oké.
> user
in e2e/ mag ` + "`console.log`" + `, dat zijn tests.
`, []string{`typescript-default-exports \[active`}, []string{`except`, `\[lifted`}},
		{"someone's ability is no permission", `
> user
don't file tickets without asking me
> assistant
ok
> user
write a ticket text in docs/jurgen.md, so he can file it.
`, []string{`file-tickets-without-asking \[active`}, []string{`except`}},
		{"a thing's permission is none of the agent's", `
> user
do not add any crate without asking Priya
> assistant
ok
> user
tempfile may stay, as it's already in vendor/.
`, []string{`crate-without-asking-priya \[active`}, []string{`except`}},
		{"a thing turned off because it hides races (nl)", `
> user
fix de flaky test
> assistant
Zal ik retries: 2 zetten?
> user
doe maar retries 2 voor nu
> user
wacht. retries terug naar 0. retries verbergen dit soort races alleen maar
`, []string{`retries-terug-0-retries-verbergen.*\[active`}, nil},
		{"a thing turned off because it hides races (en, zh)", `
> user
fix the flaky test
> user
set retries back to 0. retries just mask races like this.
> user
重试改回 0。重试只会掩盖这种竞态
`, []string{`retries-back-0-retries-mask.*\[active`, `constraint.*重试只会掩盖`}, nil},
		{"a remark that something hides is no rule", `
> user
fix the flaky test
> user
the logs hide the real error. look at stderr.
> user
retries are at 2. retries hide races sometimes, I guess.
`, nil, []string{`constraint.*hide`}},
		{"a switch phrase is no setting (nl, en)", `
> user
fix de e2e
> user
laat webkit maar zitten. zet webkit voorlopig uit in CI, niet in de config zelf maar via --project in de workflow
> user
set firefox off in CI, not in the config
`, nil, []string{`value/-/webkit`, `value/-/firefox`}},
		{"a setting stated against its old value still is one", `
> user
fix the pool
> user
make the pool size 16 instead of 8
`, []string{`value.*pool.*16`}, nil},
		{"a bare must and a verb is no rule (ru, it, en)", `
> user
привет. RPC GetUserFeed тормозит, p99 ~420ms на проде. надо разогнать.
> user
bisogna sistemarlo.
> user
need to speed it up.
`, nil, []string{`constraint`}},
		{"a must that names what it binds stays a rule", `
> user
fix the feed
> user
you must run the linter before each commit.
`, []string{`constraint.*run-linter`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

func TestLaterThing(t *testing.T) {
	for _, c := range []struct{ s, want string }{
		{"hugeParam потом, это генерённый тип из proto", "hugeParam"},
		{"the flag later, first the migration", "flag"},
		{"webkit dopo, prima la release", "webkit"},
		{"webkit later maar, eerst de release", "webkit"},
		{"das Caching später.", "Caching"},
		{"缓存以后再说", "缓存"},
		{"it broke later", ""},
		{"we'll see later", ""},
		{"ok later", ""},
		{"hugeParam потом?", ""},
		{"fix hugeParam now", ""},
	} {
		if got := laterThing(c.s); got != c.want {
			t.Errorf("laterThing(%q) = %q, want %q", c.s, got, c.want)
		}
	}
}

func TestLaterDefersQuestion(t *testing.T) {
	out := reduceAll(t, `
> user
почини линт
> assistant
Поставил nolint. Для hugeParam — передать req по указателю?
> user
hugeParam потом, это генерённый тип из proto, там по указателю и так должно быть
`)
	expect(t, out, []string{`question/-/hugeparam`}, []string{`decision/answer/hugeparam.*\[active`})
}
