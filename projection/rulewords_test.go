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

// The language a kind of text is written in, said in other languages,
// is a rule; "no need to try it again" in Japanese rules an approach out.
func TestTextLanguageRulesAndNoRetry(t *testing.T) {
	for _, c := range []struct{ s, want string }{
		{"あ、ログメッセージは英語でお願い。タイの工場の人も読むので。", `constraint .*\[active/normative\] = あ、ログメッセージは英語でお願い。`},
		{"日志请用英文写。", `constraint .*\[active/normative\] = 日志请用英文写。`},
		{"Logs bitte auf Englisch.", `constraint .*\[active/normative\] = Logs bitte auf Englisch.`},
		{"Los logs en inglés, por favor.", `constraint .*\[active/normative\] = Los logs en inglés, por favor.`},
		{"Логи только на английском.", `constraint .*\[active/normative\] = Логи только на английском.`},
		{"percent deadbandはこのPLCじゃ使えないってことね、もう試さなくていいです。", `negative-knowledge .*\[active/normative\] = percent deadbandはこのPLCじゃ使えない`},
	} {
		out := reduceAll(t, "> user\nWe build the collector today.\n> assistant\nok\n> user\n"+c.s+"\n")
		expect(t, out, []string{c.want}, nil)
	}
	out := reduceAll(t, "> user\nWe build the collector today.\n> assistant\nok\n> user\nsind die Logs auf Englisch?\n")
	expect(t, out, nil, []string{`constraint`})
}
