package projection

import "testing"

// TestChangeOfPlansTakesDecisionBack: a change of plans said as such,
// naming in plain words a thing an active decision holds, with "better"
// and the new course, replaces that decision, in Spanish, English,
// Portuguese, Italian and French; a change of plans that names no
// decided thing, or gives no course, replaces nothing. A choice said
// after the part of the work it is for ("the table: use …", "for the
// cache, use …") is a decision; a label before it ("Important:") is no
// part of the work.
func TestChangeOfPlansTakesDecisionBack(t *testing.T) {
	two := func(goal, first, second string) string {
		return "> user\n" + goal + "\n> assistant\nok.\n> user\n" + first + "\n> user\n" + second + "\n"
	}
	runScriptCases(t, []scriptCase{
		{"es", two("necesito paginación por cursor en orders.list.", "la tabla: usa useInfiniteQuery con scroll infinito.", `oye, cambio de planes en la UI: el scroll infinito no le gustó a producto. mejor un botón de "Cargar más".`),
			[]string{`decision/-/mejor-botón-cargar-más \[active/.*\(was la tabla: usa useInfiniteQuery`}, []string{`decision/-/tabla-useinfinitequery.*\[active/`}},
		{"en", two("I need cursor pagination in orders.list.", "the table: use useInfiniteQuery with infinite scroll.", `hey, change of plans in the UI: product did not like the infinite scroll. better a "Load more" button.`),
			[]string{`decision/-/better-load-more-button \[active/.*\(was the table: use useInfiniteQuery`}, []string{`decision/-/table-use-useinfinitequery.*\[active/`}},
		{"pt", two("preciso de paginação por cursor no orders.list.", "a tabela: usa useInfiniteQuery com scroll infinito.", `mudança de planos: o produto não gostou do scroll infinito. melhor um botão "Carregar mais".`),
			[]string{`decision/-/melhor-botão-carregar \[active/.*\(was a tabela`}, nil},
		{"it", two("mi serve la paginazione a cursore in orders.list.", "la tabella: usa useInfiniteQuery con lo scroll infinito.", `cambio di programma: lo scroll infinito non è piaciuto al prodotto. meglio un pulsante "Carica altro".`),
			[]string{`decision/-/meglio-pulsante-carica-altro \[active/.*\(was la tabella`}, nil},
		{"fr", two("il me faut la pagination par curseur dans orders.list.", "le tableau : utilise useInfiniteQuery avec le scroll infini.", "changement de plan : le produit n'a pas aimé le scroll infini. plutôt un bouton « Charger plus »."),
			[]string{`decision/-/plutôt-bouton-charger-plus \[active/.*\(was le tableau`}, nil},
		{"near miss: a change of plans with no course", two("necesito paginación por cursor en orders.list.", "la tabla: usa useInfiniteQuery con scroll infinito.", "cambio de planes: hay que terminar primero el export de pedidos."),
			[]string{`decision/-/tabla-useinfinitequery.*\[active/`}, nil},
		{"near miss: a change of plans naming no decided thing", two("I need cursor pagination in orders.list.", "the table: use useInfiniteQuery with infinite scroll.", "change of plans: the client did not like the colors. better a darker theme."),
			[]string{`decision/-/table-use-useinfinitequery.*\[active/`}, []string{`\(was `}},
		{"for the cache, use Redis", "> user\nSpeed up the product page.\n> assistant\nok.\n> user\nfor the cache, use Redis.\n",
			[]string{`decision/-/cache-use-redis \[active/`}, nil},
		{"near miss: a label before the choice", "> user\nSpeed up the product page.\n> assistant\nok.\n> user\nImportant: use pnpm.\n",
			nil, []string{`decision/-/important-use`}},
	})
}
