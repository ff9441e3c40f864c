package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// What the importer changes of a trajectory is said, not done silently: a
// tool result written twice (the second has no call left to answer, and
// is dropped) and a call whose result was never recorded (it gets a
// synthetic error result; the note names the call's tool and seq). ef
// inspect lists both among its warnings, ef state and ef fold say them on
// stderr. A log without either says nothing.
func TestImportNotesSaid(t *testing.T) {
	dir := t.TempDir()
	lines := []string{
		`{"role":"user","content":"Liste die Dateien auf 📂"}`,
		`{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"bash","arguments":"{\"command\":\"ls\"}"}}]}`,
		`{"role":"tool","tool_call_id":"c1","content":"a.go\nb.go"}`,
		`{"role":"tool","tool_call_id":"c1","content":"a.go\nb.go"}`,
		`{"role":"assistant","content":null,"tool_calls":[{"id":"c2","type":"function","function":{"name":"bash","arguments":"{\"command\":\"cat a.go\"}"}}]}`,
		`{"role":"assistant","content":"Fertig ✅"}`,
	}
	log := filepath.Join(dir, "chat.jsonl")
	if err := os.WriteFile(log, []byte("\ufeff"+strings.Join(lines, "\r\n")+"\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dropped := "1 tool result with no call dropped (recorded twice, or their call is missing)"
	madeUp := `1 tool call without a recorded result answered by a synthetic error result ("no result recorded"): bash at seq 9`
	code, out, errs := runCLI(t, "inspect", log)
	if code != 0 || !strings.Contains(out, "warning: "+dropped) || !strings.Contains(out, "warning: "+madeUp) {
		t.Errorf("inspect: exit %d, stderr %q, stdout %s", code, errs, out)
	}
	code, _, errs = runCLI(t, "state", log)
	if code != 0 || !strings.Contains(errs, "ef state: note: "+log+": "+dropped) || !strings.Contains(errs, madeUp) {
		t.Errorf("state: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runCLI(t, "fold", log, "--store", filepath.Join(dir, "store"), "--out", filepath.Join(dir, "out.jsonl"), "--window", "4000")
	if code != 0 || !strings.Contains(errs, "ef fold: note: "+log+": "+dropped) || !strings.Contains(errs, madeUp) {
		t.Errorf("fold: exit %d, stderr %q", code, errs)
	}
	clean := filepath.Join(dir, "clean.jsonl")
	os.WriteFile(clean, []byte(strings.Join(append(lines[:3:3], `{"role":"assistant","content":"ok"}`), "\n")+"\n"), 0o644)
	if _, out, errs := runCLI(t, "inspect", clean); strings.Contains(out+errs, "dropped") || strings.Contains(out+errs, "synthetic") {
		t.Errorf("clean log: %s %s", out, errs)
	}
}

// A message of a role the chat format does not have is kept as a user
// message naming its role, and ef inspect says so.
func TestImportNotesSayOtherRoles(t *testing.T) {
	code, out, errs := runCLI(t, "inspect", filepath.Join("..", "..", "importer", "testdata", "openai-roles.jsonl"))
	if code != 0 || !strings.Contains(out, "[ipython]") || !strings.Contains(out, "warning: 1 message with a role the format does not have: each kept as a user message that opens with its role in brackets") {
		t.Errorf("inspect: exit %d, stderr %q, stdout %s", code, errs, out)
	}
}

// The records of a Claude Code session's dead-end branches are left out,
// and ef inspect says how many.
func TestImportNotesSayDeadEnds(t *testing.T) {
	code, out, errs := runCLI(t, "inspect", filepath.Join("..", "..", "importer", "testdata", "claude-code-rewind.jsonl"))
	if code != 0 || strings.Contains(out, "pandas") || !strings.Contains(out, "warning: 5 records of dead-end branches left out (turns a /rewind, an edited prompt or a retry replaced)") {
		t.Errorf("inspect: exit %d, stderr %q, stdout %s", code, errs, out)
	}
}

// codex exec --json never records the user's prompt: ef inspect says so
// in a note (not a warning), ef state and ef fold on stderr, whether the
// state comes from the log or, with --store, from the checkpoints; a
// format that records the prompts says nothing of the kind (trial4: an
// empty objective and no word why).
func TestUnrecordedPromptsSaid(t *testing.T) {
	exec := filepath.Join("..", "..", "importer", "testdata", "codex-exec.jsonl")
	note := "note: this format does not record the user's prompts (codex exec --json"
	code, out, errs := runCLI(t, "inspect", exec)
	if code != 0 || !strings.Contains(out, "\n"+note) || strings.Contains(out, "warning: this format") {
		t.Errorf("inspect: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out, _ = runCLI(t, "inspect", "--json", exec)
	if code != 0 || !strings.Contains(out, `"notes": [`) {
		t.Errorf("inspect --json: exit %d\n%s", code, out)
	}
	code, _, errs = runCLI(t, "state", exec)
	if code != 0 || !strings.Contains(errs, "ef state: "+strings.Replace(note, "note: ", "note: "+exec+": ", 1)) {
		t.Errorf("state: exit %d, stderr %q", code, errs)
	}
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	code, _, errs = runCLI(t, "fold", exec, "--store", store, "--out", filepath.Join(dir, "f.jsonl"), "--mode", "root")
	if code != 0 || !strings.Contains(errs, "ef fold: note: ") || !strings.Contains(errs, "does not record the user's prompts") {
		t.Errorf("fold: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runCLI(t, "state", exec, "--store", store)
	if code != 0 || !strings.Contains(errs, "does not record the user's prompts") {
		t.Errorf("state --store: exit %d, stderr %q", code, errs)
	}
	other := filepath.Join("..", "..", "importer", "testdata", "codex-rollout.jsonl")
	if code, out, errs := runCLI(t, "inspect", other); code != 0 || strings.Contains(out+errs, "does not record the user's prompts") {
		t.Errorf("inspect of a Codex rollout: exit %d, says the prompts are not recorded:\n%s%s", code, out, errs)
	}
}
