package projection

import "testing"

func TestValueChangeNotRule(t *testing.T) {
	for _, c := range []struct {
		text  string
		value bool // read as a value change, no rule
	}{
		// The repros (m12, m16) and paraphrases.
		{"sobe min pra 3 e max pra 20 no values.yaml", true},
		{"max 20 no staging n faz sentido, volta pra 10", true},
		{"CELERY_BROKER_URL 이 redis db 1 써야 돼, local.py 에 /1 로 바꿔줘.", true},
		{"raise min to 3 and max to 20 in values.yaml", true},
		{"CELERY_BROKER_URL must use redis db 1, change it to /1 in local.py", true},
		{"CELERY_BROKER_URL 必须用 redis db 1", true},
		{"max 20 in staging makes no sense, back to 10", true},
		// Standing limits and rules that only mention a setting stay rules.
		{"max 3 retries", false},
		{"never set max above 20", false},
		{"CELERY_BROKER_URL must never point at db 0", false},
		{"max_depth must stay at 4", false},
		{"max 20 in staging, 50 in prod", false},
		{"and the iOS build must show a visible Restore Purchases button, Apple rejected build 2", false},
		{"o dhEmi tem que ter o fuso, tipo 2026-12-02T10:00:00-03:00, sem fuso a SEFAZ rejeita.", false},
		{"the RE_2019_ numbers must go", false},
		{"you must run the migrations before deploy 2", false},
	} {
		ps := Deterministic{}.Propose(&Event{Role: RoleUser, Text: c.text}, &Context{HaveObjective: true})
		rule := false
		for _, p := range ps {
			rule = rule || p.Kind == KindConstraint
		}
		if rule == c.value {
			t.Errorf("%q: rule %v, want %v (%v)", c.text, rule, !c.value, ps)
		}
	}
}

func TestValueSaidWithPreposition(t *testing.T) {
	for _, c := range []struct{ text, key, value, was string }{
		// m06 and paraphrases: no preposition in the value, the
		// pronoun's clause sets the same setting.
		{"le criterion de la CI est en 0.5.0, mets-le en 0.5.1 comme en local.", "value/-/criterion_de_la_ci", "0.5.1", "0.5.0"},
		{"the criterion in CI is at 0.5.0, set it to 0.5.1 like local.", "value/-/criterion_in_ci", "0.5.1", "0.5.0"},
		{"el criterion de la CI está en 0.5.0, ponlo en 0.5.1", "value/-/criterion_de_la_ci", "0.5.1", "0.5.0"},
		{"der criterion in der CI ist auf 0.5.0, setz ihn auf 0.5.1", "value/-/criterion_in_der_ci", "0.5.1", "0.5.0"},
		// A first clause names no setting by pronoun; two settings stay two.
		{"the timeout is 30s, not 4", "value/-/timeout", "30s", "4"},
	} {
		ps := Deterministic{}.Propose(&Event{Role: RoleUser, Text: c.text}, &Context{HaveObjective: true})
		found := false
		for _, p := range ps {
			if p.Kind == KindValue {
				found = true
				if p.Key != c.key || p.Value != c.value || p.Was != c.was {
					t.Errorf("%q: %s = %q (was %q), want %s = %q (was %q)", c.text, p.Key, p.Value, p.Was, c.key, c.value, c.was)
				}
			}
		}
		if !found {
			t.Errorf("%q: no value", c.text)
		}
	}
}
