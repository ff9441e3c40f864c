package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeWire drives ef serve through its stdio wire, malformed lines
// included.
func TestServeWire(t *testing.T) {
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`,
		`{"jsonrpc":"2.0","id":2,"method":"fold/plan","params":{"sessionId":"x","bogus":true}}`,
		`garbage`,
		`{"jsonrpc":"2.0","id":3,"method":"nope"}`,
		`{"jsonrpc":"2.0","id":4,"method":"shutdown"}`,
	}, "\n") + "\n"
	var out, errb bytes.Buffer
	if err := serve(context.Background(), []string{"--store", filepath.Join(t.TempDir(), "s")}, strings.NewReader(in), &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 5 {
		t.Fatalf("want 5 answers, got %d:\n%s", len(lines), out.String())
	}
	for i, want := range []string{`"id":1,"result":{`, `"code":-32602`, `"code":-32700`, `"code":-32601`, `"id":4,"result":{}`} {
		if !strings.Contains(lines[i], want) {
			t.Errorf("answer %d = %s, want %s", i, lines[i], want)
		}
	}
}
