package mcpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/mcpserver"
)

// FuzzStdioLine: whatever one line a client writes after initializing (a
// stray log line, a truncated message, a batch, a response nobody asked
// for, params of any shape), ServeStdio answers only with JSON-RPC lines,
// never panics, and keeps the session: the ping written after it is
// answered.
func FuzzStdioLine(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":2,"method":`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"word":5}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":"str"}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`,
		`{"jsonrpc":"1.0","id":5,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":6,"method":5}`,
		`[{"jsonrpc":"2.0","id":3,"method":"ping"}]`,
		`{"jsonrpc":"2.0","id":"x","result":{}}`,
		`{"jsonrpc":"2.0","id":7,"error":{"code":1,"message":"m"}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"after"}}`,
		`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":2.5,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"word":"boom"}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"logging/setLevel","params":{"level":7}}`,
		`null`, `42`, `"x"`, "\x00\xff", `{}`,
	} {
		f.Add([]byte(s))
	}
	defer mcpserver.SetDrainGrace(2 * time.Second)()
	f.Fuzz(func(t *testing.T, line []byte) {
		if len(line) > 1<<16 {
			return
		}
		out := serveLine(t, initRequest, line)
		answered := false
		for _, l := range out {
			var m map[string]json.RawMessage
			if err := json.Unmarshal([]byte(l), &m); err != nil {
				t.Fatalf("after the line %q, an output line is not a JSON object: %q", line, l)
			}
			if string(m["jsonrpc"]) != `"2.0"` {
				t.Fatalf("after the line %q, an output line is not JSON-RPC 2.0: %q", line, l)
			}
			if string(m["id"]) == `"after"` && m["result"] != nil {
				answered = true
			}
		}
		if !answered {
			t.Fatalf("after the line %q the session ended: the next ping got no answer; output:\n%s", line, strings.Join(out, "\n"))
		}
	})
}

// serveLine serves, over stdio, a new server with the echo tool the
// opening (the initialize request init, then the initialized
// notification), line, and a ping with id "after", and returns the lines
// it wrote; the session must end by itself (it fails t when it does not
// within 20 s).
func serveLine(t *testing.T, init string, line []byte) []string {
	t.Helper()
	srv, err := mcpserver.New([]mcpserver.Tool{echo()}, mcpserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := init + "\n" + initialized + "\n" + string(line) + "\n" +
		`{"jsonrpc":"2.0","id":"after","method":"ping"}` + "\n"
	var out bytes.Buffer
	ctx, cancel := context.WithCancel(testutil.HangContext(t))
	defer cancel()
	if err := srv.ServeStdio(ctx, io.NopCloser(strings.NewReader(in)), nopCloser{&out}); ctx.Err() != nil {
		t.Fatalf("ServeStdio did not end (%v) after the line %q", err, line)
	}
	return strings.Split(strings.TrimSpace(out.String()), "\n")
}
