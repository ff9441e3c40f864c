package projection

import (
	"strings"
	"testing"
	"time"
)

// Review of this session's mechanisms on near variants of their trial
// examples: another subject, another language the lexicons read, another
// sentence order.

func TestReviewPromiseVariants(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"en other subject", "> user\nthe parser drops comments\n> assistant\nThe lexer skips them. I'll write a regression test for the lexer.\n",
			[]string{`obligation/-/.* \[open/`}, nil},
		{"es promise", "> user\nel parser pierde comentarios\n> assistant\nEl lexer los salta. Añado un test para el lexer.\n",
			[]string{`obligation/-/.* \[open/`}, nil},
		{"pt promise", "> user\no parser perde comentários\n> assistant\nO lexer os ignora. Vou adicionar um teste para o lexer.\n",
			[]string{`obligation/-/.* \[open/`}, nil},
		{"de reordered", "> user\nder Export ist leer\n> assistant\nDer Stream steht am Ende. Die Doku ergänze ich morgen.\n",
			[]string{`obligation/-/.* \[open/`}, nil},
		{"en promise beside an unrelated 'no'", "> user\nthe parser drops comments\n> assistant\nThe lexer skips them; no API change. I'll add a test for the lexer.\n",
			[]string{`obligation/-/.* \[open/`}, nil},
		// near misses
		{"en third person", "> user\nthe parser drops comments\n> assistant\nThe CI job will add a test report to the PR.\n",
			nil, []string{`obligation/`}},
		{"es offer", "> user\nel parser pierde comentarios\n> assistant\nSi quieres añado un test para el lexer.\n",
			nil, []string{`obligation/`}},
	})
}

func TestReviewCorrectionSubjectVariants(t *testing.T) {
	const en = "> user\nspeed up the catalog page\n> assistant\nPlan: cache the catalog in memcached with a 60s TTL — ok?\n> user\nok memcached fine\n> assistant\nDone.\n> user\nactually log level back to info, debug floods the disk\n> assistant\nOk.\n> user\n"
	runScriptCases(t, []scriptCase{
		{"en other subject", en + "actually go with redis, memcached loses the keys on restart\n",
			[]string{`= actually go with redis.* \(was Plan: cache the catalog`}, []string{`\(was actually log level`}},
	})
}

func TestReviewTakeBackVariants(t *testing.T) {
	const held = "> user\nadd a cache for the catalog\n> assistant\nI'll put the catalog in Memcached, it is already deployed.\n> user\n"
	const none = "> user\nadd a cache for the catalog\n> assistant\nOk, looking at the catalog service.\n> user\n"
	runScriptCases(t, []scriptCase{
		{"en the agent's decision", held + "actually no Memcached, use Redis\n",
			[]string{`decision \S+ \[active/normative\] = use Redis \(was I'll put the catalog in Memcached`}, nil},
		{"en no decision held it", none + "actually no Memcached, use Redis\n",
			[]string{`decision \S+ \[active/normative\] = use Redis \(was Memcached\)`}, nil},
		{"nl no decision held it", none + "nee toch geen Memcached, gebruik Redis\n",
			[]string{`decision \S+ \[active/normative\] = gebruik Redis \(was Memcached\)`}, nil},
		{"fr elided, no decision held it", none + "finalement pas d'Elasticsearch, utilise Postgres\n",
			[]string{`decision \S+ \[active/normative\] = utilise Postgres \(was Elasticsearch\)`}, nil},
	})
}

