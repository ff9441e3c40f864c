package mcpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/mcpserver"
)

// nopCloser adds a Close to a writer.
type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// A client that writes its requests and closes stdin (a shell pipe, a
// batch script) gets an answer to every request: the end of the input
// waits for the calls in flight instead of cutting them off.
func TestStdioAnswersCallsBeforeEOF(t *testing.T) {
	slow := echo()
	call := slow.Call
	slow.Call = func(ctx context.Context, args json.RawMessage) (mcpserver.Result, error) {
		time.Sleep(50 * time.Millisecond) // still running when stdin ends
		return call(ctx, args)
	}
	srv, err := mcpserver.New([]mcpserver.Tool{slow}, mcpserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Join([]string{
		initRequest,
		initialized,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"word":"first"}}}`,
		`{"jsonrpc":"2.0","id":"three","method":"tools/call","params":{"name":"echo","arguments":{"word":"second"}}}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	if err := srv.ServeStdio(context.Background(), io.NopCloser(strings.NewReader(in)), nopCloser{&out}); err != nil && err != io.EOF {
		t.Logf("ServeStdio: %v", err)
	}
	for _, want := range []string{`"id":1,`, `"id":2,`, `"id":"three",`, "first", "second"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %s in the answers to a closed stdin:\n%s", want, out.String())
		}
	}
}

// A call before initialize is refused with a JSON-RPC error code (the
// SDK's own is 0, which JSON-RPC does not define), and the session can
// still initialize.
func TestStdioCallBeforeInitialize(t *testing.T) {
	srv, err := mcpserver.New([]mcpserver.Tool{echo()}, mcpserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	if err := srv.ServeStdio(context.Background(), io.NopCloser(strings.NewReader(in)), nopCloser{&out}); err != nil && err != io.EOF {
		t.Logf("ServeStdio: %v", err)
	}
	got := map[float64]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("reply is not JSON: %q", line)
		}
		id, _ := m["id"].(float64)
		got[id] = m
	}
	e, _ := got[1]["error"].(map[string]any)
	if e == nil || e["code"] != float64(-32600) {
		t.Errorf("tools/list before initialize: %v, want error code -32600", got[1])
	}
	if got[2]["result"] == nil {
		t.Errorf("initialize after a refused call: %v", got[2])
	}
}

// A request the client cancels (notifications/cancelled, as the SDKs send
// when a call is aborted) gets no response: MCP says the receiver should
// not send one, and the TypeScript client reports a response to an id it
// no longer waits for as an error ("Received a response for an unknown
// message ID"). The call's context is cancelled and the session goes on.
func TestStdioCancelledCallGetsNoResponse(t *testing.T) {
	started := make(chan struct{})
	stopped := make(chan struct{})
	block := echo()
	call := block.Call
	block.Call = func(ctx context.Context, args json.RawMessage) (mcpserver.Result, error) {
		if strings.Contains(string(args), "wait") {
			close(started)
			<-ctx.Done()
			close(stopped)
			return mcpserver.Result{}, ctx.Err()
		}
		return call(ctx, args)
	}
	st := startStdio(t, block)
	st.send(initRequest)
	st.next()
	st.send(initialized)
	for _, id := range []string{`3`, `"three"`} {
		started = make(chan struct{})
		stopped = make(chan struct{})
		st.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"echo","arguments":{"word":"wait"}}}`)
		<-started
		st.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + id + `,"reason":"user pressed Esc"}}`)
		select {
		case <-stopped:
		case <-testutil.HangGuard(t):
			t.Fatal("the cancelled call's context was not cancelled")
		}
		st.send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":{"word":"after"}}}`)
		if r := st.next(); !strings.Contains(r, `"id":4`) || !strings.Contains(r, "after") {
			t.Fatalf("after cancelling request %s the next reply is %s, want the answer to request 4", id, r)
		}
	}
	for _, r := range st.end() {
		t.Errorf("reply after the session: %s", r)
	}
}

// A client that closes stdin while a call still runs past the grace period
// loses that answer: the server says so on its logger, naming the request,
// instead of dropping it silently.
func TestStdioAbandonedCallIsLogged(t *testing.T) {
	defer mcpserver.SetDrainGrace(100 * time.Millisecond)()
	slow := echo()
	slow.Call = func(ctx context.Context, args json.RawMessage) (mcpserver.Result, error) {
		select {
		case <-ctx.Done():
			return mcpserver.Result{}, ctx.Err()
		case <-time.After(5 * time.Second):
			return mcpserver.Result{Text: "late"}, nil
		}
	}
	var logs bytes.Buffer
	srv, err := mcpserver.New([]mcpserver.Tool{slow}, mcpserver.Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Join([]string{
		initRequest,
		initialized,
		`{"jsonrpc":"2.0","id":"slow-7","method":"tools/call","params":{"name":"echo","arguments":{"word":"x"}}}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	if err := srv.ServeStdio(context.Background(), io.NopCloser(strings.NewReader(in)), nopCloser{&out}); err != nil && err != io.EOF {
		t.Logf("ServeStdio: %v", err)
	}
	if !strings.Contains(logs.String(), "abandoned") || !strings.Contains(logs.String(), `slow-7`) {
		t.Errorf("no word of the abandoned request in the log:\n%s", logs.String())
	}
}

// A cancellation that names no request in flight is ignored (MCP lets a
// receiver ignore it): the SDK, which handles a notification beside the
// requests, cancelled the request the client sent next under that id
// ("context canceled"), in about half the runs. Found by FuzzStdioLine.
func TestStdioCancelOfNoRequestInFlight(t *testing.T) {
	for i := range 40 {
		srv, err := mcpserver.New([]mcpserver.Tool{echo()}, mcpserver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		in := strings.Join([]string{
			initRequest,
			initialized,
			`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"next"}}`,
			`{"jsonrpc":"2.0","id":"next","method":"ping"}`,
		}, "\n") + "\n"
		var out bytes.Buffer
		if err := srv.ServeStdio(context.Background(), io.NopCloser(strings.NewReader(in)), nopCloser{&out}); err != nil && err != io.EOF {
			t.Logf("ServeStdio: %v", err)
		}
		if !strings.Contains(out.String(), `{"jsonrpc":"2.0","id":"next","result":{}}`) {
			t.Fatalf("run %d: the ping after a cancellation of its id, not yet sent, got no result:\n%s", i, out.String())
		}
	}
}

// Stopping the server (its context cancelled: Ctrl-C, SIGTERM) is no
// error: the SDK's "server run cancelled" was logged at ERROR on every
// Ctrl-C of ef mcp. It stays in the debug log.
func TestStdioStopIsNoError(t *testing.T) {
	for _, level := range []slog.Level{slog.LevelWarn, slog.LevelDebug} {
		var logs bytes.Buffer
		srv, err := mcpserver.New([]mcpserver.Tool{echo()}, mcpserver.Options{
			Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: level}))})
		if err != nil {
			t.Fatal(err)
		}
		pr, pw := io.Pipe() // stdin open, nothing written
		defer pw.Close()
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		var out bytes.Buffer
		go func() { done <- srv.ServeStdio(ctx, pr, nopCloser{&out}) }()
		time.Sleep(50 * time.Millisecond)
		cancel()
		<-done
		if strings.Contains(logs.String(), "level=ERROR") {
			t.Errorf("level %v: stopping logged an error:\n%s", level, logs.String())
		}
		if level == slog.LevelDebug && !strings.Contains(logs.String(), "level=DEBUG") {
			t.Errorf("debug log lost the stop: %q", logs.String())
		}
	}
}
