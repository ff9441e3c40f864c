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
