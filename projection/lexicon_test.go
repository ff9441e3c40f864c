package projection

import (
	"strings"
	"testing"
)

// Every language's lexicon says every cue category the readings use.
func TestLexiconCoversEveryCategory(t *testing.T) {
	for l, lx := range lexicons {
		if lx == nil {
			continue
		}
		for c := range numCats {
			if !lx.cats[c] {
				t.Errorf("%s: no entry of category %d", langCodes[l], c)
			}
		}
	}
}

// A message is glossed only in its own language: English text with words
// that are cues elsewhere ("no", "die", "come", "la") is never glossed,
// and each language is told from the others.
func TestDetectLang(t *testing.T) {
	for _, c := range []struct {
		text string
		want lang
	}{
		{"no, don't let the worker die on a SIGTERM, come back to it later", langNone},
		{"Use la-vie as the package name and no new deps.", langNone},
		{"把超时时间改成 45 秒。", langNone},
		{"no.", langNone},
		{"come on", langNone},
		{"Die Migrationen darfst du nicht anfassen.", langDE},
		{"No toques el esquema analytics, excepto la vista v_daily.", langES},
		{"Ne modifie jamais le fichier openapi.yaml à la main.", langFR},
		{"Não altere o arquivo de configuração, por favor.", langPT},
		{"Non toccare il file di configurazione, per favore.", langIT},
		{"新しいライブラリを追加しないでください。", langJA},
		{"Je mag de migraties niet aanpassen, dat is een harde regel.", langNL},
		{"Guido van Rossum said die() is over; I want the door in the van.", langNone},
		{"Van de Velde is in charge of the deploy window.", langNone},
		{"Hij is in the van over by the door, want to come?", langNone},
		{"Was war in der Datei, die du gelöscht hast?", langDE},
	} {
		if got := detectLang(c.text, langNone); got != c.want {
			t.Errorf("detectLang(%q) = %s, want %s", c.text, langCodes[got], langCodes[c.want])
		}
	}
	// A short message takes the user's language so far, unless its own
	// words are English.
	if got := detectLang("Halbiere die Obergrenze.", langDE); got != langDE {
		t.Errorf("short German after German = %s", langCodes[got])
	}
	if got := detectLang("run the tests again", langDE); got != langNone {
		t.Errorf("English after German = %s", langCodes[got])
	}
	if got := detectLang("Halveer de timeout.", langNL); got != langNL {
		t.Errorf("short Dutch after Dutch = %s", langCodes[got])
	}
	if got := detectLang("Is dat in orde?", langNL); got != langNL {
		t.Errorf("short Dutch with English-looking words after Dutch = %s", langCodes[got])
	}
	if got := detectLang("Die Tests laufen wieder, das war ein Cache-Problem.", langNL); got != langDE {
		t.Errorf("German after Dutch = %s", langCodes[got])
	}
}

// The gloss rewrites cue words only, and every span of it maps back to
// the user's words.
func TestGlossMapsBack(t *testing.T) {
	for _, c := range []struct {
		l          lang
		text, want string // want: a substring of the gloss
	}{
		{langDE, "Die Migrationen darfst du nicht anfassen.", "must not"},
		{langDE, "Nicht direkt auf main pushen.", "do not direkt"},
		{langES, "No borres nunca la tabla raw_sales.", "never borres"},
		{langES, "No lo sé todavía.", "I still don't know"},
		{langFR, "N'ajoute pas de nouvelles dépendances.", "do not add"},
		{langFR, "Je ne sais pas pourquoi.", "not"},
		{langIT, "Non toccare il file.", "do not touch"},
		{langPT, "Não altere o arquivo.", "do not change"},
		{langJA, "ios/ は変更しないでください。", "不要"},
	} {
		g := glossOf(c.text, c.l)
		if g == nil || !strings.Contains(g.text, c.want) {
			t.Errorf("gloss of %q = %v, want it to contain %q", c.text, g, c.want)
			continue
		}
		if back, ok := g.back(g.text); !ok || back != strings.TrimSpace(c.text) {
			t.Errorf("back(gloss of %q) = %q, %v", c.text, back, ok)
		}
		if strings.Contains(g.text, "do not") {
			i := strings.Index(g.text, "do not")
			if back, _ := g.back(g.text[i:]); !strings.HasSuffix(c.text, back) || back == "" {
				t.Errorf("back(%q) = %q: not the source's tail", g.text[i:], back)
			}
		}
	}
	if g := glossOf("Run the tests.", langNone); g != nil {
		t.Errorf("English glossed: %q", g.text)
	}
}
