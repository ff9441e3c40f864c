package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMCPWarnsOfAnUnknownSession: ef mcp --session with a session the store
// holds nothing of (a typo in the client's configuration) answered every
// search "no matches" without a word; it now warns on stderr at start, and
// says nothing for a session the store holds.
func TestMCPWarnsOfAnUnknownSession(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	log, st := filepath.Join(dir, "session.jsonl"), filepath.Join(dir, "store")
	if err := os.WriteFile(log, bytes.ReplaceAll(raw, []byte("{{sessionId}}"), []byte("demo-1")), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, text, err := foldRun(t, log, "--store", st, "--out", filepath.Join(dir, "out.jsonl"), "--window", "2000"); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	for _, tc := range []struct {
		session string
		warns   bool
	}{{"demo-l", true}, {"demo-1", false}} {
		var out, stderr bytes.Buffer
		if err := runMCP(t.Context(), []string{"--store", st, "--session", tc.session}, io.NopCloser(strings.NewReader("")), nopWriteCloser{&out}, &stderr); err != nil {
			t.Fatalf("%s: %v\n%s", tc.session, err, stderr.String())
		}
		warned := strings.Contains(stderr.String(), `session "`+tc.session+`" has no folded history`)
		if warned != tc.warns {
			t.Errorf("--session %s: warned %v, want %v; stderr:\n%s", tc.session, warned, tc.warns, stderr.String())
		}
	}
}
