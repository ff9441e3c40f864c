package projection

import "testing"

// Numbers said in words are read as digits, fillers dropped; "one" that
// counts nothing, "like" that means like, and written digits stay.
func TestSpokenNumbers(t *testing.T) {
	for s, want := range map[string]string{
		"um the timeout should be like thirty seconds":               "the timeout should be 30 seconds",
		"set the batch size to fifteen hundred":                      "set the batch size to 1500",
		"the limit is fifty sorry i mean fifteen":                    "the limit is 50 sorry i mean 15",
		"two hundred and fifty rows, twenty-five workers, a hundred": "250 rows, 25 workers, 100",
		"half a second is fine":                                      "0.5 seconds is fine",
		"one second":                                                 "1 second",
		"no one knows the one with more points":                      "no one knows the one with more points",
		"I like one of them":                                         "I like one of them",
		"two thousand five hundred meters":                           "2500 meters",
		"a dozen eggs":                                               "a dozen eggs",
	} {
		if got := spokenNumbers(s); got != want {
			t.Errorf("spokenNumbers(%q) = %q, want %q", s, got, want)
		}
	}
}

// A dictated setting is read with its numbers in digits and its repairs
// applied; the anchor quotes the sentence as said.
func TestDictatedValues(t *testing.T) {
	for s, want := range map[string]string{
		"um the timeout should be like thirty seconds": `value/-/timeout \[current/normative\] = 30 seconds @2`,
		"set the batch size to fifteen hundred":        `value/-/batch_size \[current/normative\] = 1500 @2`,
		"uh make the retries five no wait six":         `value/-/retries \[current/normative\] = 6 @2`,
		"the limit is fifty sorry i mean fifteen":      `value/-/limit \[current/normative\] = 15 @2`,
	} {
		out := reduceAll(t, "> user\nhey so today we're building the club leaderboard from the gpx files\n> assistant\nOK.\n> user\n"+s+"\n")
		expect(t, out, []string{want}, []string{`decision/-/uh-make`, `= fifteen @2`})
	}
}
