package validator

import (
	"encoding/json"
	"fmt"

	"github.com/epistemicfold/ef/bundle"

	"github.com/epistemicfold/ef/hostshim"
)

// Env gives predicates shared views of a candidate's span, computed once per
// Validate call. A nil or zero Env (one not made by Validate), or one whose
// candidate is nil or has no session, has no span: its methods return
// ErrNoCandidate, and Meter nil.
type Env struct {
	c     *Candidate
	meter hostshim.Meter
	hash  func([]json.RawMessage) (string, error)
	// bundleHash: hash is bundle.LogicalHash (see spanHash).
	bundleHash bool

	spanDone bool
	startIdx int
	endIdx   int
	spanErr  error

	pricesDone bool
	prices     []int
	pricesErr  error
}

// Meter is the validator's host meter (nil for a nil Env).
func (e *Env) Meter() hostshim.Meter {
	if e == nil {
		return nil
	}
	return e.meter
}

// noCandidate reports whether e has no candidate session to look at.
func (e *Env) noCandidate() bool { return e == nil || e.c == nil || e.c.Session == nil }

// Span returns the positions of the candidate's first and last node on the
// current surface, or an error when the span is not on it.
func (e *Env) Span() (startIdx, endIdx int, err error) {
	if e.noCandidate() {
		return -1, -1, ErrNoCandidate
	}
	if !e.spanDone {
		e.spanDone = true
		s := e.c.Session
		e.startIdx, e.endIdx = s.Position(e.c.Start), s.Position(e.c.End)
		switch {
		case e.startIdx < 0:
			e.spanErr = fmt.Errorf("start seq %d is not on the surface", e.c.Start)
		case e.endIdx < 0:
			e.spanErr = fmt.Errorf("end seq %d is not on the surface", e.c.End)
		case e.startIdx > e.endIdx:
			e.spanErr = fmt.Errorf("start seq %d (position %d) is after end seq %d (position %d)", e.c.Start, e.startIdx, e.c.End, e.endIdx)
		}
	}
	return e.startIdx, e.endIdx, e.spanErr
}

// Seqs returns the span's node seqs on the current surface (nil when the
// span is not on it).
func (e *Env) Seqs() []int {
	si, ei, err := e.Span()
	if err != nil {
		return nil
	}
	return e.c.Session.Nodes()[si : ei+1]
}

// SpanPrices returns the host-meter price of every node of the span, in
// surface order (only the span is priced: a fold of a small span of a huge
// surface stays cheap). Prices come from the session's per-node cache
// (hostshim.Session.Price), shared with the planner.
func (e *Env) SpanPrices() ([]int, error) {
	if e.noCandidate() || e.meter == nil {
		return nil, ErrNoCandidate
	}
	if !e.pricesDone {
		e.pricesDone = true
		seqs := e.Seqs()
		if _, _, err := e.Span(); err != nil {
			e.pricesErr = err
			return nil, err
		}
		e.prices = make([]int, len(seqs))
		for i, n := range seqs {
			p, err := e.c.Session.Price(n, e.meter)
			if err != nil {
				e.pricesErr = err
				break
			}
			e.prices[i] = p
		}
	}
	return e.prices, e.pricesErr
}

// SpanTokens is the host-meter price of the span.
func (e *Env) SpanTokens() (int, error) {
	p, err := e.SpanPrices()
	if err != nil {
		return 0, err
	}
	t := 0
	for _, x := range p {
		t += x
	}
	return t, nil
}

// RawMessages returns the exact JSON of the span's model-visible messages,
// in surface order (nodes that derive no message contribute nothing). This
// is what an archive of the span must hold.
func (e *Env) RawMessages() ([]json.RawMessage, error) {
	if e.noCandidate() {
		return nil, ErrNoCandidate
	}
	return SpanMessages(e.c.Session, e.Seqs())
}

// SpanMessages returns the exact JSON of the model-visible messages of the
// given surface nodes, in order: the bytes the host wrote when the message
// came from a log, else its encoding. Nodes that derive no message (an
// assistant message with empty content) are skipped, as the host skips them
// when it builds the summarization input.
func SpanMessages(s *hostshim.Session, seqs []int) ([]json.RawMessage, error) {
	out := make([]json.RawMessage, 0, len(seqs))
	for _, n := range seqs {
		m, err := s.Message(n)
		if err != nil {
			return nil, err
		}
		if m == nil {
			continue
		}
		raw, err := RawMessage(m)
		if err != nil {
			return nil, fmt.Errorf("seq %d: %w", n, err)
		}
		out = append(out, raw)
	}
	return out, nil
}

// RawMessage returns m's exact JSON (m.Raw when it came from a log).
func RawMessage(m *hostshim.Message) (json.RawMessage, error) {
	if m.Raw != nil {
		return m.Raw, nil
	}
	return m.MarshalJSON()
}

// spanHash returns the logical hash of raws, the span's messages: the hash
// content carries when content holds exactly these bytes and the validator
// hashes as the bundle package does (content's hash was computed from an
// equal copy, so it is the hash of raws), else computed from raws.
func (e *Env) spanHash(raws []json.RawMessage, content *bundle.Content) (string, error) {
	if e.bundleHash && content.Holds(raws) {
		return content.LogicalHash(), nil
	}
	return e.hash(raws)
}
