package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/epistemicfold/ef/internal/rpcwire"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The SDK's stdio transport ends the whole session on one line it cannot
// decode. A client that writes a stray line (a log line on the wrong
// stream, a truncated message) should get a JSON-RPC error for that line
// and keep its session, as JSON-RPC 2.0 specifies: so ServeStdio reads the
// lines itself, answers the bad ones (-32700 parse error, -32600 invalid
// request) and hands only decodable messages to the SDK. A request whose
// id is that of a request still running is one of the bad ones (-32600,
// naming the id): the SDK would answer only one of the two.

// MaxLine bounds one stdio line; a longer one is answered with an invalid
// request error and skipped.
const MaxLine = 64 << 20

// Batches. MCP 2025-03-26 says a receiver MUST take JSON-RPC batches (an
// array of messages on one line); 2024-11-05 requires JSON-RPC 2.0, which
// defines them, and says nothing against them; 2025-06-18 removed them.
// So a batch is taken when initialize agreed on one of batchVersions, and
// refused otherwise (before initialize too: the initialize request itself
// cannot be batched). The SDK's stdio transport would take a batch, but it
// ends the session on one bad element, and its answer, one array, would
// pass the filter's bookkeeping by. So the filter splits a batch into its
// messages: it vets each as it vets a line, hands the good ones to the SDK
// one per line, and writes the answers to the batch's requests, with its
// own error answers to the bad elements, as one array, in the order of
// the elements, once the last has come. Notifications and responses in a
// batch get no answer, and a batch of nothing else gets none at all.

// batchVersions are the protocol versions under which a batch is taken.
var batchVersions = []string{"2024-11-05", "2025-03-26"}

// lineWriter serialises whole lines to w: the SDK writes one message per
// Write call, and the filter's error replies must not land inside one.
// It also tracks the requests handed to the SDK and not yet answered, so
// that the end of the input (a client that writes its requests and closes
// stdin) waits for their answers instead of cutting them off; holds the
// answers to a batch until its last (see batchVersions); and reads the
// protocol version initialize agreed on.
type lineWriter struct {
	mu      sync.Mutex
	w       io.WriteCloser
	pending map[string]bool
	// cancelled holds the pending requests the client cancelled: their
	// responses are dropped (MCP: the receiver of notifications/cancelled
	// should not answer the request, and clients report an answer to an id
	// they no longer wait for as an error).
	cancelled map[string]bool
	// batches holds the batch of each pending request that came in one.
	batches map[string]*batch
	// gated holds, for each pending request whose answer carries fields
	// of some protocol versions only (see gatedMethods), its method and
	// the version it was made under.
	gated map[string]gatedRequest
	// initID is the id of the initialize request, until its answer gives
	// version, the protocol version agreed on ("" before).
	initID, version string
	idle            *sync.Cond // signalled when pending shrinks
	logger          *slog.Logger
}

// batch is a batch being answered: an answer per element (nil for none:
// a notification, a response, a cancelled request, or one still running)
// and the element of each request still running.
type batch struct {
	answers [][]byte
	running map[string]int
}

// drainGrace bounds how long the end of the input waits for answers, in
// nanoseconds (a variable for the tests, atomic: a test sets it while the
// drain of a server an earlier test started may still read it).
var drainGrace = func() *atomic.Int64 {
	var d atomic.Int64
	d.Store(int64(10 * time.Second))
	return &d
}()

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	id, call := messageID(p)
	if id != "" && !call && id == l.initID {
		l.initID, l.version = "", agreedVersion(p)
	}
	if g, ok := l.gated[id]; ok && id != "" && !call {
		delete(l.gated, id)
		v := g.version
		if v == "" {
			v = l.version
		}
		if q, ok := forVersion(p, g.method, v); ok {
			// The caller's byte count is of what it wrote, whatever
			// was sent for it.
			if _, err := l.write(id, call, q); err != nil {
				return 0, err
			}
			return len(p), nil
		}
	}
	return l.write(id, call, p)
}

