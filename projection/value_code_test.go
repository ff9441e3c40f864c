package projection

import (
	"maps"
	"testing"
)

// A user trial found: "och max_retries 8 då" said while retry_backoff_max
// 900 was held, and a patch changing max_retries on a line that also holds
// retry_backoff_max, recorded retry_backoff_max 8: the code name
// max_retries was matched to the held retry_backoff_max by its words
// ({max, retry} among {retry, backoff, max}). Two code names are one
// setting only when they are one identifier (codename.go); prose names
// keep their word matching.
func TestValsTwelve(t *testing.T) {
	patch := `
> assistant
> call apply_patch {"path": "invoices/tasks.py", "patch": "-    max_retries=5, retry_backoff=True, retry_backoff_max=300,\n+    max_retries=8, retry_backoff=True, retry_backoff_max=600,"}
> result
Patch applied.
`
	cases := []scriptCase{
		{"sv trial with the patch", `
> user
sync_invoices: max_retries 5 och retry_backoff_max 300
> user
backoff_max 300 är för lågt, sätt 900. och max_retries 8 då
` + patch, []string{`value/invoices/tasks\.py/max_retries \[current/normative\] = 8 \(was 5\)`, `retry_backoff_max \[current/empirical\] = 600 \(was 900\)`},
			[]string{`retry_backoff_max \[\w+/\w+\] = 8`, `\(was 8\)`}},
		{"en trial with the patch", `
> user
sync_invoices: max_retries 5 and retry_backoff_max 300
> user
backoff_max 300 is too low, make it 900. and max_retries 8 then
` + patch, []string{`value/invoices/tasks\.py/max_retries \[current/normative\] = 8 \(was 5\)`, `retry_backoff_max \[current/empirical\] = 600 \(was 900\)`},
			[]string{`retry_backoff_max \[\w+/\w+\] = 8`, `\(was 8\)`}},
		{"sv max_retries said while only retry_backoff_max is held", `
> user
retry_backoff_max = 900
> user
och max_retries 8 då
`, []string{`value/-/max_retries \[current/normative\] = 8 @`, `retry_backoff_max \[current/normative\] = 900 @`}, []string{`retry_backoff_max \[\w+/\w+\] = 8`}},
		{"en max_retries said while only retry_backoff_max is held", `
> user
retry_backoff_max = 900
> user
and max_retries 8 then
`, []string{`value/-/max_retries \[current/normative\] = 8 @`, `retry_backoff_max \[current/normative\] = 900 @`}, []string{`retry_backoff_max \[\w+/\w+\] = 8`}},
		{"the longer code name said while the shorter is held", `
> user
max_retries = 5
> user
retry_backoff_max 900
`, []string{`value/-/max_retries \[current/normative\] = 5 @`, `retry_backoff_max \[current/normative\] = 900 @`}, []string{`\(was 5\)`}},
		{"a patch line holding both when only one is held", `
> user
retry_backoff_max = 900
> assistant
> call apply_patch {"path": "invoices/tasks.py", "patch": "-    max_retries=3, retry_backoff=True, retry_backoff_max=900,\n+    max_retries=8, retry_backoff=True, retry_backoff_max=900,"}
> result
Patch applied.
`, []string{`max_retries \[current/empirical\] = 8 \(was 3\)`, `retry_backoff_max \[current/normative\] = 900 @`}, []string{`retry_backoff_max \[\w+/\w+\] = 8`, `\(was 900\)`}},
		{"code name after a prose rename", `
> user
retry_backoff_max = 300
> user
set the backoff max to 600
> user
and max_retries 8
`, []string{`retry_backoff_max \[current/normative\] = 600 \(was 300\)`, `value/-/max_retries \[current/normative\] = 8 @`}, []string{`\(was 600\)`}},
		// Prose names keep their word matching.
		{"prose backoff max", `
> user
max_retries 5 and retry_backoff_max 300
> user
set the backoff max to 600
`, []string{`retry_backoff_max \[current/normative\] = 600 \(was 300\)`, `max_retries \[current/normative\] = 5 @`}, nil},
		{"prose retries", `
> user
max_retries 5 and retry_backoff_max 300
> user
set retries to 8
`, []string{`max_retries \[current/normative\] = 8 \(was 5\)`, `retry_backoff_max \[current/normative\] = 300 @`}, nil},
		{"prose timeout for the one held", `
> user
statement_timeout = 30s
> user
timeout = 10s
`, []string{`statement_timeout \[current/normative\] = 10s \(was 30s\)`}, nil},
		{"code name in a file for a setting told in prose", `
> user
the request timeout is 30s
> assistant
> call apply_patch {"path": "app/client.py", "patch": "-    timeout=30, verify=True,\n+    timeout=45, verify=True,"}
> result
Patch applied.
`, []string{`value/app/client.py/timeout \[current/empirical\] = 45 \(was 30s\) @0,2`}, []string{`request_timeout \[`}},
		// One identifier however written; a shortened name by hand.
		{"camelCase and snake_case", `
> user
max_retries 5 and retry_backoff_max 300
> user
maxRetries 9
`, []string{`max_retries \[current/normative\] = 9 \(was 5\)`, `retry_backoff_max \[current/normative\] = 300 @`}, nil},
		{"camelCase in a patch", `
> user
max_retries = 5
> assistant
> call apply_patch {"path": "src/queue.ts", "patch": "-  maxRetries: 5,\n+  maxRetries: 7,"}
> result
Patch applied.
`, []string{`value/src/queue.ts/maxretries \[current/empirical\] = 7 \(was 5\) @0,2`}, []string{`value/-/max_retries`}},
		{"shortened by hand", `
> user
retry_backoff_max = 300
> user
backoff_max 600
`, []string{`retry_backoff_max \[current/normative\] = 600 \(was 300\)`}, nil},
		// timeout in code is neither lock_timeout nor statement_timeout.
		{"timeout in a patch beside lock and statement timeouts", `
> user
lock_timeout 5s and statement_timeout 30s
> assistant
> call apply_patch {"path": "db/settings.py", "patch": "-    timeout=20, pool_size=5,\n+    timeout=10, pool_size=5,"}
> result
Patch applied.
`, []string{`lock_timeout \[current/normative\] = 5s @`, `statement_timeout \[current/normative\] = 30s @`, `value/db/settings.py/timeout \[current/empirical\] = 10 \(was 20\)`}, []string{`_timeout \[\w+/\w+\] = 10`}},
		{"lock_timeout in a patch beside statement_timeout", `
> user
statement_timeout = 30s
> assistant
> call apply_patch {"path": "db/settings.py", "patch": "-    lock_timeout=20, pool_size=5,\n+    lock_timeout=10, pool_size=5,"}
> result
Patch applied.
`, []string{`statement_timeout \[current/normative\] = 30s @`, `lock_timeout \[current/empirical\] = 10 \(was 20\)`}, []string{`statement_timeout \[\w+/\w+\] = 10`}},
	}
	runScriptCases(t, cases)
}

