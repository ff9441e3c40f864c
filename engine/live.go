package engine

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/projection"
	"github.com/epistemicfold/ef/validator"
)

// live is what an engine keeps with one session (hostshim.Session.Derived)
// so that each message is read once, when the engine first sees it, and a
// fold reads state instead of re-reducing its span:
//
//   - msgs: per message, what the projection and the checkpoint's facts
//     read of it (the projection's event, the error flag, the fact lines);
//   - memo: the projection's proposals per message (projection.Memo);
//   - base: the projection as of the end of the last fold (nil: none yet),
//     which every later fold extends, exactly as a fold extended the
//     projection it remembered before live state existed;
//   - cur and snaps: base advanced through every message observed since,
//     with an immutable copy every snapEvery messages, so the projection as
//     of any later span end is a copy plus at most snapEvery messages.
//
// It is kept current by Observe and by every Plan and Fold; the messages a
// fold took out of view are dropped from it when the fold commits, so it
// follows the surface, not the log. A clone of the session gets its own
// copy (CloneDerived): the two may grow apart.
type live struct {
	mu    sync.Mutex
	memo  *projection.Memo
	msgs  map[int]*msgInfo
	base  *projection.Reducer
	cur   *projection.Reducer
	snaps []*projection.Reducer
	since int // messages applied to cur since the last snapshot
	// batches are the summarizer's proposals committed folds admitted
	// (each after its span's last event, At), which a projection
	// reduced again from the start admits again (modelprop.go).
	batches []*projection.ModelBatch
}

// snapEvery is how many messages lie between two snapshots of the live
// projection: a fold re-applies at most this many (with remembered
// proposals) after copying the snapshot before its span end.
const snapEvery = 64

// liveKey is the key of an engine's live state on a session.
type liveKey struct{ e *Engine }

// CloneDerived implements hostshim.DerivedCloner. The immutable reducers
// (base, snapshots) and message entries are shared (they are keyed by seq,
// and a clone shares the history they were read from); the memo is copied,
// and every reducer copied from a shared one proposes through the copy's
// memo (own).
func (l *live) CloneDerived() any {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := &live{memo: l.memo.Clone(), msgs: maps.Clone(l.msgs), base: l.base, snaps: slices.Clone(l.snaps), since: l.since, batches: slices.Clone(l.batches)}
	if l.cur != nil {
		c.cur = c.own(l.cur, nil)
	}
	return c
}

// liveOf returns the engine's live state on s, creating it when missing.
func (e *Engine) liveOf(s *hostshim.Session) *live {
	key := liveKey{e}
	l, ok := s.Derived(key).(*live)
	if !ok {
		l = &live{memo: projection.NewMemo(nil), msgs: map[int]*msgInfo{}}
		s.SetDerived(key, l)
	}
	e.proj.touch(s, l)
	return l
}

// Observe brings the engine's state of s up to date with the events
// appended since it last looked: each new message is read once (its
// projection proposals and fact lines) and the live projection advances
// over it. Plan and Fold do this themselves; a host calls Observe after
// appending so that a later fold, an emergency one above all, finds the
// work done. Calls on one session must be serialized, like folds. With a
// nil session, or on a zero or nil Engine, it does nothing.
func (e *Engine) Observe(s *hostshim.Session) {
	if s == nil || e.made() != nil {
		return
	}
	e.liveOf(s).advance(s)
}

// newReducer is an empty projection of s whose proposer is l's memo.
func (l *live) newReducer(s *hostshim.Session) *projection.Reducer {
	return projection.New(projection.Options{SessionID: bundleSessionID(s), Proposer: l.memo})
}

// own returns a copy of r (nil: an empty projection of s) that proposes
// through l's memo.
func (l *live) own(r *projection.Reducer, s *hostshim.Session) *projection.Reducer {
	if r == nil {
		return l.newReducer(s)
	}
	c := r.Clone()
	c.UseProposer(l.memo)
	return c
}

// advance applies to cur every message event after it.
func (l *live) advance(s *hostshim.Session) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cur == nil {
		l.cur = l.own(l.base, s)
		l.snaps, l.since = nil, 0
	}
	if l.missing(s, l.cur.LastSeq()+1, s.Len()-1) {
		// A message the live projection never read is gone (released
		// before this engine saw it): stay behind it; a fold rebuilds
		// from the surface and the next advances from there.
		return
	}
	for seq := l.cur.LastSeq() + 1; seq < s.Len(); seq++ {
		pe, ok := l.event(s, seq)
		if !ok {
			continue
		}
		l.cur.Apply(pe)
		if l.since++; l.since >= snapEvery {
			l.snaps = append(l.snaps, l.cur.Clone())
			l.since = 0
		}
	}
}