// A lift by another form of the rule's word holds for verbs whose stem
// changes their last letter ("deploy": "deplo", "commit": one ending off
// "commi") and across the languages the gloss reads (liftstem.go's
// lightRoots); near misses: another verb.
func TestReviewLiftStemVariants(t *testing.T) {
	script := func(goal, rule, lift string) string {
		return "> user\n" + goal + "\n> assistant\nOk.\n> user\n" + rule + "\n> assistant\nOk.\n> user\n" + lift
	}
	lifted := func(w string) string { return `constraint [^\n]*\[lifted[^\n]*` + w + `[^\n]*@2,4` }
	active := func(w string) string { return `constraint [^\n]*\[active[^\n]*` + w }
	runScriptCases(t, []scriptCase{
		{"en deploy/deploying", script("goal: ship the billing fix.", "rule: don't deploy on fridays.", "deploying is fine from now on."),
			[]string{lifted(`deploy on fridays`)}, nil},
		{"nl deploy/deployen", script("doel: release klaarzetten.", "regel: deploy niet op vrijdag.", "deployen mag voortaan gewoon."),
			[]string{lifted(`deploy niet op vrijdag`)}, nil},
		{"nl commit/committen", script("doel: release klaarzetten.", "regel: commit niet op main.", "committen mag voortaan gewoon."),
			[]string{lifted(`commit niet op main`)}, nil},
		{"de deploye/deployen", script("Ziel: den Billing-Fix ausliefern.", "Regel: deploye nicht freitags.", "deployen darfst du ab jetzt."),
			[]string{lifted(`deploye nicht`)}, nil},
		{"fr déploie/déployer", script("objectif : préparer la release.", "règle : ne déploie pas le vendredi.", "déployer c'est ok désormais."),
			[]string{lifted(`déploie pas`)}, nil},
		{"it committare", script("obiettivo: preparare la release.", "regola: non committare su main.", "committare è ok d'ora in poi."),
			[]string{lifted(`committare su main`)}, nil},
		// near misses
		{"nl another verb", script("doel: release klaarzetten.", "regel: deploy niet op vrijdag.", "committen mag voortaan gewoon."),
			[]string{active(`deploy niet op vrijdag`)}, []string{`\[lifted`}},
		{"de another verb", script("Ziel: den Billing-Fix ausliefern.", "Regel: deploye nicht freitags.", "mergen darfst du ab jetzt."),
			[]string{active(`deploye nicht`)}, []string{`\[lifted`}},
	})
}

// The readings of this session's mechanisms finish on a 1 MB message of
// one sentence, without a panic; the log prints each one's time.
func TestReviewRegexpsHugeInput(t *testing.T) {
	unit := "ik voeg de test toe i'll update the docs nee toch geen Redis, actually go with joinedload pushing is fine "
	huge := strings.Repeat(unit, (1<<20)/len(unit)+1)
	for name, f := range map[string]func(){
		"ownPromise":        func() { ownPromise(huge) },
		"ownTasks":          func() { ownTasks(huge) },
		"takenBackThingRE":  func() { takenBackThingRE.FindStringSubmatch(huge) },
		"subjectText":       func() { subjectText(huge) },
		"soleByRoot":        func() { (&Reducer{}).soleByRoot(huge, 1) },
		"notInsteadRE":      func() { notInsteadRE.FindStringSubmatch(huge) },
		"restLeadRE":        func() { restLeadRE.FindStringIndex(huge) },
		"actScopeIn":        func() { actScopeIn(huge, false) },
		"ownSideRE":         func() { ownSideRE.FindAllStringIndex(huge, -1) },
		"roots":             func() { roots(huge) },
		"ruleLabelLang":     func() { ruleLabelLang(huge) },
		"decisionTakenBack": func() { decisionTakenBack(huge, &Context{Decisions: []string{"use Redis"}}, nil) },
	} {
		// Timed only in the log: a shared machine (and -race) makes any
		// bound flaky; a reading that blew up beyond linear would take
		// minutes here and meet go test's timeout.
		start := time.Now()
		f()
		t.Logf("%s on 1 MB: %v", name, time.Since(start))
	}
}

// Short and empty input never panics.
func TestReviewShortInput(t *testing.T) {
	for _, s := range []string{"", " ", "'", "a", "no", "nee toch geen", "actually", "ok:", ":", "3, nicht 5", "`"} {
		ownPromise(s)
		ownTasks(s)
		subjectText(s)
		subjectWords(s, langNL)
		roots(s)
		lightRoots(s)
		ruleLabelLang(s)
		decisionTakenBack(s, &Context{}, nil)
		finalVerb(strings.Fields(s))
		testDone(s, s)
	}
}
