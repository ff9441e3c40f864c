package projection

import "testing"

// TestEmphaticSubjectTakesTask: Spanish and Italian say the subject only
// to stress it, so "la variable en Vercel yo la actualizo" and "il
// changelog lo aggiorno io" take the task on as "I'll … myself" does, the
// clause that says so apart from a rule beside it ("…, tú no le muevas a
// Vercel", "…, don't touch Vercel"); an opinion said the same way ("yo lo
// veo bien", "lo credo io") takes nothing on.
func TestEmphaticSubjectTakesTask(t *testing.T) {
	one := func(goal, said string) string {
		return "> user\n" + goal + "\n> assistant\nok.\n> user\n" + said + "\n"
	}
	runScriptCases(t, []scriptCase{
		{"es with a rule beside it", one("necesito paginación por cursor en orders.list.", "la variable en Vercel yo la actualizo, tú no le muevas a Vercel."),
			[]string{`obligation/-/variable-en-vercel-actualizo \[open/normative\] = la variable en Vercel yo la actualizo @`, `constraint/-/.*vercel \[active/`}, nil},
		{"en with a rule beside it", one("I need cursor pagination in orders.list.", "I'll update the variable in Vercel myself, don't touch Vercel."),
			[]string{`obligation/-/ll-update-variable-vercel-myself \[open/`, `constraint/-/.*vercel.* \[active/`}, nil},
		{"it", one("mi serve la paginazione a cursore in orders.list.", "il changelog per la 0.9 lo aggiorno io."),
			[]string{`obligation/-/.*changelog.* \[open/`}, nil},
		{"pt", one("preciso de paginação por cursor no orders.list.", "pode deixar que eu atualizo a variável no Vercel."),
			[]string{`obligation/-/.*vercel.* \[open/`}, nil},
		{"near miss: es an opinion", one("necesito paginación por cursor en orders.list.", "el diseño de la tabla yo lo veo bien así."),
			nil, []string{`obligation/`}},
		{"near miss: it an opinion", one("mi serve la paginazione a cursore in orders.list.", "che sia la cache lo credo io."),
			nil, []string{`obligation/`}},
		{"near miss: es done", one("necesito paginación por cursor en orders.list.", "la variable en Vercel ya la actualicé yo."),
			nil, []string{`obligation/.*\[open/`}},
	})
}

// TestMexicanAssent: "órale, va" accepts the agent's proposal that asked
// "¿Va?"; a reply with more to say accepts nothing.
func TestMexicanAssent(t *testing.T) {
	const prop = "> user\nnecesito paginación por cursor en orders.list.\n> assistant\nPropuesta: en cada cambio corremos solo Playwright con `--project=chromium` y `e2e/orders.spec.ts`, y la suite completa solo antes de abrir el PR. ¿Va?\n> user\n"
	runScriptCases(t, []scriptCase{
		{"órale, va", prop + "órale, va.\n", []string{`decision/-/en-cada-cambio-corremos.* \[active/`}, nil},
		{"sale", prop + "sale\n", []string{`decision/-/en-cada-cambio-corremos.* \[active/`}, nil},
		{"near miss: more to say", prop + "va, pero corre también webkit en cada cambio.\n", nil, []string{`decision/-/en-cada-cambio-corremos`}},
	})
}
