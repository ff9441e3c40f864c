package projection

import "testing"

// TestValueUnits: a setting keeps the unit and the "per …" it was said
// with, whichever way it is said, and a change said with a unit or in the
// passive reaches the value held.
func TestValueUnits(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"a rate with a slash and what it counts per", `
> user
Add rate limiting to the upload endpoint. The limit should be 20 req/min per user.`,
			[]string{`value/-/limit \[current/normative\] = 20 req/min per user`}, nil},
		{"a limit of a count per minute", `
> user
Use a limit of 20 requests per minute.`,
			[]string{`value/-/limit \[current/normative\] = 20 requests per minute`}, nil},
		{"binary units", `
> user
The quota is 5 GiB per tenant.`,
			[]string{`value/-/quota \[current/normative\] = 5 GiB per tenant`}, nil},
		{"per any one word", `
> user
The budget is 200 tokens per summary.`,
			[]string{`value/-/budget \[current/normative\] = 200 tokens per summary`}, nil},
		{"two pers", `
> user
push-relay: 600 messages a minute per client.`,
			[]string{`value/-/push-relay \[current/normative\] = 600 messages a minute per client`}, nil},
		{"a change with make keeps its unit", `
> user
Set the limit to 20/min.
> assistant
ok
> user
actually make the limit 30/min, 20 is too strict for the batch uploader`,
			[]string{`value/-/limit \[current/normative\] = 30/min \(was 20/min\)`}, nil},
		{"a change with raise keeps its unit", `
> user
raise the limit to 30 req/min`,
			[]string{`value/-/limit \[current/normative\] = 30 req/min @`}, nil},
		{"a setting that stays", `
> user
the default tier is 4 cpus. memory stays 16Gi`,
			[]string{`value/-/memory \[current/normative\] = 16Gi`}, nil},
		{"a change in the passive", `
> user
the default tier is 4 cpus. memory stays 16Gi
> assistant
ok
> user
also Dana wants the quota memory for the default tier raised by half again, teams were hitting it`,
			[]string{`value/-/memory \[current/normative\] = 24Gi \(was 16Gi\)`, `value/-/default_tier \[current/normative\] = 4 cpus`}, nil},
		{"what an exception leaves is no setting", `
> user
Step timeouts: the VALIDATE step may use 10s, everything else stays 3s.`,
			nil, []string{`value/-/everything`}},
		{"a filler after the number is no unit", `
> user
The port is 8080 now.`,
			[]string{`value/-/port \[current/normative\] = 8080 @`}, nil},
		{"a number in a clause that goes on is no value", `
> user
The answer is 42 because of the cache.`,
			nil, []string{`value/`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
