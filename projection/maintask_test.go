package projection

import "testing"

// TestMainTaskMovesTheObjective: a task the user frames as the main one
// is the objective, the one before superseded; news framed so, a step
// and a question are not.
func TestMainTaskMovesTheObjective(t *testing.T) {
	const start = "> user\nCart total shows NaN after applying a coupon. Please fix it.\n> assistant\nFixed: the coupon is normalized in the API adapter; tests pass.\n"
	const kept = `objective/session/goal \[active/normative\] = Cart total shows NaN`
	cases := []struct {
		name, said  string
		want, never []string
	}{
		{"the main thing: a state, then the work", "Now the main thing: the checkout e2e is red. Get checkout.spec.ts passing.",
			[]string{`objective/session/goal \[active/normative\] = the checkout e2e is red\. Get checkout.spec.ts passing\. \(was Cart total shows NaN`}, nil},
		{"the real task is to", "OK, the real task is to migrate the cart store to Redux Toolkit.",
			[]string{`= migrate the cart store to Redux Toolkit\. \(was Cart total`}, nil},
		{"top priority now", "Top priority now: fix the flaky payment webhook test.",
			[]string{`= fix the flaky payment webhook test\. \(was Cart total`}, nil},
		{"in Chinese", "现在最重要的是：把结算页的 e2e 跑通。",
			[]string{`= 把结算页的 e2e 跑通。 \(was Cart total`}, nil},
		// Negative cases.
		{"news framed as the main thing", "Big one: the coordinators changed their minds last week.",
			[]string{kept}, []string{`\(was Cart total`}},
		{"the main thing, told, no work", "The main thing: the checkout e2e is red.",
			[]string{kept}, []string{`\(was Cart total`}},
		{"a question", "The main thing: is the checkout e2e still red?",
			[]string{kept}, []string{`\(was Cart total`}},
		{"a step of the same work", "Now run the tests again.",
			[]string{kept}, []string{`\(was Cart total`}},
		{"a rule framed as the main thing", "The main thing: don't touch the payment service.",
			[]string{kept}, []string{`\(was Cart total`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, start+"> user\n"+c.said), c.want, c.never)
		})
	}
}

// TestOpeningRuleIsNoObjective: an opening message that only forbids or
// permits states rules, no objective; the task asked later is the
// objective. Rules before a task are no part of it.
func TestOpeningRuleIsNoObjective(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"a prohibition alone", "> user\nPlease don't restart the ingress controller, it's shared.\n> assistant\nI won't restart it.\n> user\nOK, you can restart ingress-nginx now — the platform team approved a window until 12:00.\n",
			nil, []string{`objective`}},
		{"in Chinese", "> user\n别动生产库。\n> assistant\n好的。\n",
			nil, []string{`objective`}},
		{"a prohibition, then the task in the next message", "> user\nDon't push to main.\n> assistant\nUnderstood.\n> user\nAdd CSV export to the reports page.\n",
			[]string{`objective/session/goal \[active/normative\] = Add CSV export to the reports page\.`}, nil},
		{"a prohibition, then the task", "> user\nDo NOT use the read tool. Immediately use the edit tool to replace blue with green in settings.txt.\n",
			[]string{`objective/session/goal \[active/normative\] = Immediately use the edit tool to replace blue with green in settings.txt\.`}, []string{`objective/session/goal .*= Do NOT use the read tool`}},
		// Negative cases: a task, however it opens.
		{"a task with a rule after it", "> user\nFix the login bug. Don't touch the session store.\n",
			[]string{`objective/session/goal \[active/normative\] = Fix the login bug\.`}, nil},
		{"never mind, then the task", "> user\nNever mind the old ticket, fix the login page redirect loop.\n",
			[]string{`objective/session/goal \[active/normative\] = Never mind the old ticket, fix the login page`}, nil},
		{"a task that says no", "> user\nNo more NaN in the cart total: fix the coupon parsing.\n",
			[]string{`objective/session/goal \[active/normative\] = No more NaN`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
