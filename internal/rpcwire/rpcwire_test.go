package rpcwire

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReadLine: lines come back without their newline, an oversized line
// (longer than the reader's buffer too) is dropped whole and the next one
// reads, a last line without newline is a line, then io.EOF.
func TestReadLine(t *testing.T) {
	long := strings.Repeat("x", 100)
	in := "a\n" + long + "\n\nb\n" + long + "\nlast"
	br := bufio.NewReaderSize(strings.NewReader(in), 16)
	type step struct {
		line string
		long bool
	}
	want := []step{{line: "a"}, {long: true}, {line: ""}, {line: "b"}, {long: true}, {line: "last"}}
	for i, w := range want {
		got, err := ReadLine(br, 10)
		if w.long {
			if !errors.Is(err, ErrLineTooLong) || got != nil {
				t.Fatalf("read %d: %q, %v; want ErrLineTooLong", i, got, err)
			}
			continue
		}
		if err != nil || string(got) != w.line {
			t.Fatalf("read %d: %q, %v; want %q", i, got, err, w.line)
		}
	}
	if got, err := ReadLine(br, 10); err != io.EOF || got != nil {
		t.Fatalf("after the last line: %q, %v; want io.EOF", got, err)
	}
}

// TestReadLineBound: the bound counts the newline, as both servers always
// have: a line of max-1 bytes and its newline fit, one byte more does not.
func TestReadLineBound(t *testing.T) {
	br := bufio.NewReader(strings.NewReader("12345\n123456\nok\n"))
	if got, err := ReadLine(br, 6); err != nil || string(got) != "12345" {
		t.Fatalf("5 bytes and a newline under a bound of 6: %q, %v", got, err)
	}
	if _, err := ReadLine(br, 6); !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("6 bytes and a newline under a bound of 6: %v, want ErrLineTooLong", err)
	}
	if got, err := ReadLine(br, 6); err != nil || string(got) != "ok" {
		t.Fatalf("after the long line: %q, %v", got, err)
	}
}

// TestReadLineError: a read error other than the end is returned with the
// part of the line read before it.
func TestReadLineError(t *testing.T) {
	boom := errors.New("boom")
	br := bufio.NewReader(io.MultiReader(strings.NewReader("par"), iotest.ErrReader(boom)))
	got, err := ReadLine(br, 100)
	if !errors.Is(err, boom) || string(got) != "par" {
		t.Fatalf("got %q, %v; want \"par\", boom", got, err)
	}
}

func TestRefusal(t *testing.T) {
	for _, c := range []struct {
		line string
		code int
		msg  string
	}{
		{`{"jsonrpc":`, CodeParseError, "parse error: unexpected end of JSON input"},
		{`hello`, CodeParseError, "parse error: invalid character 'h' looking for beginning of value"},
		{`[]`, CodeInvalidRequest, "invalid request: JSON-RPC batches are not supported; send one message per line"},
		{`[{"jsonrpc":"2.0","id":1,"method":"x"}]`, CodeInvalidRequest, "invalid request: JSON-RPC batches are not supported; send one message per line"},
		{`"ping"`, CodeInvalidRequest, "invalid request: a JSON-RPC message is a JSON object"},
		{`7`, CodeInvalidRequest, "invalid request: a JSON-RPC message is a JSON object"},
		{`{"jsonrpc":"2.0"}`, 0, ""},
		{"Content-Length: 52\r", CodeParseError, "parse error: a Content-Length header: this server reads one JSON-RPC message per line, without LSP-style headers"},
		{"content-type: application/vscode-jsonrpc", CodeParseError, "parse error: a Content-Length header: this server reads one JSON-RPC message per line, without LSP-style headers"},
	} {
		code, msg, ok := Refusal([]byte(c.line))
		if code != c.code || msg != c.msg || ok != (c.code != 0) {
			t.Errorf("Refusal(%s) = %d, %q, %v; want %d, %q", c.line, code, msg, ok, c.code, c.msg)
		}
	}
}

func TestMismatch(t *testing.T) {
	var m struct {
		Method string `json:"method"`
	}
	err := json.Unmarshal([]byte(`{"method":5}`), &m)
	if msg, ok := Mismatch(err); !ok || msg != `invalid request: "method" must not be a JSON number` {
		t.Errorf("member of the wrong type: %q, %v", msg, ok)
	}
	if msg, ok := Mismatch(&json.UnmarshalTypeError{Value: "array"}); !ok || msg != "invalid request: not a JSON-RPC message" {
		t.Errorf("no member named: %q, %v", msg, ok)
	}
	if _, ok := Mismatch(errors.New("other")); ok {
		t.Error("an error that is not a type mismatch was worded")
	}
}

func TestWords(t *testing.T) {
	var p struct {
		SessionID string `json:"sessionId"`
		Settings  *struct {
			Ratio float64 `json:"ratio"`
		} `json:"settings"`
		Seqs []int `json:"seqs"`
	}
	for _, c := range []struct{ in, want string }{
		{`{"sessionId":5}`, `"sessionId" must be a string, not number`},
		{`{"settings":{"ratio":"high"}}`, `"settings.ratio" must be a number, not string`},
		{`{"seqs":[1,"2"]}`, `"seqs" must be an integer, not string`},
		{`"x"`, `want an object, not string`},
		{`{"sessionId":`, `unexpected end of JSON input`},
	} {
		err := json.Unmarshal([]byte(c.in), &p)
		if err == nil {
			t.Fatalf("%s decoded", c.in)
		}
		if got := Words(err); got != c.want {
			t.Errorf("Words(%s) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestWordsDecoder: a json.Decoder reports an empty input as io.EOF and a
// cut one as io.ErrUnexpectedEOF; neither reaches the client bare.
func TestWordsDecoder(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{``, `no JSON value: the input is empty`},
		{"  \n", `no JSON value: the input is empty`},
		{`{"goal":`, `unexpected end of JSON input`},
		{`{"tokens":1e12}`, `"tokens" must be an integer, not number 1e12`},
	} {
		var v struct {
			Tokens int `json:"tokens"`
		}
		err := json.NewDecoder(strings.NewReader(c.in)).Decode(&v)
		if err == nil {
			t.Fatalf("%q decoded", c.in)
		}
		if got := Words(err); got != c.want {
			t.Errorf("Words(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
