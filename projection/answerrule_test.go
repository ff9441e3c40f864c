package projection

import "testing"

// An answer that states a rule goes with the rule: when the rule is
// replaced or lifted, the answer is no decision in force.
func TestAnswerGoesWithItsRule(t *testing.T) {
	const askedAndAnswered = `
> assistant
コミットメッセージは日本語でいいですか?
> user
コミットメッセージは日本語で。
> assistant
はい。`
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"Japanese, replaced", askedAndAnswered + `
> user
やっぱりコミットメッセージは英語にして。
`, []string{`constraint .*\[active/normative\] = やっぱりコミットメッセージは英語にして`}, []string{`decision/answer/.*\[active/`}},
		{"the rule kept: the answer too", askedAndAnswered + `
> user
テストを実行して。
`, []string{`decision/answer/.*\[active/`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
