package projection

import "testing"

// Near variants of this session's readings: another subject, another
// language the lexicons cover, a reordered sentence.
func TestNewReadingsOtherLanguages(t *testing.T) {
	t.Run("objmore-de", func(t *testing.T) {
		out := reduceAll(t, "> user\nbau den Export der Rechnungen\n> user\nPlanänderung: der Export reicht erstmal. jetzt ist die Suche wichtiger, die Kunden finden nichts\n")
		expect(t, out, []string{`objective .*\[active.*Suche`}, nil)
	})
	t.Run("tasktocome-de", func(t *testing.T) {
		out := reduceAll(t, "> user\nlies zuerst AGENTS.md, dann sage ich dir die Aufgabe\n> user\nrepariere den Login-Absturz auf iOS\n")
		expect(t, out, []string{`objective .*Login`}, []string{`objective .*AGENTS`})
	})
	t.Run("goneWithout-es", func(t *testing.T) {
		out := reduceAll(t, "> user\nañade colas para los correos\n> assistant\nI'll put the mails on their own `mail` queue.\n> user\nal final sin cola separada para los correos, déjalo en la cola por defecto\n")
		expect(t, out, []string{`decision .*al final sin cola`}, nil)
	})
	t.Run("onceskip-de", func(t *testing.T) {
		out := reduceAll(t, "> user\nvor jedem Commit immer `npm run lint` ausführen\n> user\ndiesmal kannst du lint überspringen, es ist zu langsam\n")
		expect(t, out, []string{`except|once`}, nil)
	})
}
