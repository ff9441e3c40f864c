package projection

import (
	"slices"
	"strings"
	"testing"
)

// TestTrialValues: a number asked to be tried after a setting is named
// ("n_estimators is 300. fine try 500") is that setting's, never a
// setting named by the request's words ("fine_try"); a name holding a
// word of a setting keeps it.
func TestTrialValues(t *testing.T) {
	for _, c := range []struct {
		msgs []string
		want string // the current values, key=value, sorted by key
	}{
		{[]string{"n_estimators is 300. fine try 500"}, "value/-/n_estimators=500"},
		{[]string{"n_estimators is 300. fine try 500", "put it back to 300, 500 is just slower."}, "value/-/n_estimators=300"},
		{[]string{"batch size is 32. ok try 64"}, "value/-/batch_size=64"},
		{[]string{"the timeout is 30s. then use 45s"}, "value/-/timeout=45s"},
		// a count of attempts, a number of another thing
		{[]string{"the timeout is 30s. try 3 more times"}, "value/-/timeout=30s"},
		{[]string{"the timeout is 30s. use 4 spaces"}, "value/-/timeout=30s"},
		// no setting named before: nothing set
		{[]string{"fine try 500"}, ""},
		// a setting's own words
		{[]string{"set the test timeout to 90s"}, "value/-/test_timeout=90s"},
		{[]string{"max_depth 5, use count 3"}, "value/-/max_depth=5;value/-/use_count=3"},
	} {
		r := New(Options{SessionID: "s"})
		for i, m := range c.msgs {
			r.Apply(Event{Seq: 1 + 2*i, Role: RoleUser, Text: m})
		}
		var got []string
		for _, a := range r.Heads() {
			if a.Kind == KindValue {
				got = append(got, a.Key+"="+a.Value)
			}
		}
		if g := strings.Join(sorted(got), ";"); g != c.want {
			t.Errorf("%q: values %q, want %q", c.msgs, g, c.want)
		}
	}
	if !trialName("fine try") || !trialName("ok let's test") || trialName("fine") || trialName("try count") || trialName("use_count") {
		t.Error("trialName")
	}
}

func sorted(s []string) []string {
	slices.Sort(s)
	return s
}
