package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/epistemicfold/ef/mcpserver"
)

// annotated is echo with a title and read-only annotations.
func annotated() mcpserver.Tool {
	t := echo()
	t.Title = "Echo a word"
	t.Annotations = &mcpserver.Annotations{ReadOnly: true, Idempotent: true}
	return t
}

// listAt initializes a stdio session at protocol version v and returns
// the initialize result and the tools/list result, as JSON objects.
func listAt(t *testing.T, v string) (init, list map[string]any) {
	t.Helper()
	st := startStdio(t, annotated())
	st.send(initAt(v))
	var m struct {
		Result map[string]any `json:"result"`
	}
	if err := json.Unmarshal([]byte(st.next()), &m); err != nil || m.Result == nil {
		t.Fatalf("%s: initialize: %v", v, err)
	}
	init = m.Result
	st.send(initialized)
	st.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	m.Result = nil
	if err := json.Unmarshal([]byte(st.next()), &m); err != nil || m.Result == nil {
		t.Fatalf("%s: tools/list: %v", v, err)
	}
	st.end()
	return init, m.Result
}

// TestToolListFollowsTheVersion: a tool's annotations (MCP 2025-03-26)
// and title (2025-06-18) reach the clients whose protocol version defines
// them, and only those; ttlMs and cacheScope, which the SDK put on every
// tools/list answer, are defined by 2026-07-28 only (with per-request
// versions), and no version initialize can agree on has them.
func TestToolListFollowsTheVersion(t *testing.T) {
	for _, tc := range []struct {
		version            string
		annotations, title bool
	}{
		{"2024-11-05", false, false},
		{"2025-03-26", true, false},
		{"2025-06-18", true, true},
		{"2025-11-25", true, true},
	} {
		init, list := listAt(t, tc.version)
		if init["protocolVersion"] != tc.version {
			t.Fatalf("initialize agreed on %v, want %s", init["protocolVersion"], tc.version)
		}
		for _, f := range []string{"ttlMs", "cacheScope"} {
			if _, ok := list[f]; ok {
				t.Errorf("%s: tools/list carries %s, which the version does not define", tc.version, f)
			}
		}
		tools, _ := list["tools"].([]any)
		if len(tools) != 1 {
			t.Fatalf("%s: tools %v", tc.version, list["tools"])
		}
		tool := tools[0].(map[string]any)
		ann, hasAnn := tool["annotations"].(map[string]any)
		_, hasTitle := tool["title"]
		if hasAnn != tc.annotations || hasTitle != tc.title {
			t.Errorf("%s: annotations %v, title %v; want %v, %v: %v", tc.version, hasAnn, hasTitle, tc.annotations, tc.title, tool)
		}
		if hasAnn && (ann["readOnlyHint"] != true || ann["destructiveHint"] != false || ann["openWorldHint"] != false || ann["title"] != "Echo a word") {
			t.Errorf("%s: annotations %v", tc.version, ann)
		}
		if tool["inputSchema"] == nil || tool["description"] != "Echo the word back." {
			t.Errorf("%s: the rewritten tool lost its members: %v", tc.version, tool)
		}
	}
}

// TestToolListPerRequestVersion: a request that names protocol version
// 2026-07-28 in its _meta (no initialize) is answered with what that
// version defines: the cache fields, annotations and title.
func TestToolListPerRequestVersion(t *testing.T) {
	st := startStdio(t, annotated())
	st.send(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`)
	line := st.next()
	var m struct {
		Result map[string]json.RawMessage `json:"result"`
		Error  any                        `json:"error"`
	}
	if err := json.Unmarshal([]byte(line), &m); err != nil || m.Error != nil {
		t.Fatalf("tools/list: %s", line)
	}
	for _, f := range []string{"ttlMs", "cacheScope", "tools"} {
		if m.Result[f] == nil {
			t.Errorf("2026-07-28: no %s in %s", f, line)
		}
	}
	var tools []map[string]any
	json.Unmarshal(m.Result["tools"], &tools)
	if len(tools) != 1 || tools[0]["annotations"] == nil || tools[0]["title"] == nil {
		t.Errorf("2026-07-28 tools: %v", tools)
	}
	st.end()
}

// TestCapabilities: the server advertises tools without listChanged (its
// list never changes) and no logging (it sends no log notification).
func TestCapabilities(t *testing.T) {
	init, _ := listAt(t, "2025-06-18")
	caps, _ := init["capabilities"].(map[string]any)
	if _, ok := caps["logging"]; ok {
		t.Errorf("capabilities %v advertise logging", caps)
	}
	tools, ok := caps["tools"].(map[string]any)
	if !ok || tools["listChanged"] == true {
		t.Errorf("capabilities %v: want tools without listChanged", caps)
	}
}

// TestErrorWithStructuredResult: an error answer that the result schema
// describes (an unavailable recall) carries its structured result; an
// error without one carries none.
func TestErrorWithStructuredResult(t *testing.T) {
	tool := mcpserver.Tool{
		Name:        "read",
		Description: "Read a thing.",
		Parameters:  json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}}}`),
		Result:      json.RawMessage(`{"type":"object","properties":{"status":{"type":"string","enum":["ok","unavailable"]},"reason":{"type":"string"}},"required":["status"]}`),
		Call: func(ctx context.Context, args json.RawMessage) (mcpserver.Result, error) {
			var a struct{ ID string }
			json.Unmarshal(args, &a)
			if a.ID == "" {
				return mcpserver.Result{Text: "read error: no id", IsError: true}, nil
			}
			return mcpserver.Result{Text: "read " + a.ID + ": unavailable — missing", IsError: true,
				Structured: map[string]string{"status": "unavailable", "reason": "missing"}}, nil
		},
	}
	srv, err := mcpserver.New([]mcpserver.Tool{tool}, mcpserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cs := connect(t, srv)
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "read", Arguments: map[string]any{"id": "x"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(r.StructuredContent); !r.IsError || got != "map[reason:missing status:unavailable]" {
		t.Errorf("unavailable: isError %v, structured %s", r.IsError, got)
	}
	r, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "read", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	if !r.IsError || r.StructuredContent != nil {
		t.Errorf("bad call: isError %v, structured %v", r.IsError, r.StructuredContent)
	}
}
