package projection

import "testing"

// A user saying the very thing a rule forbids is fine lifts that rule;
// "not ok", a question, a requirement or a thing no rule names lift
// nothing.
func TestProhibitedThingDeclaredFine(t *testing.T) {
	for _, c := range []struct {
		rule, say, want string
	}{
		{"keine Umlaute im Buchungstext, sagt Stefan.", "Korrektur: Stefan hat das falsch verstanden. Umlaute im Buchungstext sind völlig ok, DATEV kann das.", `umlaute.*\[lifted/normative\].*@0,2`},
		{"No emojis in commit messages.", "actually emojis in commit messages are totally fine, the team voted.", `emojis.*\[lifted/normative\].*@0,2`},
		{"ログに日本語は禁止です。", "ログの日本語は全然大丈夫です。", `\[lifted/normative\].*@0,2`},
		// Nothing lifted.
		{"No emojis in commit messages.", "emojis in commit messages are not ok, as I said.", `emojis.*\[active/normative\] = No emojis in commit messages. @0\n`},
		{"No emojis in commit messages.", "are emojis in commit messages fine now?", `emojis.*\[active/normative\] = No emojis in commit messages. @0\n`},
		{"Encoding muss Windows-1252 sein, kein UTF-8.", "Windows-1252 ist völlig ok.", `encoding.*\[active/normative\].*@0\n`},
		{"No emojis in commit messages.", "the new logo is fine.", `emojis.*\[active/normative\] = No emojis in commit messages. @0\n`},
	} {
		out := reduceAll(t, "> user\n"+c.rule+"\n> assistant\nok\n> user\n"+c.say+"\n")
		expect(t, out, []string{c.want}, nil)
	}
}

// A dot after an abbreviation followed by a number or a lower-case word
// ends no sentence; a range of letters is no English word; an aside in
// parentheses is no subject of the rule after it.
func TestRuleReadingDetails(t *testing.T) {
	if got := sentences("bitte max. 2.000 Buchungen pro Datei. Danach e.g. the pool. Ende etc. Neu."); len(got) != 4 || got[0] != "bitte max. 2.000 Buchungen pro Datei." || got[2] != "Ende etc." {
		t.Errorf("sentences = %q", got)
	}
	if l := detectLang("im Belegfeld 1 dürfen nur bestimmte Zeichen rein, A–Z, a–z, 0–9, max. 36 Zeichen.", langDE); l != langDE {
		t.Errorf("detectLang = %v", l)
	}
	if !isRule("in field 1 (the invoice number for us) may only certain characters go, max. 36 characters.") {
		t.Error("an aside made the rule a report")
	}
}

// A numbered list of rules offers no options (the agent's next reply
// chooses none of them), and "Prefer X over Y" in it is a preference.
func TestListOfRulesIsNoOffer(t *testing.T) {
	tips := "We're solving the challenge.\nIMPORTANT TIPS:\n1. When you edit an existing file, try to minimize the changes you make.\n2. Please DO NOT run commands in python through the `-c` flag, you should create files instead.\n3. Prefer using tools available in the container over writing a lot of code yourself.\n4. DO NOT run any command that produces binary output!"
	if o := offeredOptions(tips); o != nil {
		t.Errorf("offeredOptions = %q", o)
	}
	out := reduceAll(t, "> user\n"+tips+"\n> assistant\nWe are given a python file called `chall.py`, let me open it.\n")
	expect(t, out, []string{`decision/preference/prefer-using-tools.* = preference, not a rule: Prefer using tools`}, []string{`d1\.\d+ decision`})
}