// event is the projection's event of the message at seq (false: none).
// It is built again each time (the projection's proposals for it are
// remembered, so this is cheap) rather than kept: it holds the message's
// whole text.
func (l *live) event(s *hostshim.Session, seq int) (projection.Event, bool) {
	mi := l.info(s, seq)
	if mi == nil {
		return projection.Event{}, false
	}
	e, _ := s.Event(seq)
	m, err := s.Message(seq)
	if err != nil || m == nil {
		return projection.Event{}, false
	}
	return projection.FromHost(e, m, mi.isErr)
}

// info returns what was read of the message at seq, reading it the first
// time (nil: the event derives no message the engine reads).
func (l *live) info(s *hostshim.Session, seq int) *msgInfo {
	if mi, ok := l.msgs[seq]; ok {
		return mi
	}
	e, ok := s.Event(seq)
	if !ok || !hostshim.SurfaceEligible(e.Type) {
		return nil
	}
	m, err := s.Message(seq)
	if err != nil || m == nil {
		// A message the host cannot derive says nothing (and a forgotten
		// one is not remembered as empty).
		return nil
	}
	mi := readMessage(e, m)
	l.msgs[seq] = mi
	return mi
}

// encodings returns the archive encodings of the messages seqs derive, in
// order and skipping the nodes that derive none, as validator.SpanMessages
// lists their bytes (nil for a message the engine does not read).
func (l *live) encodings(s *hostshim.Session, seqs []int) []*bundle.Encoded {
	l.mu.Lock()
	defer l.mu.Unlock()
	encs := make([]*bundle.Encoded, 0, len(seqs))
	for _, n := range seqs {
		if m, _ := s.Message(n); m == nil {
			continue
		}
		var enc *bundle.Encoded
		if mi := l.info(s, n); mi != nil {
			enc = mi.enc
		}
		encs = append(encs, enc)
	}
	return encs
}

// reduceTo is the projection of s as of hi (see Engine.reduceTo): a copy of
// the newest snapshot at or before hi, extended to hi; when hi lies before
// the last fold's end, the log reduced from its start. ok is false when a
// message on the way is no longer in the session (forgotten, released).
func (l *live) reduceTo(s *hostshim.Session, hi int) (r *projection.Reducer, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var from *projection.Reducer
	switch {
	case l.base != nil && l.base.LastSeq() > hi:
		// from the start
	case l.cur != nil && l.cur.LastSeq() <= hi:
		from = l.cur
	default:
		// snaps are in seq order.
		i, _ := slices.BinarySearchFunc(l.snaps, hi+1, func(r *projection.Reducer, t int) int { return r.LastSeq() - t })
		if i > 0 {
			from = l.snaps[i-1]
		} else {
			from = l.base
		}
	}
	start := -1
	if from != nil {
		start = from.LastSeq()
	}
	if l.missing(s, start+1, hi) {
		return nil, false
	}
	r = l.own(from, s)
	for seq := start + 1; seq <= hi && seq < s.Len(); seq++ {
		if pe, ok := l.event(s, seq); ok {
			r.Apply(pe)
		}
		for _, b := range l.batches {
			if b.At == seq {
				r.AdmitModel(b, func(q int) (projection.Event, bool) { return l.event(s, q) }, nil)
			}
		}
	}
	return r, true
}

// missing reports whether a message event with from ≤ seq ≤ to is gone
// from the session (hostshim.Session.Forget or Release).
func (l *live) missing(s *hostshim.Session, from, to int) bool {
	return firstMissing(s, from, to) >= 0
}

// committed makes r (the projection as of the end of a committed fold) the
// base and drops what no later fold reads: messages at or before its end
// that are off the surface, and the proposals and snapshots before it.
func (l *live) committed(s *hostshim.Session, r *projection.Reducer, b *projection.ModelBatch) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b != nil {
		l.batches = append(l.batches, b)
	}
	l.base = r
	l.cur, l.snaps, l.since = nil, nil, 0
	l.dropOffSurface(s)
	hi := r.LastSeq()
	l.memo.Keep(func(seq int) bool { return seq > hi })
}

// dropOffSurface drops what was read of the messages at or before the
// base's end that are off the surface. committed runs while the fold's
// span is still on the surface (the summarizer compiles before the host
// replaces it); Engine.Fold calls this again once the replacement is in,
// so what the engine read of the span (a user's or the assistant's whole
// text among it) goes with the span, not at the next fold's commit.
// l.mu must be held.
func (l *live) dropOffSurface(s *hostshim.Session) {
	if l.base == nil {
		return
	}
	hi := l.base.LastSeq()
	maps.DeleteFunc(l.msgs, func(seq int, _ *msgInfo) bool { return seq <= hi && s.Position(seq) < 0 })
}

