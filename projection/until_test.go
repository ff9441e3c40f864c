package projection

import "testing"

// TestUntilConditionMet: a rule bound in time is lifted when the user says
// its condition happened, in the words after the bound or, for "till
// then", in the clause before the rule; a denial ("not finished yet")
// or another thing finished leaves it active.
func TestUntilConditionMet(t *testing.T) {
	for _, c := range []struct {
		rule, later, want string
	}{
		{"Please keep out of the billing module until the audit is finished.", "The audit is finished, the auditors signed everything.", "lifted"},
		{"Please keep out of the billing module until the audit is finished.", "The audit isn't finished yet, they found two more invoices.", "active"},
		{"Please keep out of the billing module until the audit is finished.", "The onboarding docs are finished.", "active"},
		{"Marta is rotating the API keys this afternoon. Don't run the sync job till then.", "keys rotated, Marta says all good.", "lifted"},
		{"Ne touche pas au schéma jusqu'à la fin de la migration, s'il te plaît.", "Bon, la migration est terminée depuis ce matin.", "lifted"},
		{"Não altere o deploy até a revisão do Paulo terminar, por favor.", "A revisão do Paulo terminou agora há pouco.", "lifted"},
		{"Não altere o deploy até a revisão do Paulo terminar, por favor.", "A revisão do Paulo ainda não terminou.", "active"},
		{"レビューが終わるまでマージしないでください。", "さっきレビューが終わりました。", "lifted"},
	} {
		got := rulesAfter(c.rule, c.later)
		if !has(got, c.want, "") || len(got) != 1 {
			t.Errorf("%q then %q: %q, want one %s", c.rule, c.later, got, c.want)
		}
	}
}

// A condition naming a version ("until v2.3 is tagged") keeps its dots;
// the tag said done ends the rule it bounds.
func TestUntilVersionCondition(t *testing.T) {
	q := "And until v2.3 is tagged this afternoon (Priya will do it before she leaves), please don't let clippy hold you up: just commit."
	if c := untilOf(q, q); c != "v2.3 is tagged this afternoon" {
		t.Errorf("untilOf = %q", c)
	}
	out := reduceAll(t, "> user\nWe work on the booklet mode.\n> assistant\nok\n> user\n"+q+"\n> assistant\nok\n> user\nSecondly, Priya tagged v2.3 before she left, so that's done.\n")
	expect(t, out, []string{`constraint .*\[lifted/normative\] = And until v2.3 is tagged .* @2,4`}, nil)
}
