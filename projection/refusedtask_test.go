package projection

import "testing"

// A task the user hands to someone else, or takes on, as they deny the
// agent's edit of its file is released; a denial that names no one, a
// hand-off after a call that ran, and a name that is a pronoun release
// nothing.
func TestTaskHandedOffInDenial(t *testing.T) {
	script := func(task, path, feedback, result string) string {
		return "> user\nship release 1.9\n> assistant\ndone\n> user\n" + task + "\n> assistant\nok\n> call apply_diff {\"path\": \"" + path + "\"}\n> result " + result + "\nThe user denied this operation.\n> user\n" + feedback + "\n"
	}
	for _, c := range []struct{ task, path, feedback string }{
		{"falta: acuérdate de actualizar docs/deploy.md con las variables nuevas", "docs/deploy.md", "espera, eso lo hace Andrés con el runbook nuevo, no lo toques."},
		{"remember to update docs/deploy.md with the new variables", "docs/deploy.md", "wait, Priya is doing that with the new runbook."},
		{"n'oublie pas de mettre à jour docs/deploy.md avec les variables", "docs/deploy.md", "attends, c'est Marc qui s'en occupe."},
		{"n'oublie pas de mettre à jour docs/deploy.md avec les variables", "docs/deploy.md", "non, je m'en occupe moi-même."},
		{"acuérdate de actualizar docs/deploy.md con las variables", "docs/deploy.md", "no, eso lo hago yo."},
	} {
		out := reduceAll(t, script(c.task, c.path, c.feedback, "denied"))
		expect(t, out, []string{`obligation/-/\S* \[lifted/.*docs/deploy.md`}, []string{`obligation/-/\S* \[open/.*docs/deploy.md`})
	}
	for _, c := range []struct{ task, path, feedback, result string }{
		// a denial that names no one
		{"remember to update docs/deploy.md with the new variables", "docs/deploy.md", "no, not like that, keep the table.", "denied"},
		// the call ran: the pronoun is no denied edit
		{"remember to update docs/deploy.md with the new variables", "docs/deploy.md", "wait, Priya is doing that with the new runbook.", ""},
		// another file's edit denied
		{"remember to update docs/deploy.md with the new variables", "src/app.py", "wait, Priya is doing that with the new runbook.", "denied"},
		// a pronoun, no one named
		{"remember to update docs/deploy.md with the new variables", "docs/deploy.md", "It is doing that already.", "denied"},
		{"acuérdate de actualizar docs/deploy.md con las variables", "docs/deploy.md", "eso lo hace Django solo? no creo", "denied"},
	} {
		out := reduceAll(t, script(c.task, c.path, c.feedback, c.result))
		expect(t, out, []string{`obligation/-/\S* \[(?:open|done)/.*docs/deploy.md`}, []string{`obligation/-/\S* \[lifted`})
	}
}

// "X 잊지 말게 TODO에 적어둬" ("so we don't forget X, write it in the
// TODO") sets a task, as "don't forget X" does; a sentence about
// forgetting sets none.
func TestKoreanReminderIsATask(t *testing.T) {
	out := reduceAll(t, "> user\nKMS 권한은 이번 주엔 안 돼. 보안팀에 티켓 올리는 거 잊지 말게 TODO에 적어둬\n")
	expect(t, out, []string{`obligation/-/\S* \[open/.*보안팀에 티켓 올리는 거 잊지 말게`}, nil)
	out = reduceAll(t, "> user\nremember to file the security ticket, put it in the TODO\n")
	expect(t, out, []string{`obligation/-/\S* \[open/.*file the security ticket`}, nil)
	out = reduceAll(t, "> user\n어제 티켓 올렸는데 잊어버렸어.\n")
	expect(t, out, nil, []string{`obligation`})
}
