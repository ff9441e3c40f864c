package projection

import "testing"

// TestAddressedProhibition: a prohibition that opens with the pronoun of
// the one addressed ("tú no le muevas a Vercel", "você não mexe no
// schema", "tu non toccare il lockfile") is read as one that opens with
// its particle; the same pronoun before a verb of state ("tú no tienes
// acceso", "tu non hai accesso") states a fact.
func TestAddressedProhibition(t *testing.T) {
	one := func(goal, said string) string {
		return "> user\n" + goal + "\n> assistant\nok.\n> user\n" + said + "\n"
	}
	runScriptCases(t, []scriptCase{
		{"es", one("necesito paginación por cursor en orders.list.", "y una cosa más: tú no le muevas a la configuración de Vercel."),
			[]string{`constraint/-/.*vercel \[active/`}, nil},
		{"pt", one("preciso de paginação por cursor no orders.list.", "você não mexe no schema do banco."),
			[]string{`constraint/-/.*schema.* \[active/`}, nil},
		{"it", one("mi serve la paginazione a cursore in orders.list.", "tu non toccare il lockfile."),
			[]string{`constraint/-/.*lockfile \[active/`}, nil},
		{"near miss: es a fact", one("necesito paginación por cursor en orders.list.", "y una cosa más: tú no tienes acceso a la configuración de Vercel."),
			nil, []string{`constraint/`}},
		{"near miss: it a fact", one("mi serve la paginazione a cursore in orders.list.", "tu non hai accesso al lockfile di produzione."),
			nil, []string{`constraint/`}},
	})
}

// TestBareNoOfCode: "no" before a thing written as code is a prohibition
// as "no" before a word is ("no `any` in TypeScript, except in the test
// mocks", "nada de `any` en TypeScript, excepto en los mocks"); a report
// of the thing ("no `TODO` found in the logs") is none.
func TestBareNoOfCode(t *testing.T) {
	one := func(goal, said string) string {
		return "> user\n" + goal + "\n> assistant\nok.\n> user\n" + said + "\n"
	}
	runScriptCases(t, []scriptCase{
		{"en", one("I need cursor pagination in orders.list.", "no `any` in TypeScript, except in the test mocks, there it's fine."),
			[]string{"constraint/-/.* \\[active/normative\\] = no `any` in TypeScript, except in the test mocks"}, nil},
		{"es", one("necesito paginación por cursor en orders.list.", "nada de `any` en TypeScript, excepto en los mocks de tests, ahí sí se vale."),
			[]string{"constraint/-/.* \\[active/normative\\] = nada de `any` en TypeScript, excepto en los mocks"}, nil},
		{"near miss: a report", one("I need cursor pagination in orders.list.", "no `TODO` found in the logs."),
			nil, []string{`constraint/`}},
	})
}
