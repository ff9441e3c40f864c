package projection

import "testing"

func TestRuleProposed(t *testing.T) {
	for _, c := range []struct{ text, rule string }{
		{"Should I stop running migrations on dev from now on?", "stop running migrations on dev from now on"},
		{"I suggest we never push to main directly — ok?", "we never push to main directly"},
		{"I suggest we never push to main directly. OK?", "we never push to main directly"},
		{"以后不要直接推到 main，可以吗？", "以后不要直接推到 main"},
		// near misses: a question of what to do once, a plan with a nod,
		// a proposal that holds no rule, a rule stated without asking
		{"I ran them on dev. Should I run the tests?", ""},
		{"I'll delete the temp files, ok?", ""},
		{"I suggest pgloader for the migration, ok?", ""},
		{"We never push to main directly.", ""},
	} {
		if _, got := ruleProposed(c.text); got != c.rule {
			t.Errorf("ruleProposed(%q) = %q, want %q", c.text, got, c.rule)
		}
	}
}

func TestTagless(t *testing.T) {
	for _, c := range []struct{ s, want string }{
		{"If the tests fail, don't push, ok?", "If the tests fail, don't push"},
		{"if the Tests fehlschlagen, then do not deployen, okay?", "if the Tests fehlschlagen, then do not deployen"}, // the German, glossed
		{"测试失败的话不要推送，好吗？", "测试失败的话不要推送"},
		// near misses: a question before the tag, a request, a question
		// of fact, "right?" asking to confirm, a tag with no clause break
		{"Can you push, ok?", ""},
		{"Fix the lint, ok?", ""},
		{"Is that ok?", ""},
		{"We don't push to main, right?", ""},
		{"Don't push ok?", ""},
	} {
		if got := tagless(c.s); got != c.want {
			t.Errorf("tagless(%q) = %q, want %q", c.s, got, c.want)
		}
	}
}

func TestEveryOccasionFirst(t *testing.T) {
	for _, c := range []struct {
		s    string
		rule bool
	}{
		{"Before every commit run make lint.", true},
		{"Before each commit, please run the tests.", true},
		{"before every Commit the Tests run.", true}, // a German gloss, its verb said last
		// near misses: once, a description, the past, a noun last
		{"Before starting any work, read NOTES.md.", false},
		{"After each step the loss went down.", false},
		{"Before every release we ran the smoke tests.", false},
		{"before every commit the CI roda the lint.", false},
	} {
		if got := everyImperative(c.s); got != c.rule {
			t.Errorf("everyImperative(%q) = %v, want %v", c.s, got, c.rule)
		}
	}
}

func TestCheckWhetherIsRequest(t *testing.T) {
	for _, c := range []struct {
		lang, s string
		rule    bool
	}{
		{"nl", "Check alleen even of de tests slagen.", false},
		{"nl", "Kijk even of de build groen is.", false},
		{"sv", "Kolla bara om testerna går igenom.", false},
		{"de", "Check nur kurz, ob die Tests grün sind.", false},
		// near misses: "alleen … of" and "bara … eller" that restrict
		{"nl", "Gebruik alleen Postgres of SQLite.", true},
		{"sv", "Använd bara Postgres eller SQLite.", true},
	} {
		ctx := &Context{HaveObjective: true, Language: c.lang}
		got := false
		for _, p := range (Deterministic{}).Propose(&Event{Role: RoleUser, Text: c.s}, ctx) {
			got = got || p.Op == OpState && p.Kind == KindConstraint
		}
		if got != c.rule {
			t.Errorf("%s %q: a rule %v, want %v", c.lang, c.s, got, c.rule)
		}
	}
}
