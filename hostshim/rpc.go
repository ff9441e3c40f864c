package hostshim

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
)

// The sidecar wire. The real host runs EF as a child process of a thin
// JavaScript plugin (dsh-plugin/ in this repository): JSON-RPC 2.0 over
// stdio, one JSON object per line (NDJSON, as ACP does). The plugin stays the
// only writer of the session log; Go mirrors the log from forwarded events,
// plans folds and compiles checkpoints. HOST-CONTRACT §9 sketches the
// methods; the names used here are listed in dsh-plugin/README.md.

// JSON-RPC 2.0 error codes.
const (
	RPCParseError     = -32700
	RPCInvalidRequest = -32600
	RPCMethodNotFound = -32601
	RPCInvalidParams  = -32602
	RPCInternalError  = -32603
)

// RPCError is a JSON-RPC error object; it is also a Go error.
type RPCError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *RPCError) Error() string {
	return fmt.Sprintf("hostshim: rpc error %d: %s", e.Code, e.Message)
}

// RPCMessage is one JSON-RPC 2.0 request, notification or response.
type RPCMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *RPCError       `json:"error,omitempty"`
}

// IsNotification reports whether m is a request that wants no response.
func (m *RPCMessage) IsNotification() bool { return m.Method != "" && len(m.ID) == 0 }

// DefaultRPCMaxLine bounds one wire line when RPCConn's limit is zero.
const DefaultRPCMaxLine = 64 << 20

// RPCConn reads and writes NDJSON JSON-RPC messages. Reads must come from one
// goroutine; writes are serialised and may come from any.
type RPCConn struct {
	r       *bufio.Reader
	maxLine int

	mu sync.Mutex
	w  io.Writer
}

// NewRPCConn returns a connection over r and w. maxLine bounds one line;
// zero means DefaultRPCMaxLine.
func NewRPCConn(r io.Reader, w io.Writer, maxLine int) *RPCConn {
	if maxLine <= 0 {
		maxLine = DefaultRPCMaxLine
	}
	return &RPCConn{r: bufio.NewReaderSize(r, 64<<10), w: w, maxLine: maxLine}
}

// ErrRPCLineTooLong: a wire line exceeded the connection's limit.
var ErrRPCLineTooLong = errors.New("hostshim: rpc line too long")

// Read returns the next message. A malformed line gives a *RPCError (parse
// error or invalid request) and the connection stays usable; io.EOF means
// the peer closed the stream.
func (c *RPCConn) Read() (*RPCMessage, error) {
	for {
		line, err := c.readLine()
		if err != nil {
			return nil, err
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var m RPCMessage
		if err := json.Unmarshal(line, &m); err != nil {
			return nil, &RPCError{Code: RPCParseError, Message: "parse error: " + err.Error()}
		}
		if m.JSONRPC != "2.0" {
			return &m, &RPCError{Code: RPCInvalidRequest, Message: `invalid request: jsonrpc must be "2.0"`}
		}
		if m.Method == "" && m.Result == nil && m.Error == nil {
			return &m, &RPCError{Code: RPCInvalidRequest, Message: "invalid request: neither a method nor a result nor an error"}
		}
		return &m, nil
	}
}

func (c *RPCConn) readLine() ([]byte, error) {
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
			return nil, &RPCError{Code: RPCInvalidRequest, Message: fmt.Sprintf("%v: over %d bytes", ErrRPCLineTooLong, c.maxLine)}
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
func (c *RPCConn) Write(m *RPCMessage) error {
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

// RPCHandler answers one request or notification. A returned *RPCError is
// sent as is; any other error becomes an internal error carrying its text.
type RPCHandler func(ctx context.Context, method string, params json.RawMessage) (any, error)

// ServeRPC reads messages from conn and answers them with h until the peer
// closes the stream, ctx ends, or h returns ErrRPCExit. Messages are handled
// one at a time, in arrival order: the host forwards session events as
// notifications and then asks for a fold, and the fold must see every event
// sent before it. Malformed input is answered with a JSON-RPC error and
// never ends the loop.
func ServeRPC(ctx context.Context, conn *RPCConn, h RPCHandler) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		m, err := conn.Read()
		if err != nil {
			var re *RPCError
			if errors.As(err, &re) {
				var id json.RawMessage
				if m != nil {
					id = m.ID
				}
				if id == nil {
					id = json.RawMessage("null")
				}
				if werr := conn.Write(&RPCMessage{ID: id, Error: re}); werr != nil {
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
			if errors.Is(herr, ErrRPCExit) {
				return nil
			}
			continue
		}
		out := &RPCMessage{ID: m.ID}
		if herr != nil && !errors.Is(herr, ErrRPCExit) {
			var re *RPCError
			if !errors.As(herr, &re) {
				re = &RPCError{Code: RPCInternalError, Message: herr.Error()}
			}
			out.Error = re
		} else {
			raw, err := MarshalJS(res)
			if err != nil {
				out.Error = &RPCError{Code: RPCInternalError, Message: "encode result: " + err.Error()}
			} else {
				out.Result = raw
			}
		}
		if err := conn.Write(out); err != nil {
			return err
		}
		if errors.Is(herr, ErrRPCExit) {
			return nil
		}
	}
}

// ErrRPCExit, returned by a handler, ends ServeRPC after the response.
var ErrRPCExit = errors.New("hostshim: rpc exit")

// DecodeParams unmarshals params into v strictly (unknown fields refused)
// and turns a failure into an invalid-params error naming the method.
func DecodeParams(method string, params json.RawMessage, v any) error {
	if len(params) == 0 {
		params = json.RawMessage("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(params))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &RPCError{Code: RPCInvalidParams, Message: fmt.Sprintf("%s: invalid params: %v", method, err)}
	}
	return nil
}

// EventJSON is a live host event as the plugin forwards it: the envelope
// with seq (and time) as the host holds it in memory.
type EventJSON struct {
	Seq             int             `json:"seq"`
	Type            string          `json:"type"`
	Time            int64           `json:"time,omitempty"`
	Data            json.RawMessage `json:"data"`
	SurfaceOp       *SurfaceOp      `json:"surfaceOp,omitempty"`
	SourceEventSeqs []int           `json:"sourceEventSeqs,omitempty"`
	Ignorable       bool            `json:"ignorable,omitempty"`
}

// Event converts a forwarded event to the model's Event.
func (e EventJSON) Event() (Event, error) {
	if e.Type == "" {
		return Event{}, &FieldError{Field: "type", Err: errors.New("missing")}
	}
	if len(e.Data) == 0 {
		return Event{}, &FieldError{Field: "data", Err: errors.New("missing")}
	}
	return Event{Seq: e.Seq, Type: e.Type, Time: e.Time, Data: e.Data, SurfaceOp: e.SurfaceOp, SourceEventSeqs: e.SourceEventSeqs, Ignorable: e.Ignorable, hasSeq: true, hasTime: e.Time != 0}, nil
}

// MarshalJS marshals v as JSON.stringify would: no HTML escaping, no
// trailing newline.
func MarshalJS(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
