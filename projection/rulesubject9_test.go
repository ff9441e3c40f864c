package projection

import "testing"

// Trial 7's m08, m14, m09, m09b: an exception lifts only the rule whose
// subject it names, and a scoped one keeps that rule in force; a "no"
// replaces only a rule about its subject; rules labelled mid-message,
// numbered over sentences, or calling themselves rules are read.
func TestRuleSubjectTrial7(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"exception names no active rule (ru)", `
> user
правило: номера полей в proto не трогаем никогда, только добавляем
> assistant
Понял.
> user
в тестах reflect можно, правило только для прод кода.
`, []string{`номера-полей-proto \[active`}, []string{`\[lifted`}},
		{"exception to the rule it names (ru)", `
> user
правило: номера полей в proto не трогаем никогда, только добавляем
> assistant
Понял.
> user
reflect в прод-коде нет, это тоже правило.
> assistant
Это тест — на тесты правило про reflect распространяется?
> user
в тестах reflect можно, правило только для прод кода.
`, []string{`номера-полей-proto \[active`, `reflect-прод-коде-нет-правило \[active.*except: в тестах reflect`}, []string{`\[lifted`}},
		{"scoped permission in English keeps the rule", `
> user
Rule: no reflect in production code.
> assistant
Ok.
> user
reflect is fine now in tests, the rule is only for prod code.
`, []string{`reflect-production-code \[active.*except: reflect is fine now in tests`}, []string{`\[lifted`}},
		{"a plain lift still lifts", `
> user
Rule: no reflect in production code.
> assistant
Ok.
> user
reflect is fine now, you can use it again.
`, []string{`\[lifted`}, nil},
		{"a bare no answers the question, not the env var rule (nl)", `
> user
de flag moet van /api/flags komen
> assistant
Alternatief: een env var VITE_FLAG_NEW_CHECKOUT. Welke wil je?
> user
nee geen env var, dan moeten we per omgeving opnieuw builden
> assistant
Oké. Zal ik de oude checkout (src/checkout/) meteen weghalen?
> user
nee, nog niet, de flag staat nog op 0% in productie
`, []string{`nee-env-var \[active`}, []string{`nee-env-var \[superseded`}},
		{"a no on the same subject still replaces (en)", `
> user
never run the migrations against staging
> assistant
ok
> user
no, run the migrations against staging only after the backup
`, []string{`\(was never run the migrations against staging\)`}, nil},
		{"numbered rules after a label mid-line (it)", `
> user
ciao! devo aggiungere una colonna. regole: 1) le migrazioni già applicate (V1..V6) NON si toccano mai. 2) nei test si usa Testcontainers con postgres:16-alpine, niente H2. 3) non committare senza chiedermi
`, []string{`constraint/-/migrazioni-applicate-v1..v6-non-si-toccano \[active`, `test-si-testcontainers-con-postgres:16-alpine \[active`, `non-committare-senza-chiedermi \[active`}, nil},
		{"numbered rules after a label mid-line (en)", `
> user
I need a new column. rules: 1) never touch applied migrations. 2) tests use Testcontainers with postgres:16-alpine, no H2. 3) ask before committing
`, []string{`constraint/-/touch-applied-migrations \[active`, `tests-use-testcontainers-postgres:16-alpine \[active`, `ask-before-committing \[active`}, nil},
		{"a label after a word of assent (it)", `
> user
sistema il servizio ordini
> assistant
Ok. Lombok è in build.gradle.kts ma nessuna classe lo usa.
> user
esatto, regola: niente Lombok nelle classi nuove. è lì solo per un vecchio modulo
`, []string{`niente-lombok-classi-nuove \[active`}, nil},
		{"a sentence that calls itself a rule (it, ru, en)", `
> user
sistema il servizio ordini
> user
no, il timeout globale di 60s è una regola del team, resta.
> user
reflect в прод-коде нет, это тоже правило
> user
the 60s global timeout stays, that's a team rule.
`, []string{`timeout-globale-60s-regola-team-resta \[active`, `reflect-прод-коде-нет-правило \[active`, `60s-global-timeout-stays-s-team \[active`}, nil},
		{"not a rule, and a question about a rule, are none", `
> user
sistema il servizio ordini
> user
the 60s timeout is just my taste, not a rule.
> user
is the 60s timeout a team rule?
`, nil, []string{`constraint`}},
		{"numbers in a list with no rule label are no rules", `
> user
steps: 1) read the logs. 2) the pool size is 8. 3) report back
`, nil, []string{`pool-size-8 \[active`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
