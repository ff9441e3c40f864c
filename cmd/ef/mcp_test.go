package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/mcpserver"
	"github.com/epistemicfold/ef/recall"
)

// mcpRequireTool fails the test unless the server behind cs lists the tool
// called name.
func mcpRequireTool(t *testing.T, cs *mcp.ClientSession, name string) {
	t.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		if tool.Name == name {
			return
		}
	}
	t.Fatalf("ef mcp lists no %s among %d tools", name, len(list.Tools))
}

// mcpConnect runs `ef mcp` in process on pipes and connects the Go SDK's
// client to it.
func mcpConnect(t *testing.T, args ...string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cr, sw := io.Pipe() // server → client
	sr, cw := io.Pipe() // client → server
	done := make(chan error, 1)
	go func() {
		var stderr strings.Builder
		err := runMCP(ctx, args, sr, sw, &stderr)
		sw.Close()
		if err != nil {
			err = &mcpRunError{err: err, stderr: stderr.String()}
		}
		done <- err
	}()
	client := mcp.NewClient(&mcp.Implementation{Name: "ef-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: cr, Writer: cw}, nil)
	if err != nil {
		cancel()
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() {
		cs.Close()
		cw.Close()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("ef mcp: %v", err)
			}
		case <-testutil.HangGuard(t):
			t.Errorf("ef mcp did not stop after the client closed")
		}
		cancel()
	})
	return cs
}

type mcpRunError struct {
	err    error
	stderr string
}

func (e *mcpRunError) Error() string { return e.err.Error() + "\n" + e.stderr }

func mcpText(t *testing.T, r *mcp.CallToolResult) string {
	t.Helper()
	if len(r.Content) != 1 {
		t.Fatalf("want one content block, got %d", len(r.Content))
	}
	tc, ok := r.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content is %T, not text", r.Content[0])
	}
	return tc.Text
}

func TestMCPGoClient(t *testing.T) {
	root, _, _ := searchFixture(t)
	cs := mcpConnect(t, "--store", root)
	ctx := context.Background()
	if got := cs.InitializeResult().ServerInfo.Name; got != "epistemic-fold" {
		t.Fatalf("server name %q", got)
	}

	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Without --session the server offers recall.Tools() with search's
	// scope defaulting to "project" (mcpserver.RecallTools says so).
	want := map[string]recall.ToolDef{}
	for _, d := range mcpserver.RecallTools(nil, "") {
		want[d.Name] = recall.ToolDef{Name: d.Name, Description: d.Description, Parameters: d.Parameters}
	}
	if len(list.Tools) != len(want) {
		t.Fatalf("tools: %d, want %d", len(list.Tools), len(want))
	}
	for _, tool := range list.Tools {
		d, ok := want[tool.Name]
		if !ok {
			t.Fatalf("unexpected tool %q", tool.Name)
		}
		if tool.Description != d.Description {
			t.Errorf("%s: description differs from mcpserver.RecallTools", tool.Name)
		}
		// The schemas are the definitions', as JSON values.
		var wantParams, gotParams any
		json.Unmarshal(d.Parameters, &wantParams)
		b, _ := json.Marshal(tool.InputSchema)
		json.Unmarshal(b, &gotParams)
		if !jsonEqual(wantParams, gotParams) {
			t.Errorf("%s: input schema differs from mcpserver.RecallTools\n%s", tool.Name, b)
		}
		if tool.OutputSchema == nil {
			t.Errorf("%s: no output schema", tool.Name)
		}
	}

	// Search without a session: every session of the store.
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "context_search", Arguments: map[string]any{"query": "文件结构", "limit": 3}})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		t.Fatalf("search failed: %s", mcpText(t, res))
	}
	text := mcpText(t, res)
	var sr recall.SearchResult
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &sr); err != nil {
		t.Fatal(err)
	}
	if len(sr.Hits) == 0 || sr.Scope != recall.ScopeProject || !strings.Contains(text, sr.Hits[0].Ref) || !strings.Contains(sr.Hits[0].Ref, "@zh") {
		t.Fatalf("search: %+v\n%s", sr, text)
	}

	// Recall the hit exactly.
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "context_recall", Arguments: map[string]any{"ref": sr.Hits[0].Ref, "depth": "exact"}})
	if err != nil {
		t.Fatal(err)
	}
	var rr recall.RecallResult
	b, _ = json.Marshal(res.StructuredContent)
	json.Unmarshal(b, &rr)
	if res.IsError || rr.Status != recall.StatusOK || len(rr.Exact) == 0 || rr.SessionID != "zh" {
		t.Fatalf("recall: %+v\n%s", rr, mcpText(t, res))
	}

	// A bad call is an answer the model can read, not a protocol error.
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "context_recall", Arguments: map[string]any{"ref": "not a ref!"}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError || !strings.Contains(mcpText(t, res), "context_recall error") {
		t.Fatalf("bad ref: %+v", res)
	}
	// Session scope needs --session.
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "context_search", Arguments: map[string]any{"query": "x", "scope": "session"}})
	if err != nil || !res.IsError || !strings.Contains(mcpText(t, res), "session") {
		t.Fatalf("session scope without a session: %v %+v", err, res)
	}
}

