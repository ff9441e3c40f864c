package projection

import "testing"

// A "make it X" that names a setting changes that setting only: a word
// of a file's name ("default" of default.toml) names no held setting,
// and a span in another unit ("2 分", "2 minutes") is the quantity the
// edit that follows writes ("120s"): one head (trial 14 A7, m02).
func TestSpanInAnotherUnitIsTheEdit(t *testing.T) {
	const pageEdit = `
> user
DEFAULT_PAGE_SIZE は 100 にしましょう
> assistant
ok
> call edit {"file_path": "src/handlers.rs", "old_string": "pub const DEFAULT_PAGE_SIZE: u32 = 50;", "new_string": "pub const DEFAULT_PAGE_SIZE: u32 = 100;"}
> result
ok
> user
`
	const timeoutEdit = `
> assistant
ok
> call edit {"file_path": "config/default.toml", "old_string": "request_timeout = \"30s\"", "new_string": "request_timeout = \"120s\""}
> result
ok
`
	want := []string{`value/src/handlers\.rs/default_page_size \[current/\w+\] = 100 \(was 50\)`, `value/config/default\.toml/request_timeout \[current/\w+\] = 120s \(was 30s\)`}
	never := []string{`2 分`, `2 minutes`, `value/-/request_timeout`}
	runScriptCases(t, []scriptCase{
		{"ja: request timeout named, a file's name beside it", pageEdit + "config の request timeout、今 default.toml で 30s になってると思うけど 2 分にしてください" + timeoutEdit, want, never},
		{"ja: request timeout named", pageEdit + "request timeout は 2 分にして" + timeoutEdit, want, never},
		{"en: make it 2 minutes", pageEdit + "the request timeout in default.toml is 30s right now, make it 2 minutes" + timeoutEdit, want, never},
		{"en: set to 2 minutes", pageEdit + "set the request timeout to 2 minutes" + timeoutEdit, want, never},
		{"near miss: the edit writes another span, a change of the user's value", pageEdit + "set the request timeout to 2 minutes" + `
> assistant
ok
> call edit {"file_path": "config/default.toml", "old_string": "request_timeout = \"30s\"", "new_string": "request_timeout = \"90s\""}
> result
ok
`, []string{`request_timeout \[current/\w+\] = 90s`}, []string{`request_timeout \[current/\w+\] = 120s`}},
		{"near miss: the held setting named beside its file still takes the number", pageEdit + "handlers.rs の DEFAULT_PAGE_SIZE は 30 にして",
			[]string{`default_page_size \[current/\w+\] = 30`}, nil},
	})
}

func TestSpanOf(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"2 分", "120s", true}, {"2 minutes", "120s", true}, {"2 Minuten", "120 s", true}, {"1.5 hours", "90min", true},
		{"2 dakika", "120 saniye", true}, {"500ms", "0.5s", true},
		{"2 分", "90s", false}, {"2 MB", "2048 KB", false}, {"2", "120s", false}, {"v2", "2s", false},
	} {
		if got := sameSpan(c.a, c.b); got != c.same {
			t.Errorf("sameSpan(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

// A value the user gives one environment and the same setting in that
// environment's file are one setting; a change of either changes the one
// head (trial 14 A10, m03).
func TestEnvValueAndEnvFileAreOne(t *testing.T) {
	edit := func(f, old, nu string) string {
		return "> assistant\nok\n> call edit {\"file_path\": \"" + f + "\", \"old_string\": \"" + old + "\", \"new_string\": \"" + nu + "\"}\n> result\nok\n"
	}
	writes := edit("config/staging.toml", "[database]", "[database]\\nmax_connections = 10") + edit("config/production.toml", "[database]", "[database]\\nmax_connections = 30")
	change := edit("config/production.toml", "max_connections = 30", "max_connections = 50")
	want := []string{`value/config/staging\.toml/max_connections \[current/\w+\] = 10`, `value/config/production\.toml/max_connections \[current/\w+\] = 50 \(was 30\)`}
	never := []string{`value/prod/max_connections \[current`, `value/staging/max_connections \[current`}
	runScriptCases(t, []scriptCase{
		{"ja", "> user\nDB の pool、staging は max_connections 10、prod は 30 で設定しといて\n" + writes + "> user\nprod の max_connections は 50 にしてください。30 だと足りなかった\n" + change, want, never},
		{"en", "> user\nset the db pool: in staging max_connections 10, in prod 30\n" + writes + "> user\nin prod make max_connections 50, 30 was not enough\n" + change, want, never},
		{"near miss: a file of another environment is another setting", "> user\nDB の pool、staging は max_connections 10、prod は 30 で設定しといて\n" + edit("config/dev.toml", "[database]", "[database]\\nmax_connections = 10"),
			[]string{`value/staging/max_connections \[current/\w+\] = 10`, `value/config/dev\.toml/max_connections \[current/\w+\] = 10`}, nil},
	})
}

func TestFileEnv(t *testing.T) {
	for _, c := range []struct{ path, env string }{
		{"config/production.toml", "prod"}, {"charts/x/values-prod.yaml", "prod"}, {".env.staging", "staging"}, {"k8s/overlays/stg/kustomization.yaml", "staging"},
		{"config/default.toml", ""}, {"deploy/prod/values-staging.yaml", ""}, {"-", ""}, {"prod", ""},
	} {
		if got := fileEnv(c.path); got != c.env {
			t.Errorf("fileEnv(%q) = %q, want %q", c.path, got, c.env)
		}
	}
}

// An edit that deletes a setting from a configuration file retires its
// value; and a negated need ("n precisa", "not needed") is no rule
// (trial 14 B14, m17).
func TestDeletedSettingRetired(t *testing.T) {
	add := `
> user
implement graceful shutdown
> assistant
ok
> call edit {"filePath": "charts/app/templates/deployment.yaml", "oldString": "          ports:", "newString": "          lifecycle:\n            preStop:\n              exec:\n                command: [\"sleep\", \"5\"]\n          ports:"}
> result
Edit applied successfully.
> user
`
	del := `
> assistant
ok
> call edit {"filePath": "charts/app/templates/deployment.yaml", "oldString": "          lifecycle:\n            preStop:\n              exec:\n                command: [\"sleep\", \"5\"]\n", "newString": ""}
> result
Edit applied successfully.
`
	runScriptCases(t, []scriptCase{
		{"pt", add + "tira o preStop, o time de plataforma já configurou isso no mesh. n precisa" + del,
			[]string{`artifact`}, []string{`prestop\.exec\.command \[current`, `constraint`}},
		{"en", add + "drop the preStop, platform already set it in the mesh. not needed" + del,
			[]string{`artifact`}, []string{`prestop\.exec\.command \[current`, `constraint`}},
		{"near miss: the block added is current", add + "ok",
			[]string{`lifecycle\.prestop\.exec\.command \[current/\w+\]`}, nil},
		{"near miss: the setting moved under another parent stays", add + "put the preStop under a sidecar" + `
> assistant
ok
> call edit {"filePath": "charts/app/templates/deployment.yaml", "oldString": "          lifecycle:\n            preStop:\n              exec:\n                command: [\"sleep\", \"5\"]\n", "newString": "          sidecar:\n            preStop:\n              exec:\n                command: [\"sleep\", \"5\"]\n"}
> result
Edit applied successfully.
`, []string{`prestop\.exec\.command \[current/\w+\]`}, nil},
		{"near miss: a prohibition stays a rule", add + "não deve mexer no values-prod.yaml", []string{`constraint`}, nil},
	})
}
