package projection

import "testing"

// TestCorrectionSubject: a correction replaces the decision about the
// thing it names (A25: "actually go with joinedload, selectinload doubles
// the queries" replaces the accepted selectinload plan), not an unrelated
// decision said earlier with the same "actually". Near misses: a
// correction naming no decided thing still points at the newest choice; a
// correction about the other decision replaces that one.
func TestCorrectionSubject(t *testing.T) {
	const en = "> user\nfix the N+1 on /orders\n> assistant\nPlan for the N+1 on `/orders`: use `selectinload(Order.items)` — ok with you?\n> user\nok selectinload fine\n> assistant\nDone.\n> user\nactually statement timeout back to 5s, reports go through the replica anyway, not this pool\n> assistant\nOk.\n> user\n"
	const nl = "> user\nfix de N+1 op /orders\n> assistant\nIk stel voor om `selectinload(Order.items)` te gebruiken voor de N+1. Akkoord?\n> user\nprima\n> assistant\nGedaan.\n> user\neigenlijk de statement timeout toch terug naar 5s, rapporten gaan via de replica, niet deze pool\n> assistant\nOk.\n> user\n"
	for _, c := range []struct {
		name, script string
		want, never  []string
	}{
		{"en names the plan's subject (A25)", en + "actually go with joinedload, selectinload doubles the queries on the list endpoint\n",
			[]string{`= actually go with joinedload.* \(was Plan for the N\+1`, `\[active/normative\] = actually statement timeout`},
			[]string{`\(was actually statement timeout`, `\[active/decision\] = Plan for`}},
		{"nl names the plan's subject", nl + "nee toch geen selectinload, gebruik joinedload\n",
			[]string{`= gebruik joinedload \(was Ik stel voor`},
			[]string{`\(was eigenlijk de statement timeout`}},
		// Near misses.
		{"en about the timeout", en + "actually make the statement timeout 10s for the replica\n",
			nil, []string{`\(was Plan for the N\+1`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, c.script)
			expect(t, out, c.want, c.never)
		})
	}
}

// TestTakeBackNamesThing: a take-back that says no to a thing by name and
// says the course in its place is a decision, no rule, whether or not a
// decision held the thing (C21: the agent only said it would read the flag
// via IOptionsSnapshot). Near misses: no course, no thing said no to, a
// question.
func TestTakeBackNamesThing(t *testing.T) {
	const said = "> user\nput the NewInvoicing flag per environment\n> assistant\nI'll read the flag via `IOptionsSnapshot<FeatureFlags>` from appsettings, no extra package needed.\n> user\n"
	for _, c := range []struct {
		name, msg   string
		want, never []string
	}{
		{"nl (C21)", "nee toch geen IOptionsSnapshot, gebruik IFeatureManager van Microsoft.FeatureManagement, dat pakket zit er al in",
			[]string{`decision \S+ \[active/normative\] = gebruik IFeatureManager van Microsoft.FeatureManagement.* \(was IOptionsSnapshot\)`}, []string{`constraint/`}},
		{"en", "actually no IOptionsSnapshot, use IFeatureManager",
			[]string{`decision \S+ \[active/normative\] = use IFeatureManager \(was IOptionsSnapshot\)`}, []string{`constraint/`}},
		{"de", "doch kein IOptionsSnapshot, nimm IFeatureManager",
			[]string{`decision \S+ \[active/normative\] = nimm IFeatureManager \(was IOptionsSnapshot\)`}, []string{`constraint/`}},
		{"fr", "finalement pas IOptionsSnapshot, prends IFeatureManager",
			[]string{`decision \S+ \[active/normative\] = prends IFeatureManager \(was IOptionsSnapshot\)`}, []string{`constraint/`}},
		{"it", "anzi no, niente IOptionsSnapshot, usa IFeatureManager",
			[]string{`decision \S+ \[active/normative\] = usa IFeatureManager \(was IOptionsSnapshot\)`}, []string{`constraint/`}},
		{"es", "al final no IOptionsSnapshot, usa IFeatureManager",
			[]string{`decision \S+ \[active/normative\] = usa IFeatureManager \(was IOptionsSnapshot\)`}, []string{`constraint/`}},
		// Near misses.
		{"nl no course", "nee toch geen IOptionsSnapshot, dat pakket is te zwaar",
			nil, []string{`\(was IOptionsSnapshot\)`}},
		{"nl nothing said no to", "nee wacht, gebruik IFeatureManager voor de nieuwe flag",
			nil, []string{`\(was IOptionsSnapshot\)`}},
		{"nl question", "nee toch geen IOptionsSnapshot, gebruik je IFeatureManager?",
			nil, []string{`\(was IOptionsSnapshot\)`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, said+c.msg+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}
