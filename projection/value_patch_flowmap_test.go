package projection

import "testing"

// Trial 12: values a Codex apply_patch writes, a map on one line of a
// JSON settings file, a replace that adds a line beside the one it
// changes, and a number corrected in passing ("3, niet 5").
func TestValsNineteen(t *testing.T) {
	patch := func(body string) string {
		return "> assistant\n> call apply_patch {\"input\": \"*** Begin Patch\\n" + body + "*** End Patch\\n\"}\n> result\nSuccess. Updated the following files:\n"
	}
	runScriptCases(t, []scriptCase{
		{"apply_patch add then update", "> user\nroll out staging\n" +
			patch(`*** Add File: deploy/values-staging.yaml\n+replicaCount: 2\n+resources:\n+  limits:\n+    memory: 512Mi\n`) +
			patch(`*** Update File: deploy/values-staging.yaml\n@@\n-replicaCount: 2\n+replicaCount: 3\n`),
			[]string{`values-staging.yaml/replicacount \[current/empirical\] = 3 \(was 2\)`, `values-staging.yaml/resources.limits.memory \[current/empirical\] = 512Mi`}, nil},
		{"apply_patch fragment: two memory keys are two settings", "> user\nmetti i limiti\n" +
			patch(`*** Update File: values-prod.yaml\n@@\n-  requests:\n-    memory: 64Mi\n-  limits:\n-    memory: 128Mi\n+  requests:\n+    memory: 512Mi\n+  limits:\n+    memory: 1Gi\n`),
			[]string{`values-prod.yaml/requests.memory \[current/empirical\] = 512Mi \(was 64Mi\)`, `values-prod.yaml/limits.memory \[current/empirical\] = 1Gi \(was 128Mi\)`}, nil},
		// near miss: a deleted file sets nothing; a read of a YAML is no value
		{"apply_patch delete", "> user\nclean up\n" + patch(`*** Delete File: old.yaml\n`), nil, []string{`value/`}},
		{"yaml read is evidence", "> user\ncheck the chart\n> assistant\n> call shell {\"command\": \"cat values.yaml\"}\n> result\nreplicaCount: 3\n", nil, []string{`value/`}},
		{"json map on one line sets its leaves", `
> user
feature flag per omgeving
> assistant
> call write_file {"file_path": "/r/appsettings.Production.json", "content": "{\n  \"FeatureManagement\": { \"NieuweFacturatie\": false },\n  \"Database\": { \"CommandTimeout\": 30 }\n}\n"}
> result
ok
> assistant
> call replace {"file_path": "/r/appsettings.Production.json", "old_string": "\"Database\": { \"CommandTimeout\": 30 }", "new_string": "\"Database\": { \"CommandTimeout\": 60 }"}
> result
ok
`, []string{`appsettings.Production.json/featuremanagement.nieuwefacturatie \[current/empirical\] = false`, `appsettings.Production.json/database.commandtimeout \[current/empirical\] = 60 \(was 30\)`},
			[]string{`/database \[`, `/commandtimeout \[current`}},
		{"replace adding a package line", `
> user
pin EF Core op 8.0.10
> assistant
> call replace {"file_path": "/r/Directory.Packages.props", "old_string": "    <PackageVersion Include=\"Microsoft.EntityFrameworkCore\" Version=\"8.0.11\" />", "new_string": "    <PackageVersion Include=\"Microsoft.EntityFrameworkCore\" Version=\"[8.0.10]\" />\n    <PackageVersion Include=\"Microsoft.EntityFrameworkCore.Design\" Version=\"[8.0.10]\" />"}
> result
ok
`, []string{`microsoft.entityframeworkcore.version \[current/empirical\] = \[8.0.10\] \(was 8.0.11\)`, `microsoft.entityframeworkcore.design.version \[current/empirical\] = \[8.0.10\]`}, nil},
		// near miss: a line of code added beside an unchanged one
		{"code line added sets nothing", `
> user
add retries
> assistant
> call replace {"file_path": "/r/Program.cs", "old_string": "builder.Services.AddSingleton<IPdfStore, BlobPdfStore>();", "new_string": "builder.Services.AddSingleton<IPdfStore, BlobPdfStore>();\nbuilder.Services.AddRetry(3);"}
> result
ok
`, nil, []string{`value/`}},
		{"nl corrected in passing", `
> user
PDF-export robuuster maken
> assistant
Ik wil een retry-policy met Polly rond de opslagclient: 5 pogingen met exponential backoff. Akkoord?
> user
3, niet 5. en pin EF Core op 8.0.10
`, []string{`value/-/pogingen \[current/normative\] = 3 \(was 5\)`}, nil},
		{"en corrected in passing", `
> user
speed up the import
> assistant
I'll run 10 workers for the import. OK?
> user
use 20 not 10
`, []string{`value/-/workers \[current/normative\] = 20 \(was 10\)`}, nil},
		{"de corrected in passing", `
> user
import beschleunigen
> assistant
Ich würde 10 Worker starten. Passt das?
> user
20 statt 10
`, []string{`value/-/worker \[current/normative\] = 20 \(was 10\)`}, nil},
		// near misses: "not 10" alone; a number the agent never proposed
		{"not alone", `
> user
speed up the import
> assistant
I'll run 10 workers for the import. OK?
> user
not 10
`, nil, []string{`value/`}},
		{"other number", `
> user
speed up the import
> assistant
I'll run 10 workers for the import. OK?
> user
3, not 5
`, nil, []string{`value/`}},
	})
}
