package projection

import "testing"

// Trial 12 (C8): a take-back that names its setting ("CommandTimeout toch
// terug naar 30") goes to that setting, even when several files hold it
// and another setting was set last; only an unnamed one ("terug naar
// 30") falls back to the setting set last. The agent's count proposal in
// inverted word order ("Voor de PDF-export wil ik …: 5 pogingen") is
// the one "3, niet 5" corrects.
func TestValsTwenty(t *testing.T) {
	files := func(v, w string) string {
		s := ""
		for _, env := range []string{"Development", "Staging", "Production"} {
			s += "> assistant\n> call replace {\"file_path\": \"/r/appsettings." + env + ".json\", \"old_string\": \"\\\"Database\\\": { \\\"CommandTimeout\\\": " + w + " }\", \"new_string\": \"\\\"Database\\\": { \\\"CommandTimeout\\\": " + v + " }\"}\n> result\nok\n"
		}
		return s
	}
	runScriptCases(t, []scriptCase{
		{"nl named take-back after a count", `
> user
PDF-export robuuster maken
> assistant
Alles groen. Voor de nieuwe PDF-export wil ik een retry-policy met Polly rond de opslagclient: 5 pogingen met exponential backoff. Akkoord?
> user
3, niet 5.
` + files("60", "30") + `> user
CommandTimeout toch terug naar 30, de rapportage draait via de read replica
`, []string{`value/-/pogingen \[current/normative\] = 3 \(was 5\)`}, []string{`pogingen \[current/normative\] = 30`}},
	})
}
