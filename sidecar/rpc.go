package sidecar

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/epistemicfold/ef/hostshim"
)

// The wire: JSON-RPC 2.0 over a byte stream, one JSON object per line
// (NDJSON, as ACP does). Nothing in this file knows EF's methods.

// Error is a JSON-RPC error object; it is also a Go error. Callers tell
// codes apart with errors.As and Code, never by the message.
type Error struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("sidecar: rpc error %d: %s", e.Code, e.Message)
}

// Message is one JSON-RPC 2.0 request, notification or response.
type Message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// IsNotification reports whether m is a request that wants no response.
func (m *Message) IsNotification() bool { return m.Method != "" && len(m.ID) == 0 }

// DefaultMaxLine bounds one wire line when Conn's limit is zero.
const DefaultMaxLine = 64 << 20

// Conn reads and writes NDJSON JSON-RPC messages. Reads must come from one
// goroutine; writes are serialised and may come from any.
type Conn struct {
	r       *bufio.Reader
	maxLine int

	mu sync.Mutex
	w  io.Writer
}

// NewConn returns a connection over r and w. maxLine bounds one line;
// zero means DefaultMaxLine.
func NewConn(r io.Reader, w io.Writer, maxLine int) *Conn {
	if maxLine <= 0 {
		maxLine = DefaultMaxLine
	}
	return &Conn{r: bufio.NewReaderSize(r, 64<<10), w: w, maxLine: maxLine}
}

// Read returns the next message. A malformed line gives an *Error (parse
// error or invalid request) and the connection stays usable; io.EOF means
// the peer closed the stream.
func (c *Conn) Read() (*Message, error) {
	for {
		line, err := c.readLine()
		if err != nil {
			return nil, err
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var m Message
		if err := json.Unmarshal(line, &m); err != nil {
			return nil, &Error{Code: CodeParseError, Message: "parse error: " + err.Error()}
		}
		if m.JSONRPC != "2.0" {
			return &m, &Error{Code: CodeInvalidRequest, Message: `invalid request: jsonrpc must be "2.0"`}
		}
		if m.Method == "" && m.Result == nil && m.Error == nil {
			return &m, &Error{Code: CodeInvalidRequest, Message: "invalid request: neither a method nor a result nor an error"}
		}
		return &m, nil
	}
}

func (c *Conn) readLine() ([]byte, error) {
	var buf []byte
	for {
		chunk, err := c.r.ReadSlice('\n')
		if len(buf)+len(chunk) > c.maxLine {
			// Drain the rest of the oversized line so the next read starts
			// on a fresh message.
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = c.r.ReadSlice('\n')
			}
			if err != nil && err != io.EOF {
				return nil, err
			}
			return nil, &Error{Code: CodeInvalidRequest, Message: fmt.Sprintf("%v: over %d bytes", ErrLineTooLong, c.maxLine)}
		}
		buf = append(buf, chunk...)
		switch {
		case err == nil:
			return buf, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && len(buf) > 0:
			return buf, nil
		default:
			return nil, err
		}
	}
}

// Write sends one message as a line.
func (c *Conn) Write(m *Message) error {
	m.JSONRPC = "2.0"
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err := c.w.Write(buf.Bytes())
	return err
}

// Handler answers one request or notification. A returned *Error is sent
// as is; any other error becomes an internal error carrying its text.
type Handler func(ctx context.Context, method string, params json.RawMessage) (any, error)

// ServeConn reads messages from conn and answers them with h until the peer
// closes the stream, ctx ends, or h returns ErrExit. Messages are handled
// one at a time, in arrival order: the host forwards session events as
// notifications and then asks for a fold, and the fold must see every event
// sent before it. Malformed input is answered with a JSON-RPC error and
// never ends the loop.
func ServeConn(ctx context.Context, conn *Conn, h Handler) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		m, err := conn.Read()
		if err != nil {
			var re *Error
			if errors.As(err, &re) {
				var id json.RawMessage
				if m != nil {
					id = m.ID
				}
				if id == nil {
					id = json.RawMessage("null")
				}
				if werr := conn.Write(&Message{ID: id, Error: re}); werr != nil {
					return werr
				}
				continue
			}
			if err == io.EOF {
				return nil
			}
			return err
		}
		if m.Method == "" {
			continue // a response to nothing we asked; ignore
		}
		res, herr := h(ctx, m.Method, m.Params)
		if m.IsNotification() {
			if errors.Is(herr, ErrExit) {
				return nil
			}
			continue
		}
		out := &Message{ID: m.ID}
		if herr != nil && !errors.Is(herr, ErrExit) {
			var re *Error
			if !errors.As(herr, &re) {
				re = &Error{Code: CodeInternalError, Message: herr.Error()}
			}
			out.Error = re
		} else {
			raw, err := hostshim.MarshalJS(res)
			if err != nil {
				out.Error = &Error{Code: CodeInternalError, Message: "encode result: " + err.Error()}
			} else {
				out.Result = raw
			}
		}
		if err := conn.Write(out); err != nil {
			return err
		}
		if errors.Is(herr, ErrExit) {
			return nil
		}
	}
}

// DecodeParams unmarshals params into v strictly (unknown fields refused)
// and turns a failure into an invalid-params error naming the method.
func DecodeParams(method string, params json.RawMessage, v any) error {
	if len(params) == 0 {
		params = json.RawMessage("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(params))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &Error{Code: CodeInvalidParams, Message: fmt.Sprintf("%s: invalid params: %v", method, err)}
	}
	return nil
}
