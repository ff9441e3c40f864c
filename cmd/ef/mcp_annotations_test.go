package main

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMCPToolAnnotations: every tool has a title and annotations that say
// what a call does: context_search, context_recall and context_request
// only read; action_submit writes and may overwrite (destructive). None
// reaches outside its store or roots.
func TestMCPToolAnnotations(t *testing.T) {
	cs := mcpConnect(t, "--store", t.TempDir(), "--origin", t.TempDir(), "--act-root", t.TempDir())
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	readOnly := map[string]bool{"context_search": true, "context_recall": true, "context_request": true, "action_submit": false}
	if len(list.Tools) != len(readOnly) {
		t.Fatalf("%d tools, want %d", len(list.Tools), len(readOnly))
	}
	for _, tool := range list.Tools {
		want, ok := readOnly[tool.Name]
		a := tool.Annotations
		switch {
		case !ok:
			t.Errorf("unexpected tool %s: give it annotations and list it here", tool.Name)
		case tool.Title == "" || a == nil || a.Title != tool.Title:
			t.Errorf("%s: title %q, annotations %+v", tool.Name, tool.Title, a)
		case a.ReadOnlyHint != want || a.OpenWorldHint == nil || *a.OpenWorldHint:
			t.Errorf("%s: readOnlyHint %v (want %v), openWorldHint %v", tool.Name, a.ReadOnlyHint, want, a.OpenWorldHint)
		case !want && (a.DestructiveHint == nil || !*a.DestructiveHint || a.IdempotentHint):
			t.Errorf("%s: destructiveHint %v, idempotentHint %v; want destructive, not idempotent", tool.Name, a.DestructiveHint, a.IdempotentHint)
		}
	}
}

// TestMCPUnavailableRecallIsStructured: a recall of a checkpoint whose
// bundle is damaged is an error answer that carries the structured result
// context_recall's output schema describes (status "unavailable", the
// reason), not only text; and the text, sent to a client of a server
// without a session, does not send the model to a summary in its own
// context, which it never had.
func TestMCPUnavailableRecallIsStructured(t *testing.T) {
	root, ckpts, paths := searchFixture(t)
	c := ckpts[len(ckpts)-1]
	p := paths[c.SessionID+"/"+c.CheckpointID]
	raw, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	raw[len(raw)-10] ^= 0xff
	if err := os.WriteFile(p, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	cs := mcpConnect(t, "--store", root)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "context_recall",
		Arguments: map[string]any{"ref": c.CheckpointID + "#3@" + c.SessionID}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var got struct{ Status, Reason, CheckpointID string }
	json.Unmarshal(b, &got)
	if !res.IsError || got.Status != "unavailable" || got.Reason == "" || got.CheckpointID != c.CheckpointID {
		t.Errorf("isError %v, structured %s", res.IsError, b)
	}
	if text := mcpText(t, res); !strings.Contains(text, "unavailable") || strings.Contains(text, "surface") || strings.Contains(text, "your context") {
		t.Errorf("text %q", text)
	}
}
