package main

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// TestMCPWarnsOfAnUnknownSession: ef mcp --session with a session the store
// holds nothing of (a typo in the client's configuration) answered every
// search "no matches" without a word; it now warns on stderr at start, and
// says nothing for a session the store holds.
func TestMCPWarnsOfAnUnknownSession(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "session.jsonl", 0)
	st := filepath.Join(dir, "store")
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
