package projection

import "testing"

// TestLeaveAloneRule: "leave X alone", said around its object in other
// languages ("laat die test met rust", "lass die Migrationen in Ruhe",
// "deja las migraciones en paz"), is the rule English "leave the
// migrations alone" is. Near misses: the same words with a subject (a
// statement of what someone does), "met rust" of another sense, the
// phrase with no object before it.
func TestLeaveAloneRule(t *testing.T) {
	const rule = `constraint constraint/-/\S+ \[active/normative\] = `
	for _, c := range []struct {
		name, goal, agent, reply string
		want, never              []string
	}{
		{"en", "goal: make the tests green again.", "OK, I'll look.", "leave the migrations alone.", []string{rule + `leave the migrations alone\.`}, nil},
		{"nl", "hoi. doel: dotnet test weer groen, de migratie moet draaien.", "Oké, ik kijk ernaar.", "laat de migraties met rust.", []string{rule + `laat de migraties met rust\.`}, nil},
		{"nl infinitive last", "hoi. doel: dotnet test weer groen, de migratie moet draaien.", "Oké, ik kijk ernaar.", "de migraties met rust laten.", []string{rule + `de migraties met rust laten\.`}, nil},
		{"de", "Hallo. Ziel: die Tests wieder grün machen, die Migration muss laufen.", "Okay, ich schaue es mir an.", "lass die Migrationen in Ruhe.", []string{rule + `lass die Migrationen in Ruhe\.`}, nil},
		{"fr", "Salut. Objectif : les tests au vert, la migration doit passer.", "D'accord, je regarde.", "laisse les migrations tranquille.", []string{rule + `laisse les migrations tranquille\.`}, nil},
		{"es", "Hola. Objetivo: los tests en verde otra vez, la migración tiene que correr.", "Vale, lo miro.", "deja las migraciones en paz.", []string{rule + `deja las migraciones en paz\.`}, nil},
		{"pt", "Olá. Objetivo: os testes verdes de novo, a migração tem que rodar.", "Certo, vou olhar.", "deixa as migrações em paz.", []string{rule + `deixa as migrações em paz\.`}, nil},
		{"it", "Ciao. Obiettivo: i test di nuovo verdi, la migrazione deve girare.", "Va bene, guardo.", "non ho tempo: lascia le migrazioni in pace.", []string{rule + `.*lascia le migrazioni in pace\.`}, nil},
		{"ru", "Привет. Цель: тесты снова зелёные, миграция должна проходить.", "Хорошо, посмотрю.", "оставь эти миграции в покое, пожалуйста.", []string{rule + `оставь эти миграции в покое, пожалуйста\.`}, nil},
		{"sv", "Hej. Mål: testerna gröna igen, migreringen måste köras.", "Okej, jag tittar.", "låt migreringarna vara i fred.", []string{rule + `låt migreringarna vara i fred\.`}, nil},
		// Near misses.
		{"nl with a subject", "hoi. doel: dotnet test weer groen, de migratie moet draaien.", "Oké, ik kijk ernaar.", "Pieter laat die test met rust.", nil, []string{rule + `Pieter`}},
		{"nl another sense", "hoi. doel: dotnet test weer groen, de migratie moet draaien.", "Oké, ik kijk ernaar.", "ik ga met rust, morgen verder.", nil, []string{rule + `ik ga`}},
		{"de with a subject", "Hallo. Ziel: die Tests wieder grün machen, die Migration muss laufen.", "Okay, ich schaue es mir an.", "Pieter lässt die Migrationen in Ruhe.", nil, []string{rule + `Pieter`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\n"+c.goal+"\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}

// TestLeaveTestAloneAnswer (trial 12 C7): the agent offers to fix a
// flaky test and the user answers "nee, laat die test met rust, daar zit
// Pieter al op": a rule to leave that test alone, said as in English
// ("no, leave that test alone, Pieter is on it" rejects the offer).
// Near miss: the reply with no "met rust" sets no rule.
func TestLeaveTestAloneAnswer(t *testing.T) {
	const agentNL = "`Parallel_NoDuplicates` is flaky: 1 op de 6 runs. Zal ik dat oplossen met een Postgres-sequence?"
	const agentEN = "`Parallel_NoDuplicates` is flaky: 1 in 6 runs. Should I fix it with a Postgres sequence?"
	for _, c := range []struct {
		name, goal, agent, reply string
		want, never              []string
	}{
		{"nl (C7)", "doel: dotnet test weer groen", agentNL, "nee, laat die test met rust, daar zit Pieter al op",
			[]string{`constraint constraint/-/\S+ \[active/normative\] = nee, laat die test met rust, daar zit Pieter al op`}, nil},
		{"en", "goal: dotnet test green again", agentEN, "no, leave that test alone, Pieter is already on it",
			[]string{`rejected: no, leave that test alone`}, nil},
		// Near miss.
		{"nl no rule", "doel: dotnet test weer groen", agentNL, "nee, daar zit Pieter al op",
			nil, []string{`constraint constraint/-/\S+ \[active/normative\] = nee`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\n"+c.goal+"\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}
