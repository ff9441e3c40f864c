package handoff_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/origin/handoff"
	"github.com/epistemicfold/ef/origin/taskorigin"
	"github.com/epistemicfold/ef/projection"
)

func replay(evs []projection.Event) *projection.Reducer {
	r := projection.New(projection.Options{SessionID: "s1"})
	for _, e := range evs {
		r.Apply(e)
	}
	return r
}

func call(seq int, id, cmd string) projection.Event {
	return projection.Event{Seq: seq, Role: projection.RoleAssistant, Calls: []projection.Call{{ID: id, Name: "bash", Args: map[string]any{"command": cmd}}}}
}

func result(seq int, id, text string, isErr bool) projection.Event {
	return projection.Event{Seq: seq, Role: projection.RoleTool, Text: text, Result: &projection.Result{CallID: id, IsError: isErr}}
}

func TestBuildMapsTheProjection(t *testing.T) {
	r := replay([]projection.Event{
		{Seq: 0, Role: projection.RoleUser, Text: "Fix the build.\nNever push to the main branch directly.\nRemember to update CHANGELOG.md."},
		call(1, "c1", "go build ./..."),
		result(2, "c1", "./main.go:12:3: undefined: foo", true),
		call(3, "c2", "ls"),
		result(4, "c2", "main.go", false),
	})
	st, err := handoff.Build("t1", r, &taskorigin.State{Scope: "project:x", Title: "kept"}, handoff.Options{LogName: "logs/a.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(st.Goal, "Fix the build.") || st.Scope != "project:x" || st.Title != "kept" {
		t.Fatalf("goal %q scope %q title %q", st.Goal, st.Scope, st.Title)
	}
	if len(st.Constraints) == 0 || !strings.Contains(strings.Join(st.Constraints, "|"), "main branch") {
		t.Fatalf("constraints %q", st.Constraints)
	}
	steps := strings.Join(st.NextSteps, "|")
	if !strings.Contains(steps, "CHANGELOG.md") || !strings.Contains(steps, "go build ./...") {
		t.Fatalf("next steps %q: want the obligation and the open failure", st.NextSteps)
	}
	if !strings.Contains(st.Verification, "open") {
		t.Fatalf("verification %q", st.Verification)
	}
	// A listing is how the agent looked, not a fact it established.
	for _, f := range st.Facts {
		if strings.Contains(f.Claim, "`ls`") {
			t.Fatalf("facts %+v: the ls listing is not a fact", st.Facts)
		}
	}
	// The result is a valid task.origin document a store accepts.
	d, err := taskorigin.FromState(st)
	if err != nil {
		t.Fatal(err)
	}
	d.Set("version", 1)
	d.Set("updated_at", "2026-12-01T00:00:00Z")
	if ps := d.Check(); len(ps) > 0 {
		t.Fatalf("exported state invalid: %v", ps)
	}
}

func TestBuildNeedsAGoal(t *testing.T) {
	r := replay([]projection.Event{call(0, "c1", "ls"), result(1, "c1", "x", false)})
	if _, err := handoff.Build("t1", r, nil, handoff.Options{}); !errors.Is(err, handoff.ErrNoObjective) {
		t.Fatalf("no objective: %v", err)
	}
	st, err := handoff.Build("t1", r, nil, handoff.Options{Goal: "given"})
	if err != nil || st.Goal != "given" {
		t.Fatalf("fallback goal: %v %+v", err, st)
	}
}
