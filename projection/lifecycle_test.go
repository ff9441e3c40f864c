package projection

import (
	"strings"
	"testing"
)

// TestLifecycleLater checks the lifecycle readings of lifecycle.go on
// phrasings of their own: a failure fixed by the same run with "-h HOST"
// (no help flag), a task left for later in several languages, and a rule
// bound in time whose condition the user says back.
func TestLifecycleLater(t *testing.T) {
	cases := []opsBoxCase{
		{"psql -h is no help", `> user
restore the staging db
> assistant
> call bash {"command": "psql -h db2 -U app -f dump.sql staging"}
> result error
psql: error: connection to server at "db2" failed: Connection refused
> assistant
> call bash {"command": "psql -h db2 -U app -v ON_ERROR_STOP=1 -f dump.sql staging"}
> result
COMMIT
> all`, []string{"[resolved/empirical]"}, []string{"[open/empirical]"}},
		{"remind me", `> user
please remind me to renew the TLS cert on the proxy next week.
> all`, []string{"obligation", "renew the TLS cert"}, nil},
		{"de noch", `> user
Übermorgen müssen wir noch die Grafana-Dashboards umziehen.
> all`, []string{"[open/normative] = Übermorgen müssen wir noch die Grafana-Dashboards umziehen."}, nil},
		{"es deadline", `> user
para el jueves prepárame un resumen de los incidentes del mes.
> all`, []string{"obligation", "prepárame un resumen"}, nil},
		{"own task is none", `> user
I'll call the vendor tomorrow about the warranty.
> all`, nil, []string{"obligation"}},
		{"see you tomorrow is none", `> user
Ich muss los, bis morgen.
> all`, nil, []string{"obligation"}},
		{"a rule for tomorrow stays a rule", `> user
tomorrow don't deploy anything to prod.
> all`, []string{"constraint"}, []string{"obligation"}},
		{"bound said back", `> user
Mientras el clúster de failover no esté verificado, no despliegues nada en prod-eu.
> assistant
Understood.
> user
El clúster de failover ya está verificado, Martín lo revisó.
> all`, []string{"[lifted/normative]"}, []string{"[active/normative] = Mientras"}},
		{"bound not yet met", `> user
Mientras el clúster de failover no esté verificado, no despliegues nada en prod-eu.
> assistant
Understood.
> user
El clúster de failover será verificado mañana.
> all`, []string{"[active/normative] = Mientras"}, []string{"[lifted/normative]"}},
	}
	opsBoxCases(t, cases)
}

// TestLifecycleFailures checks a failed test passing in a run that fails
// elsewhere, and an approach the user rules out after it failed, on
// phrasings of their own.
func TestLifecycleFailures(t *testing.T) {
	cases := []opsBoxCase{
		{"unit ok in a failing run", `> assistant
> call bash {"command": "go test ./pkg/money/ -run TestRound"}
> result error
--- FAIL: TestRound (0.00s)
    round_test.go:9: got 1.004, want 1.00
FAIL
FAIL	shop/pkg/money	0.003s
> assistant
> call bash {"command": "go test ./pkg/..."}
> result error
ok  	shop/pkg/money	0.004s
--- FAIL: TestCartTotal (0.00s)
FAIL	shop/pkg/cart	0.005s
> all`, []string{"test/-/TestRound [resolved/empirical]", "test/-/TestCartTotal [open/empirical]"}, nil},
		{"unit failing again stays open", `> assistant
> call bash {"command": "go test ./pkg/money/ -run TestRound"}
> result error
--- FAIL: TestRound (0.00s)
FAIL
FAIL	shop/pkg/money	0.003s
> assistant
> call bash {"command": "go test ./pkg/..."}
> result error
ok  	shop/pkg/cart	0.004s
--- FAIL: TestRound (0.00s)
FAIL	shop/pkg/money	0.005s
> all`, []string{"test/-/TestRound [investigating/empirical]"}, []string{"[resolved/empirical]"}},
		{"retry ruled out", `> assistant
> call bash {"command": "pip install tensorflow-metal==1.1.0"}
> result error
ERROR: No matching distribution found for tensorflow-metal==1.1.0
> user
Versuch das nicht nochmal, das Paket gibt es für Linux gar nicht.
> all`, []string{"negative-knowledge", "Versuch das nicht nochmal"}, []string{"[open/empirical]"}},
		{"another thing ruled out keeps the failure", `> assistant
> call bash {"command": "cargo build --release"}
> result error
error[E0433]: failed to resolve: use of undeclared crate or module tokio
> user
ne réessaie plus le linker mold, il plante sur cette machine.
> all`, []string{"[open/empirical]", "negative-knowledge"}, nil},
		{"a policy is no retry", `> user
we don't push to the old registry anymore, use registry.internal.
> all`, nil, []string{"negative-knowledge"}},
	}
	opsBoxCases(t, cases)
}

