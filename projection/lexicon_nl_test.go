package projection

import (
	"strings"
	"testing"
)

const nlIntro = "Hoi, vandaag ruimen we de importmodule op en kijken we naar de cron-jobs."

// TestDutchRules: a Dutch rule is read whether its negation stands late
// ("je mag de migraties niet aanpassen", "pas dat bestand niet aan"),
// before an infinitive ("die map niet aanraken") or closes it ("mag
// niet"), and a rule relayed from someone ("Marieke zegt: …", "volgens
// Joost …") is a rule; a "niet" that only negates ("ik weet niet waarom
// het niet werkt", "dat werkt niet", "je hoeft … niet te draaien",
// "werkt het niet?") states no rule.
func TestDutchRules(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Push nooit rechtstreeks naar de main branch.", "Push nooit rechtstreeks naar de main branch"},
		{"Je mag de migraties niet aanpassen.", "Je mag de migraties niet aanpassen"},
		{"Pas het bestand config/prod.yaml niet aan.", "Pas het bestand config/prod.yaml niet aan"},
		{"Die map niet aanraken, alsjeblieft.", "Die map niet aanraken"},
		{"Direct naar productie deployen mag niet.", "Direct naar productie deployen mag niet"},
		{"Het is verboden om secrets te committen.", "verboden om secrets te committen"},
		{"Voeg geen nieuwe dependencies toe.", "Voeg geen nieuwe dependencies toe"},
		{"Gebruik nooit force push.", "Gebruik nooit force push"},
		{"Je moet voor elke commit de linter draaien.", "Je moet voor elke commit de linter draaien"},
		{"Zorg ervoor dat de tests altijd groen zijn.", "de tests altijd groen zijn"},
		{"Gebruik alleen pnpm, geen npm.", "alleen pnpm"},
		{"Marieke zegt: de staging database mag je nooit resetten.", "de staging database mag je nooit resetten"},
		{"Volgens Joost moeten alle PR's twee reviewers hebben.", "moeten alle PR's twee reviewers hebben"},
		{"Ruud heeft gevraagd om geen nieuwe tabellen aan te maken.", "geen nieuwe tabellen aan te maken"},
		{"Niet direct naar main pushen.", "Niet direct naar main pushen"},
		{"Draai de migraties niet lokaal maar in CI.", "Draai de migraties niet lokaal"},
	} {
		if got := rulesAfter(nlIntro, c.text); !has(got, "active", c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
	for _, s := range []string{
		"Ik weet niet waarom het niet werkt.",
		"Dat werkt niet.",
		"Je hoeft de tests niet te draaien.",
		"Werkt het niet?",
		"De build is niet groen.",
		"Geen probleem.",
		"Maak je geen zorgen.",
		"Nee, niet die branch.",
		"Sorry, niet goed gelezen.",
		"Waarom werkt de deploy niet?",
		"Volgens Bram is de cache niet het probleem, die wordt nooit geleegd.",
		"Ik kan de server niet bereiken.",
		"Je kunt de tests niet lokaal draaien, daar is Docker voor nodig.",
		"Deze functie wordt nergens gebruikt.",
	} {
		if got := rulesAfter(nlIntro, s); len(got) != 0 {
			t.Errorf("%q: no rule, got %q", s, got)
		}
	}
}

// TestDutchLifts: a rule is lifted by "mag je nu weer", "zijn weer
// toegestaan", "mag je voortaan wel … aanpassen" (with an exception:
// "behalve …"), "mag weer" and "geldt niet meer"; a case said to be fine
// beside the rest that stays is an exception shown on the rule.
func TestDutchLifts(t *testing.T) {
	for _, c := range []struct{ rule, lift string }{
		{"Raak de map vendor/ nooit aan.", "De map vendor/ mag je nu weer aanpassen."},
		{"Voeg geen nieuwe dependencies toe.", "Nieuwe dependencies zijn weer toegestaan."},
		{"Pas de map vendor/ niet aan.", "De map vendor/ mag je voortaan wel aanpassen, behalve vendor/openssl."},
		{"Force push is verboden.", "Force push mag weer."},
		{"Gebruik voortaan altijd UTC in de logs.", "De regel over UTC geldt niet meer."},
	} {
		want := strings.TrimSuffix(c.rule, ".")
		if got := rulesAfter(nlIntro, c.rule, c.lift); !has(got, "lifted", want) || has(got, "active", want) {
			t.Errorf("%q then %q: %q", c.rule, c.lift, got)
		}
	}
	// a permission for one case beside what stays for the rest is an
	// exception shown on the rule
	got := rulesAfter("Afspraak van Bram: geen caching op de API-laag, alleen in de CDN.",
		"Bram zegt dat caching eigenlijk prima is voor het statusendpoint, dat verandert nooit. De rest van de API blijft alleen via de CDN gecachet.")
	if !has(got, "active", "geen caching op de API-laag") || !has(got, "active", "except: caching eigenlijk prima is voor het statusendpoint") {
		t.Errorf("partial lift: %q", got)
	}
	// a permission that is no lift of it leaves the rule
	if got := rulesAfter(nlIntro, "Raak de map vendor/ nooit aan.", "Je mag de README aanpassen."); !has(got, "active", "Raak de map vendor/ nooit aan") {
		t.Errorf("unrelated permission: %q", got)
	}
}

// TestDutchSettings: a setting set with "zet … op N", corrected mid-
// sentence ("5, nee wacht, 7"), changed by an amount ("verhoog … met 20
// seconden", "verlaag … met"), doubled, halved, one fewer ("één worker
// minder"), moved half an hour ("een halfuur eerder") and put back
// ("zoals het eerst was", "terug naar de oude waarde"), with a decimal
// comma ("1,5 GB").
func TestDutchSettings(t *testing.T) {
	checkValues(t, nlIntro, []valueCase{
		{[]string{"Zet de timeout op 40 seconden.", "Halveer de timeout."}, "20 seconds"},
		{[]string{"Zet de timeout op 30 seconden.", "Verhoog de timeout met 20 seconden."}, "50 seconds"},
		{[]string{"Zet de timeout op 40 seconden.", "Verlaag de timeout met 15 seconden."}, "25 seconds"},
		{[]string{"Zet de batchgrootte op 200.", "Verdubbel de batchgrootte."}, "400"},
		{[]string{"Zet de retries op 5, nee wacht, 7."}, "7"},
		{[]string{"We draaien met 4 workers.", "Eén worker minder."}, "3"},
		{[]string{"Zet de standup op 10:00.", "Een halfuur eerder graag."}, "09:30"},
		{[]string{"Zet de limiet op 40.", "Zet de limiet op 60.", "Zet de limiet terug zoals het eerst was."}, "40"},
		{[]string{"Zet de limiet op 1,5 GB.", "Zet de limiet op 3 GB.", "Zet de limiet terug naar de oude waarde."}, "1.5 GB"},
	})
}

// TestDutchTasksQuestions: "vergeet niet", "denk eraan", not knowing
// yet ("ik weet nog niet of", "ik weet niet zeker of"), a choice set
// against another ("laten we X nemen in plaats van Y"), an offered
// option taken ("we nemen optie B") and an attempt that failed ("we
// hebben X geprobeerd, maar het hielp niet") are read, quoted in the
// user's words.
func TestDutchTasksQuestions(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Vergeet niet de changelog bij te werken voordat je klaar bent.", "de changelog bij te werken"},
		{"Denk eraan om de README bij te werken.", "de README bij te werken"},
		{"Vergeet de rooktests niet.", "Vergeet de rooktests niet"},
	} {
		if got := obligationsAfter(nlIntro, c.text); len(got) != 1 || !strings.Contains(got[0], c.want) {
			t.Errorf("task %q: %q", c.text, got)
		}
	}
	for _, s := range []string{"Ik weet nog niet of we IPv6 nodig hebben.", "Ik weet niet zeker of we IPv6 nodig hebben."} {
		if got := questionsAfter(nlIntro, s); !has(got, "open", "of we IPv6 nodig hebben") {
			t.Errorf("question %q: %q", s, got)
		}
	}
	if got := anchorsAfter(nlIntro, "Laten we RabbitMQ nemen in plaats van Kafka."); !hasAnchor(got, "decision active", "RabbitMQ") {
		t.Errorf("choice: %q", got)
	}
	r := New(Options{})
	for i, m := range []struct {
		role Role
		text string
	}{
		{RoleUser, nlIntro},
		{RoleAssistant, "There are two ways: option A is Redis, option B is Memcached. Which one do you prefer?"},
		{RoleUser, "We nemen optie B."},
	} {
		r.Apply(Event{Seq: i, Role: m.role, Text: m.text})
	}
	if !coverHead(r, KindDecision, "Memcached (We nemen optie B.)") {
		t.Errorf("option taken: %v", r.Heads())
	}
	for _, c := range []struct{ text, want string }{
		{"We hebben vorig jaar token caching geprobeerd, maar het hielp niet.", "token caching geprobeerd"},
		{"Ik heb de cache al geleegd, maar dat hielp niet.", "de cache al geleegd"},
		{"Dat hebben we al geprobeerd, werkte niet.", "al geprobeerd"},
	} {
		if r := userSays(nlIntro, c.text); !coverHead(r, KindNegative, c.want) {
			t.Errorf("attempt %q: %v", c.text, r.Heads())
		}
	}
	// a thing done, told without a verdict, is no attempt
	if r := userSays(nlIntro, "We hebben de pods herstart."); coverHead(r, KindNegative, "") {
		t.Errorf("no attempt: %v", r.Heads())
	}
}

