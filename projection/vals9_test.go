package projection

import "testing"

// A user trial found: a setting taken away shown as "back to its earlier
// value" with the value removed; a decision of a value left active after
// the value changed away from it; a sentence saying what a thing is NOT
// read as its value; a remark of what the user finds odd read as a rule.
func TestUnsetRevertedNegatedOpinion(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		// A setting taken away.
		{"ru revert to the default", `
> user
поставь GOGC=200 в деплойменте
> assistant
Готово.
> user
откатывай GOGC, оставь дефолт
`, []string{`gogc \[current/normative\] = unset \(default\) \(was 200\)`}, []string{`back to its earlier value`, `gogc \[current/normative\] = 200`}},
		{"ru remove", `
> user
поставь GOGC=200 в деплойменте
> user
убери GOGC
`, []string{`gogc \[current/normative\] = unset \(default\) \(was 200\)`}, nil},
		{"en remove", `
> user
Set GOGC=200 in the deployment.
> user
Remove GOGC.
`, []string{`gogc \[current/normative\] = unset \(default\) \(was 200\)`}, nil},
		{"en unset with the default stated", `
> user
Set GOGC=200 in the deployment.
> user
Unset GOGC, the default 100 is fine.
`, []string{`gogc \[current/normative\] = 100 \(default\) \(was 200\)`}, nil},
		{"nl remove", `
> user
zet GOGC=200 in de deployment
> user
verwijder GOGC weer
`, []string{`gogc \[current/normative\] = unset \(default\) \(was 200\)`}, nil},
		{"it remove", `
> user
metti GOGC=200 nel deployment
> user
togli GOGC
`, []string{`gogc \[current/normative\] = unset \(default\) \(was 200\)`}, nil},
		{"zh remove", `
> user
把 GOGC=200 加到部署里
> user
删掉 GOGC
`, []string{`gogc \[current/normative\] = unset \(default\) \(was 200\)`}, nil},
		// Near-misses: kept, asked, or something else removed.
		{"en do not remove", `
> user
Set GOGC=200 in the deployment.
> user
Don't remove GOGC.
`, []string{`gogc \[current/normative\] = 200`}, []string{`unset`}},
		{"ru do not remove", `
> user
поставь GOGC=200 в деплойменте
> user
не убирай GOGC
`, []string{`gogc \[current/normative\] = 200`}, []string{`unset`}},
		{"en a question", `
> user
Set GOGC=200 in the deployment.
> user
Should we remove GOGC?
`, []string{`gogc \[current/normative\] = 200`}, []string{`unset`}},
		{"en another thing removed", `
> user
Set GOGC=200 in the deployment.
> user
Remove the debug logging.
`, []string{`gogc \[current/normative\] = 200`}, []string{`unset`}},
		// A decision the value changed away from.
		{"nl decision reverted by an edit", `
> user
fix de flaky test
> assistant
Zal ik retries: 2 in playwright.config.ts zetten?
> user
doe maar retries 2 voor nu, release is morgen
> assistant
> call edit {"filePath": "playwright.config.ts", "oldString": "  retries: 0,", "newString": "  retries: 2,"}
> result
Edit applied successfully.
> user
wacht. retries terug naar 0. retries verbergen dit soort races alleen maar
> assistant
> call edit {"filePath": "playwright.config.ts", "oldString": "  retries: 2,", "newString": "  retries: 0,"}
> result
Edit applied successfully.
`, []string{`retries \[current/\w+\] = 0 \(was 2\)`}, []string{`decision/-/doe-retries-2-release-morgen \[active`}},
		{"en decision reverted by the user", `
> user
fix the flaky test
> user
Let's go with a pool size of 40 for now.
> user
Set the pool size to 20.
`, []string{`pool_size \[current/normative\] = 20`}, []string{`\[active/normative\] = Let's go with a pool size of 40`}},
		{"en decision of another setting stays", `
> user
fix the flaky test
> user
Let's go with a pool size of 40 for now.
> user
Set the timeout to 20s.
`, []string{`\[active/normative\] = Let's go with a pool size of 40`}, nil},
		{"en decision kept when the value moves to it", `
> user
fix the flaky test
> user
Set retries to 0.
> user
Let's go with retries 2 for now.
> user
Set retries to 2.
`, []string{`\[active/normative\] = Let's go with retries 2`}, nil},
		// What a thing is not is no value of it.
		{"it negated copula", `
> user
puoi committare da solo sul branch feature/customer-ref
> user
commit sì. e ricorda: su questo branch NON è feature/customer-ref, quindi chiedimi prima di committare
`, nil, []string{`su_questo_branch_non`, `value/-/\S*_non `}},
		{"en negated", `
> user
fix the login test
> user
remember: the current branch is not feature/customer-ref, so ask before committing
`, nil, []string{`value/-/\S*_not `}},
		{"de negated", `
> user
fix the login test
> user
dieser Branch ist nicht feature/customer-ref, frag vorher
`, nil, []string{`_nicht `}},
		{"nl negated", `
> user
fix the login test
> user
deze branch is niet feature/customer-ref, vraag eerst
`, nil, []string{`_niet `}},
		{"ru negated", `
> user
fix the login test
> user
эта ветка не feature/customer-ref, спроси сначала
`, nil, []string{`_не `}},
		{"a value stays a value", `
> user
fix the login test
> user
the branch is feature/customer-ref
`, []string{`branch \[current/normative\] = feature/customer-ref`}, nil},
		// A remark is no rule.
		{"nl remark", `
> user
formatDistanceToNowStrict. maar dat het alleen in webkit faalt vind ik raar, chromium moet hem ook zien
`, nil, []string{`constraint/\S*vind-raar`}},
		{"en remark", `
> user
Fix the date test. I find it strange that it only fails in webkit, chromium should see it too.
`, nil, []string{`constraint/\S*strange`}},
		{"ru remark", `
> user
Почини тест дат. Мне кажется странным, что падает только в webkit, chromium тоже должен его видеть.
`, nil, []string{`constraint/\S*странн`}},
		{"it remark", `
> user
Sistema il test delle date. Trovo strano che fallisca solo in webkit, chromium dovrebbe vederlo.
`, nil, []string{`constraint/\S*strano`}},
		{"zh remark", `
> user
修一下日期测试。我觉得很奇怪，只在 webkit 里失败，chromium 应该也会看到。
`, nil, []string{`constraint/\S*奇怪`}},
		// A rule beside a remark stays a rule.
		{"nl rule with a remark", `
> user
Fix de datumtest. Ik vind het raar, maar je moet nooit retries aanzetten.
`, []string{`constraint/\S* \[active/normative\] = maar je moet nooit retries`}, nil},
		{"en rule with a remark", `
> user
Fix the date test. That's weird, but never enable retries in CI.
`, []string{`constraint/\S* \[active/normative\] = but never enable retries`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
