package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestContextRequestPlugin runs context_request through the real DSH
// plugin: EpistemicFoldEngine with originRoots starts a real `ef serve
// --origin` built from this tree, registers context_request (schemas
// checked by the host's assertSupportedJsonSchema) and executes it. The
// bundle must be the one `ef context` prints for the same request, and a
// malformed request a failed call.
func TestContextRequestPlugin(t *testing.T) {
	node, plugin := requireNodeModules(t, "dsh-plugin", "@deepseek-ai/dsh-tools")
	origin := t.TempDir()
	doc := `{"spec":"2origin/0.2","kind":"task.origin","id":"demo","goal":"ship the release doc","scope":"project:x",
	  "current_state":"half written","next_steps":["finish the intro"],
	  "facts":[{"claim":"Q2 sales were 8M","verified":true,"source":"reports/Q2.json"},
	           {"claim":"发布说明在 docs/notes.md","verified":true,"source":"docs/notes.md"}]}`
	if _, errs, code := runEF(t, doc, "origin", "put", origin, "--task", "demo", "--expect", "new"); code != 0 {
		t.Fatalf("put: %s", errs)
	}
	good := `{"kind":"context.request","goal":"Q2 sales and 发布说明","scope":["project:x"],"budget":{"tokens":4000,"facts":5}}`
	want, errs, code := runEF(t, good, "context", "--store", origin, "-")
	if code != 0 {
		t.Fatalf("ef context: %s", errs)
	}

	bin := buildEF(t)
	out := runParityScript(t, node, plugin, "context-parity.mjs", map[string]any{"efBin": bin, "storeDir": filepath.Join(t.TempDir(), "store"),
		"originRoots": []string{origin}, "requests": []string{good, `{"goal":"x","scope":[]}`}})
	var results []struct {
		IsError bool
		Text    string
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r struct {
			IsError bool   `json:"isError"`
			Text    string `json:"text"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		results = append(results, struct {
			IsError bool
			Text    string
		}{r.IsError, r.Text})
	}
	if len(results) != 2 {
		t.Fatalf("%d results for 2 requests:\n%s", len(results), out)
	}
	if results[0].IsError || results[0].Text != strings.TrimSuffix(want, "\n") {
		t.Errorf("plugin bundle differs from ef context:\nplugin: %s\nef:     %s", results[0].Text, want)
	}
	if !results[1].IsError || !strings.Contains(results[1].Text, "scope") {
		t.Errorf("a malformed request: %+v", results[1])
	}
}
