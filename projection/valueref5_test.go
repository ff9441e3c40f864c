package projection

import "testing"

// Values a user trying the tool found filed under the wrong setting
// (trial 4): a prohibition's number is no value, "it" after a sentence
// that gave a setting a number is that setting, "go back to 15" is the
// setting whose value before was 15, a size is no value of a duration,
// and a rule is restated only where the setting's own words stand beside
// its old number.
func TestValuesKeyedRight(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"the trial's session", `
> user
dont bump fragment-ktx to 1.7, were stuck on 1.6.2
> assistant
OK.
> user
payment call timeout is 10s rn right? make it 15
> assistant
Set PAYMENT_TIMEOUT_MS to 15_000.
> user
bump it another 50%
> assistant
22.5 s now.
> user
turn shrinkResources back off. 10mb is fine
> assistant
Done.
> user
and versionName 2.7.1. hmm no, make it 2.8.0
> assistant
versionName = "2.8.0".
> user
backend says gateway kills at 18s. go back to 15
`, []string{`payment_call_timeout \[current/normative\] = 15s \(was 22.5s\)`, `version_name \[current/normative\] = 2.8.0`,
			`constraint/-/bump-fragment-ktx-1.7-stuck-1.6.2 \[active/normative\] = dont bump fragment-ktx to 1.7, were stuck on 1.6.2 @0`},
			[]string{`value/-/fragment-ktx`, `\(was 10mb\)`, `= 10mb`}},
		// A prohibition typed without its apostrophe sets no value.
		{"dont bump", `
> user
dont bump retries to 9
`, nil, []string{`value/`}},
		{"doesnt need", `
> user
the pool doesnt need to go to 64
`, nil, []string{`= 64`}},
		// "it" is the setting the sentence before gave a number.
		{"a statement, then it", `
> user
Set retries to 3.
> user
The poll interval is 30s. Make it 10.
`, []string{`poll_interval \[current/normative\] = 10s \(was 30s\)`, `retries \[current/normative\] = 3 @`}, []string{`retries \[current/normative\] = 10`}},
		{"a colon, then set it to", `
> user
the batch size is 500 rn, right? set it to 800
`, []string{`batch_size \[current/normative\] = 800 \(was 500\)`}, nil},
		{"a number of no setting names none", `
> user
Set retries to 3.
> user
The tests took 30s. Make it 5.
`, []string{`retries \[current/normative\] = 5`}, []string{`tests`}},
		{"a pronoun before names nothing", `
> user
Set retries to 3.
> user
It is 8 now. Make it 5.
`, nil, []string{`value/-/it`}},
		// "go back to N" names the setting whose value before was N.
		{"back to the number it held", `
> user
Set the lease timeout to 40s.
> user
make it 60s
> user
Set the batch size to 500.
> user
go back to 40
`, []string{`lease_timeout \[current/normative\] = 40s \(was 60s\)`, `batch_size \[current/normative\] = 500 @`}, []string{`batch_size \[current/normative\] = 40`}},
		{"put it back to a number is that number", `
> user
set the payment timeout to 15s
> user
make it 20s
> user
put it back to 11
`, []string{`payment_timeout \[current/normative\] = 11s \(was 20s\)`}, nil},
		{"back to a number no setting held is the one set last", `
> user
Set the batch size to 500.
> user
make it 800
> user
no, go back to 600
`, []string{`batch_size \[current/normative\] = 600 \(was 800\)`}, nil},
		{"back to, Chinese", `
> user
超时设成 30 秒。
> user
改成 60 秒。
> user
还是改回 30 秒吧
`, []string{`\[current/normative\] = 30 秒 \(was 60 秒\)`}, nil},
		// A size is no value of a duration.
		{"a size after a duration", `
> user
Set the request timeout to 15s.
> user
turn compression back off. 10mb is fine
`, []string{`request_timeout \[current/normative\] = 15s @`}, []string{`= 10mb`}},
		{"a duration in another unit still is", `
> user
Set the request timeout to 2 minutes.
> user
actually, make that 90 seconds
`, []string{`request_timeout \[current/normative\] = 90 seconds`}, nil},
		// A rule is restated where the setting's words stand beside the
		// number, and never for a number it forbids.
		{"a rule beside the number is restated", `
> user
Always roll over when a primary shard reaches 25gb, the nodes are small.
> user
Set the primary shard size to 25gb.
> user
double the primary shard size
`, []string{`reaches 50gb \(was 25gb\), the nodes`}, nil},
		{"a rule that names the number elsewhere is not", `
> user
Never restart the workers more than 3 times a day, the ops team gets paged for each restart of the payment service.
> user
Set the payment retries to 3.
> user
make it 5
`, []string{`more than 3 times a day`}, []string{`5 \(was 3\) times`}},
		{"a rule that forbids the number is not", `
> user
don't set the pool size to 64, the db caps connections.
> user
Set the pool size to 64.
> user
make it 32
`, nil, []string{`to 32 \(was 64\)`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// TestBackToNumberFitsTheSetting: "go back to 15" with no setting whose
// value before was 15 puts back the setting set last only when its value
// is a number like 15: a version is never it.
func TestBackToNumberFitsTheSetting(t *testing.T) {
	for _, c := range []struct {
		held []HeldValue
		v    string
		want bool
	}{
		{[]HeldValue{{Key: "value/-/version_name", Value: "2.8.0"}}, "15", false},
		{[]HeldValue{{Key: "value/-/version_name", Value: "v2"}}, "15", false},
		{[]HeldValue{{Key: "value/-/version_name", Value: "20s"}}, "15", true},
		{[]HeldValue{{Key: "value/-/version_name", Value: "20s"}}, "15 MB", false},
		{[]HeldValue{{Key: "value/-/version_name", Value: "1.5"}}, "2", true},
		{nil, "15", true},
	} {
		if got := backToFits(c.held, "value/-/version_name", c.v); got != c.want {
			t.Errorf("backToFits(%v, %q) = %v, want %v", c.held, c.v, got, c.want)
		}
	}
}
