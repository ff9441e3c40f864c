package projection

import "testing"

// TestWorkPutOff: a named piece of work the user puts off for now
// ("laisse le README pour l'instant", "leave the README for now", …) is
// an open obligation quoting the deferral, running to the user's "I'll
// do it" that names the owner; leaving a thing as it is, dropping it,
// "lass uns erstmal", a bare pronoun, a question and a negated deferral
// owe nothing.
func TestWorkPutOff(t *testing.T) {
	lead := "> user\nfix the training loop\n> assistant\nok\n> user\n"
	cases := []scriptCase{
		{"fr (C31)", lead + "mets à jour le README avec les nouveaux hyperparams aussi\n> assistant\nJe mets la section à jour.\n> call edit {\"path\":\"README.md\"}\n> result error\nUnable to apply edit\n> user\nlaisse le README pour l'instant, je le ferai après la démo. est-ce qu'on relance le job ?\n",
			[]string{`obligation/-/laisse-readme-l-instant-ferai-après \[open/\w+\] = laisse le README pour l'instant, je le ferai après la démo\.`}, nil},
		{"en, owner in the next sentence", lead + "leave the README for now. I'll do it after the demo.\n",
			[]string{`obligation/-/\S+ \[open/\w+\] = leave the README for now\. I'll do it after the demo\.`}, nil},
		{"en park for now", lead + "park the CHANGELOG entry for now.\n", []string{`obligation/-/park-changelog-entry \[open/`}, nil},
		{"a state kept", lead + "leave it off for now, we need an answer before launch.\n", nil, []string{`obligation/`}},
		{"a value kept", lead + "leave the pool at 50 for now.\n", nil, []string{`obligation/`}},
		{"skip a tool", lead + "skip rubocop for now.\n", nil, []string{`obligation/-/skip`}},
		{"es", lead + "deja el README por ahora, lo hago yo después.\n", []string{`obligation/-/deja-readme-ahora.* \[open/`}, nil},
		{"pt", lead + "deixa o README por enquanto, eu faço depois da demo.\n", []string{`obligation/-/deixa-o-readme.* \[open/`}, nil},
		{"de", lead + "lass die README erstmal, mach ich nach der Demo.\n", []string{`obligation/-/lass-die-readme.* \[open/`}, nil},
		{"it", lead + "lascia il README per ora, lo faccio io dopo la demo.\n", []string{`obligation/-/lascia-readme-per.* \[open/`}, nil},
		{"ru", lead + "оставь README пока, я сам сделаю после демо.\n", []string{`obligation/-/оставь-readme.* \[open/`}, nil},
		{"ko", lead + "README는 일단 놔둬.\n", []string{`obligation/-/\S+ \[open/\w+\] = README는 일단 놔둬\.`}, nil},
		{"zh", lead + "README先放着，我回头改。\n", []string{`obligation/-/\S+ \[open/\w+\] = README先放着`}, nil},
		// Near misses.
		{"as it is: a rule", lead + "leave the config as it is for now.\n", nil, []string{`obligation/`}},
		{"tel quel", lead + "laisse le README tel quel pour l'instant.\n", nil, []string{`obligation/`}},
		{"как есть", lead + "оставь конфиг как есть пока.\n", nil, []string{`obligation/`}},
		{"leave it, it's fine", lead + "leave it, it's fine.\n", nil, []string{`obligation/`}},
		{"a pronoun only", lead + "leave it for now.\n", nil, []string{`obligation/`}},
		{"dropped", lead + "laisse tomber pour l'instant.\n", nil, []string{`obligation/`}},
		{"lass uns erstmal", lead + "lass uns erstmal die Tests laufen lassen.\n", nil, []string{`obligation/`}},
		{"a question", lead + "should we leave the README for now?\n", nil, []string{`obligation/`}},
		{"negated", lead + "don't leave the README for now, it is needed for the demo.\n", nil, []string{`obligation/`}},
	}
	runScriptCases(t, cases)
}

// TestOwnTaskReportedDone: the agent's own open task is closed by its
// report of the work done in any language read ("CHANGELOG обновил",
// "CHANGELOG aktualisiert", "atualizei o CHANGELOG"), naming what the task
// names; a plan, a question, a negation and a report on another thing
// leave it open.
func TestOwnTaskReportedDone(t *testing.T) {
	open := map[string]string{
		"ru": "Мне ещё нужно обновить CHANGELOG.md под 0.9.",
		"de": "Offen von meiner Seite: die CHANGELOG.md für 0.9 ist noch nicht aktualisiert.",
		"pt": "Pendências minhas: atualizar o CHANGELOG.md para a 0.9.",
		"en": "I still need to update CHANGELOG.md for 0.9.",
		"fr": "Il me reste à mettre à jour le CHANGELOG.md pour la 0.9.",
		"es": "Todavía tengo que actualizar el CHANGELOG.md para la 0.9.",
	}
	cases := []struct {
		name, lang, report string
		done               bool
	}{
		{"ru done", "ru", "CHANGELOG обновил.", true},
		{"ru passive", "ru", "CHANGELOG.md обновлён под 0.9.", true},
		{"de done", "de", "CHANGELOG aktualisiert.", true},
		{"pt done", "pt", "atualizei o CHANGELOG.", true},
		{"en done", "en", "Updated CHANGELOG.md for 0.9.", true},
		{"en a thing created, no work reported", "en", "I found where the CHANGELOG.md is created.", false},
		{"en plan naming an Italian plural", "en", "Let me create the CHANGELOG.md entry.", false},
		{"fr done", "fr", "J'ai mis à jour le CHANGELOG.", true},
		{"es done", "es", "He actualizado el CHANGELOG.", true},
		{"ja done", "en", "CHANGELOG を更新しました。", true},
		{"zh done", "en", "CHANGELOG 已更新。", true},
		// Near misses.
		{"ru plan", "ru", "Сейчас обновлю CHANGELOG.", false},
		{"ru negation", "ru", "CHANGELOG не обновил.", false},
		{"ru question", "ru", "CHANGELOG обновил?", false},
		{"de plan", "de", "Ich werde die CHANGELOG noch aktualisieren.", false},
		{"de not yet", "de", "CHANGELOG noch nicht aktualisiert.", false},
		{"pt negation", "pt", "ainda não atualizei o CHANGELOG.", false},
		{"pt plan", "pt", "vou atualizar o CHANGELOG.", false},
		{"en condition", "en", "Once the CHANGELOG is updated I'll tag the release.", false},
		{"another thing", "ru", "README обновил.", false},
		{"a version only", "ru", "Версию 0.9 обновил в Cargo.toml.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nsum up\n> assistant\n"+open[c.lang]+"\n> user\nok\n> assistant\n"+c.report+"\n")
			want, never := []string{`obligation/-/\S+ \[done/`}, []string{`obligation/-/\S+ \[open/`}
			if !c.done {
				want, never = never, want
			}
			expect(t, out, want, never)
		})
	}
}
