package hostshim

import (
	"encoding/binary"
	"maps"
	"slices"
)

// Releasing what a committed fold shadowed.
//
// A session that lives as long as its conversation (the sidecar's mirror
// of a host session) cannot keep every event: a long session would cost
// memory in proportion to its whole history. What it needs is the
// surface, the newest event of each tracked kind and, for the events that
// left the surface, only what proves where they went. Release gives that:
// an event it drops leaves behind its seq, its type (one byte) and, when
// it had them, its surface marker and source seqs (the provenance chain
// that checkpoint coverage follows through nested folds).
//
// A message event leaves the surface only when a replacement shadows it.
// Its content then survives only where that replacement put it, and the
// session cannot tell a checkpoint whose bundle holds the exact messages
// from a summary that holds a few lines. So Release asks the caller about
// each replacement once (until the caller says yes) and drops the nodes
// of the replacements it vouches for; the others stay in full.

// ShadowCheck reports whether the nodes a replacement shadowed are safely
// kept elsewhere (for EF: the replacement is a checkpoint whose verified
// bundle archives exactly those nodes). repl is the replacement event;
// shadowed are the surface nodes it took off the surface, in surface
// order. It is asked again on a later Release until it says yes.
type ShadowCheck func(repl Event, shadowed []int) bool

// shadowRec is a replacement whose shadowed nodes are not all released.
type shadowRec struct {
	seq   int   // the replacement event
	nodes []int // the nodes it shadowed; nil when they are its sources
	ok    bool  // the ShadowCheck said yes
}

// noteShadows records that the replacement e takes nodes off the surface.
func (s *Session) noteShadows(e Event, nodes []int) {
	r := shadowRec{seq: e.Seq}
	// Provenance makes the sources a superset of the shadowed nodes
	// without duplicates: equal lengths mean equal sets, and the sources
	// are stored with the event anyway.
	if len(e.SourceEventSeqs) != len(nodes) {
		r.nodes = slices.Clone(nodes)
	}
	s.shadows = append(s.shadows, r)
}

// Release drops for good the events before seq upTo that the session no
// longer needs, payload and envelope: every event that is not a current
// surface node, not the newest request header, turn, step, compaction or
// end-seed event, and — for a message event taken off the surface by a
// replacement — only when check vouches for that replacement (a nil check
// vouches for none, so only log-only events go). It returns the number of
// events released.
//
// After Release, Event still answers every seq: a released event comes
// back with its seq, type, surface marker and source seqs and without
// data (Message fails with ErrForgotten); Events holds the events from
// Base() on; the events below it that are still needed are kept in full
// and looked at again by later calls, so a checkpoint node that a root
// fold took off the surface is released once the root fold is vouched
// for. Appends, replacements, surface queries, balance, entry state and
// folds keep working: none reads the payload of a released event. A
// session whose prefix was released cannot be written out (WriteSession
// refuses).
//
// What a released event leaves behind is one byte for its type, plus its
// source seqs when it had any (replacements), so the session's memory
// follows its surface and not the length of its log. A nil Session
// releases nothing (0).
func (s *Session) Release(upTo int, check ShadowCheck) int {
	if s == nil {
		return 0
	}
	upTo = min(upTo, s.Len())
	safe := map[int]bool{}
	recs := s.shadows[:0]
	for _, r := range s.shadows {
		e, _ := s.Event(r.seq)
		nodes := r.nodes
		if nodes == nil {
			nodes = e.SourceEventSeqs
		}
		if !r.ok && check != nil && !e.forgotten {
			r.ok = check(e, slices.Clone(nodes))
		}
		pending := false
		for _, n := range nodes {
			if s.isReleased(n) {
				continue
			}
			pending = true
			if r.ok {
				safe[n] = true
			}
		}
		if pending {
			recs = append(recs, r)
		}
	}
	clear(s.shadows[len(recs):])
	s.shadows = recs

	needed := func(e Event) bool {
		if _, on := s.pos[e.Seq]; on {
			return true
		}
		if slices.Contains(s.latest[:], e.Seq) {
			return true
		}
		return s.eligible(e.Type) && !safe[e.Seq]
	}
	n := 0
	for seq, e := range s.held {
		if !needed(e) {
			s.releaseHeld(seq)
			n++
		}
	}
	if upTo <= s.base {
		return n
	}
	for _, e := range s.events[:upTo-s.base] {
		s.rel.add(e)
		if needed(e) {
			if s.held == nil {
				s.held = map[int]Event{}
			}
			s.held[e.Seq] = e
			continue
		}
		s.rel.keepChain(e)
		s.dropCaches(e.Seq)
		n++
	}
	// A new backing array, so the released events' memory goes.
	s.events = slices.Clone(s.events[upTo-s.base:])
	s.base = upTo
	return n
}

