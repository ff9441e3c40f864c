package projection

import "testing"

// A sentence that says of itself it is no rule is a preference, however
// its wish is worded; one that says a rule is no longer one is not.
func TestNotARuleIsAPreference(t *testing.T) {
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"commit what we have and push. i like one change per commit when its easy, not a hard rule tho",
			[]string{`decision/preference/.* = preference, not a rule: i like one change per commit`}, []string{`constraint .*one change per commit`}},
		{"one change per commit please, not a hard rule tho",
			[]string{`decision/preference/`}, []string{`constraint .*one change per commit`}},
		{"keep PRs under 300 lines if you can — just a preference, not a rule.",
			[]string{`decision/preference/.*300 lines`}, []string{`constraint .*300 lines`}},
		{"los commits en inglés, no es una regla pero lo prefiero",
			[]string{`decision/preference/`}, []string{`constraint `}},
		{"never push to main without a review.",
			[]string{`constraint .*never push to main`}, []string{`preference`}},
		{"the 300-line limit is not a hard rule anymore",
			nil, []string{`preference`}},
		{"is one change per commit a hard rule or not a rule?",
			nil, []string{`preference`}},
	} {
		expect(t, reduceAll(t, "> user\nwe work on the logger today.\n> assistant\nOK.\n> user\n"+c.says), c.want, c.never)
	}
}
