package hostshim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/epistemicfold/ef/internal/jsjson"
)

// Event types that compaction reads or writes. Every other type is kept
// verbatim in the log and never dropped; it just has no typed accessor.
const (
	TypeUserMessage      = "user/message"
	TypeAssistantMessage = "assistant/message"
	TypeToolCall         = "tool/call"
	TypeToolResult       = "tool/result"
	TypeSystemMessage    = "system/message"    // Gen017
	TypeDeveloperMessage = "developer/message" // Gen017
	TypeRequestHeader    = "request/header"
	TypeRequestContext   = "request/context"
	TypeTurnStart        = "turn/start"
	TypeTurnEnd          = "turn/end"
	TypeStepStart        = "step/start"
	TypeStepEnd          = "step/end"
	TypeCompactionStart  = "compaction/start"
	TypeCompactionSum    = "compaction/summary"
	TypeCompactionEnd    = "compaction/end"
	TypeCompactionPrune  = "compaction/prune"
	TypeSessionEndSeed   = "session/end-seed"
)

// SurfaceEligible reports whether events of type typ may be surface nodes.
// Gen01 knows user/message, assistant/message and tool/result; Gen017 adds
// system/message and developer/message. The model accepts the union: a Gen01
// log never contains the Gen017 types.
func SurfaceEligible(typ string) bool {
	switch typ {
	case TypeUserMessage, TypeAssistantMessage, TypeToolResult, TypeSystemMessage, TypeDeveloperMessage:
		return true
	}
	return false
}

// SurfaceOp is how an event changes the surface: Append puts it at the end;
// a replacement removes the inclusive positional span from the node at seq
// Start to the node at seq End and puts the event where Start stood.
//
// Start and End are seqs of surface nodes, not positions, and Start may be
// numerically greater than End (surface order is not seq order).
type SurfaceOp struct {
	Replace bool
	Start   int
	End     int
	// Gen017 names the fields startSeq/endSeq; Gen01 names them start/end.
	gen Generation
}

// AppendOp is the surface operation that appends a node.
var AppendOp = &SurfaceOp{}

// MarshalJSON writes "append" or the replace object of the op's generation.
func (op SurfaceOp) MarshalJSON() ([]byte, error) {
	if !op.Replace {
		return []byte(`"append"`), nil
	}
	if op.gen == Gen017 {
		return []byte(`{"op":"replace","startSeq":` + strconv.Itoa(op.Start) + `,"endSeq":` + strconv.Itoa(op.End) + `}`), nil
	}
	return []byte(`{"op":"replace","start":` + strconv.Itoa(op.Start) + `,"end":` + strconv.Itoa(op.End) + `}`), nil
}

// UnmarshalJSON reads either generation's shape.
func (op *SurfaceOp) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		if s != "append" {
			return fmt.Errorf("unknown surfaceOp %q", s)
		}
		*op = SurfaceOp{}
		return nil
	}
	var r struct {
		Op       string `json:"op"`
		Start    *int   `json:"start"`
		End      *int   `json:"end"`
		StartSeq *int   `json:"startSeq"`
		EndSeq   *int   `json:"endSeq"`
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return err
	}
	if r.Op != "replace" {
		return fmt.Errorf("unknown surfaceOp op %q", r.Op)
	}
	switch {
	case r.StartSeq != nil && r.EndSeq != nil:
		*op = SurfaceOp{Replace: true, Start: *r.StartSeq, End: *r.EndSeq, gen: Gen017}
	case r.Start != nil && r.End != nil:
		*op = SurfaceOp{Replace: true, Start: *r.Start, End: *r.End, gen: Gen01}
	default:
		return fmt.Errorf("surfaceOp replace needs start/end or startSeq/endSeq")
	}
	return nil
}

// Generation returns the wire generation whose shape a replace op was read
// in (Gen01 for append ops and ops built without one).
func (op SurfaceOp) Generation() Generation { return op.gen }

// ReplaceOp returns a replacement op written in generation gen's shape.
func ReplaceOp(gen Generation, start, end int) *SurfaceOp {
	return &SurfaceOp{Replace: true, Start: start, End: end, gen: gen}
}

