package sidecar

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestServeConnAnswersAndSurvivesBadInput(t *testing.T) {
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"echo","params":{"x":1}}`,
		`{not json`,
		`{"jsonrpc":"1.0","id":2,"method":"echo"}`,
		`{"jsonrpc":"2.0","method":"note","params":{}}`,
		`{"jsonrpc":"2.0","id":3,"method":"nope"}`,
		`{"jsonrpc":"2.0","id":4,"method":"echo","params":{"x":"<tag>"}}`,
		`{"jsonrpc":"2.0","id":"big","method":"echo","params":{"x":"` + strings.Repeat("a", 300) + `"}}`,
		`[{"jsonrpc":"2.0","id":7,"method":"echo"}]`,
		`[]`,
		`42`,
		`{"jsonrpc":"2.0","id":8,"method":["echo"]}`,
		`{"jsonrpc":"2.0","id":5,"method":"exit"}`,
		`{"jsonrpc":"2.0","id":6,"method":"echo"}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	notes := 0
	conn := NewConn(strings.NewReader(in), &out, 200)
	err := ServeConn(context.Background(), conn, func(ctx context.Context, method string, params json.RawMessage) (any, error) {
		switch method {
		case "echo":
			return params, nil
		case "note":
			notes++
			return nil, nil
		case "exit":
			return "bye", ErrExit
		}
		return nil, &Error{Code: CodeMethodNotFound, Message: "method not found: " + method}
	})
	if err != nil {
		t.Fatal(err)
	}
	if notes != 1 {
		t.Fatalf("notification handled %d times", notes)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		`{"jsonrpc":"2.0","id":1,"result":{"x":1}}`,
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,`,
		`{"jsonrpc":"2.0","id":2,"error":{"code":-32600,`,
		`{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"method not found: nope"}}`,
		`{"jsonrpc":"2.0","id":4,"result":{"x":"<tag>"}}`,
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"sidecar: rpc line too long: over 200 bytes"}}`,
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: JSON-RPC batches are not supported; send one message per line"}}`,
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: JSON-RPC batches are not supported; send one message per line"}}`,
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: a JSON-RPC message is a JSON object"}}`,
		`{"jsonrpc":"2.0","id":8,"error":{"code":-32600,"message":"invalid request: \"method\" must not be a JSON array"}}`,
		`{"jsonrpc":"2.0","id":5,"result":"bye"}`,
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d responses, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("response %d = %s\nwant prefix %s", i, lines[i], w)
		}
	}
	// No answer names a Go type: the peer is not written in Go.
	if strings.Contains(out.String(), "Go ") || strings.Contains(out.String(), "sidecar.Message") {
		t.Errorf("an answer names Go types:\n%s", out.String())
	}
}

func TestDecodeParamsStrict(t *testing.T) {
	var p struct {
		A int `json:"a"`
	}
	err := DecodeParams("m", json.RawMessage(`{"a":1,"b":2}`), &p)
	var re *Error
	if !errors.As(err, &re) || re.Code != CodeInvalidParams || !strings.Contains(re.Message, `unknown field "b"`) {
		t.Fatalf("got %v", err)
	}
	if err := DecodeParams("m", nil, &p); err != nil {
		t.Fatal(err)
	}
	// A member of the wrong type is named with its JSON types, not Go's.
	err = DecodeParams("fold/plan", json.RawMessage(`{"a":"one"}`), &p)
	if !errors.As(err, &re) || re.Code != CodeInvalidParams || re.Message != `fold/plan: invalid params: "a" must be an integer, not string` {
		t.Fatalf("got %v", err)
	}
}

func FuzzRPCRead(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"x"}` + "\n"))
	f.Add([]byte("{\n}\n\n"))
	f.Add([]byte(`{"jsonrpc":"2.0","id":[1],"result":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		conn := NewConn(bytes.NewReader(data), &bytes.Buffer{}, 1024)
		for i := 0; i < 100; i++ {
			if _, err := conn.Read(); err != nil {
				var re *Error
				if !errors.As(err, &re) {
					return
				}
			}
		}
	})
}
