package projection

import "testing"

// A choice put off to a later moment, and a cause nobody knows, are open
// questions in any language; an agent that declines to answer leaves the
// user's question open instead of answering it.
func TestPutOffAndUnanswered(t *testing.T) {
	for _, c := range []struct{ say, want string }{
		{"We'll decide on the invoice PDFs after the meeting with Mrs Krämer, ask me again then.", `uncertainty question/-/.* = We'll decide on the invoice PDFs after the meeting`},
		{"Belegbilder entscheiden wir nach dem Termin mit Frau Krämer, frag mich danach nochmal.", `uncertainty question/-/.* = Belegbilder entscheiden wir nach dem Termin`},
		{"A 吧，拼音以后再说。", `uncertainty question/-/.* = A 吧，拼音以后再说。`},
		{"Die 3 Cent lassen wir erstmal so, keine Ahnung woher die kommen.", `uncertainty question/-/.* = Die 3 Cent lassen wir erstmal so`},
		{"We'll leave the 3 cents for now, no idea where they come from.", `uncertainty question/-/.* = We'll leave the 3 cents for now`},
	} {
		out := reduceAll(t, "> user\nWe build the export today.\n> assistant\nok\n> user\n"+c.say+"\n")
		expect(t, out, []string{c.want}, nil)
	}
	out := reduceAll(t, "> user\nWe build the export today.\n> assistant\nok\n> user\nno idea what you mean lol\n")
	expect(t, out, nil, []string{`uncertainty`})
	for _, reply := range []string{
		"GoBD: I can't answer that bindingly, that's a question for Mrs Krämer; the DATEV format itself has no signature.",
		"GoBD: Das kann ich dir nicht verbindlich beantworten, das ist eine Frage für Frau Krämer.",
	} {
		out := reduceAll(t, "> user\nWe build the export today.\n> assistant\nok\n> user\nOne more question: does the file have to be archived or signed on our side for GoBD?\n> assistant\n"+reply+"\n")
		expect(t, out, []string{`uncertainty question/-/.* = One more question: does the file have to be archived`}, []string{`decision/answer/`})
	}
}

// A task asked politely in another language for a later moment is an
// open obligation; one for now, one forbidding, or a report of a favour
// asked is none.
func TestPoliteRequestsForLater(t *testing.T) {
	for _, s := range []string{
		"Und Montag schreibst du bitte eine kurze Anleitung fürs Buchhaltungsteam in die README.",
		"El lunes escribe por favor una guía corta en el README.",
		"Na segunda escreve por favor um guia curto no README.",
		"В понедельник напиши, пожалуйста, короткую инструкцию в README.",
		"月曜日にREADMEに短いガイドを書いてください。",
		"周一请在README里写一个简短的说明。",
		"Lunedì scrivi per favore una breve guida nel README.",
	} {
		out := reduceAll(t, "> user\nWe build the export.\n> assistant\nok\n> user\n"+s+"\n")
		expect(t, out, []string{`b2\.\d obligation .*\[open/normative\]`}, nil)
	}
	for _, s := range []string{
		"Bitte schreib eine kurze Anleitung in die README.",
		"Bitte am Montag nicht auf main pushen.",
		"田中さんに頼みました、お昼までにやってくれるって。",
		"請勿修改 config.yaml。",
		"Danke, bitte.",
	} {
		out := reduceAll(t, "> user\nWe build the export.\n> assistant\nok\n> user\n"+s+"\n")
		expect(t, out, nil, []string{`obligation .*\[open`})
	}
}

// What the readings of a message in its own words leave alone: "never
// mind" of another thing takes no rule back, a choice told in the past
// puts nothing off, "segunda" as "second" is no Monday.
func TestOwnWordsLeftAlone(t *testing.T) {
	out := reduceAll(t, "> user\nWe ship today.\n> assistant\nok\n> user\ndon't touch prod, never mind staging.\n")
	expect(t, out, []string{`constraint .*don't touch prod`}, nil)
	out = reduceAll(t, "> user\nWe ship today.\n> assistant\nok\n> user\nthe decision was made later than planned, as usual.\n")
	expect(t, out, nil, []string{`uncertainty`})
	out = reduceAll(t, "> user\nWe ship today.\n> assistant\nok\n> user\nquero a segunda opção, por favor, com testes.\n")
	expect(t, out, nil, []string{`obligation .*segunda`})
}