func TestMCPSessionOption(t *testing.T) {
	root, _, _ := searchFixture(t)
	cs := mcpConnect(t, "--store", root, "--session", "en")
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "context_search", Arguments: map[string]any{"query": `"No ready issues"`}})
	if err != nil || res.IsError {
		t.Fatalf("%v %+v", err, res)
	}
	var sr recall.SearchResult
	b, _ := json.Marshal(res.StructuredContent)
	json.Unmarshal(b, &sr)
	if sr.Scope != recall.ScopeSession || len(sr.Hits) == 0 || strings.Contains(sr.Hits[0].Ref, "@") {
		t.Fatalf("session search: %+v", sr)
	}
}

func TestMCPUsage(t *testing.T) {
	if _, _, err := runCmd(t, RunMCP, "--store", "a", "--project", "b"); err == nil {
		t.Fatal("--store with --project accepted")
	}
	if _, _, err := runCmd(t, RunMCP, "extra"); err == nil {
		t.Fatal("positional argument accepted")
	}
	// A store named with --store must exist (a typo would serve an empty
	// store forever); nothing is created.
	missing := filepath.Join(t.TempDir(), "nodir")
	if _, _, err := runCmd(t, RunMCP, "--store", missing); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("missing --store: %v", err)
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("ef mcp created the missing store: %v", err)
	}
	root, _, _ := searchFixture(t)
	for _, bad := range []string{filepath.Join(t.TempDir(), "nonexist"), filepath.Join(root, "no-such-origin")} {
		if _, _, err := runCmd(t, RunMCP, "--store", root, "--origin", bad); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "--origin") {
			t.Fatalf("--origin %s: %v", bad, err)
		}
		if err := serve(context.Background(), []string{"--origin", bad}, strings.NewReader(""), io.Discard, io.Discard); !errors.Is(err, errUsage) {
			t.Fatalf("ef serve --origin %s: %v", bad, err)
		}
	}
}

// TestMCPNodeClient drives a built `ef mcp` with the official TypeScript
// MCP client from the npm registry (mcpserver/testdata/mcpclient).
func TestMCPNodeClient(t *testing.T) {
	node, dir := requireNodeModules(t, "mcpserver/testdata/mcpclient", "@modelcontextprotocol/sdk")
	root, _, _ := searchFixture(t)
	bin := buildEF(t)
	cmd := exec.Command(node, "client.mjs", bin, root, "文件结构")
	cmd.Dir = dir
	out := testutil.Output(t, cmd)
	t.Logf("the TypeScript MCP client saw: %.600s…", out)
	var seen struct {
		Server struct{ Name string }
		Tools  []struct {
			Name   string
			Params []string
			Output bool
		}
		Search struct {
			IsError bool
			Text    string
			Hits    int
		}
		Ref    string
		Recall struct {
			IsError bool
			Text    string
			Status  string
			Exact   int
		}
		Bad struct {
			IsError bool
			Text    string
		}
	}
	if err := json.Unmarshal(out, &seen); err != nil {
		t.Fatalf("client output: %v\n%s", err, out)
	}
	names := map[string]bool{}
	for _, tool := range seen.Tools {
		names[tool.Name] = tool.Output && len(tool.Params) > 0
	}
	if seen.Server.Name != "epistemic-fold" || len(seen.Tools) != 2 || !names[recall.ToolSearch] || !names[recall.ToolRecall] {
		t.Fatalf("initialize/list: %+v", seen)
	}
	if seen.Search.IsError || seen.Search.Hits == 0 || !strings.Contains(seen.Search.Text, seen.Ref) {
		t.Fatalf("search: %+v", seen.Search)
	}
	if seen.Recall.IsError || seen.Recall.Status != recall.StatusOK || seen.Recall.Exact == 0 {
		t.Fatalf("recall of %s: %+v", seen.Ref, seen.Recall)
	}
	if !seen.Bad.IsError || !strings.Contains(seen.Bad.Text, "context_recall error") {
		t.Fatalf("bad ref: %+v", seen.Bad)
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// A client that passes scope "session" (the schema's default) to ef mcp
// started without --session is told to use scope "project", not only
// "session scope needs a session id".
func TestMCPSessionScopeWithoutSessionSaysWhatWorks(t *testing.T) {
	root, _, _ := searchFixture(t)
	cs := mcpConnect(t, "--store", root)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "context_search", Arguments: map[string]any{"query": "issues", "scope": "session"}})
	if err != nil || !res.IsError {
		t.Fatalf("%v %+v", err, res)
	}
	if text := mcpText(t, res); !strings.Contains(text, `use scope "project"`) || !strings.Contains(text, "--session") {
		t.Errorf("session scope without a session: %q", text)
	}
	// With a session the same call answers.
	cs = mcpConnect(t, "--store", root, "--session", "en")
	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "context_search", Arguments: map[string]any{"query": `"No ready issues"`, "scope": "session"}})
	if err != nil || res.IsError {
		t.Fatalf("%v %+v", err, res)
	}
}

// --project names a workspace: a path that does not exist, or a file, is a
// usage error, and no store is made for it. ef mcp made an empty store
// keyed by the typo and served it ("no matches" for every search).
func TestMCPProjectMustBeADirectory(t *testing.T) {
	home := t.TempDir()
	t.Setenv("EF_HOME", home)
	file := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{filepath.Join(t.TempDir(), "no-such-workspace"), file} {
		if _, _, err := runCmd(t, RunMCP, "--project", bad); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "not a directory") {
			t.Errorf("--project %s: %v, want a usage error", bad, err)
		}
	}
	if stores, _ := filepath.Glob(filepath.Join(home, "projects", "*")); len(stores) != 0 {
		t.Fatalf("stores made for a bad --project: %v", stores)
	}
}
