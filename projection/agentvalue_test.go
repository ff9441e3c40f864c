package projection

import "testing"

// Values a user trial found misread: the old value the agent reported
// before the user's change is what "go back to the old value" returns
// to; a question the user answered at once is no question for the agent
// to answer; one verb setting several settings ("bump the initial delay
// to 30s and the probe timeout to 3s"); a setting the user named in
// words and a configuration file's identifier for it; a manifest's
// identity fields; a route the user rules out in Chinese.
func TestAgentStatedAndListedValues(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"the old value the agent stated", `
> user
Go with the batched keyset backfill.
> assistant
Batched keyset backfill it is. BATCH_SIZE = 5000.
> user
Make the batch size 10000.
> assistant
BATCH_SIZE = 10000.
> user
Go back to the old value for the batch size.
`, []string{`batch_size \[current/normative\] = 5000 \(was 10000\)`}, []string{`back to its earlier value`}},
		{"the agent's words after the change are no old value", `
> user
Make the batch size 10000.
> assistant
BATCH_SIZE = 10000. At batch size 20000 it would run out of memory.
> user
Go back to the old value for the batch size.
`, []string{`batch_size \[current/normative\] = 10000, back to its earlier value`}, []string{`= 20000`}},
		{"the user's own earlier value wins", `
> user
Set the batch size to 2000.
> assistant
BATCH_SIZE = 3000 would be faster.
> user
Make the batch size 10000.
> user
Go back to the old value for the batch size.
`, []string{`batch_size \[current/normative\] = 2000 \(was 10000\)`}, nil},
		{"a question the user answered at once", `
> user
How many parallel workers should the backfill use? Let's say 4.
> assistant
WORKERS = 4.
> user
Hmm, 4 workers will fight the app for locks. Drop it to 2.
`, []string{`parallel_workers \[current/normative\] = 2 \(was 4\)`}, []string{`decision/answer/`}},
		{"a question left to the agent is answered", `
> user
How many parallel workers does the backfill use now?
> assistant
The backfill runs 4 workers (WORKERS in backfill.py).
`, []string{`decision/answer/`}, nil},
		{"one verb, two settings", `
> user
The readiness probe is too aggressive. Bump the initial delay to 30s and the probe timeout to 3s.
`, []string{`initial_delay \[current/normative\] = 30s`, `probe_timeout \[current/normative\] = 3s`}, nil},
		{"one verb, three settings in a list", `
> user
Set the batch size to 500, the worker count to 4 and the retries to 3.
`, []string{`batch_size \[current/normative\] = 500`, `worker_count \[current/normative\] = 4`, `retries \[current/normative\] = 3`}, nil},
		{"an identifier after the verb", `
> user
Set the timeout to 30s and max_retries to 5.
`, []string{`timeout \[current/normative\] = 30s`, `max_retries \[current/normative\] = 5`}, nil},
		{"no setting after and", `
> user
Set the batch size to 500 and the docs to match.
`, []string{`batch_size \[current/normative\] = 500`}, []string{`value/-/docs`}},
		{"a verb after and", `
> user
Set the timeout to 30s and go to 5 workers.
`, []string{`timeout \[current/normative\] = 30s`}, []string{`value/-/go\b`}},
		{"talk to someone", `
> user
Bump the version to 2.1 and talk to Bob about the 3 failing tests.
`, []string{`version \[current/normative\] = 2.1`}, []string{`bob`, `Bob \[`}},
		{"the file's identifier for the setting the user named", `
> user
Bump the initial delay to 30s.
> assistant
> call write_file {"path": "deploy/values-staging.yaml", "content": "readiness:\n  initialDelaySeconds: 30\n  timeoutSeconds: 3\n"}
> result
wrote deploy/values-staging.yaml
> user
With the startupProbe in place, 30s initial delay on readiness is too much. 20 is enough.
> assistant
> call write_file {"path": "deploy/values-staging.yaml", "content": "readiness:\n  initialDelaySeconds: 20\n  timeoutSeconds: 3\n"}
> result
wrote deploy/values-staging.yaml
`, []string{`readiness.initialdelayseconds \[current/empirical\] = 20 \(was 30s\)`}, []string{`initial_delay \[current`}},
		{"a manifest's identity is no setting", `
> user
Add an HPA for payments-api.
> assistant
> call write_file {"path": "templates/hpa.yaml", "content": "apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: payments-api\n  labels:\n    app: payments-api\nspec:\n  scaleTargetRef:\n    kind: Deployment\n    name: payments-api\n  minReplicas: 3\n  maxReplicas: 8\n"}
> result
wrote templates/hpa.yaml
`, []string{`spec.minreplicas \[current/empirical\] = 3`, `spec.maxreplicas \[current/empirical\] = 8`}, []string{`apiversion`, `/kind`, `metadata.name`, `labels`, `scaletargetref`}},
		{"a route ruled out, Chinese", `
> user
我在想，能不能干脆不引入 Redis，直接用 functools.lru_cache 在进程内缓存？你试试看。
> assistant
我试一下进程内 lru_cache 的方案。
> user
算了，lru_cache 这条路不行，多个 worker 之间不共享，还会读到脏数据。回到 Redis 方案，这个思路以后也别再提了。
`, []string{`negative-knowledge negative/-/\S*lru_cache\S* \[`}, nil},
		{"this plan does not work, Chinese", `
> user
这个方案不行，锁表时间太长了。
`, []string{`negative-knowledge`}, nil},
		{"a road that is fine is no rejection", `
> user
这条路可以，继续。
`, nil, []string{`negative-knowledge`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

func TestFusedSame(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"initial_delay", "readiness.initialdelayseconds", true},
		{"max_connections", "db.maxconnections", true},
		{"timeout", "timeoutseconds", true},
		{"pool_size", "pool.poolsize", true},
		{"probe_timeout", "readiness.timeoutseconds", false},
		{"delay", "initialdelayseconds", false},
		{"size", "sizes", false},
		{"ttl", "ttlms", false}, // too short to tell
	} {
		if got := fusedSame(c.a, c.b); got != c.want {
			t.Errorf("fusedSame(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
