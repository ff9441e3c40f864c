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
