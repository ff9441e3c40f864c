package projection

import "testing"

// TestT14TurkishRules: Turkish prohibitions are read from the "-me/-ma"
// negative imperative with the code word before it ("main'e pushlama",
// "commit'leme", "ekleme"), as English "do not" is; a "-me/-ma" noun
// ("bir güncelleme yaptım"), a verb the table does not know and English
// text state no rule.
func TestT14TurkishRules(t *testing.T) {
	const intro = "Shipment'a tracking_events ekle"
	for _, c := range []struct{ text, want string }{
		{"kurallar: rubocop:disable yorumu ekleme hiçbir yere", "rubocop:disable yorumu ekleme"},
		{"main'e pushlama, PR açarız", "main'e pushlama"},
		{"bir de testler fail ederse commit'leme", "testler fail ederse commit'leme"},
		{"CHANGELOG'u ben yazarım, sen dokunma.", "sen dokunma"},
		{"never push to main, we open a PR", "never push to main"},
	} {
		if got := rulesAfter(intro, c.text); !has(got, "active", c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
	for _, s := range []string{"dün bir güncelleme yaptım", "o spec zaten flaky, takma", "main'e push ettim", "testler geçti, commit attım", "the pushlama function is in main"} {
		if got := rulesAfter(intro, s); len(got) > 0 {
			t.Errorf("%q: a rule %q", s, got)
		}
	}
}

// TestT14TurkishSession: a Turkish session's values, its task for the end
// and its settings said with the verb last ("20 yap", "5'e geri al") read
// as the English ones do.
func TestT14TurkishSession(t *testing.T) {
	out := reduceAll(t, `
> user
Shipment'a tracking_events ekle
> assistant
Tamam.
> user
production concurrency'i 20 yap, trafik arttı
> assistant
Tamam.
> user
job'ın retry'ını 10 yap
> assistant
Tamam.
> user
retry'ı 5'e geri al, 10 fazla oldu
> assistant
Tamam.
> user
sonunda Procfile'ı da güncelle, worker satırı eski
> assistant
Tamam.
`)
	expect(t, out,
		[]string{`production_concurrency \[current/normative\] = 20`, `job_retry \[current/normative\] = 5 \(was 10\)`, `obligation .*Procfile'ı da güncelle`},
		[]string{`concurrency'i`, `value/-/onu`})
	// the English the Turkish says
	out = reduceAll(t, `
> user
add tracking_events to Shipment
> assistant
Ok.
> user
set production concurrency to 20, traffic grew
> assistant
Ok.
> user
at the end also update Procfile, the worker line is old
> assistant
Ok.
`)
	expect(t, out, []string{`production_concurrency \[current/normative\] = 20`, `obligation .*update Procfile`}, nil)
}

// TestT14TurkishLift: "X kuralını kaldırıyorum" lifts the X rule, as "drop
// the X rule" does; removing X from the code lifts nothing.
func TestT14TurkishLift(t *testing.T) {
	const intro = "Shipment'a tracking_events ekle"
	rule := "kurallar: rubocop:disable yorumu ekleme hiçbir yere"
	if got := rulesAfter(intro, rule, "rubocop:disable kuralını kaldırıyorum"); !has(got, "lifted", "rubocop:disable") {
		t.Errorf("lift: %q", got)
	}
	if got := rulesAfter(intro, rule, "rubocop:disable yorumlarını koddan sildim"); !has(got, "active", "rubocop:disable") {
		t.Errorf("near miss lifted: %q", got)
	}
}

// TestT14InformalPortuguese: "n" for "não" before the Brazilian informal
// imperative ("n mexe", "n usa", "n faz") forbids, after an
// acknowledgment and a "regras:" label; "n roda." alone, "o teste não
// roda" and "não sei" state.
func TestT14InformalPortuguese(t *testing.T) {
	const intro = "implementa o graceful shutdown do pedidos-svc"
	for _, c := range []struct{ text, want string }{
		{"blz. regras: n mexe no values-prod.yaml do chart, e n usa kubectl apply direto, só helm", "n mexe no values-prod.yaml"},
		{"blz. regras: n mexe no values-prod.yaml do chart, e n usa kubectl apply direto, só helm", "n usa kubectl apply"},
		{"n faz kubectl apply, só helm", "n faz kubectl apply"},
		{"n mexe no schema do banco", "n mexe no schema"},
		{"ok. rules: don't touch values-prod.yaml", "don't touch values-prod.yaml"},
	} {
		if got := rulesAfter(intro, c.text); !has(got, "active", c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
	for _, s := range []string{"n roda, deu timeout", "o teste não roda no CI", "n sei pq falhou", "não funciona o healthcheck"} {
		if got := rulesAfter(intro, s); len(got) > 0 {
			t.Errorf("%q: a rule %q", s, got)
		}
	}
}

// TestT14FrenchDroppedNe: spoken French drops "ne": "touche pas à la
// prod" forbids as "ne touche pas à la prod" does; "marche pas" and "ça
// marche pas" state.
func TestT14FrenchDroppedNe(t *testing.T) {
	const intro = "ajoute la pagination à l'API des factures"
	for _, c := range []struct{ text, want string }{
		{"touche pas à la config de prod", "touche pas à la config de prod"},
		{"ne touche pas à la config de prod", "ne touche pas à la config de prod"},
		{"pushe jamais sur main", "pushe jamais sur main"},
	} {
		if got := rulesAfter(intro, c.text); !has(got, "active", c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
	for _, s := range []string{"marche pas, j'ai essayé deux fois", "ça marche pas du tout", "sais pas pourquoi"} {
		if got := rulesAfter(intro, s); len(got) > 0 {
			t.Errorf("%q: a rule %q", s, got)
		}
	}
}