// Event is one entry of the session log. Seq is the event's index in the log
// (its identity; it says nothing about surface order). Data is the payload
// exactly as the host wrote it; typed views decode it on demand.
//
// An Event is a value; once appended to a Session it must not be modified.
type Event struct {
	Seq             int
	Type            string
	Time            int64 // epoch ms; 0 when the log did not record it
	Data            json.RawMessage
	SurfaceOp       *SurfaceOp // nil for log-only events
	SourceEventSeqs []int
	Ignorable       bool

	// keys is the envelope's key order as read, so that re-encoding an event
	// read from a log gives the same bytes. Nil for events built here, which
	// use the canonical host order.
	keys []string
	// hasSeq/hasTime record whether the persisted line carried seq and time.
	hasSeq, hasTime bool
	// packed is the storage row this event was expanded from, if any.
	packed *packedRow
	// forgotten marks an event whose payload Session.Forget dropped.
	forgotten bool
}

// defaultKeys is the order the host writes envelope keys in (seen in every
// persisted corpus line): type, data, sourceEventSeqs, surfaceOp.
var defaultKeys = []string{"type", "data", "sourceEventSeqs", "surfaceOp", "ignorable"}

// Forgotten reports whether the event is an envelope whose payload
// Session.Forget or Session.Release dropped.
func (e Event) Forgotten() bool { return e.forgotten }

// MarshalJSON encodes the event as Encode does. Note that encoding/json
// HTML-escapes what a MarshalJSON returns (<, >, &), so log writers call
// Encode, which gives the host's exact bytes.
func (e Event) MarshalJSON() ([]byte, error) { return e.Encode(), nil }

