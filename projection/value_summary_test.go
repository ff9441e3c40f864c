package projection

import "testing"

// A user trial found: a setting put back that had no value before the
// session's shown as "back to its earlier value" with the value removed;
// the counts and sizes of a run's output lost behind its first line; a
// practice judged and refused ("nolint это читерство, не надо") not read
// as a rule; a sentence calling itself a rule read as the objective; a
// setting named by a part of its name ("depth" of max_depth) not changed.
func TestValsTen(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		// A setting put back that held no value before the session's.
		{"ru revert a setting added", `
> user
давай GOGC=200 через env в деплойменте
> user
RSS вырос, один под уже OOMKilled. откатывай GOGC
`, []string{`gogc \[current/normative\] = unset \(default\) \(was 200\)`}, []string{`back to its earlier value`}},
		{"en revert a setting added", `
> user
Set GOGC=200 in the deployment.
> user
Pods got OOMKilled. Revert GOGC.
`, []string{`gogc \[current/normative\] = unset \(default\) \(was 200\)`}, []string{`back to its earlier value`}},
		{"it revert a setting added", `
> user
metti GOGC=200 nel deployment
> user
un pod è andato in OOM. ripristina GOGC
`, []string{`gogc \[current/normative\] = unset \(default\)`}, []string{`back to its earlier value`}},
		{"en revert with a value of its own", `
> user
Set GOGC=200 in the deployment.
> user
Revert GOGC to 150.
`, nil, []string{`unset`}},
		{"en revert after a change goes back", `
> user
Set GOGC=200 in the deployment.
> user
Set GOGC to 300.
> user
Revert GOGC.
`, nil, []string{`unset`}},
		{"en the old value asked for stays unresolved", `
> user
Make the batch size 10000.
> user
Go back to the old value for the batch size.
`, []string{`batch_size \[current/normative\] = 10000, back to its earlier value`}, []string{`unset`}},
		{"en do not revert", `
> user
Set GOGC=200 in the deployment.
> user
Don't revert GOGC.
`, []string{`gogc \[current/normative\] = 200`}, []string{`unset`}},
		// A practice judged and refused.
		{"ru judged and refused", `
> user
почини errcheck
> assistant
Поставил //nolint:errcheck с пояснением.
> user
nolint это читерство, не надо. сделай нормально через err := rows.Close() в defer
`, []string{`constraint/-/no-nolint \[active/normative\] = nolint это читерство, не надо`}, nil},
		{"en judged and refused", `
> user
fix the flaky test
> user
skipping the test is a hack. Don't.
`, []string{`constraint/\S* \[active/normative\] = skipping the test is a hack`}, nil},
		{"nl judged and refused", `
> user
fix de flaky test
> user
retries is valsspelen, niet doen
`, []string{`constraint/\S* \[active/normative\] = retries is valsspelen, niet doen`}, nil},
		{"it judged and refused", `
> user
sistema il test
> user
il mock è un imbroglio, non farlo
`, []string{`constraint/-/no-mock \[active/normative\]`}, nil},
		{"ru pronoun answers the agent", `
> user
почини errcheck
> assistant
Поставил //nolint:errcheck.
> user
это читерство, не надо
`, nil, []string{`constraint/-/no-`}},
		{"ru judgment denied", `
> user
почини errcheck
> user
nolint это не читерство, не надо переживать
`, nil, []string{`constraint/-/no-`}},
		{"en judgment asked", `
> user
fix the flaky test
> user
is skipping the test a hack? don't know
`, nil, []string{`constraint/-/no-`}},
		{"en judgment with more after the refusal", `
> user
fix the flaky test
> user
the retry loop is a hack, don't touch it now though
`, nil, []string{`constraint/-/no-`}},
		// A sentence calling itself a rule is no objective.
		{"ru self-named rule after a rule", `
> user
правило: номера полей в proto не трогаем никогда, только добавляем
> assistant
Понял.
> user
reflect в прод-коде нет, это тоже правило. просто функция на pgtype.Timestamptz
`, nil, []string{`objective/session/goal \[active/normative\] = reflect`}},
		{"en self-named rule first", `
> user
no reflection in production code, that's also a rule. write a plain function instead
`, nil, []string{`objective/session/goal \[active/normative\] = no reflection`}},
		{"en a task is still the objective", `
> user
write a plain function for pgtype.Timestamptz
`, []string{`objective/session/goal \[active/normative\] = write a plain function`}, nil},
		// A setting named by a part of its name.
		{"en part of the name", `
> user
tune it: learning rate 0.05, max_depth 5
> assistant
Set learning_rate=0.05, max_depth=5. AUC 0.8547.
> user
depth 5 is overfitting anyway, use 4.
`, []string{`max_depth \[current/normative\] = 4 \(was 5\)`}, nil},
		{"en part of two names", `
> user
tune it: max_depth 5, tree_depth 3
> user
depth 5 is overfitting anyway, use 4.
`, nil, []string{`= 4 \(was`}},
		{"en part with a text value", `
> user
tune it: learning rate 0.05, max_depth 5
> user
for depth, use the default.
`, nil, []string{`max_depth \[current/normative\] = the default`}},
		{"en part negated", `
> user
tune it: learning rate 0.05, max_depth 5
> user
depth is fine, don't use 4.
`, nil, []string{`max_depth \[current/normative\] = 4`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

func TestSummaryValue(t *testing.T) {
	cases := []struct{ text, lead, want string }{
		{" Test Files  32 passed (32)\n      Tests  145 passed (145)\n\n  Size limit: 270 kB\n  Size:       241.6 kB with all dependencies, minified and gzipped", "Test Files  32 passed (32)",
			"ok: Tests 145 passed (145) · Size limit: 270 kB · Size: 241.6 kB with all dependencies, minified and gzipped"},
		{"============ test session starts ============\ncollected 7 items\n\ntests/test_a.py ....... [100%]\n\n============ 7 passed in 4.02s ============", "============ test session starts ============", "ok: 7 passed in 4.02s"},
		{"   Compiling foo v0.1.0\n    Finished test [unoptimized] target(s) in 5.87s\ntest result: ok. 14 passed; 0 failed; 0 ignored", "Compiling foo v0.1.0", "ok: Finished test [unoptimized] target(s) in 5.87s · test result: ok. 14 passed; 0 failed; 0 ignored"},
		{"> Task :app:test\n\nBUILD SUCCESSFUL in 58s\n4 actionable tasks: 4 executed", "> Task :app:test", "ok: BUILD SUCCESSFUL in 58s"},
		{"Tests: 2 skipped, 42 passed, 44 total\nTest Suites: 6 passed, 6 total", "PASS src/a.test.ts", "ok: Tests: 2 skipped, 42 passed, 44 total"},
		{"Finished in 0.6 seconds\n148 tests, 0 failures", "Finished in 0.6 seconds", "ok: Finished in 0.6 seconds · 148 tests, 0 failures"},
		// Nothing to sum up: a listing, an installer's "Done in", a
		// number in prose.
		{"ok  a/b  0.1s\nok  a/c  0.2s", "ok  a/b  0.1s", ""},
		{"Packages: +1187\nDone in 38.2s", "Packages: +1187", ""},
		{"wrote 18204311 rows to dwd.orders", "wrote 18204311 rows to dwd.orders", ""},
		{"7 passed in 0.3s", "7 passed in 0.3s", ""},
	}
	for _, c := range cases {
		if got := summaryValue(c.text, c.lead); got != c.want {
			t.Errorf("summaryValue(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
