package mcpserver_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/epistemicfold/ef/mcpserver"
)

func echo() mcpserver.Tool {
	return mcpserver.Tool{
		Name:        "echo",
		Description: "Echo the word back.",
		Parameters:  json.RawMessage(`{"type":"object","properties":{"word":{"type":"string"}},"required":["word"]}`),
		Result:      json.RawMessage(`{"type":"object","properties":{"word":{"type":"string"}},"required":["word"]}`),
		Call: func(ctx context.Context, args json.RawMessage) (mcpserver.Result, error) {
			var a struct{ Word string }
			if err := json.Unmarshal(args, &a); err != nil {
				return mcpserver.Result{}, err
			}
			if a.Word == "" {
				return mcpserver.Result{Text: "echo error: empty word", IsError: true}, nil
			}
			if a.Word == "boom" {
				return mcpserver.Result{}, errors.New("the backend is down")
			}
			return mcpserver.Result{Text: a.Word, Structured: map[string]string{"word": a.Word}}, nil
		},
	}
}

func TestNewRefusesBadTools(t *testing.T) {
	noCall := echo()
	noCall.Call = nil
	notObject := echo()
	notObject.Parameters = json.RawMessage(`{"type":"string"}`)
	cases := []struct {
		name  string
		tools []mcpserver.Tool
		want  error
	}{
		{"no name", []mcpserver.Tool{{Parameters: echo().Parameters, Call: echo().Call}}, mcpserver.ErrBadTool},
		{"no call", []mcpserver.Tool{noCall}, mcpserver.ErrBadTool},
		{"not an object schema", []mcpserver.Tool{notObject}, mcpserver.ErrBadTool},
		{"duplicate", []mcpserver.Tool{echo(), echo()}, mcpserver.ErrDuplicateTool},
	}
	for _, c := range cases {
		if _, err := mcpserver.New(c.tools, mcpserver.Options{}); !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}
}

func TestCalls(t *testing.T) {
	srv, err := mcpserver.New([]mcpserver.Tool{echo()}, mcpserver.Options{Name: "t", Version: "9"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, ct := mcp.NewInMemoryTransports()
	go srv.Run(ctx, st)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if v := cs.InitializeResult().ServerInfo; v.Name != "t" || v.Version != "9" {
		t.Fatalf("server info %+v", v)
	}
	call := func(word string) *mcp.CallToolResult {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"word": word}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	text := func(r *mcp.CallToolResult) string { return r.Content[0].(*mcp.TextContent).Text }
	if r := call("hi"); r.IsError || text(r) != "hi" || r.StructuredContent.(map[string]any)["word"] != "hi" {
		t.Fatalf("ok call: %+v", r)
	}
	if r := call(""); !r.IsError || text(r) != "echo error: empty word" || r.StructuredContent != nil {
		t.Fatalf("refused call: %+v", r)
	}
	// A server-side failure reaches the model as an error result.
	if r := call("boom"); !r.IsError || text(r) != "echo failed: the backend is down" {
		t.Fatalf("failed call: %+v %q", r, text(r))
	}
}
