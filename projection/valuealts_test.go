package projection

import "testing"

// A value weighed against another ("20 mi 25 mi?", "¿20s o 25s?", "超时设
// 20s 还是 25s", "20s or 25s, not sure") sets nothing; the answer that
// takes one of them at once sets it; "20 of 25 tests passed" weighs
// nothing.
func TestValueAlternatives(t *testing.T) {
	const start = "> user\nAdd retries to the webhook client.\n"
	runScriptCases(t, []scriptCase{
		{"asked between two values, in four languages", start +
			"> user\nretry limit 20 mi 25 mi?\n> user\nMAX_RETRIES=20 or 25?\n> user\n¿el timeout 20s o 25s?\n> user\n超时设 20s 还是 25s\n> user\ntimeout = 20s or 25s, not sure\n",
			nil, []string{`value/`}},
		{"tr: answered at once", start + "> user\nretry limit 20 mi 25 mi? 25 olsun\n",
			[]string{`value/-/retry_limit \[current/normative\] = 25 @`}, []string{`= 20 @`}},
		{"en: answered at once, the unit asked", start + "> user\ntimeout: 20s or 25s? 25 then\n",
			[]string{`value/-/timeout \[current/normative\] = 25s @`}, nil},
		{"zh: answered at once", start + "> user\n超时 20 还是 25？就 25 吧\n",
			[]string{`value/-/超时 \[current/normative\] = 25 @`}, nil},
		{"near miss: an answer that is no alternative", start + "> user\nretry limit 20 mi 25 mi? 30 olsun\n",
			nil, []string{`value/-/retry_limit`}},
	})
	for _, c := range []struct {
		quote, value string
		want         bool
	}{
		{"timeout = 20s or 25s, not sure", "20s", true},
		{"retries 3 o 5", "5", true},
		{"20 of 25 tests passed", "20", false},
		{"set workers to 4 (or 8 on big machines)", "4", false},
		{"retry limit 20 mi 25 mi? 25 olsun", "25", false},
	} {
		if got := altValue(Proposal{Value: c.value, Quote: c.quote}); got != c.want {
			t.Errorf("altValue(%q, %q) = %v, want %v", c.quote, c.value, got, c.want)
		}
	}
}
