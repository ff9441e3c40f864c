package mcpserver_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/mcpserver"
	"github.com/epistemicfold/ef/recall"
)

// A server without a session offers context_search with the default it
// applies: scope "project" in the schema and the description (recall's
// own definition names "session" the default, which such a server
// refuses). With a session, the definitions are recall's, unchanged.
func TestRecallToolsSayTheDefaultScope(t *testing.T) {
	scopeDefault := func(tl mcpserver.Tool) any {
		var p struct {
			Properties map[string]map[string]any `json:"properties"`
		}
		if err := json.Unmarshal(tl.Parameters, &p); err != nil {
			t.Fatal(err)
		}
		return p.Properties["scope"]["default"]
	}
	find := func(tools []mcpserver.Tool, name string) mcpserver.Tool {
		for _, tl := range tools {
			if tl.Name == name {
				return tl
			}
		}
		t.Fatalf("no tool %s", name)
		return mcpserver.Tool{}
	}
	var defs = map[string]recall.ToolDef{}
	for _, d := range recall.Tools() {
		defs[d.Name] = d
	}
	none := find(mcpserver.RecallTools(nil, ""), recall.ToolSearch)
	if got := scopeDefault(none); got != "project" {
		t.Errorf("without a session the scope default is %v, want project", got)
	}
	if strings.Contains(none.Description, `"session" (the default)`) || !strings.Contains(none.Description, `scope "project" (the default here`) {
		t.Errorf("without a session the description says:\n%s", none.Description)
	}
	if strings.Contains(string(none.Parameters), "this session only") {
		t.Errorf("without a session the scope is described as %s", none.Parameters)
	}
	for _, name := range []string{recall.ToolSearch, recall.ToolRecall} {
		got, want := find(mcpserver.RecallTools(nil, "s1"), name), defs[name]
		if got.Description != want.Description || !bytes.Equal(got.Parameters, want.Parameters) {
			t.Errorf("with a session, %s differs from recall's definition", name)
		}
	}
	if got := find(mcpserver.RecallTools(nil, ""), recall.ToolRecall); got.Description != defs[recall.ToolRecall].Description {
		t.Errorf("context_recall changed without a session")
	}
}