// write is Write of a message whose id is id ("" for none), a request or
// a notification when call is set; l.mu is held.
func (l *lineWriter) write(id string, call bool, p []byte) (int, error) {
	if id != "" && !call && l.pending[id] {
		delete(l.pending, id)
		if l.idle != nil {
			l.idle.Broadcast()
		}
		dropped := l.cancelled[id]
		delete(l.cancelled, id)
		if b := l.batches[id]; b != nil {
			delete(l.batches, id)
			if !dropped {
				q, ok := withErrorCode(p)
				if !ok {
					q = p
				}
				b.answers[b.running[id]] = bytes.TrimSpace(bytes.Clone(q))
			}
			delete(b.running, id)
			if len(b.running) > 0 {
				return len(p), nil
			}
			if err := l.writeBatch(b); err != nil {
				return 0, err
			}
			return len(p), nil
		}
		if dropped {
			return len(p), nil
		}
	}
	if q, ok := withErrorCode(p); ok {
		if _, err := l.w.Write(q); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return l.w.Write(p)
}

// withErrorCode gives an error response whose code is 0 the code of an
// invalid request. The SDK answers a request it refuses for the session's
// state (a call before initialize, a second initialize) with code 0, which
// JSON-RPC 2.0 does not define and some clients treat as success.
func withErrorCode(p []byte) ([]byte, bool) {
	if !bytes.Contains(p, []byte(`"error"`)) {
		return nil, false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(p, &m) != nil || m["error"] == nil || m["method"] != nil {
		return nil, false
	}
	var e map[string]json.RawMessage
	if json.Unmarshal(m["error"], &e) != nil || string(e["code"]) != "0" {
		return nil, false
	}
	e["code"] = json.RawMessage(strconv.Itoa(rpcwire.CodeInvalidRequest))
	eb, err1 := json.Marshal(e)
	m["error"] = eb
	q, err2 := json.Marshal(m)
	if err1 != nil || err2 != nil {
		return nil, false
	}
	if bytes.HasSuffix(p, []byte("\n")) {
		q = append(q, '\n')
	}
	return q, true
}

// writeBatch writes the answers of a batch whose requests have all been
// answered, as one array; nothing when it has none. l.mu is held.
func (l *lineWriter) writeBatch(b *batch) error {
	var answers [][]byte
	for _, a := range b.answers {
		if a != nil {
			answers = append(answers, a)
		}
	}
	if len(answers) == 0 {
		return nil
	}
	line := append([]byte{'['}, bytes.Join(answers, []byte{','})...)
	_, err := l.w.Write(append(line, ']', '\n'))
	return err
}

// agreedVersion is the protocolVersion of an answer to initialize ("" for
// an error or anything else).
func agreedVersion(p []byte) string {
	var m struct {
		Result struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
	}
	if json.Unmarshal(p, &m) != nil {
		return ""
	}
	return m.Result.ProtocolVersion
}

// sent records a request about to be handed to the SDK, and the id of
// the first initialize, whose answer names the protocol version. A
// request whose id is the id of one not answered yet is not recorded: sent
// answers it itself with an invalid-request error and returns false (the
// SDK keeps one request per id, so one of the two answers was lost and
// the client waited for it forever; JSON-RPC lets the server refuse it).
func (l *lineWriter) sent(line []byte) bool {
	if r := requestOf(line); r.id != "" {
		l.mu.Lock()
		if l.pending == nil {
			l.pending = map[string]bool{}
		}
		if l.pending[r.id] {
			defer l.mu.Unlock()
			b, err := errorResponse(json.RawMessage(r.id), rpcwire.CodeInvalidRequest,
				fmt.Sprintf("invalid request: id %s is the id of a request not answered yet; each request needs an id of its own", r.id))
			if err == nil {
				l.w.Write(append(b, '\n'))
			}
			return false
		}
		l.pending[r.id] = true
		l.track(r)
		if l.version == "" && l.initID == "" && r.method == "initialize" {
			l.initID = r.id
		}
		l.mu.Unlock()
	}
	return true
}

// track records a request whose answer forVersion may rewrite; l.mu is
// held.
func (l *lineWriter) track(r request) {
	if !gatedMethods[r.method] {
		return
	}
	if l.gated == nil {
		l.gated = map[string]gatedRequest{}
	}
	l.gated[r.id] = gatedRequest{method: r.method, version: r.version}
}

// request is what the filter reads of a request: its id in canonical form,
// its method and the protocol version its _meta names when it follows
// 2026-07-28 or later, which names it per request ("" otherwise: the
// version initialize agreed on holds).
type request struct {
	id, method, version string
}

// requestOf reads a request's id, method and per-request protocol
// version in one pass over the line (a tools/call line may be large); a
// zero request for anything else.
func requestOf(line []byte) request {
	var m struct {
		ID     any    `json:"id"`
		Method string `json:"method"`
		Params struct {
			Meta struct {
				Version any `json:"io.modelcontextprotocol/protocolVersion"`
			} `json:"_meta"`
		} `json:"params"`
	}
	if json.Unmarshal(line, &m) != nil || m.ID == nil || m.Method == "" {
		// params of another shape are refused before this (vet).
		if id, call := messageID(line); id != "" && call {
			return request{id: id}
		}
		return request{}
	}
	b, err := json.Marshal(m.ID)
	if err != nil {
		return request{}
	}
	r := request{id: string(b), method: m.Method}
	if v, ok := m.Params.Meta.Version.(string); ok && v >= perRequestVersions {
		r.version = v
	}
	return r
}

// batchRefusal says why a batch is refused now ("" when it is taken):
// initialize has agreed on no version yet, or on one without batches. A
// batch that comes while initialize is answered waits for the answer (at
// most drainGrace): a client that writes its lines without waiting for
// answers (a script piped in) sends its batch right after initialize.
func (l *lineWriter) batchRefusal() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.initID != "" {
		if l.idle == nil {
			l.idle = sync.NewCond(&l.mu)
		}
		expired := false
		timer := time.AfterFunc(time.Duration(drainGrace.Load()), func() {
			l.mu.Lock()
			expired = true
			l.idle.Broadcast()
			l.mu.Unlock()
		})
		for l.initID != "" && !expired {
			l.idle.Wait()
		}
		timer.Stop()
	}
	switch {
	case l.version == "":
		return "a JSON-RPC batch is taken only after initialize has agreed on protocol version 2025-03-26 or 2024-11-05 (initialize itself cannot be batched); send one message per line"
	case !slices.Contains(batchVersions, l.version):
		return fmt.Sprintf("JSON-RPC batches are not supported under protocol version %s (MCP removed them in 2025-06-18); send one message per line", l.version)
	}
	return ""
}

// startBatch records the requests of a batch as pending, elements is the
// batch's messages (nil for one answered already, in b.answers): each
// request takes its element in b, unless its id is one a pending request
// has, here or earlier in the batch, which is answered with an error and
// dropped from elements. A batch with no request left to answer is
// written at once.
func (l *lineWriter) startBatch(b *batch, elements [][]byte) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.pending == nil {
		l.pending = map[string]bool{}
	}
	if l.batches == nil {
		l.batches = map[string]*batch{}
	}
	for i, e := range elements {
		id, call := messageID(e)
		if e == nil || id == "" || !call {
			continue
		}
		if l.pending[id] {
			a, err := errorResponse(json.RawMessage(id), rpcwire.CodeInvalidRequest,
				fmt.Sprintf("invalid request: id %s is the id of a request not answered yet; each request needs an id of its own", id))
			if err != nil {
				return err
			}
			b.answers[i], elements[i] = a, nil
			continue
		}
		l.pending[id] = true
		l.track(requestOf(e))
		l.batches[id] = b
		b.running[id] = i
	}
	if len(b.running) == 0 {
		return l.writeBatch(b)
	}
	return nil
}

