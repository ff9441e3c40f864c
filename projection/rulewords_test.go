package projection

import "testing"

// Everyday rules in words the lexicon lacked: a thing kept during a
// migration, "should be in English", a language asked for without a
// verb, "every PR needs … before merge"; and what stays no rule.
func TestEverydayRuleWords(t *testing.T) {
	for _, c := range []struct {
		s    string
		rule bool
	}{
		{"please also keep the CSV export during the migration.", true},
		{"oh and the logs should be in English, the Thai plant reads them too.", true},
		{"log messages in English please.", true},
		{"Every PR needs a changelog entry before merge.", true},
		{"commit messages in English, and no emojis in them.", true},
		{"the fix should be in the next build, I think.", false},
		{"that should work now, thanks.", false},
		{"the keynote is in English this year.", false},
		{"every PR needs a rebase now and then lol", false},
	} {
		out := reduceAll(t, "> user\nWe build the collector today.\n> assistant\nok\n> user\n"+c.s+"\n")
		if c.rule {
			expect(t, out, []string{`c2\.\d constraint .*\[active/normative\]`}, nil)
		} else {
			expect(t, out, nil, []string{`c2\.\d constraint`})
		}
	}
}
