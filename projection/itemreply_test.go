package projection

import "testing"

// TestProposalsAnsweredItemByItem: a list of the agent's proposals
// answered clause by clause, each clause naming its item; an offer of
// one thing declined with what the user means by it.
func TestProposalsAnsweredItemByItem(t *testing.T) {
	const start = "> user\nLet's speed up the feed.\n> assistant\n"
	cases := []struct {
		name, agent, said string
		want, never       []string
	}{
		{"the repro", "Предлагаю: 1) MaxConns 10 → 40; 2) для meta использовать jsoniter; 3) sync.Pool для буферов в enrich.",
			"jsoniter нет, это новая зависимость. sync.Pool ок. MaxConns ставь 40",
			[]string{`decision .*= sync.Pool для буферов в enrich \(the agent's proposal, accepted: sync.Pool ок\)`,
				`decision .*= MaxConns 10 → 40 \(the agent's proposal, accepted: MaxConns ставь 40\)`,
				`negative-knowledge .*= для meta использовать jsoniter — rejected: jsoniter нет, это новая зависимость`}, nil},
		{"English, on lines", "I propose:\n1. raise MaxConns to 40\n2. switch meta to jsoniter\n3. a sync.Pool for the enrich buffers",
			"sync.Pool yes\njsoniter no, no new deps",
			[]string{`decision .*= a sync.Pool for the enrich buffers \(the agent's proposal, accepted: sync.Pool yes\)`,
				`negative-knowledge .*= switch meta to jsoniter — rejected: jsoniter no, no new deps`},
			[]string{`decision .*MaxConns`}},
		{"Dutch", "Voorstel: 1) retries op 2 zetten; 2) de timeout naar 10s; 3) een aparte Playwright-config voor CI.",
			"timeout oké. retries nee, die verbergen races",
			[]string{`decision .*= de timeout naar 10s \(the agent's proposal, accepted: timeout oké\)`,
				`negative-knowledge .*= retries op 2 zetten — rejected: retries nee, die verbergen races`}, nil},
		{"Italian", "Propongo: 1) batch da 10000 righe; 2) un indice su created_at; 3) Flyway per la migrazione.",
			"indice ok; Flyway no, usiamo Liquibase da sempre",
			[]string{`decision .*= un indice su created_at \(the agent's proposal`,
				`negative-knowledge .*= Flyway per la migrazione — rejected: Flyway no, usiamo Liquibase`}, nil},
		// Negative cases.
		{"ok alone accepts nothing", "I propose: 1) raise MaxConns to 40; 2) switch meta to jsoniter.", "ok",
			nil, []string{`decision`, `negative-knowledge`}},
		{"a clause that says more", "I propose: 1) raise MaxConns to 40; 2) switch meta to jsoniter.", "jsoniter ok but first show me the benchmark numbers",
			nil, []string{`decision .*jsoniter`, `negative-knowledge`}},
		{"a word two items hold", "I propose: 1) a pool for the buffers; 2) a pool for the connections.", "pool ok",
			nil, []string{`decision .*pool`}},
		{"no list, no proposal", "MaxConns is 10 and meta uses encoding/json. What should I look at?", "jsoniter no, it's a new dependency",
			nil, []string{`negative-knowledge`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, start+c.agent+"\n> user\n"+c.said), c.want, c.never)
		})
	}
}

