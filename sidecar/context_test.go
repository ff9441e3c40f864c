package sidecar

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/origin/northbridge"
)

// TestContextRequest: context/request answers Northbridge's bundle over the
// origin roots; without roots, or with a malformed request, it answers a
// JSON-RPC error.
func TestContextRequest(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	doc := `{"spec":"2origin/0.2","kind":"task.origin","id":"demo","goal":"ship it","scope":"project:x","version":1,
	  "updated_at":"2026-12-01T00:00:00Z","current_state":"half","next_steps":["finish"],
	  "facts":[{"claim":"release notes live in docs/notes.md","verified":true,"source":"docs/notes.md"}]}`
	os.MkdirAll(filepath.Join(root, "demo"), 0o755)
	os.WriteFile(filepath.Join(root, "demo", "task.origin.json"), []byte(doc), 0o644)
	srv := New(Options{OriginRoots: []string{root}})
	defer srv.Close()
	res, err := srv.Handle(ctx, MethodContextRequest, json.RawMessage(`{"request":{"kind":"context.request","goal":"release notes","scope":["project:x"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	var b northbridge.Bundle
	if err := json.Unmarshal(res.(json.RawMessage), &b); err != nil || b.Kind != "context.bundle" || len(b.State) != 1 || len(b.Memory) != 1 {
		t.Fatalf("bundle %s (%v)", res, err)
	}
	checkOptionalTool(t, srv, MethodContextRequest, `{"request":{"goal":"g","scope":["*"]}}`,
		[]string{`{}`, `{"request":{"goal":"g"}}`, `{"request":[1]}`},
		func(r *InitializeResult) (string, bool) {
			if r.ContextTool == nil {
				return "", false
			}
			return r.ContextTool.Name, true
		}, northbridge.ToolName)
	if !strings.Contains(string(res.(json.RawMessage)), `"token_estimate"`) {
		t.Error("no token_estimate")
	}
}
