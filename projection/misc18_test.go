package projection

import "testing"

// TestPassiveDoneReport: the agent's English clause "<the task's object>
// is/are (now) <the task's verb's participle>" closes the task; the
// participle naming a thing, work said usual or done by something else,
// a condition, a negation, a question and another subject leave it open.
func TestPassiveDoneReport(t *testing.T) {
	tasks := map[string]string{
		"own":  "> user\nsum up\n> assistant\nI still need to update the CHANGELOG for 0.9.\n",
		"user": "> user\nplease update the CHANGELOG for 0.9 when you're done.\n> assistant\nok\n",
		"docs": "> user\nadd a --dry-run flag\n> assistant\nok\n> user\nplease update the docs for the new flag when you are done.\n> assistant\nok\n",
		"ru":   "> user\nsum up\n> assistant\nМне ещё нужно обновить CHANGELOG.md под 0.9.\n",
	}
	cases := []struct {
		name, task, report string
		done               bool
	}{
		{"is updated", "own", "The CHANGELOG is updated.", true},
		{"is now updated", "user", "CHANGELOG is now updated.", true},
		{"file name", "own", "CHANGELOG.md is updated with the 0.9 entry.", true},
		{"has been", "user", "OK, the CHANGELOG has been updated for 0.9.", true},
		{"after another clause", "own", "Tests pass, and the CHANGELOG is updated.", true},
		{"a conjunct", "user", "The README and the CHANGELOG are updated.", true},
		{"contraction", "own", "The CHANGELOG's updated.", true},
		{"docs are updated", "docs", "The docs are updated.", true},
		{"ru", "ru", "CHANGELOG.md обновлён под 0.9.", true},
		// Near misses.
		{"a thing named", "own", "Here is the updated CHANGELOG.", false},
		{"the updated thing as subject", "own", "The updated CHANGELOG needs a review.", false},
		{"usual", "own", "The CHANGELOG is updated daily.", false},
		{"whenever", "user", "The CHANGELOG is updated whenever we cut a release.", false},
		{"by a bot", "user", "The CHANGELOG is updated by the release bot.", false},
		{"a condition", "own", "Once the CHANGELOG is updated I can tag the release.", false},
		{"negated", "own", "The CHANGELOG isn't updated yet.", false},
		{"not", "user", "The CHANGELOG is not updated.", false},
		{"question", "own", "Is the CHANGELOG updated?", false},
		{"question, statement order", "own", "The CHANGELOG is updated?", false},
		{"another verb", "own", "The CHANGELOG is outdated.", false},
		{"another subject", "own", "The README is updated.", false},
		{"a wider subject", "own", "The release script for the CHANGELOG is updated.", false},
		{"an attribute after", "own", "The CHANGELOG's updated section lists the fixes.", false},
		{"ru plan", "ru", "Сейчас обновлю CHANGELOG.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, tasks[c.task]+"> user\nok\n> assistant\n"+c.report+"\n")
			want, never := []string{`obligation/-/\S+ \[done/`}, []string{`obligation/-/\S+ \[open/`}
			if !c.done {
				want, never = never, want
			}
			expect(t, out, want, never)
		})
	}
}
