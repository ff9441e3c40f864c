package projection

import "testing"

// Values the user names and a search then shows, or a read shows and the
// agent's report names, are current values keyed by their files; the
// other lines of the output are none (trial 14 B9, B11, m26).
func TestValuesShownByOutput(t *testing.T) {
	grep := `
> assistant
ok
> call grep {"pattern": "memory:", "path": "/app/charts/pedidos"}
> result
charts/pedidos/values-staging.yaml:10:    memory: 128Mi
charts/pedidos/values-staging.yaml:13:    memory: 256Mi
charts/pedidos/values-prod.yaml:9:    memory: 256Mi
charts/pedidos/values-prod.yaml:12:    memory: 512Mi
`
	read := `
> assistant
ok
> call read {"filePath": "/app/go.mod"}
> result
<file>
00001| module github.com/loja/pedidos-svc
00002| 
00003| go 1.23.4
00004| 
00005| require (
00006| 	github.com/jackc/pgx/v5 v5.6.0
00007| 	github.com/prometheus/client_golang v1.20.5
00008| 	golang.org/x/sync v0.8.0
00009| )
</file>
`
	mem := []string{`value//app/charts/pedidos/values-staging\.yaml/memory \[current/\w+\] = 256Mi`, `value//app/charts/pedidos/values-prod\.yaml/memory \[current/\w+\] = 512Mi`}
	memNever := []string{`= 128Mi`, `values-prod\.yaml/memory \[current/\w+\] = 256Mi`, `constraint/`}
	mod := []string{`value//app/go\.mod/go \[current/\w+\] = 1\.23\.4`, `value//app/go\.mod/pgx \[current/\w+\] = v5\.6\.0`}
	runScriptCases(t, []scriptCase{
		{"pt: the user's values, per environment", "> user\nadiciona graceful shutdown\n> assistant\nok\n> user\ne o limite de memória: staging 256Mi tá ok, prod 512Mi tb. só confirma q tá assim\n" + grep, mem, memNever},
		{"en: the user's values, per environment", "> user\nadd graceful shutdown\n> assistant\nok\n> user\nthe memory limits: staging 256Mi, prod 512Mi. just confirm it's like that\n" + grep, mem, []string{`= 128Mi`, `values-prod\.yaml/memory \[current/\w+\] = 256Mi`}},
		{"pt: the agent's report names what the read shows", "> user\ndeixa o go.mod como está\n" + read + "> assistant\nBeleza, go.mod fica como está (go 1.23.4, pgx v5.6.0, x/sync v0.8.0).\n", mod, []string{`client_golang`, `1\.20\.5`}},
		{"en: the agent's report names what the read shows", "> user\nleave go.mod alone\n" + read + "> assistant\ngo.mod stays: go 1.23.4 and pgx v5.6.0.\n", mod, []string{`client_golang`, `sync \[`}},
		{"near miss: a read no message names states nothing", "> user\nleave go.mod alone\n" + read + "> assistant\nOk, I read it.\n", nil, []string{`value/`}},
		{"near miss: a value the user named that the output does not show", "> user\nset the staging memory limit to 1Gi\n" + grep, nil, []string{`value//app`}},
		{"near miss: a user's message long before", "> user\nstaging 256Mi, prod 512Mi\n> assistant\nok\n> user\nnow run the tests\n" + grep, nil, []string{`value//app`}},
		{"near miss: the agent names a word value of a file shown twice", "> user\nfix the queue\n" + `
> assistant
ok
> call bash {"command": "grep -n QUEUE .env .env.testing"}
> result
.env:18:QUEUE_CONNECTION=sync
.env.testing:9:QUEUE_CONNECTION=sync
> assistant
Locally QUEUE_CONNECTION is sync, so the retry never shows.
`, nil, []string{`value/\.env`}},
	})
}

func TestSearchedFile(t *testing.T) {
	for _, c := range []struct{ root, file, want string }{
		{"/x/app/charts/pedidos", "charts/pedidos/values.yaml", "/x/app/charts/pedidos/values.yaml"},
		{"/x/app/charts", "values.yaml", "/x/app/charts/values.yaml"},
		{"", "charts/values.yaml", "charts/values.yaml"},
		{"charts", "charts/values.yaml", "charts/values.yaml"},
		{"/x", "/abs/f.yaml", "/abs/f.yaml"},
	} {
		if got := searchedFile(c.root, c.file); got != c.want {
			t.Errorf("searchedFile(%q, %q) = %q, want %q", c.root, c.file, got, c.want)
		}
	}
}
