package projection

import (
	"strings"
	"testing"
)

const svIntro = "Hej, idag städar vi upp bokningsmodulen och tittar på cron-jobben."

// TestSwedishRules: a Swedish rule is read whether its negation follows
// an imperative ("kör inte migrationen på prod", "rör den inte", "ta
// aldrig bort"), a modal ("du får inte ändra", "personnummer får aldrig
// sparas", "ska inte köras") or says a limit ("max 12 månader"), written
// lowercase and with English verbs given Swedish endings ("pusha",
// "deploya"), and a rule relayed ("Anna säger att …", "enligt Johan …")
// is a rule; a "inte" that only negates ("jag vet inte varför det inte
// funkar", "du behöver inte köra testerna", "funkar det inte?", "jag
// kan inte nå servern") states no rule.
func TestSwedishRules(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"kör inte migrationen på prod", "kör inte migrationen på prod"},
		{"personnummer får aldrig sparas i klartext", "personnummer får aldrig sparas i klartext"},
		{"historiken sparas max 12 månader", "historiken sparas max 12 månader"},
		{"Du får inte ändra i mappen vendor/.", "Du får inte ändra i mappen vendor/"},
		{"Pusha aldrig direkt till main.", "Pusha aldrig direkt till main"},
		{"Lägg inte till några nya beroenden.", "Lägg inte till några nya beroenden"},
		{"Inga nya beroenden.", "Inga nya beroenden"},
		{"Använd bara pnpm, inte npm.", "Använd bara pnpm"},
		{"man får inte deploya på fredagar", "man får inte deploya på fredagar"},
		{"Migrationerna ska inte köras manuellt.", "Migrationerna ska inte köras manuellt"},
		{"Tabellen bookings är delad med fakturering. Rör den inte.", "Rör den inte"},
		{"Ta aldrig bort tabellen bookings.", "Ta aldrig bort tabellen bookings"},
		{"Se till att testerna alltid är gröna.", "testerna alltid är gröna"},
		{"Vi måste alltid köra lintern före commit.", "Vi måste alltid köra lintern före commit"},
		{"Det är förbjudet att committa secrets.", "förbjudet att committa secrets"},
		{"Anna säger att vi aldrig får resetta staging-databasen.", "vi aldrig får resetta staging-databasen"},
		{"Enligt Johan ska alla PR:er ha två reviewers.", "alla PR:er ha två reviewers"},
		{"Använd inte any i TypeScript.", "Använd inte any i TypeScript"},
		{"Logga aldrig personnummer.", "Logga aldrig personnummer"},
		{"Inga API-nycklar i repot!", "Inga API-nycklar i repot"},
		{"Bokningar får max vara 2 timmar.", "Bokningar får max vara 2 timmar"},
		{"Deploya inte förrän jag säger till.", "Deploya inte förrän jag säger till"},
	} {
		if got := rulesAfter(svIntro, c.text); !has(got, "active", c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
	for _, s := range []string{
		"Jag vet inte varför det inte funkar.",
		"Det funkar inte.",
		"Du behöver inte köra testerna.",
		"Funkar det inte?",
		"Bygget är inte grönt.",
		"Inga problem.",
		"Nej, inte den branchen.",
		"Jag kan inte nå servern.",
		"Den här funktionen används ingenstans.",
		"Jag ska inte hinna idag.",
		"Jag får inte till det.",
		"Varför går deployen inte igenom?",
		"Vi ska bygga en ny bokningsmodul.",
		"vi kör Next.js och Postgres i det här projektet",
		"Vi behöver inte bry oss om IE11.",
	} {
		if got := rulesAfter(svIntro, s); len(got) != 0 {
			t.Errorf("%q: no rule, got %q", s, got)
		}
	}
}

// TestSwedishLifts: a rule is lifted by "får du ändra igen nu", "är
// tillåtna igen", "är okej igen" and "gäller inte längre"; a case said
// to be fine beside the rest that stays is an exception shown on the
// rule, and a permission that is no lift of it leaves the rule.
func TestSwedishLifts(t *testing.T) {
	for _, c := range []struct{ rule, lift string }{
		{"Rör aldrig mappen vendor/.", "Mappen vendor/ får du ändra igen nu."},
		{"Inga nya beroenden.", "Nya beroenden är tillåtna igen."},
		{"Force push är förbjudet.", "Force push är okej igen."},
		{"Använd alltid UTC i loggarna.", "Regeln om UTC gäller inte längre."},
	} {
		want := strings.TrimSuffix(c.rule, ".")
		if got := rulesAfter(svIntro, c.rule, c.lift); !has(got, "lifted", want) || has(got, "active", want) {
			t.Errorf("%q then %q: %q", c.rule, c.lift, got)
		}
	}
	got := rulesAfter(svIntro, "Ingen caching i API-lagret, bara i CDN:en.",
		"Björn säger att caching faktiskt är okej för statusendpointen, den ändras aldrig. Resten av API:t ligger kvar bara i CDN:en.")
	if !has(got, "active", "Ingen caching i API-lagret") || !has(got, "active", "except: caching faktiskt är okej för statusendpointen") {
		t.Errorf("partial lift: %q", got)
	}
	// a limit said not to apply to someone is an exception shown on it
	got = rulesAfter(svIntro, "Max 3 pass per vecka och medlem.", "Max 3 pass gäller inte Ahmed, han får boka ändå.")
	if !has(got, "active", "Max 3 pass per vecka och medlem — except: Max 3 pass gäller inte Ahmed") {
		t.Errorf("not applying: %q", got)
	}
	if got := rulesAfter(svIntro, "Rör aldrig mappen vendor/.", "Du får ändra i README:n."); !has(got, "active", "Rör aldrig mappen vendor/") {
		t.Errorf("unrelated permission: %q", got)
	}
}

// TestSwedishSettings: a setting set with "sätt … till N" or "ska vara
// N", corrected mid-sentence ("48, nej 52", "5, nej förlåt, 7"),
// changed by an amount ("höj … med 20 sekunder", "sänk maxpass med
// ett", "höj med 10 %"), doubled, halved and put back ("sätt tillbaka
// … till det gamla värdet", "återställ"), with a decimal comma ("1,5
// GB"); the setting is named as written ("timeouten").
func TestSwedishSettings(t *testing.T) {
	checkValues(t, svIntro, []valueCase{
		{[]string{"Sätt maxpass till 3.", "sänk maxpass med ett"}, "2"},
		{[]string{"Sätt lägenheter till 48, nej 52."}, "52"},
		{[]string{"Sätt retries till 5, nej förlåt, 7."}, "7"},
		{[]string{"Sätt timeouten till 40 sekunder.", "Halvera timeouten."}, "20 seconds"},
		{[]string{"Sätt timeouten till 30 sekunder.", "Höj timeouten med 20 sekunder."}, "50 seconds"},
		{[]string{"Sätt timeouten till 40 sekunder.", "sänk timeouten med 15 sekunder"}, "25 seconds"},
		{[]string{"Sätt batchstorleken till 200.", "dubbla batchstorleken"}, "400"},
		{[]string{"Sätt timeouten till 200 sekunder.", "höj timeouten med 10 %"}, "220 seconds"},
		{[]string{"timeout ska vara 30 sek"}, "30 seconds"},
		{[]string{"Sätt workers till 4.", "en worker till"}, "5"},
		{[]string{"Sätt gränsen till 40.", "Sätt gränsen till 60.", "Sätt tillbaka gränsen till det gamla värdet."}, "40"},
		{[]string{"Sätt gränsen till 1,5 GB.", "Sätt gränsen till 3 GB.", "återställ gränsen"}, "1.5 GB"},
	})
}

// TestSwedishTasksQuestions: "glöm inte att", "kom ihåg att", a task
// called off ("strunta i …, den behövs inte", "… behövs inte längre"),
// not knowing yet ("jag vet inte än om", "oklart om …, jag
// återkommer"), a choice ("vi kör på X istället för Y", "vi kör på
// alternativ B") and an attempt that failed ("vi testade …, men det
// hjälpte inte") are read, quoted in the user's words.
func TestSwedishTasksQuestions(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Glöm inte att uppdatera changelogen innan du är klar.", "uppdatera changelogen"},
		{"kom ihåg att köra lintern", "köra lintern"},
	} {
		if got := obligationsAfter(svIntro, c.text); len(got) != 1 || !strings.Contains(got[0], c.want) {
			t.Errorf("task %q: %q", c.text, got)
		}
	}
	for _, off := range []string{"Strunta i CSV-exporten, den behövs inte.", "CSV-exporten behövs inte längre."} {
		if got := obligationsAfter(svIntro, "Glöm inte att exportera bokningarna till CSV.", off); len(got) != 0 {
			t.Errorf("called off by %q: %q still open", off, got)
		}
	}
	for _, s := range []string{"Jag vet inte än om vi behöver IPv6.", "Oklart om vi behöver IPv6, jag återkommer.", "Jag är inte säker på om vi behöver IPv6."} {
		if got := questionsAfter(svIntro, s); !has(got, "open", "IPv6") {
			t.Errorf("question %q: %q", s, got)
		}
	}
	if got := anchorsAfter(svIntro, "Vi kör på Postgres istället för MySQL."); !hasAnchor(got, "decision active", "Postgres") {
		t.Errorf("choice: %q", got)
	}
	r := New(Options{})
	for i, m := range []struct {
		role Role
		text string
	}{
		{RoleUser, svIntro},
		{RoleAssistant, "There are two ways: option A is Redis, option B is Memcached. Which one do you prefer?"},
		{RoleUser, "Vi kör på alternativ B."},
	} {
		r.Apply(Event{Seq: i, Role: m.role, Text: m.text})
	}
	if !coverHead(r, KindDecision, "Memcached") {
		t.Errorf("option taken: %v", r.Heads())
	}
	if r := userSays(svIntro, "Vi testade att cacha tokens förra året, men det gjorde ingen skillnad."); !coverHead(r, KindNegative, "cacha tokens") {
		t.Errorf("attempt: %v", r.Heads())
	}
}

