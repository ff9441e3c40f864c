package projection

import (
	"fmt"
	"strings"
	"testing"
)

// TestNextTaskIsTheObjective: a user who acknowledges the work before as
// done and asks for the next task ("Thanks, that works. Now add CSV
// export …") sets a new objective; a next step of the same work ("Now
// run the tests again"), a "New task:" label and thanks with no task.
func TestNextTaskIsTheObjective(t *testing.T) {
	const start = "> user\nFix the login bug where users get logged out after 5 minutes.\n> assistant\nFixed: the session TTL was 300s; set it to 24h.\n"
	cases := []struct {
		name, said  string
		want, never []string
	}{
		{"acknowledged, then the next task", "Thanks, that works. Now add CSV export to the reports page.",
			[]string{`objective/session/goal \[active/normative\] = add CSV export to the reports page \(was Fix the login bug`}, nil},
		{"in one sentence", "thanks now i want you to add tailwind v4 support to the ui package",
			[]string{`= add tailwind v4 support to the ui package \(was`}, nil},
		{"a labelled next task", "New task: port the importer to Go.",
			[]string{`= port the importer to Go \(was`}, nil},
		{"a step of the same work", "Great. Now run the tests again.",
			[]string{`= Fix the login bug where`}, []string{`run the tests`}},
		{"thanks with no task", "Thanks for the summary. I need to think about it.",
			[]string{`= Fix the login bug where`}, []string{`\(was Fix`}},
		{"a next task not acknowledged", "Now add CSV export to the reports page.",
			[]string{`= Fix the login bug where`}, []string{`\(was Fix`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, start+"> user\n"+c.said), c.want, c.never)
		})
	}
}

// TestCIFailureNamesTheError: a CI run's failure is stated by its error
// line, not by the status line the runner adds under it.
func TestCIFailureNamesTheError(t *testing.T) {
	out := "JOBS\n✓ test in 2m14s\nX build-armv7 in 41s\n  X Build release binary\n\nANNOTATIONS\nX error: linker `arm-linux-gnueabihf-gcc` not found\nbuild-armv7: .github/workflows/ci.yml#L38\n\nX Process completed with exit code 101."
	script := "> user\nShip it.\n> assistant\nWatching CI.\n> call bash {\"command\": \"gh run watch --exit-status 42\"}\n> result error\n" + out + "\n"
	expect(t, reduceAll(t, script), []string{"failure .* = failed: X error: linker `arm-linux-gnueabihf-gcc` not found"}, []string{"failure .*exit code 101"})
	if l := markedErrorLine("Process completed with exit code 2."); l != "" {
		t.Errorf("a status line alone: %q", l)
	}
}

// TestStatedSeqOfAReplacedObjective: the objective that replaced another
// was stated where the user gave the next task, not where its lineage
// began (a checkpoint cited the first task's message for the second).
func TestStatedSeqOfAReplacedObjective(t *testing.T) {
	r := New(Options{SessionID: "s"})
	objective := func() *Anchor {
		for _, a := range r.Heads() {
			if a.Kind == KindObjective {
				return a
			}
		}
		t.Fatal("no objective")
		return nil
	}
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "Fix the login bug where users get logged out after 5 minutes."})
	if a := objective(); a.StatedSeq() != 1 {
		t.Errorf("first objective stated at %d, want 1", a.StatedSeq())
	}
	r.Apply(Event{Seq: 2, Role: RoleAssistant, Text: "Fixed: the session TTL was 300s; set it to 24h."})
	r.Apply(Event{Seq: 3, Role: RoleUser, Text: "Thanks, that works. Now add CSV export to the reports page."})
	a := objective()
	if a.StatedSeq() != 3 || a.FirstSeq() != 1 || !strings.Contains(a.Quote, "CSV export") {
		t.Errorf("next task: stated at %d (first %d), quote %q; want 3 (lineage from 1) and the next task's words", a.StatedSeq(), a.FirstSeq(), a.Quote)
	}
}

// TestStatedSeqKeepsItsStatement: an objective restated after it replaced
// another is still cited where it was first stated, and an anchor whose
// Was says something else than a replacement (a failure reopened) is
// cited at its first source.
func TestStatedSeqKeepsItsStatement(t *testing.T) {
	r := New(Options{SessionID: "s"})
	head := func(k Kind) *Anchor {
		for _, a := range r.Heads() {
			if a.Kind == k {
				return a
			}
		}
		t.Fatalf("no %s", k)
		return nil
	}
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "Fix the login bug where users get logged out after 5 minutes."})
	r.Apply(Event{Seq: 2, Role: RoleAssistant, Text: "Fixed: the session TTL was 300s; set it to 24h."})
	r.Apply(Event{Seq: 3, Role: RoleUser, Text: "Thanks, that works. Now add CSV export to the reports page."})
	r.Apply(Event{Seq: 4, Role: RoleAssistant, Text: "On it."})
	r.Apply(Event{Seq: 5, Role: RoleUser, Text: "Thanks, that works. Now add CSV export to the reports page."})
	if a := head(KindObjective); a.StatedSeq() != 3 {
		t.Errorf("restated objective cited at %d (sources %v), want 3", a.StatedSeq(), a.SourceRefs)
	}
	run := func(seq int, fail bool, out string) {
		id := fmt.Sprintf("c%d", seq)
		r.Apply(Event{Seq: seq, Role: RoleAssistant, Calls: []Call{{ID: id, Name: "bash", Args: map[string]any{"command": "make"}}}})
		r.Apply(Event{Seq: seq + 1, Role: RoleTool, Text: out, Result: &Result{CallID: id, IsError: fail}})
	}
	run(10, true, "make: *** [all] Error 1")
	run(12, false, "ok")
	run(14, true, "make: *** [all] Error 2")
	run(16, true, "make: *** [all] Error 3")
	if f := head(KindFailure); f.StatedSeq() != f.FirstSeq() {
		t.Errorf("reopened failure (was %q) cited at %d, its first source %d", f.Was, f.StatedSeq(), f.FirstSeq())
	}
}