// folded is dropOffSurface after a fold's replacement is on the surface.
func (l *live) folded(s *hostshim.Session) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.dropOffSurface(s)
}

// msgInfo is what the engine reads of one message, once: the event the
// projection reduces and the lines a checkpoint's facts come from (see
// extractFacts, which combines them over a span).
type msgInfo struct {
	typ   string
	isErr bool
	// checkpoint: an EF (or host) checkpoint, whose sections extractFacts
	// parses from the message itself (rare; not kept here).
	checkpoint bool
	// user: the text when not blank; questions: its lines ending in "?"
	// (assistant: the same, after the decision lines).
	user      string
	questions []string
	// snapshot: user is the host's runtime-context snapshot
	// (projection.HostSnapshot), which the next one replaces.
	snapshot bool
	// assistant: answer is the last non-blank text block; decisions the
	// lines decisionRE marks; calls the tool calls in order.
	answer    string
	decisions []string
	calls     []callInfo
	// tool result: the call it answers; failure and failureShort the line
	// that says what failed (error results only).
	resultID              string
	failure, failureShort string
	// enc is the message's archive encoding, made once here so a fold
	// archiving it hashes the encoding instead of canonicalizing the
	// message again (bundle.NewContentOf uses it only while the message's
	// bytes equal its copy); nil when the message has no JSON form or is
	// too long to keep a copy of (bundle.Encode).
	enc *bundle.Encoded
}

type callInfo struct {
	id, name string
	files    []string // in fileKeys order, not yet deduplicated
	commands []string
}

// readMessage reads one message (m, derived from e).
func readMessage(e hostshim.Event, m *hostshim.Message) *msgInfo {
	mi := &msgInfo{typ: e.Type}
	if raw, err := validator.RawMessage(m); err == nil {
		mi.enc = bundle.Encode(raw)
	}
	isErr := e.Type == hostshim.TypeToolResult && validator.IsErrorResult(e, m)
	mi.isErr = isErr
	switch e.Type {
	case hostshim.TypeUserMessage:
		if m.IsCheckpoint() {
			mi.checkpoint = true
			return mi
		}
		if t := m.Text(); strings.TrimSpace(t) != "" && !injectedChatter(m) {
			mi.user = t
			mi.snapshot = projection.HostSnapshot(t)
			for line := range strings.Lines(t) {
				if l := strings.TrimSpace(line); strings.HasSuffix(l, "?") {
					mi.questions = append(mi.questions, strings.Clone(l))
				}
			}
		}
	case hostshim.TypeAssistantMessage:
		for _, b := range m.Content {
			switch b.Type {
			case hostshim.BlockText:
				if strings.TrimSpace(b.Text) != "" {
					mi.answer = b.Text
				}
				for line := range strings.Lines(b.Text) {
					l := strings.TrimSpace(strings.TrimLeft(line, "-*# "))
					switch {
					case decisionRE.MatchString(l):
						mi.decisions = append(mi.decisions, strings.Clone(l))
					case strings.HasSuffix(l, "?"):
						mi.questions = append(mi.questions, strings.Clone(l))
					}
				}
			case hostshim.BlockToolCall:
				c := callInfo{id: b.ID, name: b.Name}
				var args map[string]any
				if json.Unmarshal([]byte(b.Arguments), &args) == nil {
					for _, k := range fileKeys {
						if p, ok := args[k].(string); ok && p != "" {
							c.files = append(c.files, p)
						}
					}
					for _, k := range commandKeys {
						if cmd, ok := args[k].(string); ok && cmd != "" {
							c.commands = append(c.commands, cmd)
						}
					}
				}
				mi.calls = append(mi.calls, c)
			}
		}
	case hostshim.TypeToolResult:
		mi.resultID, _ = m.ToolResultID()
		if isErr {
			t := m.Text()
			// A line of the output, cloned: it would keep the whole output.
			mi.failure = strings.Clone(failureLine(t))
			mi.failureShort = oneLine(mi.failure, itemRunes)
		}
	}
	return mi
}

// injectedChatter reports whether user message m is the harness's, not a
// request of the user's: a reminder or notice an importer marked as
// chatter or interruption, or DSH's runtime-context snapshot
// (hostshim.Message.InjectedAs). A checkpoint's "User requests" leaves it
// out.
func injectedChatter(m *hostshim.Message) bool {
	switch m.InjectedAs() {
	case hostshim.InjectedChatter, hostshim.InjectedInterruption:
		return true
	}
	return false
}