// TestOfferDeclined: an offer of one thing turned down by a refusal and
// what the user means by it, in any language; a refusal that puts it
// off, or gives a course with no reason, rejects nothing here.
func TestOfferDeclined(t *testing.T) {
	const start = "> user\nThe service runs out of memory.\n> assistant\n"
	cases := []struct {
		name, agent, said string
		want, never       []string
	}{
		{"the repro", "Ок. Можно вместо этого GOMEMLIMIT=450MiB. Попробовать?", "не, пока хватит с GC",
			[]string{`negative-knowledge .*= Можно вместо этого GOMEMLIMIT=450MiB\.? — rejected: не, пока хватит с GC`}, nil},
		{"Ukrainian", "Можна натомість GOMEMLIMIT=450MiB. Спробувати?", "ні, поки досить з GC",
			[]string{`negative-knowledge .*GOMEMLIMIT=450MiB.* — rejected: ні, поки досить з GC`}, nil},
		{"Dutch", "We kunnen ook GOMEMLIMIT=450MiB zetten. Proberen?", "nee, voorlopig genoeg met de GC",
			[]string{`negative-knowledge .*GOMEMLIMIT=450MiB.* — rejected: nee, voorlopig genoeg met de GC`}, nil},
		{"named with its reason", "Можно вместо этого GOMEMLIMIT=450MiB. Попробовать?", "GOMEMLIMIT нет, это маскирует утечку",
			[]string{`negative-knowledge .*GOMEMLIMIT=450MiB.* — rejected: GOMEMLIMIT нет, это маскирует утечку`}, nil},
		// Negative cases.
		{"put off", "Можно вместо этого GOMEMLIMIT=450MiB. Попробовать?", "не, потом",
			nil, []string{`negative-knowledge`}},
		{"put off in English", "We could set GOMEMLIMIT=450MiB instead. Try it?", "no, wait",
			nil, []string{`negative-knowledge`}},
		{"a bare refusal", "Можно вместо этого GOMEMLIMIT=450MiB. Попробовать?", "нет",
			nil, []string{`negative-knowledge`}},
		{"no offer, a statement", "GOMEMLIMIT is unset in the deployment.", "no, it's set in the helm chart",
			nil, []string{`negative-knowledge`}},
		{"a question after the refusal", "Можно вместо этого GOMEMLIMIT=450MiB. Попробовать?", "нет, а сколько сейчас?",
			nil, []string{`negative-knowledge`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, start+c.agent+"\n> user\n"+c.said), c.want, c.never)
		})
	}
}

// TestDiagnosisCorrected: the user says the agent's diagnosis is wrong
// and gives the cause: the diagnosis is negative knowledge, the cause a
// decision.
func TestDiagnosisCorrected(t *testing.T) {
	const start = "> user\nrun the playwright suite\n> assistant\n"
	cases := []struct {
		name, agent, said string
		want, never       []string
	}{
		{"the repro", "Ik denk dat de selector niet klopt. Ik pas de locator aan naar getByText('Bedankt').",
			"nee, het is niet de selector. het is een race: de test klikt op 'Betalen' voordat de /api/flags response er is.",
			[]string{`negative-knowledge .*= Ik denk dat de selector niet klopt\. — rejected: nee, het is niet de selector\.`,
				`decision .*= het is een race: de test klikt op 'Betalen' voordat de /api/flags response er is\.`}, nil},
		{"English", "I think the selector is wrong. I'll change the locator to getByText('Thanks').",
			"no, it's not the selector. it's a race with the /api/flags response.",
			[]string{`negative-knowledge .*= I think the selector is wrong\. — rejected: no, it's not the selector\.`,
				`decision .*= it's a race with the /api/flags response\. \(the user's diagnosis`}, nil},
		{"Russian", "Похоже, селектор неверный. Поменяю локатор.",
			"нет, дело не в селекторе. это гонка с ответом /api/flags.",
			[]string{`negative-knowledge .*= Похоже, селектор неверный\. — rejected: нет, дело не в селекторе\.`}, nil},
		{"Italian, no cause given", "Probabilmente il selettore è sbagliato.",
			"non è il selettore.",
			[]string{`negative-knowledge .*= Probabilmente il selettore è sbagliato\. — rejected: non è il selettore\.`}, []string{`decision`}},
		// Negative cases.
		{"no to an offer to run", "Zal ik de hele suite opnieuw draaien?", "nee, draai alleen checkout.spec.ts",
			nil, []string{`negative-knowledge`}},
		{"not the thing the diagnosis named", "I think the selector is wrong.", "it's not the weekend yet, keep going.",
			nil, []string{`negative-knowledge`}},
		{"no diagnosis before", "I changed the locator to getByText('Thanks').", "no, it's not the selector. it's a race.",
			nil, []string{`negative-knowledge`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, start+c.agent+"\n> user\n"+c.said), c.want, c.never)
		})
	}
}