// TestDutchDetectGloss: Dutch is told from English with Dutch-looking
// words and from German; a short Dutch message keeps the user's Dutch;
// the gloss maps back to the user's words.
func TestDutchDetectGloss(t *testing.T) {
	for _, c := range []struct {
		text  string
		prior lang
		want  lang
	}{
		{"Je mag de migraties niet aanpassen, dat is een harde regel.", langNone, langNL},
		{"Is dat in orde? We gaan het morgen in productie zetten.", langNL, langNL},
		{"Halveer de timeout.", langNL, langNL},
		{"Run the tests and send me the log, please.", langNL, langNone},
		{"Guido van Rossum said die() is over; I want the door in the van.", langNone, langNone},
		{"Van de Velde is in charge of the deploy window.", langNone, langNone},
		{"Was war in der Datei, die du gelöscht hast?", langNone, langDE},
		{"Die Migrationen darfst du nicht anfassen, das war schon immer so.", langNL, langDE},
	} {
		if got := detectLang(c.text, c.prior); got != c.want {
			t.Errorf("detectLang(%q, %s) = %s, want %s", c.text, langCodes[c.prior], langCodes[got], langCodes[c.want])
		}
	}
	for _, c := range []struct{ text, want string }{
		{"Pas dat bestand niet aan.", "do not pas that bestand"},
		{"Je mag de migraties niet aanpassen.", "you must not"},
		{"Direct naar main pushen mag niet.", "is forbidden"},
		{"Verhoog de timeout met 20 seconden.", "increase the timeout by 20 seconds"},
		{"Ik weet nog niet of we Redis nodig hebben.", "still unclear whether we Redis"},
		{"Zet de limiet op 1,5 GB.", "set the limiet to 1.5 GB"},
	} {
		g := glossOf(c.text, langNL)
		if g == nil || !strings.Contains(g.text, c.want) {
			t.Errorf("gloss of %q = %v, want %q in it", c.text, g, c.want)
			continue
		}
		if back, ok := g.back(g.text); !ok || back != c.text {
			t.Errorf("back(gloss of %q) = %q, %v", c.text, back, ok)
		}
	}
}
