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

// Preferences said softly in other words and languages: "I do rather like
// X" with "a purely personal foible, not something I should want
// enforced", "Ich mag's übrigens lieber, …, ist aber kein Muss", "…てくれる
// と嬉しい。必須ってわけじゃないけど。".
func TestSoftPreferencesInMoreWords(t *testing.T) {
	for _, says := range []string{
		"And, a purely personal foible this, not something I should want enforced, I do rather like doc comments on public functions.",
		"Ich mag's übrigens lieber, wenn die Methoden klein bleiben statt 200-Zeilen-Monster, ist aber kein Muss.",
		"あと型ヒントは付けてくれると嬉しい。必須ってわけじゃないけど。",
		"I do like short functions, personal taste.",
	} {
		expect(t, reduceAll(t, "> user\nWe work on the tool today.\n> assistant\nOK.\n> user\n"+says), []string{`decision/preference/.* = preference, not a rule: `}, []string{`constraint `, `value/`})
	}
	expect(t, reduceAll(t, "> user\nWe work on the tool today.\n> assistant\nOK.\n> user\nI like it."), nil, []string{`preference`})
}
