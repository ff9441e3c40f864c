package projection

import "testing"

// TestAskedBackAndDeferredStaysOpen: a reply that says the answer
// depends on something and asks the user back answers nothing; the
// user's deferral holds the question open, the user's. A reply that
// answers and then asks something else, and a user who answers the
// counter-question, leave the answer as it was.
func TestAskedBackAndDeferredStaysOpen(t *testing.T) {
	const pdb = "> user\nShould the PDB be minAvailable 2 or 50%?\n> assistant\nWith min 3 / max 8 replicas: minAvailable 2 guarantees a floor but blocks node drains; 50% scales with the HPA but allows 2 of 4 down. It depends on how strict the payment SLO is during drains — what's your SLO?\n"
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"deferred: think and talk to SRE", pdb + "> user\nLet me think about that one and talk to SRE. Leave the PDB out for now.\n",
			[]string{`uncertainty question/-/pdb-minavailable-2-50 \[hypothesis/normative\] = Should the PDB be minAvailable 2 or 50%\? — Let me think about that one`}, []string{`decision/answer/`}},
		{"deferred: I'll check with SRE", pdb + "> user\nGood point. I'll check with the SRE team and get back to you.\n",
			[]string{`question/-/pdb-minavailable-2-50 .* — I'll check with the SRE team`}, []string{`decision/answer/`}},
		{"deferred: sleep on it", pdb + "> user\nHmm, I need to sleep on it.\n",
			[]string{`question/-/pdb-minavailable-2-50 .* — Hmm, I need to sleep on it`}, []string{`decision/answer/`}},
		{"deferred in Chinese", "> user\n缓存失效要不要做主动通知？比如用 pub/sub 广播给其他实例？\n> assistant\n这个取决于你们对一致性的要求：如果只有单个 Redis，删除 key 就够了，不需要 pub/sub；如果以后每个实例加本地二级缓存，就需要 pub/sub 广播。你们有计划加本地缓存吗？\n> user\n这个我得先问问运维那边再定，先放着。\n",
			[]string{`question/-/缓存失效要不要做主动通知-比如用 \[hypothesis/normative\] = 缓存失效要不要做主动通知？比如用 pub/sub 广播给其他实例？ — 这个我得先问问运维那边再定`}, []string{`decision/answer/`}},
		{"deferred in Chinese, another wording", "> user\n订单号要不要带日期前缀？\n> assistant\n这得看你们对账系统的要求：如果对账按天切分，带日期方便；否则没必要。你们对账是按天做的吗？\n> user\n我问一下财务再说。\n",
			[]string{`question/-/订单号要不要带日期前缀 .* — 我问一下财务再说`}, []string{`decision/answer/`}},
		{"asked back without depends, deferred", "> user\nOne product question — should coupons stack? Like two codes on one order?\n> assistant\nThe code doesn't decide that today: CartSummary takes a single coupon. Do you know what product wants?\n> user\nGood question, I honestly don't know. I'll check with product and get back to you.\n",
			[]string{`question/-/one-product-question-coupons-stack-like \[hypothesis/normative\] = One product question — should coupons stack\? Like two codes on one order\? — I'll check with product`}, []string{`know-product-wants`}},
		// Negative cases.
		{"the counter-question answered: no open question", pdb + "> user\n99.9% monthly, and drains happen at night.\n",
			nil, []string{`uncertainty question/-/pdb`}},
		{"an answer, then a question about something else", "> user\nHow many live jobs are on cron-01?\n> assistant\nThere are 14 live jobs on cron-01. Do you want the list of stale ones too?\n> user\nI'll think about it.\n",
			[]string{`decision/answer/14-live-jobs-cron-01 .*\(was How many live jobs are on cron-01\?\)`}, []string{`uncertainty question/-/many-live-jobs`}},
		{"a counter-question of the agent's own, not about the user", "> user\nShould Canadian invoices get the same numbers in CAD?\n> assistant\nThe invoices use USD today. Should Canadian invoices get converted amounts or the CAD list price?\n> user\nno idea about CAD, that's Jess's call.\n",
			nil, []string{`= Should Canadian invoices get the same numbers in CAD\? —`}},
		{"an offer asked back: no deferral read", "> user\nShould we cache the lookups?\n> assistant\nIt depends on how often the table changes. Want me to measure it?\n> user\nLater, not now.\n",
			nil, []string{`uncertainty question/-/cache-lookups`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// TestUserAsksJoinsAnExample: a question giving an example of the one
// before it is part of it.
func TestUserAsksJoinsAnExample(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"Should coupons stack? Like two codes on one order?", []string{"Should coupons stack? Like two codes on one order?"}},
		{"缓存失效要不要做主动通知？比如用 pub/sub 广播给其他实例？", []string{"缓存失效要不要做主动通知？比如用 pub/sub 广播给其他实例？"}},
		{"Which region hosts the bucket? Who owns the key?", []string{"Which region hosts the bucket?", "Who owns the key?"}},
		{"Can you rerun the build? Like, now?", nil},
	}
	for _, c := range cases {
		got := userAsks(c.text)
		if len(got) != len(c.want) {
			t.Errorf("userAsks(%q) = %q, want %q", c.text, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("userAsks(%q) = %q, want %q", c.text, got, c.want)
			}
		}
	}
}
