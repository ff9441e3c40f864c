package handoff_test

import (
	"strings"
	"testing"

	"github.com/epistemicfold/ef/origin/handoff"
	"github.com/epistemicfold/ef/origin/taskorigin"
	"github.com/epistemicfold/ef/projection"
)

func build(t *testing.T, evs []projection.Event) *taskorigin.State {
	t.Helper()
	st, err := handoff.Build("t1", replay(evs), nil, handoff.Options{LogName: "a.jsonl", Events: evs, Goal: "the goal given"})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestDecisionWhyIsItsReason: a decision's why is the reason the session
// gave with it (its "because"/"since"/"weil"/"porque" clause, or the
// sentence after it that gives one), and its what the choice without
// that clause; a decision said with no reason says none was stated,
// never the text around it.
func TestDecisionWhyIsItsReason(t *testing.T) {
	st := build(t, []projection.Event{
		say(0, projection.RoleUser, "Add retries to the job worker in worker/run.go."),
		say(1, projection.RoleUser, "Let's use exponential backoff because the upstream API rate-limits bursts."),
		say(2, projection.RoleAssistant, "Decision: we'll keep the queue in Redis, since the deploy already has it."),
		say(3, projection.RoleUser, "Entscheidung: wir nehmen Postgres, weil die Daten relational sind."),
		say(4, projection.RoleUser, "Decisión: usaremos gRPC porque el cliente ya lo soporta."),
		say(5, projection.RoleUser, "Go with the hourly cron for the cleanup. That's because the nightly window is full."),
		say(6, projection.RoleUser, "Let's use the v2 client since Monday's release."),
	})
	want := map[string]string{
		"Let's use exponential backoff":                   "because the upstream API rate-limits bursts",
		"Decision: we'll keep the queue in Redis":         "since the deploy already has it",
		"Entscheidung: wir nehmen Postgres":               "weil die Daten relational sind",
		"Decisión: usaremos gRPC":                         "porque el cliente ya lo soporta",
		"Go with the hourly cron for the cleanup.":        "That's because the nightly window is full",
		"Let's use the v2 client since Monday's release.": "(no reason stated in the session)",
	}
	got := map[string]string{}
	for _, d := range st.Decisions {
		got[d.What] = d.Why
		if strings.HasPrefix(d.Why, "as stated") {
			t.Errorf("decision %q: why %q is the text around it", d.What, d.Why)
		}
	}
	for what, why := range want {
		if got[what] != why {
			t.Errorf("decision %q: why %q, want %q (decisions %+v)", what, got[what], why, st.Decisions)
		}
	}
}

// TestNextStepsAgentStatedStillOpen: the next step the agent states in
// the reply the session ends with is a next step; the ones it stated
// earlier, which the work after them did or replaced, are not (the
// export listed two such stale steps). A session that ends otherwise (a
// tool result after the step, a question to the user) lists none of the
// agent's.
func TestNextStepsAgentStatedStillOpen(t *testing.T) {
	work := []projection.Event{
		say(0, projection.RoleUser, "Add retries to the job worker in worker/run.go."),
		say(1, projection.RoleAssistant, "I'll read the worker first. Next I'll wire the retry into the worker."),
		{Seq: 2, Role: projection.RoleAssistant, Calls: []projection.Call{{ID: "e1", Name: "Edit", Args: map[string]any{"file_path": "worker/run.go", "old_string": "run()", "new_string": "retry(run)"}}}},
		result(3, "e1", "The file worker/run.go has been updated.", false),
		say(4, projection.RoleAssistant, "The retry is wired in. Then I'll switch the queue client to the pooled one."),
		{Seq: 5, Role: projection.RoleAssistant, Calls: []projection.Call{{ID: "e2", Name: "Edit", Args: map[string]any{"file_path": "worker/queue.go", "old_string": "New()", "new_string": "NewPooled()"}}}},
		result(6, "e2", "The file worker/queue.go has been updated.", false),
		call(7, "c1", "go test ./worker/..."), result(8, "c1", "ok  \tworker\t0.2s", false),
	}
	ends := func(evs ...projection.Event) []string {
		return build(t, append(append([]projection.Event{}, work...), evs...)).NextSteps
	}
	steps := ends(say(9, projection.RoleAssistant, "The pooled client is in and the worker tests pass. Next I'll run the full suite."))
	if len(steps) != 1 || !strings.Contains(steps[0], "Next I'll run the full suite") || !strings.Contains(steps[0], "event 9") {
		t.Errorf("next steps %q: want the agent's last stated step, with its event", steps)
	}
	for _, stale := range []string{"wire the retry", "pooled one"} {
		if has(steps, stale) {
			t.Errorf("next steps %q: hold %q, done since", steps, stale)
		}
	}
	// Near misses: the step followed by its own call and result; a
	// question; a reply with no step.
	for name, tail := range map[string][]projection.Event{
		"cut off after the step's call": {say(9, projection.RoleAssistant, "Next I'll run the full suite."), call(10, "c2", "go test ./..."), result(11, "c2", "ok  \tall\t3.1s", false)},
		"a question":                    {say(9, projection.RoleAssistant, "Next, should I run the full suite?")},
		"a report":                      {say(9, projection.RoleAssistant, "The pooled client is in and the worker tests pass.")},
	} {
		if steps := ends(tail...); has(steps, "full suite") || has(steps, "agent's next step") {
			t.Errorf("%s: next steps %q", name, steps)
		}
	}
}