// cancel records a client's notifications/cancelled: the request it names,
// when still unanswered, gets no response. It returns false for a
// cancellation that names no request in flight (answered already, or not
// yet sent): the line is not handed to the SDK, which would otherwise
// cancel a request sent later under that id (a cancellation is handled
// beside the requests, not in line order), and MCP lets a receiver ignore
// such a cancellation.
func (l *lineWriter) cancel(line []byte) bool {
	if !bytes.Contains(line, []byte(`"notifications/cancelled"`)) {
		return true
	}
	var n struct {
		Method string `json:"method"`
		Params struct {
			RequestID any `json:"requestId"`
		} `json:"params"`
	}
	if json.Unmarshal(line, &n) != nil || n.Method != "notifications/cancelled" || n.Params.RequestID == nil {
		return true
	}
	b, err := json.Marshal(n.Params.RequestID)
	if err != nil {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	id := string(b)
	if !l.pending[id] {
		return false
	}
	if l.cancelled == nil {
		l.cancelled = map[string]bool{}
	}
	l.cancelled[id] = true
	return true
}

// drain waits until every request handed to the SDK has been answered, or
// drainGrace has passed, and returns the ids of the requests still
// unanswered then (nil when all were answered).
func (l *lineWriter) drain() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.idle == nil {
		l.idle = sync.NewCond(&l.mu)
	}
	var abandoned []string
	timer := time.AfterFunc(time.Duration(drainGrace.Load()), func() {
		l.mu.Lock()
		for id := range l.pending {
			if !l.cancelled[id] {
				abandoned = append(abandoned, id)
			}
		}
		l.pending, l.batches = nil, nil
		l.idle.Broadcast()
		l.mu.Unlock()
	})
	defer timer.Stop()
	for len(l.pending) > 0 {
		l.idle.Wait()
	}
	slices.Sort(abandoned)
	return abandoned
}

