package projection

import "testing"

// TestRefusedOfferIsNegativeKnowledge: an offer the user turns down with
// a reason or a course of their own is a rejected approach, and the
// course a decision; consent that opens with "no", a bare "no" and a
// refusal of nothing offered are not.
func TestRefusedOfferIsNegativeKnowledge(t *testing.T) {
	const offer = "> user\nCart total shows NaN after applying a coupon.\n> assistant\nRoot cause: discount is the string \"10%\". Quick fix option: in CartSummary use `Number(coupon.discount) || 0`. Want me to apply that?\n"
	const rejected = "negative-knowledge negative/-/quick-fix-option-cartsummary-use-number \\[active/normative\\] = Quick fix option: in CartSummary use `Number\\(coupon.discount\\) \\|\\| 0` — rejected: "
	// the listing cuts a value at 100 characters
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"a reason and a course instead", offer + "> user\nNo, that just hides the bad data. Normalize the coupon in the API adapter (src/api/coupons.ts) instead.\n",
			[]string{rejected + `No, that j`, `decision decision/-/normalize-coupon-api-adapter-src/api/coupons.ts \[active/normative\] = Normalize the coupon in the API adapter \(src/api/coupons.ts\) instead\.`}, nil},
		{"a reason only", offer + "> user\nNope, that would mask the real bug.\n",
			[]string{rejected + `Nope, that would mas`}, []string{`decision/-/`}},
		{"a bare no and a course: the prohibition of the offer (bare.go)", offer + "> user\nNo. Parse the percentage in the adapter instead.\n",
			[]string{`constraint/-/re-quick-fix-option-cartsummary-use .*= No\. \(re: Quick fix option`, `decision/-/parse-percentage-adapter-instead .*= Parse the percentage in the adapter instead\.`}, []string{`negative-knowledge`}},
		{"please don't, with why", offer + "> user\nPlease don't, it's a band-aid. Fix the API response.\n",
			[]string{rejected + `Please don't, it's`}, []string{`constraint/-/don-t-s-band-aid`}},
		{"in Chinese", "> user\n购物车总价显示 NaN。\n> assistant\n原因是 discount 是字符串。我可以在 CartSummary 里加个 `Number(x) || 0` 兜底。\n> user\n不要，这样只是把脏数据藏起来了，改成在 API 适配层统一转换。\n",
			[]string{"negative-knowledge negative/-/.* = 我可以在 CartSummary 里加个 `Number\\(x\\) \\|\\| 0` 兜底。 — rejected: 不要，这样只是"}, nil},
		// Negative cases.
		{"no worries: consent", offer + "> user\nNo worries, go ahead and apply it.\n", nil, []string{`negative-knowledge`}},
		{"no need to ask", offer + "> user\nNo need to ask, just do it.\n", nil, []string{`negative-knowledge`}},
		{"a bare no", offer + "> user\nNo.\n", nil, []string{`negative-knowledge`}},
		{"no with nothing said why", offer + "> user\nNo, not yet. Let me look at the data first.\n", nil, []string{`negative-knowledge`}},
		{"nothing offered", "> user\nCart total shows NaN.\n> assistant\nThe discount is the string \"10%\".\n> user\nNo, that just hides the bad data. Normalize it in the adapter instead.\n",
			nil, []string{`negative-knowledge .* — rejected:`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// TestOfferShown: the closing request for a go-ahead is no part of the
// approach rejected.
func TestOfferShown(t *testing.T) {
	cases := map[string]string{
		"Quick fix: use `x || 0`. Want me to apply that?": "Quick fix: use `x || 0`",
		"I could disable the watchdog while I test.":      "I could disable the watchdog while I test.",
		"We could pin the version. Should I do that?":     "We could pin the version",
	}
	for in, want := range cases {
		if got := offerShown(in); got != want {
			t.Errorf("offerShown(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRefusedOfferValue: the rejected approach holds the offer and the
// user's verdict whole.
func TestRefusedOfferValue(t *testing.T) {
	ctx := &Context{Offer: "Quick fix option: in CartSummary use `Number(coupon.discount) || 0`. Want me to apply that?"}
	out := refusedOffer("No, that just hides the bad data — a broken coupon would silently become 0% off. Normalize the coupon in the API adapter (src/api/coupons.ts) instead.", ctx, nil)
	if len(out) != 2 || out[0].Kind != KindNegative || out[1].Kind != KindDecision {
		t.Fatalf("refusedOffer = %+v", out)
	}
	if want := "Quick fix option: in CartSummary use `Number(coupon.discount) || 0` — rejected: No, that just hides the bad data — a broken coupon would silently become 0% off."; out[0].Value != want {
		t.Errorf("value %q, want %q", out[0].Value, want)
	}
}
