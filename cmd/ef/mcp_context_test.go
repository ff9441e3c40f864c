package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/epistemicfold/ef/origin/northbridge"
)

// TestMCPContextRequest: with --origin, ef mcp offers context_request; a
// call with a context.request answers the context.bundle of the task.origin
// files there, and a malformed request is a failed call, not a failed
// server.
func TestMCPContextRequest(t *testing.T) {
	root := t.TempDir() // an empty bundle store: recall has nothing, which is fine here
	origin := t.TempDir()
	doc := `{"spec":"2origin/0.2","kind":"task.origin","id":"demo","goal":"ship the release doc","scope":"project:x",
	  "current_state":"half written","next_steps":["finish the intro"],
	  "facts":[{"claim":"Q2 sales were 8M","verified":true,"source":"reports/Q2.json"}]}`
	if _, errs, code := runEF(t, doc, "origin", "put", origin, "--task", "demo", "--expect", "new"); code != 0 {
		t.Fatalf("put: %s", errs)
	}
	cs := mcpConnect(t, "--store", root, "--origin", origin)
	ctx := context.Background()
	mcpRequireTool(t, cs, northbridge.ToolName)
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: northbridge.ToolName, Arguments: map[string]any{
		"kind": "context.request", "goal": "Q2 sales for the release", "scope": []string{"project:x"}, "budget": map[string]any{"tokens": 2000, "facts": 5},
	}})
	if err != nil {
		t.Fatal(err)
	}
	text := mcpText(t, res)
	var b northbridge.Bundle
	if res.IsError || json.Unmarshal([]byte(text), &b) != nil || b.Kind != "context.bundle" || len(b.State) != 1 || len(b.Memory) != 1 {
		t.Fatalf("context_request: error %v: %s", res.IsError, text)
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: northbridge.ToolName, Arguments: map[string]any{"goal": "x", "scope": []string{}}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError || !strings.Contains(mcpText(t, res), "scope") {
		t.Fatalf("empty scope: error %v: %s", res.IsError, mcpText(t, res))
	}
}

// TestMCPInstructionsNameServedTools: the instructions a client shows the
// model name every lane the server offers; with --origin and --act-root
// they spoke of recall only, so a model had no word of context_request or
// action_submit beyond the tool list.
func TestMCPInstructionsNameServedTools(t *testing.T) {
	for _, c := range []struct {
		args      []string
		want, not []string
	}{
		{[]string{"--store", t.TempDir()}, []string{"context_search", "context_recall"}, []string{"context_request", "action_submit"}},
		{[]string{"--store", t.TempDir(), "--origin", t.TempDir(), "--act-root", t.TempDir()}, []string{"context_search", "context_request", "action_submit", "proof_of_read"}, nil},
	} {
		cs := mcpConnect(t, c.args...)
		got := cs.InitializeResult().Instructions
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%v: instructions %q do not name %s", c.args, got, w)
			}
		}
		for _, w := range c.not {
			if strings.Contains(got, w) {
				t.Errorf("%v: instructions %q name %s, which is not served", c.args, got, w)
			}
		}
	}
}
