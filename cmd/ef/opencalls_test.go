package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A DSH log that repeats an assistant message line (its tool call id
// issued twice, answered once) leaves a call no fold can cut after: ef
// inspect warns of it, and ef fold's failures and its over-the-window
// warning name it (an emergency fold it stops is "refused": the surface
// is left as it was), instead of failing with "the part that cannot be
// folded (from position 1)" and nothing more.
func TestRepeatedAssistantLineSaysWhy(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.ReplaceAll(string(b), "{{sessionId}}", "dup-1"), "\n")
	var out []string
	seen := 0
	for _, l := range lines {
		out = append(out, l)
		if strings.HasPrefix(l, `{"type":"assistant/message"`) && strings.Contains(l, `"tool-call"`) {
			if seen++; seen == 4 {
				out = append(out, l) // the line written twice
			}
		}
	}
	if seen < 4 {
		t.Fatalf("the log has %d assistant messages with tool calls", seen)
	}
	dir := t.TempDir()
	log := filepath.Join(dir, "dup.jsonl")
	if err := os.WriteFile(log, []byte(strings.Join(out, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "inspect", log)
	if code != 0 || !strings.Contains(stdout, "warning: tool call ") || !strings.Contains(stdout, "issues the same call id again (a repeated assistant message?): no fold can cut after it") {
		t.Errorf("inspect: exit %d, stderr %q, stdout ends %q", code, stderr, stdout[max(0, len(stdout)-400):])
	}
	code, stdout, stderr = runCLI(t, "fold", log, "--store", filepath.Join(dir, "store"), "--out", filepath.Join(dir, "out.jsonl"), "--window", "2000")
	if code != 1 || !strings.Contains(stdout, "emergency refused") || !strings.Contains(stdout, "can be folded: tool call ") || !strings.Contains(stderr, "nothing after it can be folded (1 open call in all") {
		t.Errorf("fold: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	// The log as the host wrote it, without the repeat, warns of nothing.
	clean := filepath.Join(dir, "clean.jsonl")
	os.WriteFile(clean, []byte(strings.Join(lines, "\n")), 0o644)
	if _, stdout, _ := runCLI(t, "inspect", clean); strings.Contains(stdout, "no fold can cut") {
		t.Errorf("clean log warns: %s", stdout[max(0, len(stdout)-400):])
	}
}