// Encode returns the event as a persisted log line (without newline). An
// event read from a log encodes to the bytes it was read from.
func (e Event) Encode() []byte {
	keys := e.keys
	if keys == nil {
		keys = defaultKeys
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	first := true
	field := func(k string, v []byte) {
		if !first {
			buf.WriteByte(',')
		}
		first = false
		buf.WriteByte('"')
		buf.WriteString(k)
		buf.WriteString(`":`)
		buf.Write(v)
	}
	for _, k := range keys {
		switch k {
		case "type":
			field(k, marshalNoEscape(e.Type))
		case "seq":
			if e.hasSeq {
				field(k, []byte(strconv.Itoa(e.Seq)))
			}
		case "time":
			if e.hasTime {
				field(k, []byte(strconv.FormatInt(e.Time, 10)))
			}
		case "data":
			d := e.Data
			if len(d) == 0 {
				d = json.RawMessage("{}")
			}
			field(k, d)
		case "sourceEventSeqs":
			if e.SourceEventSeqs != nil {
				b, _ := json.Marshal(e.SourceEventSeqs)
				field(k, b)
			}
		case "surfaceOp":
			if e.SurfaceOp != nil {
				b, _ := e.SurfaceOp.MarshalJSON()
				field(k, b)
			}
		case "ignorable":
			if e.Ignorable {
				field(k, []byte("true"))
			}
		}
	}
	buf.WriteByte('}')
	return buf.Bytes()
}

// decodeEvent parses one persisted event line. It keeps the key order and the
// data bytes. It rejects unknown envelope keys, which would otherwise be lost.
func decodeEvent(line []byte) (Event, error) {
	var e Event
	if err := syntaxError(line); err != nil {
		return e, err
	}
	// The line is valid JSON: its members are found by a scan of the
	// bytes, each value copied once. A json.Decoder buffered the whole
	// line again, growing by doubling (a 50 MB output cost 100 MB more).
	p := skipSpace(line, 0)
	if line[p] != '{' {
		return e, fmt.Errorf("event is not a JSON object")
	}
	seen := map[string]bool{}
	for p = skipSpace(line, p+1); line[p] != '}'; p = skipSpace(line, p) {
		if line[p] == ',' {
			p = skipSpace(line, p+1)
		}
		kEnd := stringEnd(line, p)
		var k string
		if err := json.Unmarshal(line[p:kEnd], &k); err != nil {
			return e, err
		}
		if seen[k] {
			return e, &FieldError{Field: k, Err: fmt.Errorf("duplicate key")}
		}
		seen[k] = true
		p = skipSpace(line, skipSpace(line, kEnd)+1) // past ':'
		vEnd := valueEnd(line, p)
		raw := append(json.RawMessage(nil), line[p:vEnd]...)
		p = vEnd
		if err := e.decodeMember(k, raw); err != nil {
			return e, err
		}
	}
	return e, e.complete()
}

// syntaxError reports a line that is not valid JSON by the syntax error
// itself, with its offset, rather than by the place where a scan or a
// streaming decoder of its members would stop; nil for valid JSON.
func syntaxError(line []byte) error {
	if json.Valid(line) {
		return nil
	}
	var v json.RawMessage
	if err := json.Unmarshal(line, &v); err != nil {
		return err
	}
	return fmt.Errorf("invalid JSON")
}

// decodeMember records the envelope member k (for the key order) and
// decodes its value raw into e; both decodeEvent and the json.Decoder
// reference in its test read members this way.
func (e *Event) decodeMember(k string, raw json.RawMessage) error {
	e.keys = append(e.keys, k)
	switch k {
	case "type":
		if err := json.Unmarshal(raw, &e.Type); err != nil || e.Type == "" {
			return &FieldError{Field: k, Err: fmt.Errorf("want a non-empty string")}
		}
	case "seq":
		if err := json.Unmarshal(raw, &e.Seq); err != nil {
			return &FieldError{Field: k, Err: err}
		}
		e.hasSeq = true
	case "time":
		if err := json.Unmarshal(raw, &e.Time); err != nil {
			return &FieldError{Field: k, Err: err}
		}
		e.hasTime = true
	case "data":
		e.Data = raw
	case "sourceEventSeqs":
		if err := json.Unmarshal(raw, &e.SourceEventSeqs); err != nil {
			return &FieldError{Field: k, Err: err}
		}
		if e.SourceEventSeqs == nil {
			return &FieldError{Field: k, Err: fmt.Errorf("want an array")}
		}
	case "surfaceOp":
		var op SurfaceOp
		if err := op.UnmarshalJSON(raw); err != nil {
			return &FieldError{Field: k, Err: err}
		}
		e.SurfaceOp = &op
	case "ignorable":
		if err := json.Unmarshal(raw, &e.Ignorable); err != nil {
			return &FieldError{Field: k, Err: err}
		}
	default:
		return &FieldError{Field: k, Err: fmt.Errorf("unknown envelope key")}
	}
	return nil
}

// complete reports a decoded event without its required members.
func (e *Event) complete() error {
	if e.Type == "" {
		return &FieldError{Field: "type", Err: fmt.Errorf("missing")}
	}
	if e.Data == nil {
		return &FieldError{Field: "data", Err: fmt.Errorf("missing")}
	}
	return nil
}

// skipSpace returns the index of the first byte of b from i on that is not
// JSON whitespace.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the end of the JSON string that starts at b[i] (a
// quote), in valid JSON.
func stringEnd(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}

// valueEnd returns the end of the JSON value that starts at b[i], in valid
// JSON.
func valueEnd(b []byte, i int) int {
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				j = stringEnd(b, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return len(b)
	}
	j := i // a number or a literal
	for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ' ' && b[j] != '\t' && b[j] != '\n' && b[j] != '\r' {
		j++
	}
	return j
}

// DecodeEvent parses one persisted event line (without the header) and gives
// it seq. When the line itself carries a seq it must agree.
func DecodeEvent(line []byte, seq int) (Event, error) {
	e, err := decodeEvent(line)
	if err != nil {
		return e, err
	}
	if e.hasSeq && e.Seq != seq {
		return e, &FieldError{Field: "seq", Err: fmt.Errorf("line says %d, position says %d", e.Seq, seq)}
	}
	e.Seq = seq
	return e, nil
}

// Decode unmarshals the event's data into v.
func (e Event) Decode(v any) error {
	if err := json.Unmarshal(e.Data, v); err != nil {
		return fmt.Errorf("seq %d (%s): data: %w", e.Seq, e.Type, err)
	}
	return nil
}

// TurnData is the data of turn/*, step/*, tool/call and the turn/step part of
// other events.
type TurnData struct {
	Turn int `json:"turn"`
	Step int `json:"step,omitempty"`
}

// TurnEndData is the data of a turn/end event.
type TurnEndData struct {
	Turn   int    `json:"turn"`
	Reason string `json:"reason"`
}

// ToolCallData is the data of a tool/call event.
type ToolCallData struct {
	Turn      int    `json:"turn"`
	Step      int    `json:"step"`
	CallID    string `json:"callId"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// AssistantData is the data of an assistant/message event.
type AssistantData struct {
	Turn        int             `json:"turn"`
	Step        int             `json:"step"`
	Message     Message         `json:"message"`
	Usage       json.RawMessage `json:"usage,omitempty"`
	Interrupted bool            `json:"interrupted,omitempty"`
}

// MessageData is the data of tool/result, system/message and
// developer/message events: a message plus turn and step.
type MessageData struct {
	Turn    int             `json:"turn"`
	Step    int             `json:"step"`
	Message Message         `json:"message"`
	Error   json.RawMessage `json:"error,omitempty"`
	Meta    json.RawMessage `json:"meta,omitempty"`
}

// CompactionStartData is the data of compaction/start and compaction/end.
type CompactionStartData struct {
	CompactionID    string `json:"compactionId"`
	SourceCommandID string `json:"sourceCommandId,omitempty"`
	Turn            *int   `json:"turn"`
	Error           string `json:"error,omitempty"`
}

// ShadowedRange is the first and last surface node of a replaced span. Start
// may be numerically greater than End; ShadowedSeqs is authoritative.
type ShadowedRange struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// CompactionSummaryData is the data of compaction/summary.
type CompactionSummaryData struct {
	CompactionID       string          `json:"compactionId"`
	SourceCommandID    string          `json:"sourceCommandId,omitempty"`
	Summary            []Block         `json:"summary"`
	RawOutput          []Block         `json:"rawOutput,omitempty"`
	LLMStreamCall      bool            `json:"llmStreamCall,omitempty"`
	ShadowedRange      ShadowedRange   `json:"shadowedRange"`
	ShadowedSeqs       []int           `json:"shadowedSeqs"`
	ShadowedTokenCount int             `json:"shadowedTokenCount"`
	Provider           string          `json:"provider"`
	Model              string          `json:"model"`
	MaxTokens          int             `json:"maxTokens,omitempty"`
	Usage              json.RawMessage `json:"usage,omitempty"`
}

// RequestHeaderData is the data of request/header.
type RequestHeaderData struct {
	Header struct {
		Config struct {
			Provider  string `json:"provider"`
			Model     string `json:"model"`
			MaxTokens int    `json:"maxTokens,omitempty"`
		} `json:"config"`
		System string          `json:"system,omitempty"`
		Tools  json.RawMessage `json:"tools,omitempty"`
	} `json:"header"`
	Reason string `json:"reason,omitempty"`
}

// RequestContextData is the data of request/context.
type RequestContextData struct {
	Provider      string `json:"provider"`
	Model         string `json:"model"`
	ContextWindow int    `json:"contextWindow,omitempty"`
}

// marshalNoEscape marshals v as JSON.stringify does, for values that come
// from decoded JSON or plain Go values. A value that cannot be marshalled (a
// hand-built block with an invalid raw attachment) gives "null": callers use
// it for pricing and re-encoding, where an error has nowhere to go; the paths
// that must report it (Message.MarshalJSON) call MarshalJS.
func marshalNoEscape(v any) []byte {
	b, err := MarshalJS(v)
	if err != nil {
		return []byte("null")
	}
	return b
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
func MarshalJS(v any) ([]byte, error) { return jsjson.Marshal(v) }

// Renumber returns e as the event at seq of another log, for code that
// copies events from one log into another with events inserted or left out
// (ef fold's replay, the bench's replay driver). place maps the seqs of e's
// log to the other log's; ok is false for an event that was left out. e's
// SourceEventSeqs are mapped through place, dropping the ones left out (an
// empty list stays an empty list); a replacement's Start and End must both
// be placed, or Renumber fails with ErrSeqReference, since the replacement
// would cover other nodes.
//
// The copy keeps the envelope's key order and whether the line carried seq
// and time, so it encodes as the host would have written it at seq. An
// event expanded from a packed chunk row becomes an event of its own (the
// row's first seq no longer matches); such events carry no references.
func (e Event) Renumber(seq int, place func(old int) (int, bool)) (Event, error) {
	ne := e
	ne.Seq = seq
	ne.packed = nil
	if e.SourceEventSeqs != nil {
		ne.SourceEventSeqs = make([]int, 0, len(e.SourceEventSeqs))
		for _, old := range e.SourceEventSeqs {
			if n, ok := place(old); ok {
				ne.SourceEventSeqs = append(ne.SourceEventSeqs, n)
			}
		}
	}
	if e.SurfaceOp != nil && e.SurfaceOp.Replace {
		op := *e.SurfaceOp
		var okStart, okEnd bool
		op.Start, okStart = place(e.SurfaceOp.Start)
		op.End, okEnd = place(e.SurfaceOp.End)
		if !okStart || !okEnd {
			return e, &FieldError{Field: "surfaceOp", Err: fmt.Errorf("%w: replacement [%d, %d] names an event that was left out", ErrSeqReference, e.SurfaceOp.Start, e.SurfaceOp.End)}
		}
		ne.SurfaceOp = &op
	}
	return ne, nil
}
