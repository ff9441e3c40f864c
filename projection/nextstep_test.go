package projection

import (
	"slices"
	"testing"
)

// TestNextSteps: the steps an agent's reply says it takes next, by a
// lead ("Next I'll", "Then I'll", "Als Nächstes", "A continuación voy
// a", "接下来") or a label and the list it opens; not a question, an
// offer or a condition, a refusal, nothing left, what was done, a quoted
// line, code, or a list item marked done.
func TestNextSteps(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"The importer is rewritten. Next I'll wire the retry into the worker.", []string{"Next I'll wire the retry into the worker."}},
		{"Tests pass. Then I'll add a test for the backoff.", []string{"Then I'll add a test for the backoff."}},
		{"Next step: update the README with the retry flags.", []string{"Next step: update the README with the retry flags."}},
		{"I'll update the changelog next.", []string{"I'll update the changelog next."}},
		{"Next steps:\n- wire the retry into the worker\n- [x] add the flag\n- ~~drop the old client~~\n- document the backoff", []string{"wire the retry into the worker", "document the backoff"}},
		{"Als Nächstes baue ich den Retry in den Worker ein.", []string{"Als Nächstes baue ich den Retry in den Worker ein."}},
		{"A continuación voy a añadir la prueba del backoff.", []string{"A continuación voy a añadir la prueba del backoff."}},
		{"Ensuite, je branche le retry dans le worker.", []string{"Ensuite, je branche le retry dans le worker."}},
		{"接下来我会把重试接到 worker 里。", []string{"接下来我会把重试接到 worker 里。"}},
	} {
		if got := NextSteps(c.text); !slices.Equal(got, c.want) {
			t.Errorf("%q: %q, want %q", c.text, got, c.want)
		}
	}
	for _, text := range []string{
		"Next, should I run the full suite?",
		"If you want, next I can add a test for the backoff.",
		"Next I won't touch the parser.",
		"Next steps: none.",
		"Next steps:\n- nothing left",
		"Next I ran the full suite and it passed.",
		"> Next I'll add a test for the backoff.",
		"```\n# next I'll wire the retry\n```",
		"I'll use Redis for the queue.",
		"Als Nächstes? Keine Ahnung.",
		"Next steps:",
	} {
		if got := NextSteps(text); len(got) > 0 {
			t.Errorf("%q: read %q", text, got)
		}
	}
}

// TestNextStepsTimeNotStep: "next" as a time ("next week") or what comes
// of itself ("see what happens next") is no step.
func TestNextStepsTimeNotStep(t *testing.T) {
	for _, s := range []string{"I will look at it next week.", "We'll see what happens next."} {
		if got := NextSteps(s); len(got) != 0 {
			t.Errorf("NextSteps(%q) = %q, want none", s, got)
		}
	}
	if got := NextSteps("I'll add the regression test next."); len(got) != 1 {
		t.Errorf("NextSteps of a step ending in next = %q, want it", got)
	}
}
