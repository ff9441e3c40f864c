package projection

import "testing"

// TestOwnOpenTasks: the agent's report (a message that calls no tool)
// names a task still its own, by a label of its side or a first-person
// "still need to", in any language read: an open obligation; a sentence
// saying a question stays open is an open question. What was done, a
// label with "none", narration beside a tool call, and a plan carried
// out later (the file it names edited) leave none open.
func TestOwnOpenTasks(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"en still need to, question stays open", `
> user
commit and sum up.
> assistant
Summary:
- window_agg 1.90 ms.
- MSRV 1.75.

I still need to update CHANGELOG.md for 0.9. And the question of criterion vs divan stays open.
`, []string{`obligation/-/.*changelog.* \[open/`, `question/-/question-criterion-vs-divan.*`}, nil},
		{"ru мне ещё нужно, вопрос остаётся открытым", `
> user
закоммить и подведи итог.
> assistant
Итог:
- window_agg 1.90 ms.

Мне ещё нужно обновить CHANGELOG.md под 0.9. И вопрос про criterion vs divan остаётся открытым.
`, []string{`obligation/-/мне-нужно-обновить-changelog.* \[open/`, `question/-/вопрос-про-criterion.*`}, nil},
		{"de label of my side", `
> user
Fass zusammen.
> assistant
Stand:
- KafkaConsumerLagIT grün.

Offen von meiner Seite: die README mit den Profil-Timeouts ist noch nicht aktualisiert. Und soll concurrency auf dev auch hoch?
`, []string{`obligation/-/die-readme-mit-profil-timeouts.* \[open/`}, []string{`obligation/-/.*concurrency`}},
		{"pt label with the list under it", `
> user
resume aí.
> assistant
Pendências minhas:
- atualizar o .env.example com as URLs
- regravar o snapshot do ProductCard
`, []string{`obligation/-/atualizar-o-env.* \[open/`, `obligation/-/regravar-o-snapshot.* \[open/`}, nil},
		{"en open on my end", `
> user
wrap up
> assistant
Done: the retry is in and the tests pass. Still open on my end: document the retry settings in the README.
`, []string{`obligation/-/document-retry-settings.* \[open/`}, []string{`obligation/-/.*tests-pass`}},
		{"near miss: what was done", `
> user
sum up please
> assistant
Summary: I updated the CHANGELOG for 0.9 and bumped the MSRV to 1.75. Erledigt: README aktualisiert.
`, nil, []string{`obligation/`}},
		{"near miss: a label saying none", `
> user
anything left?
> assistant
Open on my side: none.
Pendências minhas: nenhuma.
`, nil, []string{`obligation/`}},
		{"near miss: narration beside a tool call", `
> user
fix the lag test
> assistant
I still need to run the integration tests before I touch the config.
> call shell {"command": "./gradlew integrationTest"}
> result
BUILD SUCCESSFUL
`, nil, []string{`obligation/`}},
		{"near miss: a plan carried out later", `
> user
sum up.
> assistant
I still need to update CHANGELOG.md for 0.9.
> user
go ahead.
> assistant
Updating it.
> call write_file {"path": "CHANGELOG.md", "content": "## 0.9\n- window_agg\n"}
> result
wrote CHANGELOG.md
`, nil, []string{`obligation/.*\[open/`}},
		{"near miss: a question is no task, a question mark no statement", `
> user
status?
> assistant
Мне ещё нужно обновить CHANGELOG.md? Does the question of criterion vs divan stay open?
`, nil, []string{`obligation/`, `question/-/.*остаётся`}},
	})
}

// TestUserTakesTask: the user taking a task on themselves ("myself",
// "selbst", "eu mesmo", "сам", …) with the work named is an open
// obligation, the user's sentence its value and its Because; work said
// done, a question, "selbst wenn", "the problem itself" and a bare
// "I'll do it myself" take nothing on.
func TestUserTakesTask(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"en user files the ticket", `
> user
Fix the consumer lag.
> assistant
The Toxiproxy test needs an outbox rework; I'll leave it disabled. OK?
> user
yes, leave it. I'll file the Jira ticket for it myself this afternoon.
`, []string{`obligation/-/.*jira-ticket.* \[open/`}, []string{`obligation/.*\[lifted/`}},
		{"de leg ich selbst an", `
> user
Ziel: Consumer-Lag im PaymentEventsListener weg.
> assistant
Der Toxiproxy-Test braucht einen Outbox-Umbau; ich lasse ihn deaktiviert. Einverstanden?
> user
ja, lass den Toxiproxy-Test. Das Ticket dafür leg ich selbst im Jira an, mach ich heute Nachmittag.
`, []string{`obligation/-/ticket-dafür-leg-selbst-im-jira.* \[open/`}, nil},
		{"ru я напишу сам", `
> user
снимаю запрет на unsafe. релизную ноту к 0.9 я напишу сам.
`, []string{`obligation/-/релизную-ноту.* \[open/`}, nil},
		{"pt eu mesmo abro", `
> user
commita normal. o PR eu mesmo abro e peço review pro Caio.
`, []string{`obligation/-/o-pr-eu-mesmo-abro.* \[open/`}, nil},
		{"near miss: done already", `
> user
I did the Jira ticket myself already. Das Ticket hab ich selbst angelegt. релизную ноту я сам написал. o PR já abri eu mesmo.
`, nil, []string{`obligation/`}},
		{"near miss: a bare pro-form, a question, even if, the thing itself", `
> user
I'll do it myself. Should I file the ticket myself? Selbst wenn ich das Ticket anlege, bleibt der Test aus. Ich glaube das Problem selbst liegt im Consumer.
`, nil, []string{`obligation/`}},
	})
}

// TestUserTakesTaskNot: "I myself don't know" is no task taken on.
func TestUserTakesTaskNot(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"near miss: de/en/ru/pt I myself don't know", `
> user
A40: gute Frage, das weiß ich selbst nicht, das muss Herr Brandt vom Portal-Team sagen. I don't know the answer myself, ask the portal team. Я сам не знаю ответа на этот вопрос. Eu mesmo não sei a resposta da pergunta.
`, nil, []string{`obligation/`}},
	})
}
