package projection

import "testing"

// TestPermitThingException: a permission for one named thing, in any
// lexicon language, is an exception to the active rule against its kind
// of thing; the rule stays in force. A question, a permission for
// something the rule does not forbid, or a go-ahead with no rule change
// nothing.
func TestPermitThingException(t *testing.T) {
	for _, c := range []struct{ rule, permit, want string }{
		{"Reglas: no toques los .proto sin preguntarme antes.", "para este cambio sí puedes tocar pedidos.proto, solo para añadir ese campo", "— except: para este cambio sí puedes tocar pedidos.proto"},
		{"Rules: don't touch the .proto files without asking.", "for this change you can touch pedidos.proto, only to add that field", "— except: for this change you can touch pedidos.proto"},
		{"Bitte keine neuen SPM dependencies.", "swift-collections darfst du hinzufügen, ausnahmsweise", "— except: swift-collections darfst du hinzufügen, ausnahmsweise"},
		{"Please no new SPM dependencies.", "swift-collections you may add, just this once", "— except: swift-collections you may add"},
		{"Usa golang.org/x/time/rate, nada de dependencias nuevas.", "me gustaría usar go-grpc-middleware v2. puedes añadirla, te doy permiso solo para esa dependencia", "— except: puedes añadirla"},
		{"Use golang.org/x/time/rate, no new dependencies.", "I'd like go-grpc-middleware v2 for this. you can add it, only that dependency", "— except: you can add it"},
		{"Ne touche pas aux .proto.", "tu peux toucher commandes.proto pour ce champ", "— except: tu peux toucher commandes.proto"},
	} {
		got := rulesAfter(c.rule, c.permit)
		if !has(got, "active", c.want) {
			t.Errorf("%q then %q: %q, want the rule active with %q", c.rule, c.permit, got, c.want)
		}
	}
	for _, c := range []struct{ rule, permit string }{
		{"Reglas: no toques los .proto sin preguntarme antes.", "¿puedo tocar pedidos.proto?"},
		{"Reglas: no toques los .proto sin preguntarme antes.", "puedes tocar main.go, solo para el log"},
		{"Bitte keine neuen SPM dependencies.", "Dependencies.swift darfst du bearbeiten"},
		{"Y siempre corre los tests con -race.", "swift-collections darfst du hinzufügen, ausnahmsweise"},
	} {
		if got := rulesAfter(c.rule, c.permit); has(got, "active", "— except:") {
			t.Errorf("%q then %q: %q, want no exception", c.rule, c.permit, got)
		}
	}
}

// TestNoAfterInstruction: "use X, no Y" is one rule in every language,
// not a choice; a report after a comma is none.
func TestNoAfterInstruction(t *testing.T) {
	for _, s := range []string{
		"Usa golang.org/x/time/rate, nada de dependencias nuevas.",
		"Nutze golang.org/x/time/rate, keine neuen Dependencies.",
		"Utilise golang.org/x/time/rate, pas de nouvelles dépendances.",
		"Use golang.org/x/time/rate, no new deps.",
	} {
		if got := rulesAfter(s); !has(got, "active", s) {
			t.Errorf("%q: %q, want it a rule", s, got)
		}
	}
	for _, s := range []string{"Revisa los logs, no hay errores.", "check the log, no errors.", "Ailleurs black, pas de souci."} {
		if got := rulesAfter(s); len(got) != 0 {
			t.Errorf("%q: %q, want no rule", s, got)
		}
	}
}

// TestPronounOnlyRule: a prohibition naming its thing by a pronoun takes
// the sentence before when that names the thing, and is no rule when
// nothing near names it.
func TestPronounOnlyRule(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"本番の full-refresh は私がやります。あなたはやらないで", "本番の full-refresh は私がやります。あなたはやらないで"},
		{"生产环境的 full-refresh 我来做。你别动它", "生产环境的 full-refresh 我来做。你别动它"},
		{"The payments table is shared with billing. Don't touch it.", "The payments table is shared with billing. Don't touch it."},
	} {
		if got := rulesAfter(c.text); !has(got, "active", c.want) {
			t.Errorf("%q: %q, want %q", c.text, got, c.want)
		}
	}
	for _, s := range []string{"déjalo, eso lo miramos otro día con el de plataforma. no lo toques", "drop it, we'll look at that another day. don't touch it", "no lo toques", "あなたはやらないで"} {
		if got := rulesAfter(s); len(got) != 0 {
			t.Errorf("%q: %q, want no rule", s, got)
		}
	}
	if got := rulesAfter("don't touch the payments table"); len(got) != 1 {
		t.Errorf("a rule naming its thing: %q", got)
	}
}

// TestShortMessageKeepsLang: a short message with a word of the user's
// language keeps that language for the next message.
func TestShortMessageKeepsLang(t *testing.T) {
	for _, c := range []struct {
		text  string
		prior lang
		want  bool
	}{
		{"bájalo a 50", langES, true}, {"sube a 40", langES, true}, {"põe a 50", langPT, true},
		{"baisse à 50", langFR, true}, {"mettilo a 50", langIT, true}, {"bájalo a 50", langDE, true},
		{"A.", langES, false}, {"use the other one", langPT, false}, {"run the tests again please", langIT, false},
		{"ok do it", langFR, false}, {"bájalo a 50", langNone, false},
	} {
		if got := shortKeepsLang(c.text, c.prior); got != c.want {
			t.Errorf("%q (%s): %v, want %v", c.text, langCodes[c.prior], got, c.want)
		}
	}
}
