package mcpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/mcpserver"
)

// initAt is initRequest asking for protocol version v.
func initAt(v string) string { return strings.Replace(initRequest, `"2025-06-18"`, `"`+v+`"`, 1) }

// rpcMessage is a JSON-RPC response as a test reads it.
type rpcMessage struct {
	ID     any             `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// TestStdioBatches: under protocol version 2025-03-26, which requires a
// receiver to take JSON-RPC batches, and 2024-11-05, which requires
// JSON-RPC 2.0 (batches included), a batch on one stdio line is answered
// with one line holding an array of the answers to its requests, in the
// order of the requests; bad elements get their error in the array,
// notifications get no answer, a batch of notifications gets no line, an
// empty one is an invalid request. Before initialize and under 2025-06-18,
// which removed batches, a batch is an invalid request.
func TestStdioBatches(t *testing.T) {
	for _, v := range []string{"2025-03-26", "2024-11-05"} {
		t.Run(v, func(t *testing.T) {
			st := startStdio(t, echo())
			one := func() rpcMessage {
				t.Helper()
				line := st.next()
				var m rpcMessage
				if err := json.Unmarshal([]byte(line), &m); err != nil {
					t.Fatalf("not one JSON-RPC message: %s", line)
				}
				return m
			}
			array := func() []rpcMessage {
				t.Helper()
				line := st.next()
				var ms []rpcMessage
				if err := json.Unmarshal([]byte(line), &ms); err != nil {
					t.Fatalf("not an array of JSON-RPC messages: %s", line)
				}
				return ms
			}
			st.send(initAt(v))
			var res struct{ ProtocolVersion string }
			if m := one(); m.Error != nil || json.Unmarshal(m.Result, &res) != nil || res.ProtocolVersion != v {
				t.Fatalf("initialize at %s: %+v", v, m)
			}
			st.send(initialized)

			st.send(`[` +
				`{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"echo","arguments":{"word":"alpha"}}},` +
				`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"none"}},` +
				`{"jsonrpc":"2.0","id":7,"method":"ping"},` +
				`42,` +
				`{"jsonrpc":"2.0","id":"a","method":"ping"},` +
				`[{"jsonrpc":"2.0","id":9,"method":"ping"}],` +
				`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":["echo"]},` +
				`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"echo","arguments":{"word":"beta"}}}` +
				`]`)
			ms := array()
			want := []struct {
				id   any
				code int
				text string
			}{
				{"a", 0, "alpha"},
				{float64(7), 0, ""},
				{nil, -32600, "a JSON-RPC message is a JSON object"},
				{"a", -32600, "not answered yet"},
				{nil, -32600, "not a batch"},
				{float64(10), -32602, `"params" must be an object`},
				{float64(8), 0, "beta"},
			}
			if len(ms) != len(want) {
				t.Fatalf("%d answers, want %d: %+v", len(ms), len(want), ms)
			}
			for i, w := range want {
				m := ms[i]
				switch {
				case m.ID != w.id:
					t.Errorf("answer %d: id %v, want %v", i, m.ID, w.id)
				case w.code == 0 && (m.Error != nil || !strings.Contains(string(m.Result), w.text)):
					t.Errorf("answer %d: %+v, want a result with %q", i, m, w.text)
				case w.code != 0 && (m.Error == nil || m.Error.Code != w.code || !strings.Contains(m.Error.Message, w.text)):
					t.Errorf("answer %d: %+v, want error %d with %q", i, m, w.code, w.text)
				}
			}

			// Notifications only: no answer at all (the next line is the
			// ping's).
			st.send(`[{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"none"}}]`)
			st.send(`{"jsonrpc":"2.0","id":"p","method":"ping"}`)
			if m := one(); m.ID != "p" || m.Error != nil {
				t.Fatalf("after a batch of notifications: %+v", m)
			}
			st.send(`[]`)
			if m := one(); m.Error == nil || m.Error.Code != -32600 || m.ID != nil || !strings.Contains(m.Error.Message, "empty") {
				t.Fatalf("an empty batch: %+v", m)
			}
			// A batch sent just before stdin closes is answered before the
			// server ends.
			st.send(`[{"jsonrpc":"2.0","id":11,"method":"ping"},{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"echo","arguments":{"word":"last"}}}]`)
			rest := st.end()
			var last []rpcMessage
			if len(rest) != 1 || json.Unmarshal([]byte(rest[0]), &last) != nil || len(last) != 2 || last[0].ID != float64(11) || !strings.Contains(string(last[1].Result), "last") {
				t.Fatalf("the batch before the end of the input: %q", rest)
			}
		})
	}
	t.Run("a cancelled request", func(t *testing.T) {
		// A request of a batch the client cancels gets no answer in the
		// array, and the batch is answered without it.
		started := make(chan struct{})
		block := echo()
		call := block.Call
		block.Call = func(ctx context.Context, args json.RawMessage) (mcpserver.Result, error) {
			if strings.Contains(string(args), "wait") {
				close(started)
				<-ctx.Done()
				return mcpserver.Result{}, ctx.Err()
			}
			return call(ctx, args)
		}
		st := startStdio(t, block)
		st.send(initAt("2025-03-26"))
		st.next()
		st.send(initialized)
		st.send(`[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"word":"wait"}}},{"jsonrpc":"2.0","id":2,"method":"ping"}]`)
		<-started
		st.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`)
		var ms []rpcMessage
		if line := st.next(); json.Unmarshal([]byte(line), &ms) != nil || len(ms) != 1 || ms[0].ID != float64(2) {
			t.Fatalf("the batch with a cancelled request: %s", line)
		}
		for _, r := range st.end() {
			t.Errorf("reply after the session: %s", r)
		}
	})
	t.Run("written without waiting", func(t *testing.T) {
		// A script that writes initialize and a batch at once, without
		// waiting for answers: the batch waits for initialize's answer
		// and is taken.
		srv, err := mcpserver.New([]mcpserver.Tool{echo()}, mcpserver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		in := initAt("2025-03-26") + "\n" + initialized + "\n" +
			`[{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"word":"piped"}}}]` + "\n"
		var out bytes.Buffer
		if err := srv.ServeStdio(context.Background(), io.NopCloser(strings.NewReader(in)), nopCloser{&out}); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var ms []rpcMessage
		if len(lines) != 2 || json.Unmarshal([]byte(lines[1]), &ms) != nil || len(ms) != 2 || ms[0].ID != float64(2) || !strings.Contains(string(ms[1].Result), "piped") {
			t.Fatalf("output:\n%s", out.String())
		}
	})
	t.Run("before initialize", func(t *testing.T) {
		st := startStdio(t, echo())
		st.send(`[{"jsonrpc":"2.0","id":"early","method":"ping"}]`)
		var m rpcMessage
		if line := st.next(); json.Unmarshal([]byte(line), &m) != nil || m.Error == nil || m.Error.Code != -32600 || m.ID != nil ||
			!strings.Contains(m.Error.Message, "only after initialize") {
			t.Fatalf("a batch before initialize: %s", line)
		}
		st.end()
	})
	t.Run("2025-06-18", func(t *testing.T) {
		st := startStdio(t, echo())
		st.send(initRequest)
		st.next()
		st.send(initialized)
		st.send(`[{"jsonrpc":"2.0","id":2,"method":"ping"}]`)
		var m rpcMessage
		if line := st.next(); json.Unmarshal([]byte(line), &m) != nil || m.Error == nil || m.Error.Code != -32600 || m.ID != nil ||
			!strings.Contains(m.Error.Message, "not supported under protocol version 2025-06-18") {
			t.Fatalf("a batch under 2025-06-18: %s", line)
		}
		st.end()
	})
}

// FuzzStdioBatch: whatever one line a client writes after initializing at
// 2025-03-26, where batches are taken (a batch of anything, nested, empty,
// with duplicate ids), ServeStdio answers only with JSON-RPC lines (one
// message, or an array of them), never panics, and keeps the session: the
// ping written after it is answered.
func FuzzStdioBatch(f *testing.F) {
	for _, s := range []string{
		`[{"jsonrpc":"2.0","id":3,"method":"ping"}]`,
		`[{"jsonrpc":"2.0","id":3,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"ping"}]`,
		`[1,2,3]`, `[]`, `[[]]`, `[null]`, `[{}]`, `[{"jsonrpc":"2.0","method":"notifications/initialized"}]`,
		`[{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"word":"boom"}}},{"jsonrpc":"2.0","id":"x","result":{}}]`,
		`[{"jsonrpc":"2.0","id":2,"method":"initialize","params":{}}]`,
		`[{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}},{"jsonrpc":"2.0","id":2,"method":"ping"}]`,
		`[{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}]`,
	} {
		f.Add([]byte(s))
	}
	defer mcpserver.SetDrainGrace(2 * time.Second)()
	f.Fuzz(func(t *testing.T, line []byte) {
		if len(line) > 1<<16 || bytes.Contains(line, []byte("after")) {
			// A request reusing the id of the closing ping while it may
			// still be in flight breaks MCP's rule of unique ids: which
			// of the two the SDK answers is not defined.
			return
		}
		out := serveLine(t, initAt("2025-03-26"), line)
		answered := false
		for _, l := range out {
			var ms []map[string]json.RawMessage
			if strings.HasPrefix(l, "[") {
				if err := json.Unmarshal([]byte(l), &ms); err != nil || len(ms) == 0 {
					t.Fatalf("after the line %q, an output line is not an array of JSON objects: %q", line, l)
				}
			} else {
				var m map[string]json.RawMessage
				if err := json.Unmarshal([]byte(l), &m); err != nil {
					t.Fatalf("after the line %q, an output line is not a JSON object: %q", line, l)
				}
				ms = append(ms, m)
			}
			for _, m := range ms {
				if string(m["jsonrpc"]) != `"2.0"` {
					t.Fatalf("after the line %q, an output message is not JSON-RPC 2.0: %q", line, l)
				}
				if string(m["id"]) == `"after"` && m["result"] != nil && !strings.HasPrefix(l, "[") {
					answered = true
				}
			}
		}
		if !answered {
			t.Fatalf("after the line %q the session ended: the next ping got no answer; output:\n%s", line, strings.Join(out, "\n"))
		}
	})
}