// HasForgotten reports whether Forget or Release dropped any event's
// payload (false for a nil Session).
func (s *Session) HasForgotten() bool { return s != nil && (s.forgetMark > 0 || s.base > 0) }

// Released reports whether Release dropped the event at seq (false for a
// nil Session).
func (s *Session) Released(seq int) bool { return s != nil && s.isReleased(seq) }

func (s *Session) isReleased(seq int) bool {
	if seq < 0 || seq >= s.base {
		return false
	}
	_, held := s.held[seq]
	return !held
}

// releaseHeld drops a held event below the base that is no longer needed.
func (s *Session) releaseHeld(seq int) {
	e, ok := s.held[seq]
	if !ok {
		return
	}
	delete(s.held, seq)
	s.rel.keepChain(e)
	s.dropCaches(seq)
}

// released describes the events below a session's base: the type of each
// (a one-byte code; held events have one too) and, for the released ones
// that carried them, the surface marker and source seqs.
type released struct {
	kinds []uint8        // by seq, for every seq below the base
	names []string       // code-1 → type name; code 0: see other
	other map[int]string // types of events past 255 distinct names
	chain map[int]chainEnv
}

// chainEnv is what a released replacement keeps: its marker and its
// sources, delta-encoded as varints (a fold's sources are nearby seqs, a
// byte or two each instead of eight).
type chainEnv struct {
	op   *SurfaceOp
	src  []byte
	n    int
	none bool // the event had no sources (nil, not empty)
}

func packSeqs(seqs []int) []byte {
	var out []byte
	prev := 0
	for _, v := range seqs {
		out = binary.AppendVarint(out, int64(v-prev))
		prev = v
	}
	return out
}

func unpackSeqs(b []byte, n int) []int {
	out := make([]int, 0, n)
	prev := 0
	for len(b) > 0 {
		d, k := binary.Varint(b)
		if k <= 0 {
			break
		}
		prev += int(d)
		out = append(out, prev)
		b = b[k:]
	}
	return out
}

func (r *released) add(e Event) {
	code := slices.Index(r.names, e.Type) + 1
	if code == 0 && len(r.names) < 255 {
		r.names = append(r.names, e.Type)
		code = len(r.names)
	}
	if code == 0 {
		if r.other == nil {
			r.other = map[int]string{}
		}
		r.other[e.Seq] = e.Type
	}
	r.kinds = append(r.kinds, uint8(code))
}

// keepChain keeps the provenance of a released replacement: the chain a
// checkpoint's coverage is followed along through nested folds. Other
// events' sources (a tool result's call) are not kept.
func (r *released) keepChain(e Event) {
	if e.SurfaceOp == nil || !e.SurfaceOp.Replace {
		return
	}
	if r.chain == nil {
		r.chain = map[int]chainEnv{}
	}
	r.chain[e.Seq] = chainEnv{op: e.SurfaceOp, src: packSeqs(e.SourceEventSeqs), n: len(e.SourceEventSeqs), none: e.SourceEventSeqs == nil}
}

// envelope is the released event at seq as Event returns it.
func (r *released) envelope(seq int, eligible func(string) bool) Event {
	typ := r.other[seq]
	if c := r.kinds[seq]; c > 0 {
		typ = r.names[c-1]
	}
	e := Event{Seq: seq, Type: typ, forgotten: true}
	if c, ok := r.chain[seq]; ok {
		e.SurfaceOp = c.op
		if !c.none {
			e.SourceEventSeqs = unpackSeqs(c.src, c.n)
		}
	} else if eligible(typ) {
		// A surface-eligible event was appended with a plain marker.
		e.SurfaceOp = &SurfaceOp{}
	}
	return e
}

func (r released) clone() released {
	return released{kinds: slices.Clone(r.kinds), names: slices.Clone(r.names), other: maps.Clone(r.other), chain: maps.Clone(r.chain)}
}
