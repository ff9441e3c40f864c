package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInspectMarksInjected: Gemini CLI's one <session_context> record
// is its chatter around the GEMINI.md it loaded (the project's rules),
// so it is three user nodes; inspect says what each is ("user/chatter",
// "user/instructions") and leaves the user's own prompt "user". The
// JSON says it as "injected". Near miss: a tool result and the user's
// prompt carry no mark. The recording is read up to its compression
// (line 25), whose checkpoint would take these nodes off the surface.
func TestInspectMarksInjected(t *testing.T) {
	src, err := os.ReadFile("../../importer/testdata/gemini-cli-2026.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(t.TempDir(), "gemini.jsonl")
	if err := os.WriteFile(log, []byte(strings.Join(strings.SplitAfter(string(src), "\n")[:24], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := RunInspect(context.Background(), []string{log}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	if len(lines) < 6 {
		t.Fatalf("inspect printed\n%s", out.String())
	}
	for i, want := range []string{"user/chatter", "user/instructions", "user/chatter", "user"} {
		f := strings.Fields(lines[2+i])
		if len(f) < 3 || f[2] != want {
			t.Errorf("node %d: role %q, want %q (line %q)", i, f[2], want, lines[2+i])
		}
	}
	out.Reset()
	if err := RunInspect(context.Background(), []string{"--json", log}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var rep inspectReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"chatter", "instructions", "chatter", "", "", ""} {
		if got := rep.Nodes[i].Injected; got != want {
			t.Errorf("node %d (%s %q): injected %q, want %q", i, rep.Nodes[i].Role, rep.Nodes[i].Preview, got, want)
		}
	}
}