// messageID is a JSON-RPC message's id in a canonical form ("" without
// one) and whether the message is a call (has a method) rather than a
// response.
func messageID(line []byte) (string, bool) {
	var m struct {
		ID     any    `json:"id"`
		Method string `json:"method"`
	}
	if json.Unmarshal(line, &m) != nil || m.ID == nil {
		return "", false
	}
	b, err := json.Marshal(m.ID)
	if err != nil {
		return "", false
	}
	return string(b), m.Method != ""
}

func (l *lineWriter) Close() error { return l.w.Close() }

// reply writes a JSON-RPC error response for a line that never reached
// the SDK.
func (l *lineWriter) reply(id json.RawMessage, code int, msg string) error {
	b, err := errorResponse(id, code, msg)
	if err != nil {
		return err
	}
	_, err = l.Write(append(b, '\n'))
	return err
}

// errorResponse is a JSON-RPC error response (id null when id is empty).
func errorResponse(id json.RawMessage, code int, msg string) ([]byte, error) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, msg}})
}

// filterLines copies the decodable JSON-RPC messages of r to out, one per
// line, and answers every other line on w. It returns when r ends (closing
// out, so the SDK sees the end of the stream, once the requests it was
// handed are answered) or out is closed.
func filterLines(r io.Reader, out *io.PipeWriter, w *lineWriter) {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := rpcwire.ReadLine(br, MaxLine)
		if errors.Is(err, rpcwire.ErrLineTooLong) {
			if w.reply(nil, rpcwire.CodeInvalidRequest, fmt.Sprintf("invalid request: a line over %d bytes", MaxLine)) != nil {
				out.Close()
				return
			}
			continue
		}
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] == '[' && json.Valid(t) {
			if !handleBatch(t, out, w) {
				out.Close()
				return
			}
		} else if len(t) > 0 {
			if id, code, why := vet(bytes.TrimSpace(line)); code != 0 {
				if w.reply(id, code, why) != nil {
					out.Close()
					return
				}
			} else if w.sent(bytes.TrimSpace(line)) {
				if w.cancel(bytes.TrimSpace(line)) {
					if _, werr := out.Write(append(bytes.TrimSpace(line), '\n')); werr != nil {
						return // the SDK closed its end
					}
				}
			}
		}
		if err != nil {
			if ids := w.drain(); len(ids) > 0 {
				// The client closed its end: these answers have nowhere
				// to go. Said, not silently dropped.
				w.logger.Warn(fmt.Sprintf("stdin closed: %d request(s) still running after %s were abandoned unanswered", len(ids), time.Duration(drainGrace.Load())), "ids", strings.Join(ids, ","))
			}
			out.CloseWithError(err)
			return
		}
	}
}