// TestQuestionPutOffOrPassedOn: an agent's question put off ("ti dico
// dopo", "komt later") or passed on by the user ("chiedo a Luca", "I'll
// ask Luca", "спрошу у Пети") stays open and states no rule; its answer
// given later closes it.
func TestQuestionPutOffOrPassedOn(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"the repro", "> user\nscrivi il backfill\n> assistant\nDomanda: lo faccio a batch da 10.000 righe?\n> user\nper il batch devo sentire il DBA, ti dico dopo\n> assistant\nOk.\n> user\nallora, per il backfill il DBA dice batch da 5000 righe con una pausa di 200ms tra i batch",
			[]string{`uncertainty .*\[established/.*batch da 10\.000 righe`, `decision/answer/.*= allora, per il backfill il DBA dice batch da 5000 righe`}, nil},
		{"passed on in Italian", "> user\nscrivi il backfill\n> assistant\nQuale ambiente usava il pool a 30?\n> user\nboh non lo so, chiedo a Luca.",
			[]string{`uncertainty .*\[hypothesis/.*Quale ambiente usava il pool a 30\? — boh non lo so, chiedo a Luca\.`}, []string{`constraint`}},
		{"passed on in English", "> user\nwrite the backfill\n> assistant\nWhich environment used the pool of 30?\n> user\nno idea, I'll ask Luca.",
			[]string{`uncertainty .*\[hypothesis/.*Which environment used the pool of 30\?`}, []string{`constraint`}},
		{"passed on in Russian", "> user\nнапиши бэкфилл\n> assistant\nКакое окружение использовало пул на 30?\n> user\nхз, спрошу у Пети.",
			[]string{`uncertainty .*\[hypothesis/.*Какое окружение использовало пул на 30\?`}, []string{`constraint`}},
		{"put off in Dutch", "> user\nmaak een pr\n> assistant\nWelke Node-versie draait de CI eigenlijk?\n> user\nja ja, komt later. nu eerst een pr maken",
			[]string{`uncertainty .*\[hypothesis/.*Welke Node-versie draait de CI eigenlijk\? — ja ja, komt later\.`}, nil},
		{"put off in Russian", "> user\nнапиши бэкфилл\n> assistant\nКакой размер батча взять?\n> user\nскажу позже",
			[]string{`uncertainty .*\[hypothesis/.*Какой размер батча взять\?`}, nil},
		// Negative cases.
		{"answered at once", "> user\nscrivi il backfill\n> assistant\nDomanda: lo faccio a batch da 10.000 righe?\n> user\nsì, batch da 10.000 righe va bene",
			nil, []string{`uncertainty .*\[hypothesis/`}},
		{"a rule naming someone to ask", "> user\nwrite the backfill\n> assistant\nDone.\n> user\nalways ask Luca before you touch the pool settings.",
			[]string{`constraint .*ask Luca before you touch the pool settings`}, []string{`uncertainty`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// TestSummaryOpenItemIsNoAnswer: an agent's summary listing the user's
// question as open ("Open: holdout Q3 vs Q3+Q4 (Priya).") leaves it
// open; an open item about something else leaves it alone.
func TestSummaryOpenItemIsNoAnswer(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"the repro", "> user\nand the holdout for the go/no-go, should that be Q3 only or Q3+Q4? actually dont answer, ask Priya.\n> assistant\nSummary: candidate written. Open: holdout Q3 vs Q3+Q4 (Priya).",
			[]string{`uncertainty .*\[hypothesis/.*should that be Q3 only or Q3\+Q4\? \(open: Open: holdout`}, []string{`decision/answer`}},
		{"pending, German", "> user\nsoll das Holdout nur Q3 sein oder Q3+Q4?\n> assistant\nZusammenfassung: Kandidat geschrieben. Offen: Holdout Q3 oder Q3+Q4 (Priya).",
			[]string{`uncertainty .*\[hypothesis/.*Q3\+Q4\? \(open: Offen: Holdout`}, []string{`decision/answer`}},
		// Negative cases.
		{"an open item about something else", "> user\nshould the holdout be Q3 only or Q3+Q4?\n> assistant\nQ3+Q4: the Q3 holdout alone has 212 churners. Open: the DST test on the build machine.",
			nil, []string{`open: Open: the DST test`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
