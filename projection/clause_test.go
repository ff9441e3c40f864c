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

// A rule asked as a favour ("can we not touch the prod DB?", "能不能先别
// 碰？") is a rule, a favour of nothing named is not; "in no case cannot"
// is a rule about a thing whoever relays it; an assignment inside a
// prohibition names a condition or a forbidden value, not a setting.
func TestRuleAskedAndAbsolute(t *testing.T) {
	for _, c := range []struct {
		s     string
		want  []string
		never []string
	}{
		{"> user\nStart. can we not touch the prod DB for now? do everything on staging.\n> assistant\nOk.",
			[]string{`constraint .*can we not touch the prod DB`}, nil},
		{"> user\n开始。\n线上的 es 集群（es-prod）能不能先别碰？测试都在 es-test 上做\n> assistant\nOk.",
			[]string{`constraint .*能不能先别碰`}, []string{`uncertainty`}},
		{"> user\nStart. Can we not do this now? I'm tired.\n> assistant\nOk.", nil, []string{`constraint`}},
		{"> user\n开始。\n小林（产品）说下架的书 status=offline 的 任何情况下都不能出现在搜索结果里\n> assistant\nOk.",
			[]string{`constraint .*任何情况下都不能出现`}, []string{`value/-/status`}},
		{"> user\nok release time. jen says every changelog entry links its PR #, no exceptions\n> assistant\nOk.",
			[]string{`constraint .*every changelog entry links its PR #, no exceptions`}, nil},
		{"> user\nStart. There were no errors in the log, no exceptions.\n> assistant\nOk.", nil, []string{`constraint`}},
		{"> user\nStart. Books with status=offline must never show up in search results. Use timeout=30, never 60.\n> assistant\nOk.",
			[]string{`constraint .*status=offline must never`, `value/-/timeout \[current/normative\] = 30`}, []string{`value/-/status`}},
	} {
		out := reduceAll(t, c.s)
		expect(t, out, c.want, c.never)
	}
}

// A package approved by someone ("jen ok'd anstream as the one new dep")
// is an exception to a rule against new dependencies, as "you can add
// anstream" is.
func TestApprovedPackageExcepts(t *testing.T) {
	for _, x := range []string{"jen ok'd anstream as the one new dep. nothing else", "jen approved anstream as the one new dep."} {
		out := reduceAll(t, "> user\nrelease time.\nno new deps, we're trimming.\n> assistant\nOk.\n> user\n"+x+"\n> assistant\nOk.")
		expect(t, out, []string{`constraint .*\[active/normative\] = no new deps — except: .*anstream`}, nil)
	}
	// "the approved list" is a list, no approval of a package called so.
	out := reduceAll(t, "> user\nrelease time.\nno new modules in go.mod unless I say so.\n> assistant\nOk.\n> user\nthe go.mod freeze is lifted, but only add modules from the approved list\n> assistant\nOk.")
	expect(t, out, nil, []string{`except: .*approved list`})
}

// A choice put off until someone answers is an open question naming the
// options, in English and French; a French "has not decided yet whether"
// is an open question as the English one is.
func TestChoicePutOff(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"For route_color there are two options: A, the new 2027 brand colours, or B, the current map's colours. We're waiting for the comms team's answer before choosing, so don't set anything for now.",
			`uncertainty .*\[hypothesis/normative\] = For route_color there are two options`},
		{"Pour les couleurs des lignes (route_color) il y a deux possibilités : A, les nouvelles couleurs de la charte graphique 2027, ou B, les couleurs du plan actuel. On attend la réponse de la com' avant de choisir, donc ne mets rien pour l'instant.",
			`uncertainty .*= Pour les couleurs des lignes \(route_color\) il y a deux possibilités`},
		{"Pour le TAD (transport à la demande), Mme Roux n'a pas encore tranché si on le met dans le GTFS, donc on verra.",
			`uncertainty .*= Pour le TAD`},
	} {
		out := reduceAll(t, "> user\nStart.\n> assistant\nOk.\n> user\n"+c.text+"\n> assistant\nOk.")
		expect(t, out, []string{c.want}, []string{`decision`})
	}
}
