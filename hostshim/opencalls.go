package hostshim

import "fmt"

// OpenCall is a tool call on the surface that no result answers although
// the conversation went on past it: a later assistant message was
// appended. No cut after it is balanced, so nothing from it on can be
// folded. A log that repeats an assistant message (the same line written
// twice) leaves one such call: its id is issued twice and answered once.
type OpenCall struct {
	Seq  int    // the assistant message that issued the call
	ID   string // the call id
	Name string // the tool's name
	// Again is the seq of a later assistant message that issued the same
	// id while this call was waiting, or 0.
	Again int
}

// String describes the call for an error or a warning.
func (c OpenCall) String() string {
	s := fmt.Sprintf("tool call %s at seq %d has no result", c.ID, c.Seq)
	if c.Name != "" {
		s = fmt.Sprintf("tool call %s (%s) at seq %d has no result", c.ID, c.Name, c.Seq)
	}
	if c.Again > 0 {
		s += fmt.Sprintf("; seq %d issues the same call id again (a repeated assistant message?)", c.Again)
	}
	return s
}

// CallLedger pairs tool calls with their results in surface order and
// keeps the calls left open (OpenCall). The zero value is ready; a nil
// ledger records nothing. It is not safe for concurrent use.
type CallLedger struct {
	pending []pendingCall
}

type pendingCall struct {
	OpenCall
	passed bool // an assistant message came after it
}

// Assistant records an assistant message at seq and the calls it issues,
// in order.
func (l *CallLedger) Assistant(seq int, calls []Block) {
	if l == nil {
		return
	}
	for i := range l.pending {
		l.pending[i].passed = true
	}
	for _, b := range calls {
		for i := range l.pending {
			if p := &l.pending[i]; p.ID == b.ID && p.Again == 0 {
				p.Again = seq
			}
		}
		l.pending = append(l.pending, pendingCall{OpenCall: OpenCall{Seq: seq, ID: b.ID, Name: b.Name}})
	}
}

// Result records a tool result for call id: it answers the latest call
// with that id that is still waiting.
func (l *CallLedger) Result(id string) {
	if l == nil {
		return
	}
	for i := len(l.pending) - 1; i >= 0; i-- {
		if l.pending[i].ID == id {
			l.pending = append(l.pending[:i], l.pending[i+1:]...)
			return
		}
	}
}

// Open returns the calls left without a result that a later assistant
// message went past, oldest first.
func (l *CallLedger) Open() []OpenCall {
	if l == nil {
		return nil
	}
	var out []OpenCall
	for _, p := range l.pending {
		if p.passed {
			out = append(out, p.OpenCall)
		}
	}
	return out
}

// OpenCalls returns the open calls (CallLedger.Open) of the session's
// surface. A nil Session is ErrNilSession.
func OpenCalls(s *Session) ([]OpenCall, error) {
	if s == nil {
		return nil, ErrNilSession
	}
	var l CallLedger
	for _, seq := range s.Nodes() {
		m, err := s.Message(seq)
		if err != nil {
			return nil, err
		}
		if m == nil {
			continue
		}
		if m.Role == RoleAssistant {
			l.Assistant(seq, m.ToolCalls())
		} else if id, ok := m.ToolResultID(); ok {
			l.Result(id)
		}
	}
	return l.Open(), nil
}
