package hostshim

// Turns writes the host's turn and step events into a session that is
// built rather than observed (a synthetic workload, an imported
// trajectory), around the messages its writer appends: turn/start,
// step/start, step/end and turn/end, numbered as the host numbers them
// (turns from 1, steps from 1 within their turn). Opening a turn or a
// step closes the one that is open; a step holds at most one assistant
// message (one model request). A Turns is not safe for concurrent use.
//
// A zero Turns, or a nil one, has no session to write to: it has no open
// turn, Turn and Step are 0, CloseStep and CloseTurn have nothing to close,
// and Append, OpenTurn, OpenStep and ForAssistant are ErrNilSession.
type Turns struct {
	s                Appender
	turn, step       int
	inTurn, inStep   bool
	stepHasAssistant bool
}

// NewTurns returns the turn writer of s, before its first turn.
func NewTurns(s *Session) *Turns { return &Turns{s: s} }

// Appender takes the events a Turns writes: a *Session, or a writer that
// hands each event on without holding the session (an importer that
// streams a long trajectory).
type Appender interface {
	Append(typ string, data any, opts AppendOptions) (Event, error)
}

// NewTurnsOn returns a turn writer whose events go to a, before its first
// turn.
func NewTurnsOn(a Appender) *Turns { return &Turns{s: a} }

// Append appends one of the writer's own events (a message, a request
// header) to the session and returns its seq: a surface node
// (SurfaceOp append) when surface is set, derived from the events sources
// names.
func (t *Turns) Append(typ string, data any, surface bool, sources []int) (int, error) {
	if t == nil || t.s == nil {
		return 0, ErrNilSession
	}
	opts := AppendOptions{SourceEventSeqs: sources}
	if surface {
		opts.SurfaceOp = AppendOp
	}
	e, err := t.s.Append(typ, data, opts)
	if err != nil {
		return 0, err
	}
	return e.Seq, nil
}

// Turn is the number of the current (or last) turn, for the turn field of
// the events appended inside it.
func (t *Turns) Turn() int {
	if t == nil {
		return 0
	}
	return t.turn
}

// Step is the number of the current (or last) step of the turn.
func (t *Turns) Step() int {
	if t == nil {
		return 0
	}
	return t.step
}

// InTurn reports whether a turn is open.
func (t *Turns) InTurn() bool { return t != nil && t.inTurn }

// OpenTurn closes the open turn, starts the next one and opens its first
// step.
func (t *Turns) OpenTurn() error {
	if t == nil || t.s == nil {
		return ErrNilSession
	}
	if err := t.CloseTurn(); err != nil {
		return err
	}
	t.turn++
	t.step = 0
	t.inTurn = true
	if _, err := t.s.Append(TypeTurnStart, TurnData{Turn: t.turn}, AppendOptions{}); err != nil {
		return err
	}
	return t.OpenStep()
}

// OpenStep closes the open step and starts the next one in the open turn.
func (t *Turns) OpenStep() error {
	if t == nil || t.s == nil {
		return ErrNilSession
	}
	if err := t.CloseStep(); err != nil {
		return err
	}
	t.step++
	t.inStep = true
	_, err := t.s.Append(TypeStepStart, TurnData{Turn: t.turn, Step: t.step}, AppendOptions{})
	return err
}

// ForAssistant readies a step for an assistant message: it opens a turn
// when none is open, else a new step when no step is open or the open one
// already holds its assistant message.
func (t *Turns) ForAssistant() error {
	if t == nil || t.s == nil {
		return ErrNilSession
	}
	var err error
	switch {
	case !t.inTurn:
		err = t.OpenTurn()
	case !t.inStep || t.stepHasAssistant:
		err = t.OpenStep()
	}
	if err != nil {
		return err
	}
	t.stepHasAssistant = true
	return nil
}

// CloseStep ends the open step, if any.
func (t *Turns) CloseStep() error {
	if t == nil || !t.inStep {
		return nil
	}
	t.inStep, t.stepHasAssistant = false, false
	_, err := t.s.Append(TypeStepEnd, TurnData{Turn: t.turn, Step: t.step}, AppendOptions{})
	return err
}

// CloseTurn ends the open step and the open turn, if any, as completed.
func (t *Turns) CloseTurn() error {
	if t == nil || !t.inTurn {
		return nil
	}
	if err := t.CloseStep(); err != nil {
		return err
	}
	t.inTurn = false
	_, err := t.s.Append(TypeTurnEnd, TurnEndData{Turn: t.turn, Reason: "completed"}, AppendOptions{})
	return err
}
