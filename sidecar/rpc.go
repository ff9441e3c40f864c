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
	"github.com/epistemicfold/ef/internal/rpcwire"
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

	// Calls this side makes of the peer (Call), answered while ServeConn
	// runs: its reader routes responses here by id.
	cmu     sync.Mutex
	next    int
	pending map[string]chan *Message
	done    error // set when the stream ended: Call fails at once
}

// NewConn returns a connection over r and w. maxLine bounds one line;
// zero means DefaultMaxLine.
func NewConn(r io.Reader, w io.Writer, maxLine int) *Conn {
	if maxLine <= 0 {
		maxLine = DefaultMaxLine
	}
	return &Conn{r: bufio.NewReaderSize(r, 64<<10), w: w, maxLine: maxLine, pending: map[string]chan *Message{}}
}

// Call sends a request to the peer and decodes its result into result
// (when non-nil). It waits for the response until ctx ends; a response
// arriving later is dropped. The response is routed by ServeConn's reader,
// so Call works only from a Handler (or alongside a running ServeConn). A
// JSON-RPC error from the peer is returned as an *Error.
func (c *Conn) Call(ctx context.Context, method string, params, result any) error {
	raw, err := hostshim.MarshalJS(params)
	if err != nil {
		return fmt.Errorf("sidecar: call %s: encode params: %w", method, err)
	}
	c.cmu.Lock()
	if c.done != nil {
		c.cmu.Unlock()
		return fmt.Errorf("sidecar: call %s: %w", method, c.done)
	}
	c.next++
	id := json.RawMessage(fmt.Sprintf(`"ef-%d"`, c.next))
	ch := make(chan *Message, 1)
	c.pending[string(id)] = ch
	c.cmu.Unlock()
	defer func() {
		c.cmu.Lock()
		delete(c.pending, string(id))
		c.cmu.Unlock()
	}()
	if err := c.Write(&Message{ID: id, Method: method, Params: bytes.TrimSuffix(raw, []byte("\n"))}); err != nil {
		return fmt.Errorf("sidecar: call %s: %w", method, err)
	}
	select {
	case <-ctx.Done():
		return fmt.Errorf("sidecar: call %s: %w", method, context.Cause(ctx))
	case m := <-ch:
		if m == nil {
			c.cmu.Lock()
			err := c.done
			c.cmu.Unlock()
			return fmt.Errorf("sidecar: call %s: %w", method, err)
		}
		if m.Error != nil {
			return m.Error
		}
		if result == nil {
			return nil
		}
		if err := json.Unmarshal(m.Result, result); err != nil {
			return fmt.Errorf("sidecar: call %s: decode result: %w", method, err)
		}
		return nil
	}
}

// deliver hands a response to the Call waiting for it; false when none
// waits (a late or unknown response).
func (c *Conn) deliver(m *Message) bool {
	c.cmu.Lock()
	defer c.cmu.Unlock()
	ch, ok := c.pending[string(bytes.TrimSpace(m.ID))]
	if ok {
		delete(c.pending, string(bytes.TrimSpace(m.ID)))
		ch <- m
	}
	return ok
}

// end fails every waiting Call and every later one with err.
func (c *Conn) end(err error) {
	c.cmu.Lock()
	defer c.cmu.Unlock()
	if c.done == nil {
		c.done = err
	}
	for id, ch := range c.pending {
		close(ch)
		delete(c.pending, id)
	}
}

// Read returns the next message. A malformed line gives an *Error (parse
// error or invalid request) and the connection stays usable; io.EOF means
// the peer closed the stream.
func (c *Conn) Read() (*Message, error) {
	for {
		line, err := rpcwire.ReadLine(c.r, c.maxLine)
		if errors.Is(err, rpcwire.ErrLineTooLong) {
			return nil, &Error{Code: CodeInvalidRequest, Message: fmt.Sprintf("%v: over %d bytes", ErrLineTooLong, c.maxLine)}
		}
		if err != nil {
			return nil, err
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var m Message
		if err := json.Unmarshal(line, &m); err != nil {
			// Answer with the request's id when it has one that reads.
			var withID struct {
				ID json.RawMessage `json:"id"`
			}
			if json.Unmarshal(line, &withID) == nil && withID.ID != nil {
				return &Message{ID: withID.ID}, notAMessage(line, err)
			}
			return nil, notAMessage(line, err)
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

// notAMessage is the error answering a line that does not decode as a
// message: a parse error for a line that is not JSON; an invalid request,
// in JSON terms, for JSON that is not a message object. A batch (an
// array) is refused: the sidecar handles messages one at a time in
// arrival order, and the plugin sends one per line.
func notAMessage(line []byte, err error) *Error {
	if code, msg, ok := rpcwire.Refusal(line); ok {
		return &Error{Code: code, Message: msg}
	}
	if msg, ok := rpcwire.Mismatch(err); ok {
		return &Error{Code: CodeInvalidRequest, Message: msg}
	}
	return &Error{Code: CodeInvalidRequest, Message: "invalid request: not a JSON-RPC message"}
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
// closes the stream, ctx ends, or h returns ErrExit. Requests and
// notifications are handled one at a time, in arrival order: the host
// forwards session events as notifications and then asks for a fold, and
// the fold must see every event sent before it. Responses to the calls a
// handler makes of the peer (Conn.Call) are routed by a reader of their
// own, so a handler may wait for the peer while later messages queue.
// Malformed input is answered with a JSON-RPC error and never ends the
// loop.
//
// The reader goroutine ends when the stream does; when ServeConn returns
// first (ErrExit, ctx), it stays blocked in a read until the peer closes
// the stream.
func ServeConn(ctx context.Context, conn *Conn, h Handler) error {
	q := &inbox{ready: make(chan struct{}, 1)}
	go func() {
		for {
			m, err := conn.Read()
			if err == nil && m.Method == "" && (m.Result != nil || m.Error != nil) {
				conn.deliver(m) // a response to a Call (or to nothing: dropped)
				continue
			}
			q.push(inMsg{m, err})
			var re *Error
			if err != nil && !errors.As(err, &re) {
				conn.end(fmt.Errorf("the peer's stream ended: %w", err))
				return
			}
		}
	}()
	defer conn.end(errors.New("the serve loop ended"))
	for {
		in, err := q.pop(ctx)
		if err != nil {
			return err
		}
		m, err := in.m, in.err
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

// inMsg is one read: a message, or the error reading it.
type inMsg struct {
	m   *Message
	err error
}

// inbox queues what the reader read for the serve loop. It never blocks
// the reader, which must keep routing responses while a handler waits.
type inbox struct {
	mu    sync.Mutex
	items []inMsg
	ready chan struct{}
}

func (q *inbox) push(in inMsg) {
	q.mu.Lock()
	q.items = append(q.items, in)
	q.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

func (q *inbox) pop(ctx context.Context) (inMsg, error) {
	for {
		if err := ctx.Err(); err != nil {
			return inMsg{}, err
		}
		q.mu.Lock()
		if len(q.items) > 0 {
			in := q.items[0]
			q.items[0] = inMsg{}
			q.items = q.items[1:]
			q.mu.Unlock()
			return in, nil
		}
		q.mu.Unlock()
		select {
		case <-q.ready:
		case <-ctx.Done():
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
		return &Error{Code: CodeInvalidParams, Message: fmt.Sprintf("%s: invalid params: %s", method, rpcwire.Words(err))}
	}
	return nil
}
