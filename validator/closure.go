package validator

import (
	"encoding/json"

	"github.com/epistemicfold/ef/hostshim"
)

// Level is a closure level (EF-RFC-001 §12). LevelNone marks a candidate
// that failed a predicate.
type Level string

// Closure levels, weakest first.
const (
	LevelNone Level = "none"
	// C0 structural: the fold is structurally legal (every predicate that
	// ran passed).
	C0 Level = "C0"
	// C1 interface-safe: authority and boundary are exported (A and O
	// registered and passing).
	C1 Level = "C1"
	// C2 semantic-closed: C1, and the span ends where a work phase ends.
	C2 Level = "C2"
	// C3 verified-closed: C2, and the phase's last tool outcome is a
	// success (evidence).
	C3 Level = "C3"
)

// Closure is a verdict's closure level and the facts it was derived from.
type Closure struct {
	Level Level `json:"level"`
	// PhaseClosed: the span ends at a work-phase boundary: the next surface
	// node is a user message, or the span's turn has ended and nothing
	// follows it on the surface.
	PhaseClosed bool `json:"phaseClosed"`
	// Evidence: the last tool result inside the span is not an error.
	Evidence bool `json:"evidence"`
	// Note says what kept the level from rising.
	Note string `json:"note,omitempty"`
}

func closure(c *Candidate, env *Env, v Verdict) Closure {
	if !v.OK() {
		return Closure{Level: LevelNone, Note: "a predicate failed"}
	}
	cl := Closure{Level: C0}
	si, ei, err := env.Span()
	if err != nil {
		return cl
	}
	cl.PhaseClosed, cl.Evidence = PhaseFacts(c.Session, si, ei)
	ao := v.Status("A") == Pass && v.Status("O") == Pass
	switch {
	case !ao:
		cl.Note = "C1 and above need the A and O predicates (M3a)"
	case !cl.PhaseClosed:
		cl.Level, cl.Note = C1, "the span does not end a work phase"
	case !cl.Evidence:
		cl.Level, cl.Note = C2, "the phase's last tool outcome is an error"
	default:
		cl.Level = C3
	}
	return cl
}

// PhaseFacts reports, for the span of surface positions si..ei, whether it
// ends at a work-phase boundary (the next surface node is a user message,
// or the span's turn has ended and nothing follows it) and whether its last
// tool outcome is a success (true when it has none): the facts closure
// levels C2 and C3 rest on. The planner ranks candidate spans with it.
func PhaseFacts(s *hostshim.Session, si, ei int) (phaseClosed, evidence bool) {
	nodes := s.Nodes()
	if ei+1 < len(nodes) {
		if e, ok := s.Event(nodes[ei+1]); ok && e.Type == hostshim.TypeUserMessage {
			m, _ := s.Message(e.Seq)
			if m != nil {
				if _, isResult := m.ToolResultID(); !isResult && !m.IsCheckpoint() {
					phaseClosed = true
				}
			}
		}
	} else if st, err := hostshim.InspectEntryState(s); err == nil && st.OpenTurn == nil {
		phaseClosed = true
	}
	evidence = true
	for p := ei; p >= si && p >= 0; p-- {
		e, _ := s.Event(nodes[p])
		if e.Type != hostshim.TypeToolResult {
			continue
		}
		m, _ := s.Message(e.Seq)
		evidence = m != nil && !IsErrorResult(e, m)
		break
	}
	return phaseClosed, evidence
}

// IsErrorResult reports whether a tool/result event reports a failure, in
// either wire generation (message isError, a tool-result block's isError,
// or the event's error field).
func IsErrorResult(e hostshim.Event, m *hostshim.Message) bool {
	if m.IsError != nil && *m.IsError {
		return true
	}
	for _, b := range m.Content {
		if b.Type == hostshim.BlockToolResult && b.IsError != nil && *b.IsError {
			return true
		}
	}
	// Only data.error is read: decoding the whole MessageData would copy
	// the message again (a 50 MB output twice more).
	var d struct {
		Error json.RawMessage `json:"error"`
	}
	if e.Decode(&d) == nil && len(d.Error) > 0 && string(d.Error) != "null" {
		return true
	}
	return false
}
