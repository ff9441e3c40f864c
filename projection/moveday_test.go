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
		{"a rule's deadline, moved without naming it", `
> user
we work on the release today.
field team picks up 3 units tuesday morning so this has to be done monday evening latest
> assistant
OK.
> user
good news the field team moved pickup to thursday so we have till wednesday night
`, []string{`\[active/normative\] = field team picks up 3 units tuesday morning so this has to be done wednesday night latest \(was`}, []string{`done monday evening latest @`}},
		{"a rule's deadline, named", `
> user
we work on the release today.
RC2 has to reach QA on thursday
> assistant
OK.
> user
also RC2 moved to friday morning, QA is swamped thursday
`, []string{`\[active/normative\] = RC2 has to reach QA on friday morning \(was RC2 has to reach QA on thursday\)`}, []string{`value/-/also_rc2`}},
		{"a task's deadline in Portuguese", `
> user
hoje vamos rodar o pipeline.
> assistant
OK.
> user
o que falta: rodar nas 3 amostras de teste e depois no lote todo.
o relatório pra Helena é até quarta
> assistant
OK.
> user
a reunião com a Helena passou pra sexta, então o relatório fica pra sexta
`, []string{`\[open/normative\] = o relatório pra Helena é até sexta \(was o relatório pra Helena é até quarta\)`}, nil},
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
