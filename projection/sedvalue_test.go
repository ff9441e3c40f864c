package projection

import (
	"strings"
	"testing"
)

func TestSedValues(t *testing.T) {
	cmd := `sed -i 's/dunning_grace_days: 7/dunning_grace_days: 14/' config/billing.yml && sed -i "s/limit rate 10\/minute/limit rate 4\/minute/; s/wg_mtu = 1420/wg_mtu = 1340/g" roles/nft.j2 && sed -i 's/@mgmt_hosts/@mgmt_nets/' a.j2 && sed -i "s/cron: '0 2 1 \* \*'/cron: '0 3 1 * *'/" s.yml && sed -i 's/^send_at = "19:00"$/send_at = "17:00"/; s/^clinics = \[1, 2, 3\]$/clinics = [1, 2]/' remind.toml && sed -i '' 's/^:concurrency: 5$/:concurrency: 15/' config/sidekiq.yml`
	got := map[string]string{}
	for _, p := range sedValues(cmd) {
		got[p.Key] = p.Was + "->" + p.Value
		if p.Quote == "" || !strings.Contains(cmd, p.Quote) {
			t.Errorf("quote %q not in the command", p.Quote)
		}
	}
	want := map[string]string{
		"value/config/billing.yml/dunning_grace_days": "7->14",
		"value/roles/nft.j2/limit_rate":               "10/minute->4/minute",
		"value/roles/nft.j2/wg_mtu":                   "1420->1340",
		"value/remind.toml/send_at":                   "19:00->17:00",
		"value/config/sidekiq.yml/concurrency":        "5->15",
	}
	if len(got) != len(want) {
		t.Errorf("got %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if ps := sedValues("sed -n 's/a: 1/a: 2/p' f.yml"); ps != nil {
		t.Errorf("not in place: %v", ps)
	}
}

// A chain of edits then a build or test that fails in the build or test
// still set what its seds set; a sed after the failing stage, or one
// that failed itself, set nothing.
func TestSedBeforeAFailingStage(t *testing.T) {
	out := reduceAll(t, "> user\nwe work on the app today.\n> assistant\nbumping.\n"+
		"> call bash {\"command\": \"cd ~/app && sed -i 's/versionCode = 2404/versionCode = 2406/' app/build.gradle.kts && ./gradlew test\"}\n> result error\nSyncSchedulerTest > schedulesPeriodicSync FAILED\n"+
		"> assistant\nok\n> call bash {\"command\": \"cd ~/app && ./gradlew test && sed -i 's/retries = 3/retries = 5/' app/conf.kts\"}\n> result error\nFAILED\n"+
		"> assistant\nok\n> call bash {\"command\": \"sed -i 's/timeout = 3/timeout = 5/' app/missing.kts && make\"}\n> result error\nsed: can't read app/missing.kts: No such file or directory\n")
	expect(t, out, []string{`value/app/build.gradle.kts/versioncode \[current/empirical\] = 2406 \(was 2404\)`}, []string{`retries \[`, `timeout \[`})
}

// A sed whose script holds "; " between two substitutions is one stage:
// the chain's later run is what failed, and a later run of it that
// passed fixes that failure; both substitutions set their values. A
// value a sed sets is keyed by the sed's own key, not by another setting
// that happens to hold the number it replaced or the number it sets.
func TestSedScriptWithSemicolons(t *testing.T) {
	out := reduceAll(t, `
> user
set up the collector
> assistant
raising the sampling rate
> call bash {"command": "sed -i 's/^sampling_ms = 500$/sampling_ms = 100/; s/^queue_size = 4$/queue_size = 10/' config/line3.toml && .venv/bin/python -m pressmon.collector --config config/line3.toml --run-for 60"}
> result error
ERROR pressmon.plc: create_monitored_items: 4 of 6 items failed
> assistant
switching the deadband
> call bash {"command": "sed -i 's/^deadband_type = percent$/deadband_type = absolute/; s/^temp_deadband = 1.0$/temp_deadband = 0.5/' config/line3.toml && .venv/bin/python -m pressmon.collector --config config/line3.toml --run-for 60 2>&1 | grep -E 'ERROR|created' && psql -c 'select 1'"}
> result
INFO pressmon.plc: 6 monitored items created
> assistant
and the cooldown
> call bash {"command": "sed -i 's/^cooldown_min = 10$/cooldown_min = 30/' config/alerts.toml && sudo systemctl restart pressmon"}
> result
ok
> assistant
and the batch
> call bash {"command": "sed -i 's/^batch = 64$/batch = 100/' config/db.toml && sudo systemctl restart pressmon"}
> result
ok
`)
	expect(t, out, []string{
		`config/line3.toml/sampling_ms \[current/empirical\] = 100 \(was 500\)`,
		`config/line3.toml/queue_size \[current/empirical\] = 10 \(was 4\)`,
		`config/line3.toml/temp_deadband \[current/empirical\] = 0.5 \(was 1.0\)`,
		`config/alerts.toml/cooldown_min \[current/empirical\] = 30 \(was 10\)`,
		`config/db.toml/batch \[current/empirical\] = 100 \(was 64\)`,
		`failure .*\[resolved/empirical\] = failed: ERROR pressmon.plc`,
	}, []string{`\[open/empirical\]`, `queue_size \[current/empirical\] = 30`, `sampling_ms \[current/empirical\] = 64`})
}

func TestShellSplitOutsideQuotes(t *testing.T) {
	cmd := `sed -i 's/a = 1$/a = 2/; s/b = 4$/b = 10/' c.toml && grep -E 'x|y && z' log | tail -3 && echo "a || b" || true`
	st := andStages(cmd)
	if len(st) != 3 || !strings.HasPrefix(st[1], "grep -E 'x|y && z' log") {
		t.Fatalf("andStages = %q", st)
	}
	if got := pipeHead(st[1]); got != "grep -E 'x|y && z' log " {
		t.Errorf("pipeHead = %q", got)
	}
	if p := pipeSplit(st[2]); len(p) != 1 {
		t.Errorf("pipeSplit of %q = %q", st[2], p)
	}
	if !shellHas(cmd, "||") || shellHas(`echo "a || b"`, "||") || shellHasAny(`sed 's/a/b/; s/c/d/' f`, ";") {
		t.Error("shellHas reads quoted text")
	}
	if m := shellMask(`a 'b` + "\\" + `' "c\"d" e\;f`); m != `a '__' "_\__" e\_f` {
		t.Errorf("shellMask = %q", m)
	}
}

// A written config file's settings are its values, each by its path in
// the file's blocks, but not a YAML block's indicator ("path: |"), a key
// opening a list ("steps:") or a key the file sets in several places
// ("uses:" of each step).
func TestWrittenConfigValues(t *testing.T) {
	yml := "name: Benchmarks\\non:\\n  pull_request:\\njobs:\\n  bench:\\n    runs-on: ubuntu-latest\\n    timeout-minutes: 60\\n    steps:\\n      - name: Checkout\\n        uses: actions/checkout@v4\\n      - name: Cache\\n        uses: Swatinem/rust-cache@v2\\n      - name: Upload\\n        with:\\n          path: |\\n            target/criterion\\n"
	out := reduceAll(t, "> user\nadd a benchmark workflow\n> assistant\nok\n> call write_file {\"path\": \".github/workflows/bench.yml\", \"content\": \""+yml+"\"}\n> result\nwrote .github/workflows/bench.yml\n")
	expect(t, out, []string{`bench.yml/jobs.bench.timeout-minutes \[current/empirical\] = 60`, `bench.yml/jobs.bench.runs-on \[current/empirical\] = ubuntu-latest`},
		[]string{`/path \[`, `/uses \[`, `/steps \[`})
}

// An edit of a file written whole changes the setting by its path: the
// fragment's key alone names it.
func TestEditedConfigPath(t *testing.T) {
	yml := "jobs:\\n  bench:\\n    runs-on: ubuntu-latest\\n    timeout-minutes: 60\\n"
	out := reduceAll(t, "> user\nadd a benchmark workflow\n> assistant\nok\n> call write_file {\"path\": \"bench.yml\", \"content\": \""+yml+"\"}\n> result\nwrote bench.yml\n"+
		"> assistant\nraising the timeout\n> call str_replace {\"path\": \"bench.yml\", \"old_str\": \"    timeout-minutes: 60\", \"new_str\": \"    timeout-minutes: 90\"}\n> result\nedited bench.yml\n")
	expect(t, out, []string{`bench.yml/jobs.bench.timeout-minutes \[current/empirical\] = 90 \(was 60\)`}, []string{`bench.yml/timeout-minutes \[`})
}

// A configuration's settings are its scalar values by their block paths:
// no key opening a block, no template placeholder, no list item and no key
// set twice, in YAML and pretty-printed JSON alike.
func TestConfigSettings(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: payments-api\nspec:\n  minReplicas: {{ .Values.hpa.min }}\n  maxReplicas: {{ .Values.hpa.max }}\n",
			""},
		// What a manifest is (its kind, name, labels, selectors) is no
		// setting; its namespace and its replica bounds are.
		{"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\n  namespace: payments\n  labels:\n    app: api\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      app: api\n",
			"metadata.namespace=payments spec.replicas=3"},
		{"resources:\n  limits:\n    cpu: 1\n    memory: 768Mi\n  requests:\n    cpu: 250m\nreadinessProbe:\n  initialDelaySeconds: 20\n",
			"resources.limits.cpu=1 resources.limits.memory=768Mi resources.requests.cpu=250m readinessProbe.initialDelaySeconds=20"},
		{"containers:\n  - name: api\n    image: api:2.14.3\n  - name: sidecar\n    image: envoy:1.29\n", ""},
		{"{\n  \"server\": {\n    \"port\": 8080,\n    \"host\": \"0.0.0.0\"\n  },\n  \"debug\": false\n}", "server.port=8080 server.host=0.0.0.0 debug=false"},
		{"[db]\nbatch = 100\npool = 8\n", "batch=100 pool=8"},
		{"script: |\n  make test\nenv: >\n  prod\n", ""},
		{"fetch-depth: 0 # full history\nurl: https://x.test/a#frag\n", "fetch-depth=0 url=https://x.test/a#frag"},
	} {
		var got []string
		for _, s := range configSettings(c.text) {
			got = append(got, s.key+"="+s.value)
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("configSettings(%q) = %q; want %q", c.text, g, c.want)
		}
	}
}

