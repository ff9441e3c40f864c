package projection

import "testing"

// TestDismissAnswersAsked: one yes-or-no question of the agent's, and a
// reply that ends by leaving the thing alone ("lass liegen", "не трогай
// его", "leave it alone"), answer it no: a decision, not a passed-over
// question nor a rule with no subject. Near misses: a reply that goes
// on to other things, names a thing of its own, asks back, or follows
// two questions, one of what, or a question in a code block.
func TestDismissAnswersAsked(t *testing.T) {
	const declined = `decision decision/answer/\S+ \[active/normative\] = .*\(declined\)`
	for _, c := range []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"de (A28)", "1 von 5 fehlgeschlagen – der Test ist flaky (Container-Startzeit vs. Awaitility 10 s). Soll ich den Timeout auf 30 s hochsetzen?", "ist bekannt, der ist flaky seit Wochen. lass liegen, nicht dran rumschrauben.",
			[]string{declined + ` \(was Soll ich den Timeout auf 30 s hochsetzen\?\)`}, []string{`constraint/-/lass`, `not answered`}},
		{"en", "1 of 5 runs failed, the test is flaky (container start vs. a 10 s await). Should I raise the timeout to 30 s?", "known issue, it has been flaky for weeks. leave it alone.",
			[]string{declined + ` \(was Should I raise the timeout to 30 s\?\)`}, []string{`constraint/`, `not answered`}},
		{"ru bare question (C5)", "`graceful_shutdown_drains` падает 1 раз из 6 (таймаут 5 с на дренаж), без связи с моими изменениями: гонка между сигналом и последним flush. Починить?", "это флейки, известная история, не трогай его.",
			[]string{declined + " \\(was `graceful_shutdown_drains` падает 1 раз из 6 \\(таймаут 5 с на…"}, []string{`constraint/`}},
		{"pt", "O teste falhou 1 de 5 vezes, é flaky. Quer que eu aumente o timeout para 30 s?", "já sei, é flaky faz semanas. deixa quieto.",
			[]string{declined}, []string{`constraint/`}},
		{"fr", "1 run sur 5 a échoué, le test est instable. Est-ce que j'augmente le timeout à 30 s ?", "c'est connu, laisse tomber.",
			[]string{declined}, nil},
		// Near misses.
		{"en goes on", "All tests pass now. Should we also upgrade Terraform to 1.9?", "That connectivity test is flaky, leave it. Now plan the prod stack with the same checkov fixes.",
			nil, []string{declined}},
		{"en names its own thing", "All tests pass now. Should we also upgrade Terraform to 1.9?", "that connectivity test is flaky, leave it.",
			nil, []string{declined}},
		{"de names its own thing", "Alle Tests grün. Soll ich Terraform auf 1.9 heben?", "ist bekannt, dieser Verbindungstest ist flaky. lass liegen.",
			nil, []string{declined}},
		{"de two questions", "Soll ich den Timeout hochsetzen? Und soll ich den Test als flaky markieren?", "lass liegen.",
			nil, []string{declined}},
		{"de question of what", "Der Test ist flaky. Welchen Timeout soll ich nehmen?", "lass liegen.",
			nil, []string{declined}},
		{"ru asks back", "Тест флейки. Починить?", "а зачем? не трогай его.",
			nil, []string{declined}},
		{"en question in a code block", "The installer printed:\n\n```\nOverwrite existing config? [y/N]\n```\n\nI answered no.", "leave it.",
			nil, []string{declined}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nfix the build\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}

// TestDashQuestionAnswered: a yes-or-no question asked after a dash at
// the end of a longer sentence ("Dependabot hat … – soll ich die
// mitnehmen?") is answered by a reply that opens with no and says why.
// Near misses: a question of what after the dash, a bare "no".
func TestDashQuestionAnswered(t *testing.T) {
	const answered = `decision decision/answer/\S+ \[active/normative\] = `
	for _, c := range []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"de (A26)", "Keine Treffer (rg exit 1 = nichts gefunden, das ist gut). Dependabot hat übrigens einen offenen PR für Spring Boot 3.3.6 und kafka-clients 3.8.1 – soll ich die mitnehmen?", "nein, hab ich doch gesagt, bis Freitag nix upgraden. danach gerne.",
			[]string{answered + `nein, hab ich doch gesagt, bis Freitag nix upgraden\. \(was Dependabot`}, nil},
		{"en", "No hits. Dependabot has an open PR for Spring Boot 3.3.6 and kafka-clients 3.8.1 – do we take those along?", "no, I told you, no upgrades until Friday.",
			[]string{answered + `no, I told you, no upgrades until Friday\. \(was Dependabot`}, nil},
		// Near misses.
		{"en what after the dash", "No hits. Dependabot has an open PR for Spring Boot – which version do we pin?", "no, I told you, no upgrades until Friday.",
			nil, []string{answered + `no, I told you`}},
		{"de bare no", "Dependabot hat einen offenen PR für Spring Boot 3.3.6 – soll ich die mitnehmen?", "nein.",
			nil, []string{answered + `nein`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nfix the build\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}

// TestConditionDenied: an offer that hangs on something the user gives
// ("I can look if you give me access to the logs") is answered by a
// reply that says there is none of it ("no access", "доступа нет").
// Near misses: a reply with no "no", one whose no is of another thing,
// a reply that asks back.
func TestConditionDenied(t *testing.T) {
	const answered = `decision decision/answer/\S+ \[active/normative\] = `
	for _, c := range []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"ru (C25)", "Локально не воспроизводится: пик RSS 212 MiB при 50k rps 30 с, без ошибок. На стейдже лимит контейнера какой? Могу посмотреть, если дашь доступ к логам.", "доступа нет, ладно, Коля сам посмотрит на стейдже.",
			[]string{answered + `доступа нет, ладно, Коля сам посмотрит на стейдже\. \(was Могу посмотреть, если дашь доступ к логам\.\)`}, nil},
		{"en", "Not reproducible locally: peak RSS 212 MiB at 50k rps. What is the container limit on staging? I can look if you give me access to the logs.", "no access, Kolya will look at staging himself.",
			[]string{answered + `no access, Kolya will look at staging himself\. \(was I can look if you give me access to the logs\.\)`}, nil},
		{"de", "Lokal nicht reproduzierbar. Ich kann nachsehen, wenn du mir Zugriff auf die Logs gibst.", "kein Zugriff, Kolya schaut selbst.",
			[]string{answered + `kein Zugriff, Kolya schaut selbst\.`}, nil},
		// Near misses.
		{"en access given", "Not reproducible locally. I can look if you give me access to the logs.", "access is set up, the token is in 1Password.",
			nil, []string{answered + `access is set up`}},
		{"en no of another thing", "Not reproducible locally. I can look if you give me access to the logs.", "no time for that today, Kolya looks.",
			nil, []string{answered + `no time`}},
		{"ru asks back", "Локально не воспроизводится. Могу посмотреть, если дашь доступ к логам.", "доступа нет, а зачем тебе логи?",
			nil, []string{answered + `доступа нет`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nfix the build\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}
