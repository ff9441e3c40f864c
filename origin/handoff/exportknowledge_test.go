package handoff_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/origin/handoff"
	"github.com/epistemicfold/ef/projection"
)

func say(seq int, role projection.Role, text string) projection.Event {
	return projection.Event{Seq: seq, Role: role, Text: text}
}

// export replays evs and builds the task with the events given.
func export(t *testing.T, evs []projection.Event) (facts, steps, artifacts []string, current string) {
	t.Helper()
	st, err := handoff.Build("t1", replay(evs), nil, handoff.Options{LogName: "a.jsonl", Events: evs, Goal: "the goal given"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range st.Facts {
		facts = append(facts, f.Claim)
	}
	return facts, st.NextSteps, st.Artifacts, st.CurrentState
}

func has(xs []string, sub string) bool {
	return slices.ContainsFunc(xs, func(x string) bool { return strings.Contains(x, sub) })
}

// The facts are what the session established (values, checks that pass,
// rejected approaches), not each command's first line; next steps are the
// open failures and obligations, never a resolved failure.
func TestExportFactsAreKnowledge(t *testing.T) {
	evs := []projection.Event{
		say(0, projection.RoleUser, "Fix the parser crash on doubled semicolons. Set retries to 4."),
		call(1, "c1", "cat src/parser.py"), result(2, "c1", "def parse(s):\n    return s", false),
		call(3, "c2", "grep -n Delimited src/parser.py"), result(4, "c2", "12: class Delimited", false),
		call(5, "c3", "python -m py_compile src/parser.py"), result(6, "c3", "IndentationError: unexpected indent (parser.py, line 9)", true),
		call(7, "c4", "python -m py_compile src/parser.py"), result(8, "c4", "", false),
		call(9, "c5", "python -m pytest tests/test_parser.py"), result(10, "c5", "===== 12 passed in 0.3s =====", false),
		call(11, "c6", "go build ./..."), result(12, "c6", "./main.go:3:1: undefined: foo", true),
	}
	facts, steps, _, current := export(t, evs)
	for _, want := range []string{"retries = 4", "pytest tests/test_parser.py", "py_compile src/parser.py"} {
		if !has(facts, want) {
			t.Errorf("facts %q lack %q", facts, want)
		}
	}
	for _, never := range []string{"cat src/parser.py", "grep -n Delimited", "value/-/"} {
		if has(facts, never) {
			t.Errorf("facts %q hold %q", facts, never)
		}
	}
	if !has(steps, "go build ./...") || has(steps, "py_compile") {
		t.Errorf("next steps %q: want the open go build failure, never the resolved py_compile one", steps)
	}
	if !strings.Contains(current, "1 open failure(s): `go build ./...`") || !strings.Contains(current, "retries = 4") {
		t.Errorf("current_state %q", current)
	}
}

// The files changed: written by a tool, edited by sed -i, written by a
// here document, or shown changed by git diff (also through a file the
// diff was written to); a file restored or removed after leaves the list;
// a branch switch names no file.
func TestExportArtifactsAreTheFilesChanged(t *testing.T) {
	evs := []projection.Event{
		say(0, projection.RoleUser, "Fix the parser."),
		call(1, "c1", "sed -i 's/a/b/' src/lexer.py"), result(2, "c1", "", false),
		call(3, "c2", "cat > edit.py << 'EOF'\nopen('src/grammar.py','w').write('x')\nEOF"), result(4, "c2", "", false),
		call(5, "c3", "python edit.py"), result(6, "c3", "", false),
		call(7, "c4", "git diff src/grammar.py > fix.patch"), result(8, "c4", "", false),
		call(9, "c5", "cat fix.patch"), result(10, "c5", "diff --git a/src/grammar.py b/src/grammar.py\n--- a/src/grammar.py\n+++ b/src/grammar.py", false),
		call(11, "c6", "git status"), result(12, "c6", "On branch main\n\tmodified:   src/util.py\n", false),
		call(13, "c7", "git checkout -- src/util.py && git checkout main"), result(14, "c7", "", false),
		call(15, "c8", "rm edit.py"), result(16, "c8", "", false),
		call(17, "c9", "cat notes/old.patch"), result(18, "c9", "diff --git a/src/other.py b/src/other.py", false),
	}
	_, _, arts, _ := export(t, evs)
	for _, want := range []string{"src/lexer.py", "src/grammar.py", "fix.patch"} {
		if !slices.Contains(arts, want) {
			t.Errorf("artifacts %q lack %q", arts, want)
		}
	}
	for _, never := range []string{"src/util.py", "edit.py", "main", "src/other.py"} {
		if slices.Contains(arts, never) {
			t.Errorf("artifacts %q hold %q", arts, never)
		}
	}
}

// How the session ended is said: cut off after a tool result, or on the
// agent's reply.
func TestExportSaysHowTheSessionEnded(t *testing.T) {
	base := []projection.Event{
		say(0, projection.RoleUser, "Fix the parser."),
		call(1, "c1", "python -m pytest tests"), result(2, "c1", "3 passed", false),
	}
	_, _, _, cut := export(t, base)
	if !strings.Contains(cut, "ends on a tool result (event 2) with no reply") {
		t.Errorf("cut off: %q", cut)
	}
	_, _, _, done := export(t, append(base, say(3, projection.RoleAssistant, "The fix is in and the tests pass.")))
	if !strings.Contains(done, "ends with the agent's reply (event 3)") || strings.Contains(done, "no reply") {
		t.Errorf("finished: %q", done)
	}
}

// A task handed in ends so even when a tool result comes last (SWE-agent's
// submit answers with the diff).
func TestExportHandedInIsNotCutOff(t *testing.T) {
	evs := []projection.Event{
		say(0, projection.RoleUser, "Fix the parser."),
		call(1, "c1", "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"),
		result(2, "c1", "diff --git a/src/p.py b/src/p.py", false),
	}
	_, _, arts, current := export(t, evs)
	if !strings.Contains(current, "handed in") || strings.Contains(current, "no reply") || !slices.Contains(arts, "src/p.py") {
		t.Errorf("handed in: %q, artifacts %q", current, arts)
	}
}

// A file tool's write that failed and then passed is an artifact, not a
// fact.
func TestExportToolRetryIsNoFact(t *testing.T) {
	w := func(seq int, id string) projection.Event {
		return projection.Event{Seq: seq, Role: projection.RoleAssistant, Calls: []projection.Call{{ID: id, Name: "Write", Args: map[string]any{"file_path": "src/app.ts", "content": "x"}}}}
	}
	evs := []projection.Event{
		say(0, projection.RoleUser, "Add the app entry point."),
		w(1, "c1"), result(2, "c1", "File has not been read yet. Read it first before writing to it.", true),
		w(3, "c2"), result(4, "c2", "The file src/app.ts has been updated.", false),
	}
	facts, _, arts, _ := export(t, evs)
	if has(facts, "Write") || !slices.Contains(arts, "src/app.ts") {
		t.Errorf("facts %q, artifacts %q", facts, arts)
	}
}
