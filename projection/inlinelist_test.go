package projection

import "testing"

// A numbered list of rules run on in one line is one rule per item, in
// any numbering style; a lift naming one item lifts only it.
func TestInlineRuleListItems(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"zh list with full-width marks, one item lifted", `
> user
apps/api 的 /orders/export 接口超时了，帮我修掉
> assistant
好，我先看 service。
> user
几个规矩先说下：1）不要加新依赖 2）不要用 any 3）apps/api 里面不准 default export，全部 named export。web 那边无所谓
> assistant
明白。
> user
any 那条规矩取消吧，prisma 生成的那些类型太难写了，该用就用
`, []string{`不要加新依赖 \[active`, `不要用 \[lifted`, `apps/api-里面不准-default-export\S* \[active`}, []string{`1-不要加新依赖`}},
		{"en list with parentheses, one item lifted", `
> user
fix the export timeout in apps/api
> assistant
ok
> user
ground rules for this one: 1) no new dependencies 2) never use any 3) no default exports in apps/api
> assistant
got it
> user
the any rule is off, the prisma types are too hard to write
`, []string{`new-dependencies \[active/normative\] = no new dependencies @`, `\[lifted/normative\] = never use any @`, `default-exports-apps/api \[active/normative\] = no default exports in apps/api @`}, nil},
		{"letters", `
> user
rules: a) no new dependencies b) never push to main
`, []string{`= no new dependencies @`, `= never push to main @`}, nil},
		{"circled numbers", `
> user
规矩：①不要加新依赖 ②不要直接推 main
`, []string{`= 不要加新依赖 @`, `= 不要直接推 main @`}, nil},
		{"numbered with 1、 and 1.", `
> user
规矩：1、不要加新依赖 2、不要直接推 main
> user
rules: 1. no new dependencies 2. never push to main
`, []string{`= 不要加新依赖 @`, `= 不要直接推 main @`, `= never push to main @`}, nil},
		{"a list of tasks, not rules, stays whole", `
> user
before you log off: 1) run the export 2) write the summary
`, []string{`= before you log off: 1\) run the export 2\) write the summary`}, nil},
		{"numbers that do not count from one are no list", `
> user
we are on v2) and 3) is left, never push to main
`, []string{`= we are on v2\) and 3\) is left, never push to main`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, c.script)
			t.Log(out)
			expect(t, out, c.want, c.never)
		})
	}
}
