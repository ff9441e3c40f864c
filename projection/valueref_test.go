package projection

import "testing"

// Values changed in plain speech, as a user trying the tool on sessions
// of their own said them: a change's word is no value ("make it double"),
// the old value put back by naming the setting after it ("go back to the
// old value for the batch size", "TTL 退回上一个值"), an "it" pointing at a
// number the sentence before gave a held setting, and a replacement said
// as two verdicts ("30s is too much. 20 is enough.").
func TestValuesReferredTo(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"a scale word is a change", `
> user
Bump the batch size to 5000.
> user
Make it double.
`, []string{`batch_size \[current/normative\] = 10000 \(was 5000\)`}, []string{`= double`}},
		{"twice as long", `
> user
Set the lease timeout to 40s.
> user
ok, make it twice as long
`, []string{`lease_timeout \[current/normative\] = 80s \(was 40s\)`}, []string{`= twice`}},
		{"the old value for a named setting", `
> user
Go with the batched keyset backfill.
> user
Make the batch size 10000.
> user
Not worth it. Go back to the old value for the batch size.
`, []string{`batch_size \[current/normative\]`, `decision/-/go-batched-keyset-backfill \[active/`}, []string{`go-back-old-value`, `superseded`}},
		{"the previous value, Chinese", `
> user
缓存 TTL 改成 10 分钟吧。
> user
再把 TTL 翻倍。
> user
TTL 翻倍之后太长了，缓存里的价格会过期。TTL 退回上一个值吧。
> assistant
TTL 已退回 600 秒（10 分钟），测试通过。
`, []string{`value/-/ttl \[current/normative\] = 10 分钟 \(was 20 分钟\)`}, []string{`decision`}},
		{"the agent's report of a setting changed is no decision", `
> user
再把 TTL 翻倍。
> assistant
TTL 已改为 1200 秒（20 分钟），测试通过。
`, nil, []string{`decision`}},
		{"it is the setting the number before is held by", `
> user
Bump the search debounce to 500.
> user
The search feels sluggish at 500. Make it half of that.
`, []string{`search_debounce \[current/normative\] = 250 \(was 500\)`}, []string{`sluggish`}},
		{"it is the count of the noun before", `
> user
Set the batch size to 5000.
> user
Use 4 workers.
> user
Set the batch size to 6000.
> user
Hmm, 4 workers will fight the app for locks. Drop it to 2.
`, []string{`workers \[current/normative\] = 2 \(was 4\)`, `batch_size \[current/normative\] = 6000`}, []string{`batch_size \[current/normative\] = 2`}},
		{"too much, then enough", `
> user
Bump the readiness initial delay to 30s.
> user
With the startupProbe in place, 30s is too much. 20 is enough.
`, []string{`readiness_initial_delay \[current/normative\] = 20s \(was 30s\)`}, nil},
		{"overkill, will do", `
> user
Set retries to 8.
> user
8 retries is overkill, 3 will do.
`, []string{`retries \[current/normative\] = 3 \(was 8\)`}, nil},
		{"too long, enough, Chinese", `
> user
超时设成 30 秒。
> user
30 秒太长了，20 秒就够了。
`, []string{`\[current/normative\] = 20 秒 \(was 30 秒\)`}, nil},
		{"a question answered in the same breath", `
> user
How many parallel workers should the backfill use? Let's say 4.
> user
Hmm, 4 workers will fight the app for locks. Drop it to 2.
`, []string{`parallel_workers \[current/normative\] = 2 \(was 4\)`}, nil},
		{"what X should it have, I'd say", `
> user
What timeout should the export job have? 30 minutes, I'd say.
`, []string{`value/-/timeout \[current/normative\] = 30 minutes`}, nil},
		{"a question left open", `
> user
How many workers should we use? I don't know yet, let's measure first.
`, nil, []string{`value/`}},
		{"the old value for a setting with no earlier value known", `
> user
Make the batch size 10000.
> user
Go back to the old value for the batch size.
`, []string{`batch_size \[current/normative\] = 10000, back to its earlier value`}, []string{`batch_size \[current/normative\] = 10000 @`}},
		{"it is the setting the agent's words since named, not the run's flag", `
> user
Bump the batch size to 5000.
> assistant
Running the dry run.
> call bash {"command": "python migrate/backfill.py --dry-run --limit 100000"}
> result
batch_size=5000 processed 100000 rows in 68s
> assistant
At 5000 per batch: 1466 rows/s.
> user
Make it double.
`, []string{`batch_size \[current/normative\] = 10000 \(was 5000\)`}, []string{`value/-/limit`}},
		// Near misses: nothing held is named, or no new value is given.
		{"a verdict with no new value", `
> user
Set retries to 8.
> user
8 is too many, we'll see.
`, []string{`retries \[current/normative\] = 8`}, []string{`was 8`}},
		{"a number no setting holds", `
> user
Set retries to 8.
> user
The old box had 64 cores. Sizing it at 32 is enough.
`, []string{`retries \[current/normative\] = 8`}, []string{`= 32`}},
		{"double precision is a value", `
> user
Set the precision to double.
`, []string{`precision \[current/normative\] = double`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
