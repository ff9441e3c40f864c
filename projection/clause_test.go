package projection

import "testing"

func TestOperativeKeepsAllowance(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// An allowance before the rule bounds it: kept.
		{"you may apply the CRD to stg-eu1, nothing else there, and prod stays completely off limits.",
			"you may apply the CRD to stg-eu1, nothing else there, and prod stays completely off limits."},
		// A clause that opens with a condition on the one before needs it,
		// and a label that says the thing is open stays.
		{"the backup line might be behind CGNAT now, and if it is, inbound UDP to 1194 never arrives.",
			"the backup line might be behind CGNAT now, and if it is, inbound UDP to 1194 never arrives."},
		{"One thing still up in the air: the backup line might be behind CGNAT now, and if it is, inbound UDP to 1194 never arrives.",
			"One thing still up in the air: the backup line might be behind CGNAT now, and if it is, inbound UDP to 1194 never arrives."},
		// Reasons before the rule are not: the rule is quoted alone.
		{"The payments team alerts on anything above that, so the retry budget must stay at 3 attempts max",
			"the retry budget must stay at 3 attempts max"},
	} {
		if got := operative(tc.in); got != tc.want {
			t.Errorf("operative(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// A rule ended by a thing's new state: it can do the thing now, it is
// released again, it is like the rest again (in English, and through
// the German and Spanish lexicons). Negated, questioned or conditioned,
// it ends nothing.
func TestLiftShapeByState(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"so the LLM can now process the limitation of liability clauses like all the others", true},
		{"the lab channel is released for us again", true},
		{"for us it is a region like any other again", true},
		{"the staging cluster is cleared again", true},
		{"the lab channel is not released yet", false},
		{"the lab channel is not yet released again", false},
		{"can the LLM now process the liability clauses?", false},
		{"the LLM can now process them if legal signs off", false},
		{"the lab channel is released", false}, // no "now" or "again": an exception, not an end
		// The thing the rule was kept for back, or its keeper gone.
		{"The GitLab is back, you can push.", true},
		{"you can push to your own branch", false},
		{"The GitLab is back.", false},
		{"canal 你直接改吧，他不管了", true},
		{"canal 你直接改吧", false},
	} {
		if got := liftShape(c.s); got != c.want {
			t.Errorf("liftShape(%q) = %v, want %v", c.s, got, c.want)
		}
	}
	for _, c := range []struct {
		s string
		l lang
	}{
		{"der Laborkanal ist für uns wieder freigegeben", langDE},
		{"para nosotros vuelve a ser una región como cualquier otra", langES},
		{"Le GitLab est revenu, tu peux pousser.", langFR},
	} {
		g := glossOf(c.s, c.l)
		if g == nil || !liftShape(g.text) {
			t.Errorf("%q glossed %v: no lift by its shape", c.s, g)
		}
	}
}
