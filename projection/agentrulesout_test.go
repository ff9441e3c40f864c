package projection

import "testing"

// TestAgentRulesOutInRomanceWords: the agent ruling an approach out ("I
// rule out", "Descarto", "descartei", "escludo", "j'écarte") is negative
// knowledge, and its suspicion ("Sospecho que", "suspeito", "sospetto",
// "je soupçonne") a hypothesis; the verb negated ("No descarto que sea
// el índice", "non escludo", "je n'exclus pas") or asked rules nothing
// out.
func TestAgentRulesOutInRomanceWords(t *testing.T) {
	one := func(goal, said string) string {
		return "> user\n" + goal + "\n> assistant\n" + said + "\n"
	}
	runScriptCases(t, []scriptCase{
		{"es", one("necesito paginación por cursor en orders.list.", "Offset en la página 500 tarda 1.84 s contra 9 ms con cursor. Descarto offset pagination: además de lento, si entran órdenes nuevas se duplican filas. Sospecho que lo lento es que no hay índice en orders(created_at, id)."),
			[]string{`negative-knowledge negative/-/descarto-offset-pagination`, `uncertainty hypothesis/-/sospecho-.*índice`}, nil},
		{"en", one("I need cursor pagination in orders.list.", "I rule out offset pagination: besides slow, rows get duplicated when new orders come in."),
			[]string{`negative-knowledge negative/-/rule-out-offset-pagination`}, nil},
		{"pt", one("preciso de paginação por cursor no orders.list.", "Descartei a paginação por offset: é lenta e duplica linhas."),
			[]string{`negative-knowledge negative/-/descartei-paginação-offset`}, nil},
		{"it", one("mi serve la paginazione a cursore in orders.list.", "Escludo la paginazione con offset: è lenta e duplica le righe. Sospetto che manchi un indice su orders(created_at, id)."),
			[]string{`negative-knowledge negative/-/escludo-paginazione`, `uncertainty hypothesis/-/sospetto-`}, nil},
		{"fr", one("il me faut la pagination par curseur dans orders.list.", "J'écarte la pagination par offset : elle est lente et duplique des lignes."),
			[]string{`negative-knowledge negative/-/.*pagination-offset`}, nil},
		{"near miss: es negated", one("necesito paginación por cursor en orders.list.", "No descarto que el problema sea el índice de orders."),
			nil, []string{`negative-knowledge`}},
		{"near miss: it negated", one("mi serve la paginazione a cursore in orders.list.", "Non escludo che il problema sia la cache di orders."),
			nil, []string{`negative-knowledge`}},
		{"near miss: fr negated", one("il me faut la pagination par curseur dans orders.list.", "Je n'exclus pas que la cache de orders soit en cause."),
			nil, []string{`negative-knowledge`}},
		{"near miss: asked", one("necesito paginación por cursor en orders.list.", "¿Descarto offset pagination del todo o la dejo como opción?"),
			nil, []string{`negative-knowledge`}},
		{"near miss: it scarto as a noun", one("mi serve la paginazione a cursore in orders.list.", "Lo scarto tra offset e cursore è di 1.8 s alla pagina 500."),
			nil, []string{`negative-knowledge`}},
	})
}
