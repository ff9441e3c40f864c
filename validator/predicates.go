package validator

import (
	"fmt"
	"slices"

	"github.com/epistemicfold/ef/hostshim"
)

func fail(code string, seq, pos int, format string, args ...any) Failure {
	return Failure{Code: code, Reason: fmt.Sprintf(format, args...), Seq: seq, Position: pos}
}

// noCandidate is the failed Result of a predicate given a nil candidate, one
// without a session, or a nil Env (ErrNoCandidate): missing input never
// passes.
func noCandidate(c *Candidate, env *Env) (Result, bool) {
	if c == nil || c.Session == nil || env == nil {
		return result([]Failure{fail("no-candidate", -1, -1, "%v", ErrNoCandidate)}), true
	}
	return Result{}, false
}

func result(fs []Failure) Result {
	if len(fs) > 0 {
		return Result{Status: Fail, Failures: fs}
	}
	return Result{Status: Pass}
}

// Balance is predicate B: tool pairing and structural balance. The edges are
// checked with the host's counter (what the host itself will accept); the
// inside by call id, so a result answering a call outside the span, or a call
// answered outside it, is named with its seq.
type Balance struct{}

// Name implements Predicate.
func (Balance) Name() string { return "B" }

// Check implements Predicate. A nil candidate, one without a session, or a
// nil Env fails it with code "no-candidate" (ErrNoCandidate).
func (Balance) Check(c *Candidate, env *Env) Result {
	if r, bad := noCandidate(c, env); bad {
		return r
	}
	s := c.Session
	si, ei, err := env.Span()
	if err != nil {
		return result([]Failure{fail("region", -1, -1, "%v", err)})
	}
	var fs []Failure
	if ok, err := s.BalancedBefore(c.Start); err != nil {
		return result([]Failure{fail("corrupt", c.Start, si, "%v", err)})
	} else if !ok {
		fs = append(fs, fail("edge-start", c.Start, si, "the cut before the span splits a tool call from its result"))
	}
	if ok, err := s.BalancedAfter(c.End); err != nil {
		return result([]Failure{fail("corrupt", c.End, ei, "%v", err)})
	} else if !ok {
		fs = append(fs, fail("edge-end", c.End, ei, "the cut after the span splits a tool call from its result (or the step is still open)"))
	}
	return result(append(fs, spanPairing(s, si, ei)...))
}

// pairingMemoKey keys the pairing memo a session keeps (hostshim.Session.
// SetDerived).
type pairingMemoKey struct{}

// pairingMemo is spanPairing's answer for the span of nodes seqs starting
// at surface position si. Its inputs are the type and message of each of
// those nodes, and a surface node's event is immutable and never forgotten
// or released (hostshim.Session.Forget, Release): the same nodes at the
// same position give the same answer. A fold validates its span at plan,
// at compile and at commit; the memo lets the last two read the answer of
// the first. It is never modified once kept, so a clone may share it.
type pairingMemo struct {
	si    int
	seqs  []int
	fails []Failure
}

// spanPairing checks the inside of the span at surface positions si..ei:
// no system message, every message derivable, every tool result answering
// a call inside the span and every call answered inside it.
func spanPairing(s *hostshim.Session, si, ei int) []Failure {
	seqs := s.Nodes()[si : ei+1]
	if m, ok := s.Derived(pairingMemoKey{}).(*pairingMemo); ok && m.si == si && slices.Equal(m.seqs, seqs) {
		return m.fails
	}
	var fs []Failure
	// The span's calls in order of first appearance, each at the node
	// that last issued its id; one map lookup per call and per result.
	type call struct {
		id       string
		seq, pos int
		answered bool
	}
	var calls []call
	byID := make(map[string]int, (ei-si+1)/2) // about a call per two nodes
	nodes := s.Nodes()
	for p := si; p <= ei; p++ {
		n := nodes[p]
		e, _ := s.Event(n)
		if e.Type == hostshim.TypeSystemMessage {
			fs = append(fs, fail("system-head", n, p, "the span holds the system message, which no fold may replace"))
		}
		m, err := s.Message(n)
		if err != nil {
			fs = append(fs, fail("message", n, p, "%v", err))
			continue
		}
		if m == nil {
			continue
		}
		if e.Type == hostshim.TypeAssistantMessage {
			for i := range m.Content {
				b := &m.Content[i]
				if b.Type != hostshim.BlockToolCall {
					continue
				}
				if k, dup := byID[b.ID]; dup {
					calls[k].seq, calls[k].pos = n, p
					continue
				}
				byID[b.ID] = len(calls)
				calls = append(calls, call{id: b.ID, seq: n, pos: p})
			}
		}
		if e.Type == hostshim.TypeToolResult {
			id, _ := m.ToolResultID()
			if k, in := byID[id]; in {
				calls[k].answered = true
			} else {
				fs = append(fs, fail("orphan-result", n, p, "tool result for call %q whose call is not inside the span", id))
			}
		}
	}
	for _, c := range calls {
		if !c.answered {
			fs = append(fs, fail("unanswered-call", c.seq, c.pos, "tool call %q is not answered inside the span", c.id))
		}
	}
	s.SetDerived(pairingMemoKey{}, &pairingMemo{si: si, seqs: slices.Clone(seqs), fails: fs})
	return fs
}

