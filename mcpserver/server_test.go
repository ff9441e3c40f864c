package mcpserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/mcpserver"
)

// A client's opening: the initialize request (id 1) and, after its
// answer, the initialized notification.
const (
	initRequest = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
	initialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
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

// connect runs srv on an in-memory transport and returns a client session
// connected to it; the session closes and the server stops when the test
// ends.
func connect(t *testing.T, srv *mcpserver.Server) (context.Context, *mcp.ClientSession) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	st, ct := mcp.NewInMemoryTransports()
	go srv.Run(ctx, st)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return ctx, cs
}

func TestCalls(t *testing.T) {
	srv, err := mcpserver.New([]mcpserver.Tool{echo()}, mcpserver.Options{Name: "t", Version: "9"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cs := connect(t, srv)
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

// TestStdioSurvivesBadLines: over stdio, a line that is not a JSON-RPC
// message gets a JSON-RPC error (parse error for non-JSON, invalid request
// for the rest) and the session goes on: the next call is answered.
func TestStdioSurvivesBadLines(t *testing.T) {
	st := startStdio(t, echo())
	send := st.send
	next := func() map[string]any {
		t.Helper()
		line := st.next()
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("reply is not JSON: %q", line)
		}
		return m
	}
	code := func(m map[string]any) float64 {
		e, _ := m["error"].(map[string]any)
		c, _ := e["code"].(float64)
		return c
	}
	send(initRequest)
	if m := next(); m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	send(initialized)
	for _, c := range []struct {
		line string
		code float64
		id   any
	}{
		{"garbage line", -32700, nil},
		{`{"jsonrpc":"2.0","id":5,"method":`, -32700, nil},
		{`{"hello":"world"}`, -32600, nil},
		{`{"jsonrpc":"1.0","id":6,"method":"tools/list"}`, -32600, float64(6)},
		{`[{"jsonrpc":"2.0","id":7,"method":"tools/list"}]`, -32600, nil},
		{`[]`, -32600, nil},
		{`42`, -32600, nil},
		{`{"jsonrpc":"2.0","id":8,"method":["tools/list"]}`, -32600, float64(8)},
		// A client that frames messages like LSP is told so.
		{"Content-Length: 52\r", -32700, nil},
		// Ids a client could not match are refused, not rounded.
		{`{"jsonrpc":"2.0","id":5.5,"method":"tools/list"}`, -32600, nil},
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}`, -32600, nil},
		{`{"jsonrpc":"2.0","id":true,"method":"tools/list"}`, -32600, nil},
		{`{"id":9,"method":"tools/list"}`, -32600, float64(9)},
		// A second initialize is refused with a JSON-RPC code (the SDK's is 0).
		{`{"jsonrpc":"2.0","id":10,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`, -32600, float64(10)},
		// A request with a null id has no id to answer with (MCP forbids
		// it): refused, not taken silently for a notification.
		{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, -32600, nil},
		// Params of the wrong shape are named in JSON terms, not as the
		// SDK's Go types.
		{`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":["echo",{"word":"x"}]}`, -32602, float64(11)},
		{`{"jsonrpc":"2.0","id":12,"method":"ping","params":"x"}`, -32602, float64(12)},
		{`{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":5}}`, -32602, float64(13)},
		{`{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"echo","arguments":{"word":"x"},"_meta":"m"}}`, -32602, float64(14)},
		{`{"jsonrpc":"2.0","id":15,"method":"tools/list","params":{"cursor":7}}`, -32602, float64(15)},
		{`{"jsonrpc":"2.0","id":16,"method":"logging/setLevel","params":{"level":["debug"]}}`, -32602, float64(16)},
	} {
		send(c.line)
		m := next()
		if code(m) != c.code || m["id"] != c.id {
			t.Fatalf("%q answered %v, want code %v id %v", c.line, m, c.code, c.id)
		}
		if msg := fmt.Sprint(m["error"]); strings.Contains(msg, "Go ") || strings.Contains(msg, "jsonrpc.") || strings.Contains(msg, "mcp.") || strings.Contains(msg, "unmarshal") {
			t.Errorf("%q answered with Go types: %s", c.line, msg)
		}
		t.Logf("%s -> %v", c.line, m["error"])
	}
	// An integer id beyond 2^53 − 1 would come back as another number
	// (the SDK holds ids as float64: 9007199254740993 was answered as
	// …992): it is refused, with the client's own id, and 2^53 − 1 works.
	send(`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`)
	if line := <-st.out; !strings.Contains(line, `"id":9007199254740993,`) || !strings.Contains(line, "-32600") || !strings.Contains(line, "beyond ±9007199254740991") {
		t.Errorf("a 2^53+1 id answered %s", line)
	}
	send(`{"jsonrpc":"2.0","id":-9007199254740991,"method":"ping"}`)
	if line := <-st.out; !strings.Contains(line, `"id":-9007199254740991,"result":{}`) {
		t.Errorf("a -(2^53-1) id answered %s", line)
	}
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"word":"still here"}}}`)
	m := next()
	res, _ := m["result"].(map[string]any)
	if m["id"] != float64(2) || res == nil || !strings.Contains(fmt.Sprint(res["content"]), "still here") {
		t.Fatalf("the session did not go on: %v", m)
	}
	st.end()
}

// stdioSession is a server on pipes, as a client process would drive it.
type stdioSession struct {
	t    *testing.T
	in   *io.PipeWriter
	out  chan string
	done chan error
}

// startStdio serves tools over pipes.
func startStdio(t *testing.T, tools ...mcpserver.Tool) *stdioSession {
	t.Helper()
	srv, err := mcpserver.New(tools, mcpserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	st := &stdioSession{t: t, in: inW, out: make(chan string, 16), done: make(chan error, 1)}
	go func() { st.done <- srv.ServeStdio(context.Background(), inR, outW); outW.Close() }()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			st.out <- sc.Text()
		}
		close(st.out)
	}()
	return st
}

// send writes one line to the server's stdin.
func (st *stdioSession) send(line string) {
	st.t.Helper()
	if _, err := io.WriteString(st.in, line+"\n"); err != nil {
		st.t.Fatal(err)
	}
}

// next is the next output line, failing the test when none comes within
// 10 s (a request the server never answers).
func (st *stdioSession) next() string {
	st.t.Helper()
	select {
	case r, ok := <-st.out:
		if !ok {
			st.t.Fatal("the output ended")
		}
		return r
	case <-testutil.HangGuard(st.t):
		st.t.Fatal("no reply: the server hangs")
	}
	return ""
}

// end closes stdin, and returns the output lines written after it once
// the server has ended.
func (st *stdioSession) end() []string {
	st.t.Helper()
	st.in.Close()
	var rest []string
	for r := range st.out {
		rest = append(rest, r)
	}
	select {
	case <-st.done:
	case <-testutil.HangGuard(st.t):
		st.t.Fatal("the server did not end when stdin closed")
	}
	return rest
}
