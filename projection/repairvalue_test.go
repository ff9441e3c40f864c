package projection

import "testing"

// TestValueSelfRepair: a value corrected within its own message is the
// value after the repair, in several phrasings and languages (the first
// is heldout10c's T46; the others were not tuned on). Each case opens
// with a message in the user's language, as a session would.
func TestValueSelfRepair(t *testing.T) {
	for _, c := range []struct {
		msgs []string
		want string
	}{
		{[]string{"the join can take up to 3 s on a bad link, make the timeout 4 s... hmm no, make it 8 s, the backoff adds more"}, "8 s"},
		{[]string{"make the batch size 200, actually no, 300"}, "300"},
		{[]string{"set the poll interval to 5 s — sorry, 7 s"}, "7 s"},
		{[]string{"ok, make the page size 50 - sorry, 25, the API caps it"}, "25"},
		{[]string{"Wir migrieren diese Woche den Zahlungsdienst auf die neue Datenbank und ich brauche deine Hilfe bei der Konfiguration.", "Setz das Timeout auf 10 s, nein, doch lieber 20 s."}, "20 s"},
		{[]string{"Bonjour, cette semaine nous allons migrer le service de paiement vers la nouvelle base de données et j'ai besoin de ton aide pour la configuration.", "Mets le délai d'attente à 30 s, pardon, 45 s."}, "45 s"},
	} {
		got := valuesAfter(c.msgs...)
		if !containsPrefix(got, c.want+" (") {
			t.Errorf("%q: values %q, want %q", c.msgs, got, c.want)
		}
	}
}
