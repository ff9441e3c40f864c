package projection

import "testing"

// TestOwnPromise: the agent's first-person promise of work with an object
// (a test, the docs, a named file), in a message that calls no tool and in
// any language read, is its open obligation; a file written later that
// it names, or for a promised test a test file written, does it. What
// the code does, what was done, a question, an offer left to the user, a
// step with no object of work and narration beside a tool call promise
// nothing.
func TestOwnPromise(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"en promise in the final message", `
> user
the PDFs are empty on staging
> assistant
The stream position is left at the end after rendering. I'll add a test for the PDF export tomorrow.
`, []string{`obligation/-/.*add-test-pdf-export.* \[open/`}, nil},
		{"nl promise, open", `
> user
support meldt dat de PDF's leeg zijn op staging
> assistant
Na RenderAsync staat de positie van de MemoryStream aan het eind. Ik zet de positie terug en voeg een test toe.
`, []string{`obligation/-/zet-positie-terug-en-voeg-test \[open/`}, nil},
		{"nl promise done by a test file written", `
> user
support meldt dat de PDF's leeg zijn op staging
> assistant
Na RenderAsync staat de positie van de MemoryStream aan het eind. Ik zet de positie terug en voeg een test toe.
> assistant
> call write_file {"path": "tests/Facturatie.Tests/PdfExportServiceTests.cs", "content": "public class PdfExportServiceTests {}\n"}
> result
wrote tests/Facturatie.Tests/PdfExportServiceTests.cs
`, []string{`obligation/-/zet-positie-terug-en-voeg-test \[done/`}, []string{`obligation/-/zet-positie.* \[open/`}},
		{"it label of my side in the final message", `
> user
porta a termine il rollout su staging
> assistant
Riassunto: rollout completato.

Aperto: il PodDisruptionBudget che hai rimandato. Da parte mia: aggiorno il README del chart con i valori per ambiente prima del deploy in prod.
`, []string{`obligation/-/aggiorno-readme-chart-con-valori-per \[open/`}, []string{`obligation/-/da-parte-mia`}},
		{"fr label and promise", `
> user
résume
> assistant
Le déploiement est fait. De mon côté : je mets à jour le CHANGELOG avec le nouveau flag.
`, []string{`obligation/-/.*changelog.* \[open/`}, nil},
		{"de promise", `
> user
fass zusammen
> assistant
Der Export läuft wieder. Ich ergänze morgen einen Test für den leeren Export.
`, []string{`obligation/-/ergänze-morgen-test.* \[open/`}, nil},
		{"en promise done by the file it names written", `
> user
pool numbers per env please
> assistant
I'll update docs/deploy.md with the per-environment pool numbers.
> assistant
> call write_file {"path": "docs/deploy.md", "content": "pool: 30\n"}
> result
wrote docs/deploy.md
`, []string{`obligation/-/.*update-docs/deploy.md.* \[done/`}, nil},
		{"near misses en", `
> user
what does the handler do?
> assistant
The handler adds a header to the test response. I added a test for the export yesterday. If you want, I can add a test for the retry. I'll check the logs next. I won't add a test for the legacy path.
`, nil, []string{`obligation/`}},
		{"near miss en question", `
> user
fixed?
> assistant
Fixed. Shall I add a test for the PDF export?
`, nil, []string{`obligation/`}},
		{"near misses nl", `
> user
wat doet de handler?
> assistant
De handler voegt een header toe aan de test. Ik heb een test toegevoegd voor de export. Als je wilt voeg ik een test toe voor de retry.
`, nil, []string{`obligation/`}},
		{"near miss nl question", `
> user
klaar?
> assistant
Klaar. Zal ik een test toevoegen voor de export?
`, nil, []string{`obligation/`}},
		{"near misses it", `
> user
com'è andata?
> assistant
Ho aggiunto un test per la cache. Se vuoi aggiungo un test anche per il worker. Il documento README descrive i valori.
`, nil, []string{`obligation/`}},
		{"near miss: an identifier, not a file", `
> user
list() ignores limit
> assistant
I'll add that, the ` + "`archive()`" + ` method, and eager-load the items.
`, nil, []string{`obligation/`}},
		{"near miss: narration beside a tool call", `
> user
add the race test
> assistant
I'll add a test that hammers Get and Set in parallel.
> call write_file {"path": "internal/cache/rates_race_test.go", "content": "package cache\n"}
> result
wrote internal/cache/rates_race_test.go
`, nil, []string{`obligation/.*\[open/`}},
		{"zh promise with the time before the subject", `
> user
可以 commit 了。
> assistant
已提交 a41c9e2。等会儿我把 batchInsert 的 benchmark 结果写进 docs/perf.md。
`, []string{`obligation/-/等会儿我把-batchinsert.* \[open/`}, nil},
		{"near miss zh: written already, a step with no object", `
> user
可以 commit 了。
> assistant
等会儿我看一下日志。我已经把结果写进了 docs/bench.md。回头我把结果写进了 docs/perf.md。
`, nil, []string{`obligation/`}},
	})
}
