package projection

import "testing"

// TestLabelledProposalTakenBack: a proposal the agent labels as one
// ("Vorschlag: …", "Proposta: …", "Proposal: …", "schlage ich vor")
// accepted by a bare "ok", "passt", "beleza" is a decision; the user's
// later take-back of its thing ("DLT doch nicht", "não, tira o retry do
// interceptor", "no DLT after all") with the course said in its place
// makes that course the decision and the proposal superseded.
func TestLabelledProposalTakenBack(t *testing.T) {
	cases := []struct {
		name, agent, ok, back string
		want, never           []string
	}{
		{"de (A23)", "Vorschlag: ErrorHandlingDeserializer plus DefaultErrorHandler mit DeadLetterPublishingRecoverer auf payments.events.v1.DLT, 3 Retries. Soll ich das so bauen?", "ok",
			"Noch was: DLT doch nicht. Ein .DLT-Topic gibt's in Prod nicht. Wir loggen und skippen, wie der handleFailure das eh schon macht.",
			[]string{`decision/-/\S+ \[active/\w+\] = Wir loggen und skippen, wie der handleFailure das eh schon macht\. \(was ErrorHandlingDeserializer`}, nil},
		{"de inverted", "Test grün. Für Poison Pills schlage ich vor: `DefaultErrorHandler` mit `DeadLetterPublishingRecoverer` auf `payments.DLT`. Soll ich das so bauen?", "passt",
			"DLT doch nicht. Wir loggen und skippen.", []string{`decision/-/\S+ \[active/\w+\] = Wir loggen und skippen\. \(was`}, nil},
		{"pt (B24)", "Proposta: interceptor no axios com 2 retries e backoff exponencial para GET idempotente. Faço?", "beleza",
			"ok. e o retry: não, tira o retry do interceptor. conversei com o Caio, a gente usa o retry do react-query, senão fica retry em dobro.",
			[]string{`decision/-/\S+ \[active/\w+\] = a gente usa o retry do react-query, senão fica retry em dobro\. \(was interceptor no axios`}, nil},
		{"en", "Proposal: a dead-letter topic via DeadLetterPublishingRecoverer with 3 retries. Shall I build it?", "ok",
			"no dead-letter topic after all. ops has none. we'll log and skip the record.",
			[]string{`decision/-/\S+ \[active/\w+\] = we'll log and skip the record\. \(was a dead-letter topic`}, nil},
		{"en forget, no course", "Proposal: a Redis cache in front of the pricing API. Shall I add it?", "ok",
			"forget the Redis cache.", []string{`decision/-/\S+ \[superseded/\w+\] = a Redis cache in front`}, nil},
		{"fr", "Proposition : un cache Redis devant l'API de prix. Je l'ajoute ?", "ok",
			"finalement pas de Redis. on garde le cache en mémoire du service.", []string{`decision/-/\S+ \[active/\w+\] = on garde le cache en mémoire du service\. \(was un cache Redis`}, nil},
		{"ru", "Предлагаю: кэш Redis перед API цен. Делаю?", "ок",
			"Redis всё-таки не надо. используем кэш в памяти сервиса.", []string{`decision/-/\S+ \[active/\w+\] = используем кэш в памяти сервиса\. \(was кэш Redis`}, nil},
		// Near misses.
		{"take-back naming another thing", "Proposta: interceptor no axios com 2 retries. Faço?", "beleza",
			"não, tira o console.log do carrinho. a gente usa o logger.", []string{`decision/-/\S+ \[active/\w+\] = interceptor no axios`}, []string{`superseded`}},
		{"removal with no course", "Proposta: interceptor no axios com 2 retries. Faço?", "beleza",
			"tira o retry do interceptor.", []string{`decision/-/\S+ \[active/\w+\] = interceptor no axios`}, []string{`superseded`}},
		{"a question", "Vorschlag: DLT über DeadLetterPublishingRecoverer. Soll ich das so bauen?", "ok",
			"DLT doch nicht? Wir loggen und skippen.", []string{`decision/-/\S+ \[active/\w+\] = DLT über`}, []string{`superseded`}},
		{"a setting given a number", "Vorschlag: `max-poll-records` auf 100 runter (100 × 0,8 s = 80 s). Passt das?", "passt",
			"gut.", nil, []string{`decision/-/\S+ \[active/`}},
		{"a report, no proposal", "Der Test ist grün. Soll ich das so lassen?", "ok", "gut.", nil, []string{`decision/-/\S+ \[active/`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nfix the consumer\n> assistant\n"+c.agent+"\n> user\n"+c.ok+"\n> assistant\nDone.\n> user\n"+c.back+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}