// handleBatch answers line, a JSON array, as a batch (see batchVersions):
// an empty one, or one the protocol version does not take, with one
// error; else each element as a line is, the good ones by the SDK. It
// returns false when the output or the SDK's input is closed.
func handleBatch(line []byte, out io.Writer, w *lineWriter) bool {
	var raw []json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		return w.reply(nil, rpcwire.CodeInvalidRequest, "invalid request: "+rpcwire.Words(err)) == nil
	}
	if len(raw) == 0 {
		return w.reply(nil, rpcwire.CodeInvalidRequest, "invalid request: an empty JSON-RPC batch (a batch holds one message or more)") == nil
	}
	if why := w.batchRefusal(); why != "" {
		return w.reply(nil, rpcwire.CodeInvalidRequest, "invalid request: "+why) == nil
	}
	b := &batch{answers: make([][]byte, len(raw)), running: map[string]int{}}
	elements := make([][]byte, len(raw))
	for i, e := range raw {
		e = bytes.TrimSpace(e)
		var id json.RawMessage
		code, why := rpcwire.CodeInvalidRequest, "invalid request: a batch element is one message, not a batch"
		if e[0] != '[' {
			id, code, why = vet(e)
		}
		if code == 0 {
			elements[i] = e
			continue
		}
		a, err := errorResponse(id, code, why)
		if err != nil {
			return false
		}
		b.answers[i] = a
	}
	if w.startBatch(b, elements) != nil {
		return false
	}
	for _, e := range elements {
		if e == nil || !w.cancel(e) {
			continue
		}
		if _, err := out.Write(append(bytes.Clone(e), '\n')); err != nil {
			return false
		}
	}
	return true
}

