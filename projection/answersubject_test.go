package projection

import "testing"

// A reply answers the agent's open question only when it is on the
// question's subject: words of its own in common, not a function word
// two languages share. "en" is French and Spanish for "in" (and Dutch
// "and"): the French reply about the CI's criterion version shares only
// "CI" with the question about a regression threshold in CI, and the
// question stays open; a reply that names the threshold answers it.
func TestReplyOffTheQuestionsSubject(t *testing.T) {
	question := `
> user
ajoute un bench parse_1mb_crlf.
> assistant
Bench ajouté. Quel seuil de régression veux-tu accepter en CI avant d'échouer : 5 % ? 10 % ?
`
	for _, c := range []struct {
		name, reply string
		want, never []string
	}{
		{"fr, another subject", "le criterion de la CI est en 0.5.0, mets-le en 0.5.1 comme en local.",
			nil, []string{`decision/answer/.*\(was Quel seuil`}},
		{"fr, the threshold", "un seuil de 5 % de régression en CI, ça suffit.",
			[]string{`decision/answer/.*\(was Quel seuil`}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, question+"> user\n"+c.reply+"\n"), c.want, c.never)
		})
	}
	es := `
> user
añade un benchmark de parse.
> assistant
¿Qué umbral de regresión aceptas en CI antes de fallar?
> user
la versión de criterion en CI está en 0.5.0, ponla en 0.5.1.
`
	expect(t, reduceAll(t, es), nil, []string{`decision/answer/`})
}
