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

// TestOrdinalPutOffAmongNumbers: numbered questions answered by number,
// the third named by its ordinal in a sentence after the second's answer
// and put off ("третий потом обсудим", "the third we'll decide later"),
// leave the third open and the second's answer without that sentence;
// an ordinal naming a question answered already, or one not asked,
// splits nothing.
func TestOrdinalPutOffAmongNumbers(t *testing.T) {
	cases := []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"ru (C24)", "Вопросы:\n1) MSRV: поднимаем до 1.80 или держим?\n2) бенч меряем на 1M или на 10M событий?\n3) criterion 0.5 оставляем или переходим на divan?",
			"1 — держим, MSRV 1.75. 2 — 1M. третий потом обсудим.",
			[]string{`decision/answer/1m \[active/\w+\] = 1M \(was`, `question/-/\S+ \[hypothesis/\w+\] = criterion 0.5 оставляем или переходим на divan\? — потом обсудим`},
			[]string{`decision/\S+ \[active/\w+\] = criterion`, `третий потом обсудим \(was`}},
		{"en", "Questions:\n1) Raise the MSRV to 1.80 or keep it?\n2) Bench on 1M or 10M events?\n3) Keep criterion 0.5 or move to divan?",
			"1 - keep it, MSRV 1.75. 2 - 1M. the third one we'll decide later.",
			[]string{`decision/answer/1m \[active/\w+\] = 1M \(was`, `question/-/\S+ \[hypothesis/\w+\] = Keep criterion 0.5 or move to divan\? — we'll decide later`}, nil},
		{"pt", "Perguntas:\n1) Subimos o MSRV para 1.80?\n2) Bench com 1M ou 10M eventos?\n3) Mantemos criterion 0.5 ou vamos para divan?",
			"1 - não, fica 1.75. 2 - 1M. o terceiro a gente vê depois.",
			[]string{`question/-/\S+ \[hypothesis/\w+\] = Mantemos criterion 0.5 ou vamos para divan\? — a gente vê depois`}, nil},
		// Near misses.
		{"ordinal of a question answered by number", "Вопросы:\n1) MSRV: поднимаем до 1.80 или держим?\n2) бенч меряем на 1M или на 10M событий?\n3) criterion 0.5 оставляем или переходим на divan?",
			"1 — держим. 2 — 1M. 3 — divan. третий потом обсудим.", []string{`= divan\. третий потом обсудим \(was`}, []string{`\[hypothesis/`}},
		{"ordinal of no question asked", "Вопросы:\n1) MSRV: поднимаем до 1.80 или держим?\n2) бенч меряем на 1M или на 10M событий?",
			"1 — держим. 2 — 1M. третий прогон был медленный.", []string{`= 1M\. третий прогон был медленный \(was`}, []string{`\[hypothesis/`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nspeed up the bench\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}