// TestSwedishDetectGloss: Swedish is told from English (with "i", "men",
// "till" in it), German, Dutch and Danish-looking text; a short Swedish
// message keeps the user's Swedish; the gloss maps back to the user's
// words, an abbreviation's ending ("API:t") with it.
func TestSwedishDetectGloss(t *testing.T) {
	for _, c := range []struct {
		text  string
		prior lang
		want  lang
	}{
		{"kör inte migrationen på prod", langNone, langSV},
		{"Du får inte ändra i mappen vendor/, det är en hård regel.", langNone, langSV},
		{"Halvera timeouten.", langSV, langSV},
		{"kan du fixa buggen i src/booking/api.ts? den kraschar när man bokar två pass samma dag", langNone, langSV},
		{"Setz den Timeout hoch, du weißt schon.", langDE, langDE},
		{"sänk maxpass med ett", langSV, langSV},
		{"Run the tests till they pass, then tell the men in ops.", langNone, langNone},
		{"Run the tests and send me the log, please.", langSV, langNone},
		{"Die Migrationen darfst du nicht anfassen, das war schon immer so.", langSV, langDE},
		{"Je mag de migraties niet aanpassen, dat is een harde regel.", langSV, langNL},
	} {
		if got := detectLang(c.text, c.prior); got != c.want {
			t.Errorf("detectLang(%q, %s) = %s, want %s", c.text, langCodes[c.prior], langCodes[got], langCodes[c.want])
		}
	}
	for _, c := range []struct{ text, want string }{
		{"kör inte migrationen på prod", "do not kör"},
		{"Rör den inte.", "do not rör it"},
		{"Ta inte bort tabellen.", "do not remove"},
		{"personnummer får aldrig sparas i klartext", "must never"},
		{"sänk maxpass med ett", "reduce the maxpass by one"},
		{"Sätt lägenheter till 48, nej 52.", "48, no, 52"},
		{"Jag vet inte än om vi behöver Redis.", "still unclear whether we"},
		{"Sätt gränsen till 1,5 GB.", "set the gränsen to 1.5 GB"},
		{"Resten av API:t cachas bara i CDN:en.", "the rest of API cachas only in CDN."},
	} {
		g := glossOf(c.text, langSV)
		if g == nil || !strings.Contains(g.text, c.want) {
			t.Errorf("gloss of %q = %v, want %q in it", c.text, g, c.want)
			continue
		}
		if back, ok := g.back(g.text); !ok || back != strings.TrimSpace(c.text) {
			t.Errorf("back(gloss of %q) = %q, %v", c.text, back, ok)
		}
	}
}

