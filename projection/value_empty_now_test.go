package projection

import "testing"

// A user trial (trial 11) found two values left stale. An edit back to an
// empty list ("default = [\"simd\"]" to "default = []") set nothing, so
// ["simd"] stayed current; an empty list, map or string is a value where
// it replaces one, said in an edit or a sentence. And "preview agora é X"
// after a table of URLs per environment made a new setting
// "preview_agora": "now" is no part of a name, and a table row's first
// cell names the row's setting.
func TestValsEighteenEmptyAndNow(t *testing.T) {
	edit := `
> user
enable simd by default in agg-core
> assistant
Editing.
> call edit_file {"path": "crates/agg-core/Cargo.toml", "old": "[features]\ndefault = []\nsimd = []", "new": "[features]\ndefault = [\"simd\"]\nsimd = []"}
> result
edited crates/agg-core/Cargo.toml: 1 replacement
> user
`
	back := `
> assistant
Reverting.
> call edit_file {"path": "crates/agg-core/Cargo.toml", "old": "[features]\ndefault = [\"simd\"]\nsimd = []", "new": "[features]\ndefault = []\nsimd = []"}
> result
edited crates/agg-core/Cargo.toml: 1 replacement
`
	table := `
> user
the URLs per environment:

| env | EXPO_PUBLIC_API_URL |
|---|---|
| development | http://10.0.2.2:3000 |
| preview | https://api-staging.feirinha.com.br |
| production | https://api.feirinha.com.br |
> assistant
Applying.
> user
`
	emptied := `Cargo.toml/default \[current/\w+\] = \[\] \(was \["simd"\]\)`
	stale := `Cargo.toml/default \[current/\w+\] = \["simd"\]`
	moved := `preview_expo_public_api_url \[current/normative\] = https://staging-api.feirinha.com.br \(was https://api-staging.feirinha.com.br\)`
	runScriptCases(t, []scriptCase{
		{"en edit back to []", edit + "no, not in default, put it back." + back, []string{emptied}, []string{stale}},
		{"ru edit back to []", edit + "слушай, simd в default не надо. верни как было." + back, []string{emptied}, []string{stale}},
		{"en sentence", edit + "set default back to []", []string{emptied}, []string{stale}},
		{"ru sentence in code", edit + "слушай, верни `default = []`, пусть включают явно.", []string{emptied}, []string{stale, `unset \(default\)`}},
		{"en table row now", table + "backend changed staging: preview is now https://staging-api.feirinha.com.br, forget api-staging.", []string{moved}, []string{`value/-/preview \[`, `preview_now`}},
		{"pt table row agora", table + "o pessoal do backend trocou o staging: preview agora é https://staging-api.feirinha.com.br, esquece o api-staging.", []string{moved}, []string{`preview_agora`, `value/-/preview \[`}},
		{"es table row ahora", table + "el backend cambió staging: preview ahora es https://staging-api.feirinha.com.br, olvida api-staging.", []string{moved}, []string{`preview_ahora`}},
		{"de now word in a name", "> user\nder Timeout ist jetzt 45s, bitte anpassen.", []string{`value/-/timeout \[current/normative\] = 45s`}, []string{`timeout_jetzt`}},
		// near misses
		{"an empty list left empty sets nothing", "> user\nadd the simd feature\n> assistant\nEditing.\n> call edit_file {\"path\": \"Cargo.toml\", \"old\": \"[features]\\ndefault = []\", \"new\": \"[features]\\ndefault = []\\nsimd = []\"}\n> result\nedited Cargo.toml: 1 replacement", nil, []string{`value/`}},
		{"a file written whole states no empty value", "> user\nwrite the manifest\n> assistant\nWriting.\n> call write_file {\"path\": \"Cargo.toml\", \"content\": \"[features]\\ndefault = []\\nsimd = []\\n\"}\n> result\nwrote Cargo.toml", nil, []string{`= \[\]`}},
		{"an empty value of no held setting", edit + "set features to []", []string{stale}, []string{`features \[`}},
		{"an empty value asked about", edit + "does `default = []` still build the bench?", []string{stale}, []string{emptied}},
		{"a name the table has no row for", table + "staging is now https://staging-api.feirinha.com.br", []string{`preview_expo_public_api_url \[current/normative\] = https://api-staging.feirinha.com.br`}, []string{moved}},
		{"an empty value told of, not set", "> user\nin Cargo.toml the features are `default = [\"simd\"]`\n" + edit[1:] + "with default=[] the bench is slow, keep it.", []string{stale}, []string{emptied}},
		{"a name that only begins like the row's", table + "preview_build is now https://x.example.com", []string{`preview_expo_public_api_url \[current/normative\] = https://api-staging.feirinha.com.br`}, []string{`\(was https://api-staging`}},
	})
}