// vet returns a non-zero JSON-RPC error code, and the id to answer with,
// for a line the SDK would refuse: not JSON, a batch the protocol version
// does not take (handleBatch answers the rest), not a JSON-RPC message, a
// request with a null id, or params of the wrong shape (worded in JSON
// terms, where the SDK names Go types).
func vet(line []byte) (json.RawMessage, int, string) {
	if code, msg, ok := rpcwire.Refusal(line); ok {
		return nil, code, msg
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(line, &m) == nil {
		if id, why := vetEnvelope(m); why != "" {
			return id, rpcwire.CodeInvalidRequest, "invalid request: " + why
		}
		if id, why := vetParams(m); why != "" {
			return id, rpcwire.CodeInvalidParams, "invalid params: " + why
		}
	}
	if _, err := jsonrpc.DecodeMessage(line); err != nil {
		var obj struct {
			ID json.RawMessage `json:"id"`
		}
		json.Unmarshal(line, &obj)
		if msg, ok := rpcwire.Mismatch(err); ok {
			return obj.ID, rpcwire.CodeInvalidRequest, msg
		}
		return obj.ID, rpcwire.CodeInvalidRequest, "invalid request: " + err.Error()
	}
	return nil, 0, ""
}

// vetEnvelope checks a message object's "jsonrpc" and "id" members the way
// JSON-RPC 2.0 states them, and returns what is wrong ("" when nothing)
// and the id to answer with (null when the id itself is bad: an id the
// client cannot match is no id). The SDK would take an id 5.5 as 5, and
// name Go types for an object id.
func vetEnvelope(m map[string]json.RawMessage) (json.RawMessage, string) {
	id, hasID := m["id"]
	if hasID && !validID(id) {
		what := jsonKind(id)
		if what == "a number" {
			what = string(bytes.TrimSpace(id))
		}
		return nil, fmt.Sprintf("\"id\" must be a string or an integer, not %s", what)
	}
	if hasID && jsonKind(id) == "a number" {
		// The SDK holds a number id as a float64, which has 53 bits: a
		// larger one would be answered with another id. This answer
		// carries the client's own bytes, so it can match it.
		if n, _ := strconv.ParseInt(string(bytes.TrimSpace(id)), 10, 64); n > maxSafeID || n < -maxSafeID {
			return id, fmt.Sprintf(`"id" %s is beyond ±%d, the integers this server can answer exactly: use a smaller one or a string`, bytes.TrimSpace(id), int64(maxSafeID))
		}
	}
	if _, call := m["method"]; hasID && call && jsonKind(id) == "null" {
		return nil, `"id" must be a string or an integer, not null: a request needs an id to be answered (a notification has no "id")`
	}
	v, ok := m["jsonrpc"]
	if !ok {
		return id, `"jsonrpc": "2.0" is missing`
	}
	if string(v) != `"2.0"` {
		return id, fmt.Sprintf(`"jsonrpc" must be "2.0", not %s`, v)
	}
	return nil, ""
}

// maxSafeID is the largest integer a float64 holds exactly (2^53 − 1).
const maxSafeID = 1<<53 - 1

// validID reports whether a JSON-RPC id is a string, an integer or null.
func validID(id json.RawMessage) bool {
	switch k := jsonKind(id); k {
	case "a string", "null":
		return true
	case "a number":
		_, err := strconv.ParseInt(string(bytes.TrimSpace(id)), 10, 64)
		return err == nil
	}
	return false
}

// jsonKind names the JSON type of a valid JSON value.
func jsonKind(v json.RawMessage) string {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "nothing"
	}
	switch v[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "true or false"
	case 'n':
		return "null"
	}
	return "a number"
}

// requestParams makes the value the SDK decodes each request's params into,
// by method: vetParams decodes them first, to word a mismatch in JSON terms
// (the SDK's error names its Go types).
var requestParams = map[string]func() any{
	"initialize":               func() any { return new(mcp.InitializeParams) },
	"ping":                     func() any { return new(mcp.PingParams) },
	"tools/list":               func() any { return new(mcp.ListToolsParams) },
	"tools/call":               func() any { return new(mcp.CallToolParamsRaw) },
	"logging/setLevel":         func() any { return new(mcp.SetLoggingLevelParams) },
	"completion/complete":      func() any { return new(mcp.CompleteParams) },
	"prompts/list":             func() any { return new(mcp.ListPromptsParams) },
	"prompts/get":              func() any { return new(mcp.GetPromptParams) },
	"resources/list":           func() any { return new(mcp.ListResourcesParams) },
	"resources/templates/list": func() any { return new(mcp.ListResourceTemplatesParams) },
	"resources/read":           func() any { return new(mcp.ReadResourceParams) },
	"resources/subscribe":      func() any { return new(mcp.SubscribeParams) },
	"resources/unsubscribe":    func() any { return new(mcp.UnsubscribeParams) },
}

// vetParams returns what is wrong with a request's params ("" when
// nothing, or when the message is not a request) and the id to answer
// with: MCP passes params as an object, whose members must have the types
// the method's params define.
func vetParams(m map[string]json.RawMessage) (json.RawMessage, string) {
	id, params := m["id"], m["params"]
	var method string
	if len(id) == 0 || len(params) == 0 || json.Unmarshal(m["method"], &method) != nil || method == "" {
		return nil, ""
	}
	switch kind := jsonKind(params); kind {
	case "null":
		return nil, ""
	case "an object":
	default:
		return id, fmt.Sprintf(`"params" must be an object, not %s`, kind)
	}
	newParams, ok := requestParams[method]
	if !ok {
		return nil, ""
	}
	if err := json.Unmarshal(params, newParams()); err != nil {
		return id, rpcwire.Words(err)
	}
	return nil, ""
}
