package projection

import "testing"

// A statement the user calls firm ("non-negotiable", "no discussion",
// "没得商量") is a rule whatever its words, closing it in the sentence or
// after it; "no exceptions" closes a rule when what it closes says what
// must or may not be, or a penalty; the marker alone is no rule, and a
// report closed by "no exceptions" is none.
func TestFirmRule(t *testing.T) {
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"小周(产品)说积分不能和优惠券叠加，用了券就不能再用积分，这个没得商量", []string{`constraint .* = 小周\(产品\)说积分不能和优惠券叠加，用了券就不能再用积分，这个没得商量`}, nil},
		{"points can't be combined with a coupon, no discussion", []string{`constraint .* = points can't be combined with a coupon, no discussion`}, nil},
		{"Points can't be combined with coupons. Non-negotiable.", []string{`constraint .* = Points can't be combined with coupons. Non-negotiable.`}, []string{`= Non-negotiable.`}},
		{"积分不能和优惠券叠加。这个没得商量。", []string{`constraint .* = 积分不能和优惠券叠加。 这个没得商量。`}, nil},
		{"Marcela says late submissions get a 0, no exceptions.", []string{`constraint .* = Marcela says late submissions get a 0, no exceptions.`}, nil},
		{"there were no errors in the log, no exceptions.", nil, []string{`constraint`}},
	} {
		expect(t, reduceAll(t, "> user\nToday: points redemption at checkout.\n> assistant\nOK.\n> user\n"+c.says), c.want, c.never)
	}
}
