package projection

import (
	"strings"
	"testing"
)

// glossed is s as the proposer reads it in language l.
func glossed(s string, l lang) string {
	if g := glossOf(s, l); g != nil {
		return g.text
	}
	return s
}

func TestObjectiveChangeLanguages(t *testing.T) {
	cases := []struct {
		l    lang
		text string
		want string // a word of the new task; "" when the objective stays
	}{
		// Italian
		{langIT, "senti cambio di programma: il backfill lo finiamo la settimana prossima. adesso la priorità è che la CI è rossa su main da stamattina per InventoryIT, sistemiamo quello", "InventoryIT"},
		{langIT, "cambio di programma: adesso la priorità è sistemare la pipeline di deploy rotta", "pipeline"},
		{langIT, "i piani sono cambiati. la nuova priorità: migrare i test di InventoryIT a Testcontainers", "Testcontainers"},
		{langIT, "cambio di programma: il backfill lo finiamo la settimana prossima. adesso la priorità è correggere il bug del checkout", "checkout"},
		{langIT, "la priorità è la sicurezza", ""},
		{langIT, "adesso la priorità è la sicurezza", ""},
		{langIT, "cambio di programma: prima sistemiamo il typo nel README, poi torniamo al backfill", ""},
		{langIT, "cambio di programma: il backfill lo finiamo la settimana prossima.", ""},
		{langIT, "ah, cambio di programma: Ferri sabato 12 ha un cliente in studio la mattina. il cut-over spostiamolo a domenica 13, stessa ora", ""},
		{langNone, "change of plans: Dana has a client in the office on Saturday.", ""},
		// Russian
		{langRU, "слушай, планы меняются. пришёл тикет от мобилки: им срочно нужно поле last_seen_at у автора в FeedItem. оптимизацию считаем законченной, p99 190 норм. делаем proto", "last_seen_at"},
		{langRU, "планы поменялись. прилетел баг от саппорта: падает экспорт CSV для больших отчётов", "CSV"},
		{langRU, "сейчас приоритет — починить сборку на main", "сборку"},
		{langRU, "приоритет — починить сборку на main", ""},
		{langRU, "сейчас приоритет — безопасность", ""},
		{langRU, "пришёл тикет от мобилки: им нужно поле last_seen_at", ""},
		{langRU, "планы меняются. пришёл тикет от мобилки: не трогать поле author_name", ""},
		{langRU, "планы меняются: сначала поправим опечатку, потом вернёмся к оптимизации", ""},
		// Dutch
		{langNL, "verandering van plan: de prioriteit is nu de checkout e2e test repareren", "checkout"},
		{langNL, "eerst de flaky webkit test fixen, de rest later", "webkit"},
		{langNL, "verandering van plan: eerst de typo fixen, daarna terug naar de backfill", ""},
		{langNL, "eerst de tests draaien, dan committen", ""},
		// Spanish, German, English
		{langES, "cambio de planes: ahora la prioridad es arreglar el pipeline de CI", "pipeline"},
		{langDE, "Planänderung: die Priorität ist jetzt, den Login-Bug zu fixen", "Login-Bug"},
		{langNone, "Plans changed. A ticket came in from mobile: they need last_seen_at on FeedItem.", "last_seen_at"},
		{langNone, "A ticket came in from mobile: they need last_seen_at on FeedItem.", ""},
		{langNone, "first fix the typo, then back to the export", ""},
	}
	for _, c := range cases {
		_, got := shiftedTask(glossed(c.text, c.l))
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%q: task %q, want one naming %q", c.text, got, c.want)
		}
	}
}

func TestScopedPermission(t *testing.T) {
	cases := []struct {
		l    lang
		text string
		want bool
	}{
		{langNL, "in e2e/ en in test-utils mag `any`, dat zijn tests. zet een override in eslint config voor e2e/** en src/test-utils/**", true},
		{langRU, "в тестах можно reflect, правило только для прод кода", true},
		{langIT, "nei test si può usare any", true},
		{langNone, "in tests any is fine", true},
		{langNone, "but in the e2e folder you may use any", true},
		{langDE, "in Tests darf man any benutzen", true},
		{langNone, "in the checkout page add a retry button", false},
		{langNone, "in the repo you can find the migration scripts", false},
		{langNL, "zet een override in eslint config voor e2e/**", false},
		{langIT, "nel service ordini aggiungi la colonna customer_ref", false},
	}
	for _, c := range cases {
		if got := scopedPermission(glossed(c.text, c.l)); got != c.want {
			t.Errorf("%q: scoped permission %v, want %v", c.text, got, c.want)
		}
	}
}

// A scoped permission after labelled rules is no objective; a task after
// them is.
func TestScopedPermissionNoObjective(t *testing.T) {
	for _, c := range []struct {
		first, second string
		want          bool
	}{
		{"regels: geen `any` in TypeScript, geen default exports", "in e2e/ en in test-utils mag `any`, dat zijn tests. zet een override in eslint config voor e2e/** en src/test-utils/**", false},
		{"rules: no `any` in TypeScript, no default exports", "in tests `any` is fine. add an eslint override for e2e/**", false},
		{"rules: no `any` in TypeScript, no default exports", "add the new checkout page behind the feature flag", true},
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 1, Role: RoleUser, Text: c.first})
		r.Apply(Event{Seq: 2, Role: RoleUser, Text: c.second})
		got := false
		for _, a := range r.Heads() {
			if a.Kind == KindObjective && a.Lifecycle == Active {
				got = true
			}
		}
		if got != c.want {
			t.Errorf("%q: objective %v, want %v", c.second, got, c.want)
		}
	}
}
