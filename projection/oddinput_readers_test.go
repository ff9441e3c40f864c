package projection

import (
	"strings"
	"testing"
)

// oddTexts are inputs no reader may panic on: empty, whitespace, only
// punctuation, unbalanced quotes and brackets, mixed scripts, lone
// surrogate-like bytes, and long repeated text.
func oddTexts() []string {
	out := []string{
		"", " ", "\n", "\t\n ", "?", "？", ",", ", ok?", "ok?", "，好吗？", "...", "—", "-", "- ", "1.", "1. ",
		"\"", "'", "`", "```", "\"unbalanced", "'half", "(", ")", "[", "]]", "**", "**Next steps:**", "Next steps:",
		"because", "because ", "since", ", da ", "因为", "weil", "either", "either or", "or", "X or Y?", "either  or ?",
		"write a failing test", "RED", "expected red", "retry", "attempt 1/", "5", "5s", "every 5", "0", "0.0.0",
		"/", "./", "a/", "../..", "\xff\xfe", "\xe2\x80", "日本語 English русский عربى 中文 한국어",
		"Vale?", "¿", "¿vale?", "Should I", "I suggest", "建议", "from now on", "NAME READY STATUS RESTARTS AGE",
		"NAME READY UP-TO-DATE AVAILABLE AGE\n", "● x.service\n   Active:", "│ id │ name │ status │\n",
		"still failing", "still fails again", "fails", "saya", "gw mau", "tolong", "jangan",
	}
	long := []string{
		strings.Repeat("a", 200000), strings.Repeat("because ", 20000), strings.Repeat("or ", 30000),
		strings.Repeat("- x\n", 20000), strings.Repeat("5 ", 30000), strings.Repeat("\"", 50000),
		strings.Repeat("ok?, ", 20000), strings.Repeat("日本", 40000), strings.Repeat("a/", 40000),
		strings.Repeat("retrying attempt 1/3\n", 10000), strings.Repeat("still failing. ", 10000),
	}
	return append(out, long...)
}

// TestNewReadersOddInput: the readers of user and agent text take any
// input without panicking.
func TestNewReadersOddInput(t *testing.T) {
	for _, s := range oddTexts() {
		name := s
		if len(name) > 40 {
			name = name[:40]
		}
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("panic on %q: %v", name, p)
				}
			}()
			eitherOrOptions(s)
			eitherAlts(s)
			withoutEitherLead(s)
			expectsRed(s)
			NextSteps(s)
			ReasonClause(s)
			ReasonAfter(s, s)
			ReasonAfter(s, "x")
			ruleProposed(s)
			tagless(s)
			altAnswered(s, s, s)
			altAnswered(s, "Should it be 5 or 10?", s)
			quantitiesIn(s, 1)
			answeredSetting(s)
			durationIn(s, "timeout")
			partsGivenUp([]string{s, givenUpPrefix + s})
			leftOutGivenUp(s, []string{s, "a/"})
			pastedErrors(s)
			for _, cmd := range []string{"kubectl get pods", "kubectl get deploy", "docker ps", "systemctl status x", "pm2 ls", s} {
				statusObservations(cmd, s)
			}
		}()
	}
}

// TestReducerOddInput: a session whose every message is odd text folds
// without panicking.
func TestReducerOddInput(t *testing.T) {
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("panic: %v", p)
		}
	}()
	r := New(Options{})
	seq := 0
	for _, s := range oddTexts() {
		seq++
		r.Apply(Event{Seq: seq, Role: RoleUser, Text: s})
		seq++
		r.Apply(Event{Seq: seq, Role: RoleAssistant, Text: s, Calls: []Call{{ID: "c" + string(rune('a'+seq%26)), Name: "bash", Args: map[string]any{"command": "kubectl get pods"}}}})
		seq++
		r.Apply(Event{Seq: seq, Role: RoleTool, Text: s, Result: &Result{CallID: "c" + string(rune('a'+(seq-1)%26)), IsError: seq%2 == 0}})
	}
	r.Snapshot()
}
