package projection

import "testing"

// A permission that names the rule's subject in another form of its word
// ("pushing is fine from now on" of "don't push to origin") lifts the one
// active prohibition holding it, in every language the gloss reads
// (liftstem.go).
func TestLiftByWordForm(t *testing.T) {
	script := func(goal, rule, lift string) string {
		return "> user\n" + goal + "\n> assistant\nOk.\n> user\n" + rule + "\n> assistant\nOk.\n> user\n" + lift
	}
	const en = "goal: get the release branch ready."
	lifted := func(w string) string { return `constraint [^\n]*\[lifted[^\n]*` + w + `[^\n]*@2,4` }
	active := func(w string) string { return `constraint [^\n]*\[active[^\n]*` + w }
	cases := []scriptCase{
		{"en push/pushing", script(en, "rule: don't push to origin, I want to review the diff first.", "pushing is fine from now on."),
			[]string{lifted(`push to origin`)}, nil},
		{"en deploy/deploys", script(en, "rule: never deploy to staging without asking.", "deploys to staging are fine from now on."),
			[]string{lifted(`deploy to staging`)}, nil},
		{"en commit/committing", script(en, "rule: never commit to main directly.", "committing is fine now."),
			[]string{lifted(`commit to main`)}, nil},
		{"nl pushen", script("doel: release branch klaarzetten.", "regel: push niet naar origin, ik wil eerst de diff zien.", "pushen mag voortaan gewoon."),
			[]string{lifted(`push niet naar origin`)}, nil},
		{"fr pousser/pousse", script("objectif : préparer la branche de release.", "règle : ne pousse pas sur origin, je veux voir le diff d'abord.", "pousser c'est ok désormais."),
			[]string{lifted(`ne pousse pas`)}, nil},
		{"sv pusha", script("mål: gör release-grenen klar.", "regel: pusha inte till origin, jag vill se diffen först.", "att pusha är okej från och med nu."),
			[]string{lifted(`pusha inte`)}, nil},
		// near misses: another action; a thing the rule does not name;
		// two rules holding the word
		{"en: another action", script(en, "rule: don't push to origin, I want to review the diff first.", "deploying is fine from now on."),
			[]string{active(`push to origin`)}, []string{`\[lifted`}},
		{"en: another thing", script(en, "rule: don't push to origin, I want to review the diff first.", "pushing to staging is fine from now on."),
			[]string{active(`push to origin`)}, []string{`\[lifted`}},
		{"en: two rules hold it", "> user\n" + en + "\n> assistant\nOk.\n> user\nrule: don't push to origin.\n> assistant\nOk.\n> user\nand don't push tags either.\n> assistant\nOk.\n> user\npushing is fine from now on.",
			[]string{active(`push to origin`), active(`push tags`)}, []string{`\[lifted`}},
		{"nl: another action", script("doel: release branch klaarzetten.", "regel: push niet naar origin, ik wil eerst de diff zien.", "deployen mag voortaan gewoon."),
			[]string{active(`push niet naar origin`)}, []string{`\[lifted`}},
	}
	runScriptCases(t, cases)
}

// A new goal given by its label with a few words ("neues Ziel: Login-Bug
// fixen.") replaces the objective even in a session of short messages:
// the label names the message's language (lexicon_ptabbr.go's
// ruleLabelLang), whose gloss reads the change.
func TestShortLabelledGoal(t *testing.T) {
	script := func(goal, next string) string {
		return "> user\n" + goal + "\n> assistant\nOk.\n> user\n" + next
	}
	now := func(v, was string) string {
		return `objective objective/session/goal \[active[^\n]*= ` + v + `[^\n]*\(was ` + was
	}
	cases := []scriptCase{
		{"de", script("Ziel: tsc sauber.", "neues Ziel: Login-Bug fixen."), []string{now(`Login-Bug fixen`, `Ziel: tsc sauber`)}, nil},
		{"de noun only", script("Ziel: tsc sauber.", "Neues Ziel: der Rate-Limiter."), []string{now(`der Rate-Limiter`, `Ziel: tsc sauber`)}, nil},
		{"en", script("goal: tsc clean.", "new goal: fix the login bug."), []string{now(`fix the login bug`, `goal: tsc clean`)}, nil},
		{"nl", script("doel: tsc schoon.", "nieuw doel: loginbug fixen."), []string{now(`loginbug fixen`, `doel: tsc schoon`)}, nil},
		{"it", script("obiettivo: tsc pulito.", "nuovo obiettivo: fixare il login."), []string{now(`fixare il login`, `obiettivo: tsc pulito`)}, nil},
		{"sv", script("mål: tsc rent.", "nytt mål: fixa login-buggen."), []string{now(`fixa login-buggen`, `mål: tsc rent`)}, nil},
		// near misses: the goal named but not changed; the label with no
		// goal after it; an English label that is a word of another
		// language ("but:") reads no language
		{"de: the goal unchanged", script("Ziel: tsc sauber.", "das Ziel bleibt, mach weiter."),
			[]string{`objective objective/session/goal \[active[^\n]*= Ziel: tsc sauber\. @0\n`}, nil},
		{"de: nothing after the label", script("Ziel: tsc sauber.", "neues Ziel:"),
			[]string{`objective objective/session/goal \[active[^\n]*= Ziel: tsc sauber\. @0\n`}, nil},
	}
	runScriptCases(t, cases)
	if l, ok := ruleLabelLang("but: the tests still fail"); ok {
		t.Errorf("ruleLabelLang(but: …) = %d, want none", l)
	}
	if l, ok := ruleLabelLang("objetivo: tsc limpio"); ok {
		t.Errorf("ruleLabelLang(objetivo: …) = %d, want none (Spanish and Portuguese both)", l)
	}
}

