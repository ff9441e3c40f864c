package projection

import "testing"

// A day moved by naming the new one moves the day held for the thing
// named (or holds it anew); a Chinese sentence of a day and a short act
// holds the act's day; a deadline lead or a task put off holds none.
func TestDayMoved(t *testing.T) {
	for _, c := range []struct {
		name        string
		script      string
		want, never []string
	}{
		{"Chinese hand-off to QA", `
> user
今天搞积分抵扣这个 feature。
这周五提测
> assistant
好的。
> user
提测改到下周三了，测试那边这周排不过来
`, []string{`value/-/提测 \[current/normative\] = 下周三 \(was 这周五\)`}, nil},
		{"English demo", `
> user
we're adding CSV export to the reports page today.
the demo for the client is on friday, it has to be in by then
> assistant
OK.
> user
demo got pushed to next tuesday btw
`, []string{`value/-/demo_for_the_client \[current/normative\] = next tuesday \(was friday\)`}, nil},
		{"no day held before", `
> user
we're adding CSV export to the reports page today.
> assistant
OK.
> user
the review deadline was moved to monday, alex is out
`, []string{`value/-/review_deadline \[current/normative\] = monday`}, nil},
		{"a deadline lead and a task put off", `
> user
for the postmortem: 请把 timeline 整理到 docs/postmortems/payments-5xx.md. 周四之前搞定
> assistant
好的。
> user
样本要不要把 2015 年也包进来？明天问王经理再说。
`, nil, []string{`value/-/之前搞定`, `value/-/问王经理再说`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