func TestRetryNoQuantity(t *testing.T) {
	for s, want := range map[string]bool{
		"Do not call any more tools in this run.": false,
		"don't call that endpoint any more.":      true,
		"please don't run the migration again.":   true,
		"we never deploy on fridays anymore.":     false,
	} {
		if got := retryNo(s); got != want {
			t.Errorf("retryNo(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestQuestionConcluded checks an open question answered by a conclusion
// after a run, or by elimination, on phrasings of its own; a statement
// that still does not know answers nothing.
func TestQuestionConcluded(t *testing.T) {
	run := `> assistant
> call bash {"command": "nginx -V 2>&1 | tr ' ' '\n' | grep -i brotli"}
> result
--add-dynamic-module=/usr/src/ngx_brotli
> user
`
	cases := []struct {
		name, script string
		established  bool
	}{
		{"conclusion", `> user
I don't know whether our nginx build has the brotli module.
` + run + `alright so the nginx build does have brotli, good.
> all`, true},
		{"elimination", `> user
Não sei se o gargalo é o Redis, o Postgres ou o nginx.
> user
O Redis está ocioso e o Postgres responde em 2 ms, então só sobra o nginx.
> all`, true},
		{"still unknown", `> user
I don't know whether our nginx build has the brotli module.
` + run + `so I still don't know whether the nginx build has brotli enabled.
> all`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runScript(t, "> user\nGoal: keep the ops box healthy.\n> assistant\nOk.\n"+c.script)
			if has := strings.Contains(got, "[established/normative]"); has != c.established {
				t.Errorf("established %v, want %v:\n%s", has, c.established, got)
			}
		})
	}
}

// TestWordEdgesBeyondASCII checks cues ending or starting in a letter
// outside ASCII, where \b finds no edge: "il reste à", "entro venerdì",
// "übermorgen", a Japanese or Korean request set for tomorrow.
func TestWordEdgesBeyondASCII(t *testing.T) {
	for _, s := range []string{
		"Il reste à prévenir l'équipe support.",
		"ultima cosa: entro venerdì mi prepari un foglio con le porte.",
		"übermorgen schaust du dir bitte noch die Logs an.",
		"明日、READMEの手順も更新しておいてください。",
		"내일 대시보드 숫자도 한 번 더 확인해 주세요.",
	} {
		if !laterTask(s) {
			t.Errorf("laterTask(%q) = false", s)
		}
	}
}

// opsBoxCase is a script run after an objective, with the lines its
// output must hold (want) and must not (not).
type opsBoxCase struct {
	name, script string
	want, not    []string
}

// opsBoxCases runs each case after the same opening objective.
func opsBoxCases(t *testing.T, cases []opsBoxCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runScript(t, "> user\nGoal: keep the ops box healthy.\n> assistant\nOk.\n"+c.script)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("want %q in\n%s", w, got)
				}
			}
			for _, w := range c.not {
				if strings.Contains(got, w) {
					t.Errorf("do not want %q in\n%s", w, got)
				}
			}
		})
	}
}