// Boundary is predicate T: the transaction boundary. No compaction bracket
// other than the candidate's own may be open; the owner rules of the host
// hold (automatic needs an open turn, manual needs none); and no node of a
// step that has not ended lies inside the span.
type Boundary struct{}

// Name implements Predicate.
func (Boundary) Name() string { return "T" }

// Check implements Predicate. A nil candidate, one without a session, or a
// nil Env fails it with code "no-candidate" (ErrNoCandidate).
func (Boundary) Check(c *Candidate, env *Env) Result {
	if r, bad := noCandidate(c, env); bad {
		return r
	}
	s := c.Session
	st, err := hostshim.InspectEntryState(s)
	if err != nil {
		return result([]Failure{fail("log", -1, -1, "%v", err)})
	}
	var fs []Failure
	if st.Busy() {
		own := false
		if c.CompactionID != "" {
			if e, ok := s.Event(st.UnmatchedStart); ok {
				var d hostshim.CompactionStartData
				own = e.Decode(&d) == nil && d.CompactionID == c.CompactionID
			}
		}
		if !own {
			fs = append(fs, fail("busy", st.UnmatchedStart, -1, "compaction bracket opened at seq %d is still open", st.UnmatchedStart))
		}
	}
	open := st.OpenTurn != nil
	if c.TurnOpen != nil {
		open = c.TurnOpen()
	}
	switch {
	case c.Owner == hostshim.OwnerManual && open:
		fs = append(fs, fail("open-turn", -1, -1, "a manual fold needs no open turn; turn %d is open", *st.OpenTurn))
	case c.Owner == hostshim.OwnerCurrentTurn && !open:
		fs = append(fs, fail("no-open-turn", -1, -1, "an automatic fold must run inside an open turn"))
	}
	if turn, step, ok := OpenStep(s); ok {
		si, _, err := env.Span()
		if err == nil {
			for i, n := range env.Seqs() {
				if t, st, has := nodeStep(s, n); has && t == turn && st == step {
					fs = append(fs, fail("open-step", n, si+i, "node belongs to turn %d step %d, which has not ended", turn, step))
					break
				}
			}
		}
	}
	return result(fs)
}

// OpenStep returns the turn and step of a step/start with no step/end (or
// turn/end) after it, scanning the log backwards.
func OpenStep(s *hostshim.Session) (turn, step int, ok bool) {
	for seq := s.Len() - 1; seq >= 0; seq-- {
		e, _ := s.Event(seq)
		switch e.Type {
		case hostshim.TypeStepEnd, hostshim.TypeTurnEnd:
			return 0, 0, false
		case hostshim.TypeStepStart:
			var d hostshim.TurnData
			if e.Decode(&d) != nil {
				return 0, 0, false
			}
			return d.Turn, d.Step, true
		}
	}
	return 0, 0, false
}

// nodeStep returns the turn and step an assistant/message or tool/result
// event belongs to.
func nodeStep(s *hostshim.Session, seq int) (turn, step int, ok bool) {
	e, found := s.Event(seq)
	if !found || (e.Type != hostshim.TypeAssistantMessage && e.Type != hostshim.TypeToolResult) {
		return 0, 0, false
	}
	var d hostshim.TurnData
	if e.Decode(&d) != nil {
		return 0, 0, false
	}
	return d.Turn, d.Step, true
}

// Provenance is predicate P: the span is in a durable, verified bundle
// whose archive equals exactly the span's messages.
type Provenance struct{}

// Name implements Predicate.
func (Provenance) Name() string { return "P" }