// A sed of a constant declared in code sets it ("const MAX: usize =
// 80;" → 64), a ";" inside a substitution splits nothing, and a value
// given per unit, measured, or "the standard" one is read and changed by
// a percentage in words.
func TestDeclaredConstantsAndMeasuredValues(t *testing.T) {
	if got := sedCommands(`s/^const MAX: usize = 80;$/const MAX: usize = 64;/; s/a = 1/a = 2/g;s|x;y|z|`); len(got) != 3 || got[2] != "s|x;y|z|" {
		t.Errorf("sedCommands = %q", got)
	}
	got := map[string]string{}
	for _, p := range sedValues(`sed -i 's/^const MAX_BOOKLET_PAGES: usize = 80;$/const MAX_BOOKLET_PAGES: usize = 64;/' src/cli.rs && sed -i 's/export const TIMEOUT_MS = 500;/export const TIMEOUT_MS = 800;/' src/a.ts`) {
		got[p.Key] = p.Was + "->" + p.Value
	}
	if got["value/src/cli.rs/max_booklet_pages"] != "80->64" || got["value/src/a.ts/timeout_ms"] != "500->800" {
		t.Errorf("sedValues = %v", got)
	}
	out := reduceAll(t, "> user\nWe build the booklet mode today. Dave measured the creep on our usual 130gsm silk at 0.125 mm per sheet, and the bleed should be the standard 3 mm.\n> assistant\nok\n> user\nHe measured the creep again and says the figure I gave you is a touch generous; he'd like it twenty per cent less.\n")
	expect(t, out, []string{`creep \[current/normative\] = 0.1 mm per sheet \(was 0.125 mm per sheet\)`, `bleed \[current/normative\] = 3 mm @0\n`}, nil)
}