// A rule said as the rest of a place after its exception ("only in
// src/legacy you can leave any. in the rest of the code no any") is that
// rule with its exception in every language the gloss reads: the
// Germanic ones saying the verb last ("darfst du any lassen", "mag je any
// laten staan": permitact.go's finalVerb), the Romance and Slavic ones
// with their words for the rest ("en el resto del", "nel resto del …
// niente", "в остальном", "в решті": restrule.go).
func TestRuleAfterItsExceptionLangs(t *testing.T) {
	rule := func(head, ex string) string {
		return `constraint [^\n]*\[active[^\n]*= ` + head + `[^\n]* — except: ` + ex
	}
	s := func(goal, msg string) string { return "> user\n" + goal + "\n> user\n" + msg }
	cases := []scriptCase{
		{"de", s("Ziel: tsc sauber.", "nur in src/legacy darfst du any lassen. im restlichen Code kein any."),
			[]string{rule(`im restlichen Code kein any`, `nur in src/legacy darfst du any lassen`)}, nil},
		{"de: überall sonst", s("Ziel: tsc sauber.", "nur in src/legacy darfst du any lassen. überall sonst kein any."),
			[]string{rule(`überall sonst kein any`, `nur in src/legacy`)}, nil},
		{"nl", s("doel: tsc schoon.", "alleen in src/legacy mag je any laten staan. in de rest van de code geen any."),
			[]string{rule(`in de rest van de code geen any`, `alleen in src/legacy mag je any laten staan`)}, nil},
		{"es", s("objetivo: tsc limpio.", "solo en src/legacy puedes dejar any. en el resto del código nada de any."),
			[]string{rule(`en el resto del código nada de any`, `solo en src/legacy puedes dejar any`)}, nil},
		{"it", s("obiettivo: tsc pulito.", "solo in src/legacy puoi lasciare any. nel resto del codice niente any."),
			[]string{rule(`nel resto del codice niente any`, `solo in src/legacy puoi lasciare any`)}, nil},
		{"ru", s("задача: чистый tsc.", "только в src/legacy можно оставить any. в остальном коде никаких any."),
			[]string{rule(`в остальном коде никаких any`, `только в src/legacy можно оставить any`)}, nil},
		{"uk", s("мета: чистий tsc.", "тільки в src/legacy можна залишити any. в решті коду жодних any."),
			[]string{rule(`в решті коду жодних any`, `тільки в src/legacy можна залишити any`)}, nil},
		// near misses: the rest allowed is no rule; the rule said alone
		// is the rule as said; a permission with its object but no
		// place bounding it excepts nothing
		{"de: the rest is fine", s("Ziel: tsc sauber.", "nur in src/legacy darfst du any lassen. der Rest ist so in Ordnung."),
			nil, []string{`constraint [^\n]*Rest`, `except`}},
		{"it: the rule alone", s("obiettivo: tsc pulito.", "nel resto del codice niente any."),
			nil, []string{`except`}},
		{"uk: the rule alone", s("мета: чистий tsc.", "в решті коду жодних any."),
			nil, []string{`except`}},
		{"nl: no place", s("doel: tsc schoon.", "regel: geen any in de code.\n> assistant\nOk.\n> user\nje mag any laten staan."),
			nil, []string{`except`}},
	}
	runScriptCases(t, cases)
	for _, c := range []struct {
		ws   []string
		want string
	}{
		{[]string{"lassen."}, "lassen"},
		{[]string{"laten", "staan."}, "laten"},
		{[]string{"tests", "in", "e2e/"}, ""},
		{[]string{"it"}, ""},
		{nil, ""},
	} {
		if got := finalVerb(c.ws); got != c.want {
			t.Errorf("finalVerb(%q) = %q, want %q", c.ws, got, c.want)
		}
	}
}