// Check implements Predicate. A nil candidate, one without a session, or a
// nil Env fails it with code "no-candidate" (ErrNoCandidate).
func (Provenance) Check(c *Candidate, env *Env) Result {
	if r, bad := noCandidate(c, env); bad {
		return r
	}
	a := c.Archive
	if a == nil {
		if c.ArchiveWaiver != "" {
			return Result{Status: Waived, Note: c.ArchiveWaiver}
		}
		if c.Phase == PhasePlan {
			return Result{Status: Pending, Note: "the bundle is written at compile"}
		}
		return result([]Failure{fail("unarchived", -1, -1, "no bundle holds the span")})
	}
	var fs []Failure
	if !a.Durable {
		fs = append(fs, fail("not-durable", -1, -1, "bundle %s was not reported durable", a.CheckpointID))
	}
	if !a.Verified {
		fs = append(fs, fail("not-verified", -1, -1, "bundle %s was not read back and verified", a.CheckpointID))
	}
	if _, _, err := env.Span(); err != nil {
		return result(append(fs, fail("region", -1, -1, "%v", err)))
	}
	raws, err := env.RawMessages()
	if err != nil {
		return result(append(fs, fail("message", -1, -1, "%v", err)))
	}
	if a.Messages != len(raws) {
		fs = append(fs, fail("archive-count", -1, -1, "bundle %s holds %d messages, the span %d", a.CheckpointID, a.Messages, len(raws)))
	}
	want, err := env.spanHash(raws, a.Content)
	if err != nil {
		return result(append(fs, fail("hash", -1, -1, "%v", err)))
	}
	if a.LogicalHash != want {
		fs = append(fs, fail("archive-mismatch", -1, -1, "bundle %s logical hash %s, the span's messages hash to %s", a.CheckpointID, a.LogicalHash, want))
	}
	return result(fs)
}

// Replacement is predicate R: the framed replacement is priced below the
// span by the host meter.
type Replacement struct{}

// Name implements Predicate.
func (Replacement) Name() string { return "R" }

// Check implements Predicate. A nil candidate, one without a session, or a
// nil Env fails it with code "no-candidate" (ErrNoCandidate).
func (Replacement) Check(c *Candidate, env *Env) Result {
	if r, bad := noCandidate(c, env); bad {
		return r
	}
	if c.Replacement == nil {
		if c.Phase == PhasePlan {
			return Result{Status: Pending, Note: "the replacement is rendered at compile"}
		}
		return result([]Failure{fail("no-replacement", -1, -1, "no replacement message")})
	}
	src, err := env.SpanTokens()
	if err != nil {
		return result([]Failure{fail("region", -1, -1, "%v", err)})
	}
	got := env.meter.CountMessage(c.Replacement)
	if got >= src {
		return result([]Failure{fail("not-shorter", -1, -1, "replacement is %d tokens (%s), the span %d", got, env.meter.Name(), src)})
	}
	return Result{Status: Pass, Note: fmt.Sprintf("%d < %d %s tokens", got, src, env.meter.Name())}
}

// Stability is predicate G: the span holds the planned nodes at the
// planned prices.
type Stability struct{}

// Name implements Predicate.
func (Stability) Name() string { return "G" }

// Check implements Predicate. A nil candidate, one without a session, or a
// nil Env fails it with code "no-candidate" (ErrNoCandidate).
func (Stability) Check(c *Candidate, env *Env) Result {
	if r, bad := noCandidate(c, env); bad {
		return r
	}
	si, _, err := env.Span()
	if err != nil {
		return result([]Failure{fail("region", -1, -1, "%v", err)})
	}
	cur := env.Seqs()
	var fs []Failure
	if c.Planned != nil && !slices.Equal(cur, c.Planned) {
		fs = append(fs, fail("span-changed", -1, -1, "span now holds seqs %v, planned %v", abbrev(cur), abbrev(c.Planned)))
		return result(fs)
	}
	if c.PlannedPrices != nil {
		p, err := env.SpanPrices()
		if err != nil {
			return result([]Failure{fail("price", -1, -1, "%v", err)})
		}
		if len(c.PlannedPrices) != len(cur) {
			return result([]Failure{fail("price-changed", -1, -1, "%d planned prices for %d nodes", len(c.PlannedPrices), len(cur))})
		}
		for i, n := range cur {
			if p[i] != c.PlannedPrices[i] {
				fs = append(fs, fail("price-changed", n, si+i, "node now costs %d, planned %d", p[i], c.PlannedPrices[i]))
			}
		}
	}
	return result(fs)
}

func abbrev(s []int) string {
	if len(s) <= 8 {
		return fmt.Sprint(s)
	}
	return fmt.Sprintf("%v…%v (%d)", s[:4], s[len(s)-2:], len(s))
}
