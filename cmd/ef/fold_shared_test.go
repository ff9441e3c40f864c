package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sameOpeningChat writes an OpenAI chat log whose first 12 messages are the
// same whatever tail is, and whose later tool outputs name tail.
func sameOpeningChat(t *testing.T, path, tail string) {
	t.Helper()
	msgs := []map[string]any{{"role": "user", "content": "Fix the failing parser test; PARSER_MAX must stay 4096."}}
	call := func(id, cmd, out string) {
		msgs = append(msgs,
			map[string]any{"role": "assistant", "content": nil, "tool_calls": []map[string]any{{"id": id, "type": "function",
				"function": map[string]any{"name": "bash", "arguments": fmt.Sprintf(`{"command": %q}`, cmd)}}}},
			map[string]any{"role": "tool", "tool_call_id": id, "content": out})
	}
	for i := range 6 {
		call(fmt.Sprintf("a%d", i), fmt.Sprintf("cat file%d.go", i), strings.Repeat(fmt.Sprintf("package main // file%d\n", i), 40))
	}
	for i := range 20 {
		call(fmt.Sprintf("b%d", i), fmt.Sprintf("go test ./... # %s %d", tail, i), strings.Repeat(fmt.Sprintf("%s run %d: FAIL TestParser\n", tail, i), 60))
	}
	b, err := json.Marshal(map[string]any{"messages": msgs})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Two trajectories that record no session id and open with the same
// messages get the same content id; folded into one store they were filed
// as one session without a word. Now the second fold warns, says how to
// keep them apart and counts what it did not reproduce in --json; folding
// the same log again, or with --session, does not warn.
func TestFoldWarnsOfSharedContentID(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	sameOpeningChat(t, a, "alpha")
	sameOpeningChat(t, b, "bravo")
	store := filepath.Join(dir, "store")
	fold := func(log, out string, extra ...string) (int, string, string) {
		return runCLI(t, append([]string{"fold", log, "--store", store, "--out", filepath.Join(dir, out), "--window", "3000"}, extra...)...)
	}
	if code, _, errs := fold(a, "a1.jsonl"); code != 0 || strings.Contains(errs, "warning") {
		t.Fatalf("first fold: exit %d, %s", code, errs)
	}
	if code, _, errs := fold(a, "a2.jsonl"); code != 0 || strings.Contains(errs, "already held") {
		t.Fatalf("the same log again: exit %d, %s", code, errs)
	}
	code, out, errs := fold(b, "b1.jsonl", "--json")
	if code != 0 || !strings.Contains(errs, "ef fold: warning: "+store+" already held ") || !strings.Contains(errs, "fold each with its own --session NAME") {
		t.Fatalf("another trajectory with the same opening: exit %d, stderr %q", code, errs)
	}
	var acc struct {
		SessionID          string `json:"sessionId"`
		PriorNotReproduced int    `json:"priorNotReproduced"`
	}
	if err := json.Unmarshal([]byte(out), &acc); err != nil || acc.PriorNotReproduced == 0 || !strings.HasPrefix(acc.SessionID, "openai-chat:") {
		t.Errorf("--json: %+v, %v", acc, err)
	}
	if code, _, errs := fold(b, "b2.jsonl", "--session", "bravo"); code != 0 || strings.Contains(errs, "already held") {
		t.Errorf("with --session: exit %d, %s", code, errs)
	}
}
