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
		{"en named take-back after a count", `
> user
make the PDF export sturdier
> assistant
For the new PDF export I'd like a retry policy around the store client: I'll use 5 retries with exponential backoff. OK?
> user
3, not 5.
` + files("60", "30") + `> user
CommandTimeout back to 30, the report runs on the read replica
`, []string{`value/-/retries \[current/normative\] = 3 \(was 5\)`}, []string{`retries \[current/normative\] = 30`}},
		{"de inverted count", `
> user
PDF-Export robuster machen
> assistant
Für den neuen PDF-Export würde ich eine Retry-Policy nehmen: 5 Versuche mit exponentiellem Backoff. Einverstanden?
> user
3 statt 5.
`, []string{`value/-/versuche \[current/normative\] = 3 \(was 5\)`}, nil},
		{"sv inverted count", `
> user
gör PDF-exporten robustare
> assistant
För den nya PDF-exporten vill jag ha en retry-policy: 5 försök med exponentiell backoff. Okej?
> user
3, inte 5.
`, []string{`value/-/försök \[current/normative\] = 3 \(was 5\)`}, nil},
		// near miss: a take-back that names no setting goes to the one set last
		{"nl unnamed take-back", `
> user
PDF-export robuuster maken
> assistant
Voor de nieuwe PDF-export wil ik 5 pogingen met exponential backoff. Akkoord?
> user
3, niet 5.
> user
hmm, toch terug naar 5.
`, []string{`value/-/pogingen \[current/normative\] = 5 \(was 3\)`}, nil},
		// near miss: a take-back naming the setting set last stays there
		{"en take-back names the last setting", `
> user
set the pool size to 10
> user
make the pool size 20
> user
ok, pool size back to 10
`, []string{`value/-/pool_size \[current/normative\] = 10 \(was 20\)`}, nil},
		// near miss: inverted order without a count proposes nothing
		{"nl inverted no count", `
> user
PDF-export robuuster maken
> assistant
Voor de PDF-export wil ik eerst de tests draaien. Akkoord?
> user
3, niet 5.
`, nil, []string{`value/`}},
	})
}

// Trial 12 (A12): a reply that opens with a number the agent's question
// offered sets the setting the question named before its numbers.
func TestValsTwentyOfferedPick(t *testing.T) {
	ask := func(q, a string) string {
		return "> user\nfix pagination on /orders\n> assistant\n" + q + "\n> user\n" + a + "\n"
	}
	const en = "The `/orders` default page size — keep 50, or go to 100 since the dashboard asks for 100 anyway?"
	const it = "La dimensione di pagina di `/orders` — teniamo 50 o passiamo a 100?"
	runScriptCases(t, []scriptCase{
		{"en terse pick with a reason", ask(en, "50. dashboard can page"), []string{`value/-/orders_default_page_size \[current/normative\] = 50`}, nil},
		{"en pick with keep", ask(en, "keep 100, the dashboard wants it"), []string{`value/-/orders_default_page_size \[current/normative\] = 100`}, nil},
		{"it terse pick", ask(it, "50. la dashboard pagina da sola"), []string{`value/-/dimensione_di_pagina_di_orders \[current/normative\] = 50`}, nil},
		// near misses: a number not offered (a list's item), a number
		// later in the reply, a question offering one number, a question
		// back
		{"number not offered", ask(en, "2. dashboard can page"), nil, []string{`value/`}},
		{"number not first", ask(en, "dashboard can page, so 50 is fine"), nil, []string{`orders_default_page_size \[current/normative\] = 100`}},
		{"one number offered", ask("Keep the page size at 50?", "50. dashboard can page"), nil, []string{`value/-/page`}},
		{"question back", ask(en, "50? what does the dashboard do?"), nil, []string{`value/`}},
	})
}

// The setting named after a colon, the pick with its unit (trial 12 B10).
func TestValsTwentyOfferedUnit(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"it colon and comma", "> user\nsistema il deploy\n> assistant\nResta la domanda di prima: timeout del readiness probe, 1s o 3s?\n> user\n3s, il pod è lento a partire\n",
			[]string{`value/-/timeout_del_readiness_probe \[current/normative\] = 3s`}, []string{`resta_la_domanda`}},
	})
}

// "— 50 or 100?": "or" after a number is no unit (trial 12 A12, the
// question asked again).
func TestValsTwentyOfferedOr(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"en asked again", "> user\nfix pagination\n> assistant\nBack on it. Still open from before: default page size for `/orders` — 50 or 100?\n> user\n50. dashboard can page\n",
			[]string{`value/-/default_page_size_for_orders \[current/normative\] = 50`}, nil},
	})
}
