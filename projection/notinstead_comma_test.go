package projection

import "testing"

// TestNotInsteadComma: "V, not W" corrects in passing the number the agent
// proposed, with the comma as without ("3, nicht 5" as "3 statt 5"; the
// German gloss reads "nicht" opening a clause as "do not"). Near misses: a
// rule with "nicht" and a number that is no correction stays a rule.
// (Italian/Spanish/Portuguese "3, non 5": dec22_test.go.)
func TestNotInsteadComma(t *testing.T) {
	ask := map[string]string{
		"en": "For the new PDF export I'd like a retry policy around the store client: I'll use 5 retries with exponential backoff. OK?",
		"nl": "Voor de nieuwe PDF-export wil ik een retry-policy met Polly: 5 pogingen met exponential backoff. Akkoord?",
		"de": "Für den neuen PDF-Export würde ich eine Retry-Policy nehmen: 5 Versuche mit exponentiellem Backoff. Einverstanden?",
		"fr": "Pour le nouvel export PDF je propose une politique de retry : 5 tentatives avec backoff exponentiel. D'accord ?",
		"it": "Per il nuovo export PDF propongo una retry policy: 5 tentativi con backoff esponenziale. Va bene?",
		"es": "Para el nuevo export PDF quiero una política de reintentos: 5 reintentos con backoff exponencial. ¿Vale?",
		"pt": "Para o novo export PDF proponho uma política de retry: 5 tentativas com backoff exponencial. Pode ser?",
	}
	for _, c := range []struct {
		name, lang, reply, want string
	}{
		{"en", "en", "3, not 5.", `retries \[current/normative\] = 3 \(was 5\)`},
		{"nl", "nl", "3, niet 5.", `pogingen \[current/normative\] = 3 \(was 5\)`},
		{"de comma", "de", "3, nicht 5.", `versuche \[current/normative\] = 3 \(was 5\)`},
		{"de statt", "de", "3 statt 5.", `versuche \[current/normative\] = 3 \(was 5\)`},
		{"de nimm", "de", "nimm 3, nicht 5", `versuche \[current/normative\] = 3 \(was 5\)`},
		{"fr", "fr", "3, pas 5.", `tentatives \[current/normative\] = 3 \(was 5\)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nfix the PDF export\n> assistant\n"+ask[c.lang]+"\n> user\n"+c.reply+"\n")
			expect(t, out, []string{c.want}, []string{`constraint/`})
		})
	}
}

// TestNotInsteadNearMiss: sentences with "nicht"/"not" and numbers that
// are no "V, not W" correction keep their readings.
func TestNotInsteadNearMiss(t *testing.T) {
	for _, c := range []struct{ name, msg, want string }{
		{"de rule", "nicht mehr als 3 Versuche, nie 5", `constraint/`},
		{"de prohibition", "nicht direkt auf main pushen", `constraint/`},
		{"en rule", "never more than 3 retries, not 5 like last time, ok?", `^`},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nfix the PDF export\n> user\n"+c.msg+"\n")
			expect(t, out, []string{c.want}, []string{`= 3 \(was 5\)`})
		})
	}
}