func TestSameCode(t *testing.T) {
	cases := []struct {
		a, b           string
		aTyped, bTyped bool
		want           bool
	}{
		{"maxRetries", "max_retries", true, true, true},
		{"MAX_RETRIES", "max-retries", false, false, true},
		{"readiness.initialDelaySeconds", "initialDelaySeconds", false, false, true},
		{"backoff_max", "retry_backoff_max", true, false, true},
		{"retry_backoff_max", "backoff_max", false, true, true},
		// near misses
		{"max_retries", "retry_backoff_max", true, true, false},
		{"timeout", "lock_timeout", true, true, false},
		{"timeout", "statement_timeout", false, true, false},
		{"backoff_max", "retry_backoff_max", false, false, false},
		{"retry_backoff", "retry_backoff_max", true, true, false},
		{"max", "retry_backoff_max", true, true, false},
	}
	for _, c := range cases {
		if got := sameCode(c.a, c.b, c.aTyped, c.bTyped); got != c.want {
			t.Errorf("sameCode(%q, %q, %v, %v) = %v, want %v", c.a, c.b, c.aTyped, c.bTyped, got, c.want)
		}
	}
}

func TestIdentShaped(t *testing.T) {
	for _, n := range []string{"max_retries", "maxRetries", "pool.size", "max-conns", "MAX_RETRIES"} {
		if !identShaped(n) {
			t.Errorf("identShaped(%q) = false, want true", n)
		}
	}
	for _, n := range []string{"timeout", "retries", "backoff max", "STDF", "-v", "e.", "", "retries on the per-account job", "max_retries of the job"} {
		if identShaped(n) {
			t.Errorf("identShaped(%q) = true, want false", n)
		}
	}
}

// A value named as code and renamed in prose stays code after a Restore.
func TestCodedSurvivesRestore(t *testing.T) {
	msgs := []string{"retry_backoff_max = 300", "set the backoff max to 600", "and max_retries 8"}
	mid := New(Options{SessionID: "s"})
	for i, m := range msgs[:2] {
		mid.Apply(Event{Seq: i, Role: RoleUser, Text: m})
	}
	snap, restored := snapRound(t, mid)
	if !maps.Equal(snap.Coded, map[string]string{"value/-/retry_backoff_max": "retry_backoff_max"}) {
		t.Fatalf("snapshot coded = %v", snap.Coded)
	}
	restored.Apply(Event{Seq: 2, Role: RoleUser, Text: msgs[2]})
	got := map[string]string{}
	for _, a := range restored.Heads() {
		if a.Kind == KindValue {
			got[a.Key] = a.Value
		}
	}
	if got["value/-/retry_backoff_max"] != "600" || got["value/-/max_retries"] != "8" {
		t.Errorf("after Restore: %v, want retry_backoff_max 600 and max_retries 8", got)
	}
}