// TestNotApplyPronoun: a rule said not to apply to someone, with a
// pronoun for the rule ("det gäller inte Ahmed", "that doesn't apply to
// Ahmed"), is an exception shown on the active rule stated last, which
// stays active; with no rule held it keeps nothing.
func TestNotApplyPronoun(t *testing.T) {
	for _, c := range []struct{ intro, rule, not, want string }{
		{svIntro, "Max 3 pass per vecka och medlem.", "det gäller inte Ahmed, han får boka ändå",
			"Max 3 pass per vecka och medlem — except: det gäller inte Ahmed"},
		{"Hi, today we work on the booking rules.", "At most 3 bookings per week per member.", "That doesn't apply to Ahmed, he can book anyway.",
			"At most 3 bookings per week per member — except: That doesn't apply to Ahmed"},
	} {
		got := rulesAfter(c.intro, c.rule, c.not)
		if !has(got, "active", c.want) || len(got) != 1 {
			t.Errorf("%q after %q: %q", c.not, c.rule, got)
		}
	}
	if got := rulesAfter(svIntro, "det gäller inte Ahmed, han får boka ändå"); len(got) != 0 {
		t.Errorf("no rule held: %q", got)
	}
}

// The verbs a Swedish task opens with are glossed as English's, and
// still read before a negation as a prohibition; "testa" is left as
// written (Portuguese and Italian write it too).
func TestSwedishTaskVerbs(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"fixa retry-policyn för Celery-tasken", "fix retry-policyn for Celery-tasken"},
		{"uppdatera README:n med de nya flaggorna", "update README"},
		{"flytta cron-jobben till en egen modul", "move cron-jobben"},
		{"byt loggbiblioteket mot structlog", "replace loggbiblioteket"},
		{"skriv ett test för webhooken", "write a test"},
		{"fixa inte retry-policyn", "do not fix"},
		{"flytta aldrig prod-nycklarna", "never move"},
		{"skriv inte över filen", "do not overwrite"},
		{"testa retry-policyn lokalt", "testa retry-policyn"},
	} {
		if g := glossed(c.text, langSV); !strings.Contains(g, c.want) {
			t.Errorf("gloss of %q = %q, want %q in it", c.text, g, c.want)
		}
	}
	// the objective is the task, and a prohibition with a glossed verb
	// is a rule
	expect(t, reduceAll(t, "> user\nfixa retry-policyn för Celery-tasken\nflytta aldrig prod-nycklarna\n> assistant\nOkej.\n"),
		[]string{`objective objective/session/goal \[active/normative\] = fixa retry-policyn för Celery-tasken @0`, `constraint \S+ \[active/normative\] = flytta aldrig prod-nycklarna @0`}, nil)
}
