package hostshim

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Header is the first line of a persisted session log. Raw keeps the line as
// written so that re-encoding is byte-identical; the typed fields are views.
type Header struct {
	Version   int    `json:"version"`
	ID        string `json:"id"`
	CreatedAt int64  `json:"createdAt"`
	Cwd       string `json:"cwd,omitempty"`
	Parent    string `json:"parentSession,omitempty"`

	Raw json.RawMessage `json:"-"`
}

// Surface is the model-visible order of event seqs and the count of
// positional replacements applied so far.
type Surface struct {
	Nodes             []int
	ReplaceGeneration int
}

// Session is the append-only event log of one conversation and the surface
// derived from it. Appends are validated exactly as the host validates them:
// an event that the host would refuse is refused here and the session is left
// unchanged.
//
// A Session is not safe for concurrent use; the host serialises appends on
// one session, and so must callers.
//
// A zero Session is an empty session of generation Gen01 (its first append
// readies it as NewSession would). A nil *Session holds no events: its
// queries return the zero results their doc comments name, and the methods
// that return an error return ErrNilSession.
type Session struct {
	ID     string
	Gen    Generation
	Header Header

	// Lenient makes provenance faults on appended (not replacing) nodes
	// warnings instead of errors. The host's snapshot-test logs strip seqs
	// and elide events, so an appended message may cite seqs the file no
	// longer has; the host checked them when they were live. Replacements are
	// always checked strictly: they are what compaction depends on.
	Lenient bool
	// Warnings lists the faults a lenient session let through.
	Warnings []string
	// NoMessageCache makes Message derive a node's message each time it
	// is asked and keep none. For a reader that appends a log once and
	// asks for few messages (ef state), the cache was half of what each
	// node of a never-compacted surface held (about 390 of 760 bytes).
	NoMessageCache bool

	events []Event
	nodes  []int
	pos    map[int]int // seq → position in nodes; rebuilt after a replace
	gen    int         // replaceGeneration

	msgs map[int]*Message // derived message cache, by seq

	// prices keeps each meter's price of each node's message, computed
	// the first time that meter asks (see Price).
	prices []priceSlot
	// latest holds the seq of the newest event of each type tracked by
	// latestTypes (-1: none yet), so the entry state and the latest
	// request header are found without scanning the log.
	latest [numLatest]int
	header *RequestHeaderData // decoded latest[latestHeader], nil until asked

	// Forget's progress: every event below forgetMark was forgotten or is
	// listed in onSurface (kept because it was a surface node when the
	// surface's generation was forgetGen) or in retained (kept because it
	// was the newest of its kind; a handful). Only a replacement takes a
	// node off the surface, and it moves gen on, so onSurface is looked at
	// again only then: Forget once per event stays linear in the log.
	forgetMark int
	forgetGen  int
	onSurface  []int
	retained   []int

	// Release's compacted prefix (release.go): events holds the events
	// from seq base on (events[i].Seq == base+i); below base, held keeps
	// the events still needed in full and rel describes the others.
	base int
	held map[int]Event
	rel  released
	// shadows lists the replacements whose shadowed nodes Release has not
	// yet released.
	shadows []shadowRec

	bal      []bool // bal[i]: cut before position i is balanced; len(nodes)+1
	balGen   int
	balValid bool

	derived map[any]any // see Derived
}

// NewSession returns an empty session of wire generation gen.
func NewSession(id string, gen Generation) *Session {
	s := &Session{ID: id, Gen: gen}
	s.ready()
	return s
}

// ready makes the maps an append writes, for NewSession and for the first
// append to a zero Session; an empty session tracks no newest event yet.
func (s *Session) ready() {
	if s.pos == nil {
		s.pos = map[int]int{}
	}
	if s.msgs == nil {
		s.msgs = map[int]*Message{}
	}
	if s.Len() == 0 {
		for i := range s.latest {
			s.latest[i] = -1
		}
	}
}

// Event types whose newest occurrence a Session tracks.
const (
	latestHeader = iota
	latestTurnStart
	latestTurnEnd
	latestCompactionStart
	latestCompactionEnd
	latestEndSeed
	latestStepStart
	numLatest
)

func latestIndex(typ string) int {
	switch typ {
	case TypeRequestHeader:
		return latestHeader
	case TypeTurnStart:
		return latestTurnStart
	case TypeTurnEnd:
		return latestTurnEnd
	case TypeCompactionStart:
		return latestCompactionStart
	case TypeCompactionEnd:
		return latestCompactionEnd
	case TypeSessionEndSeed:
		return latestEndSeed
	case TypeStepStart:
		return latestStepStart
	}
	return -1
}

// priceSlot is one meter's cache of node prices, by seq.
type priceSlot struct {
	m      Meter
	prices map[int]int
}

// maxPriceSlots bounds the meters a session caches prices for; a further
// meter is served uncached.
const maxPriceSlots = 8

// Price returns meter m's price of the message the event at seq derives (0
// when it derives none). A node's price is computed once per session and
// meter — the first time m asks — and kept with the node: events are
// immutable, so the price never changes, and the planner, the validator,
// the emergency fold and the CLI all read the same number instead of
// re-tokenizing the surface at every step. Meters are told apart by
// value (==); a meter whose type is not comparable is never cached. A nil
// Session is ErrNilSession.
func (s *Session) Price(seq int, m Meter) (int, error) {
	if s == nil {
		return 0, ErrNilSession
	}
	slot := s.priceSlot(m)
	if slot != nil {
		if p, ok := slot.prices[seq]; ok {
			return p, nil
		}
	}
	msg, err := s.Message(seq)
	if err != nil {
		return 0, err
	}
	p := 0
	if msg != nil {
		p = m.CountMessage(msg)
	}
	if slot != nil {
		slot.prices[seq] = p
	}
	return p, nil
}

func (s *Session) priceSlot(m Meter) *priceSlot {
	if m == nil || !reflect.TypeOf(m).Comparable() {
		return nil
	}
	for i := range s.prices {
		if s.prices[i].m == m {
			return &s.prices[i]
		}
	}
	if len(s.prices) >= maxPriceSlots {
		return nil
	}
	s.prices = append(s.prices, priceSlot{m: m, prices: map[int]int{}})
	return &s.prices[len(s.prices)-1]
}

// Len is the number of events in the log; the next event gets this seq (0
// for a nil Session).
func (s *Session) Len() int {
	if s == nil {
		return 0
	}
	return s.base + len(s.events)
}

// Forget drops the payload (data, derived message, cached prices; the
// envelope's seq, type, time, surface marker and source seqs stay) of the
// events before seq upTo that the session no longer needs: every event
// that is not a current surface node and not the newest request header,
// turn, step, compaction or end-seed event. A forgotten event keeps its seq
// and type; Event returns it with nil Data, and Message fails with
// ErrForgotten. Events kept because they were still needed are looked at
// again by later calls, so a node that a fold took off the surface is
// forgotten next time.
//
// Forget is for a caller that streams a log through a session and has
// already written out the events it forgets (ef fold): the session's
// memory then follows the surface, not the length of the log. Appends,
// replacements, surface queries and folds keep working: none of them reads
// an event that is neither on the surface nor the newest of its kind.
// Forget on a nil Session does nothing.
func (s *Session) Forget(upTo int) {
	if s == nil {
		return
	}
	upTo = min(upTo, s.Len())
	if s.gen != s.forgetGen {
		// A replacement took nodes off the surface since the last call:
		// every node kept for being on it is looked at again.
		s.retained = append(s.retained, s.onSurface...)
		s.onSurface = s.onSurface[:0]
		s.forgetGen = s.gen
	}
	newest := s.retained[:0]
	keep := func(seq int) {
		switch {
		case s.onSurfaceNow(seq):
			s.onSurface = append(s.onSurface, seq)
		case slices.Contains(s.latest[:], seq):
			newest = append(newest, seq)
		default:
			s.forget(seq)
		}
	}
	for _, seq := range s.retained {
		keep(seq)
	}
	for seq := max(s.forgetMark, s.base); seq < upTo; seq++ {
		keep(seq)
	}
	s.retained = newest
	s.forgetMark = max(s.forgetMark, upTo)
}

func (s *Session) onSurfaceNow(seq int) bool {
	_, on := s.pos[seq]
	return on
}

func (s *Session) forget(seq int) {
	if seq < s.base {
		// Held below Release's base and no longer needed.
		s.releaseHeld(seq)
		return
	}
	e := &s.events[seq-s.base]
	// The envelope stays (type, seq references, surface marker: a few
	// ints, which checkpoint coverage follows through nested folds); the
	// payload goes.
	*e = Event{Seq: e.Seq, Type: e.Type, Time: e.Time, SurfaceOp: e.SurfaceOp, SourceEventSeqs: e.SourceEventSeqs,
		Ignorable: e.Ignorable, forgotten: true}
	s.dropCaches(seq)
}

// dropCaches drops what the session derived from the event at seq.
func (s *Session) dropCaches(seq int) {
	delete(s.msgs, seq)
	for i := range s.prices {
		delete(s.prices[i].prices, seq)
	}
}

// Event returns the event with seq, or false when there is none. An event
// that Release dropped comes back as its envelope (see Release). A nil
// Session has none.
func (s *Session) Event(seq int) (Event, bool) {
	if s == nil || seq < 0 || seq >= s.Len() {
		return Event{}, false
	}
	if seq >= s.base {
		return s.events[seq-s.base], true
	}
	if e, ok := s.held[seq]; ok {
		return e, true
	}
	return s.rel.envelope(seq, s.eligible), true
}

// Events returns the log: every event, in seq order, unless Release
// dropped a prefix, in which case it holds the events from seq Base() on
// (Events()[i].Seq == Base()+i) and Event reaches the older ones. The
// slice must not be modified. A nil Session's is nil.
func (s *Session) Events() []Event {
	if s == nil {
		return nil
	}
	return s.events
}

// Base is the seq of Events()[0]: zero unless Release compacted a prefix
// (and zero for a nil Session).
func (s *Session) Base() int {
	if s == nil {
		return 0
	}
	return s.base
}

// Surface returns a copy of the current surface (the zero Surface for a
// nil Session).
func (s *Session) Surface() Surface {
	if s == nil {
		return Surface{}
	}
	return Surface{Nodes: slices.Clone(s.nodes), ReplaceGeneration: s.gen}
}

// Nodes returns the current surface nodes without copying. The slice must
// not be modified and is invalid after the next append. A nil Session's
// is nil.
func (s *Session) Nodes() []int {
	if s == nil {
		return nil
	}
	return s.nodes
}

// Position returns the surface position of seq, or -1 when it is not a node
// (always, for a nil Session).
func (s *Session) Position(seq int) int {
	if s == nil {
		return -1
	}
	if p, ok := s.pos[seq]; ok {
		return p
	}
	return -1
}

// eligible reports whether typ may be a surface node in this session's
// generation.
func (s *Session) eligible(typ string) bool {
	if s.Gen == Gen01 {
		return typ == TypeUserMessage || typ == TypeAssistantMessage || typ == TypeToolResult
	}
	return SurfaceEligible(typ)
}

// AppendOptions carries the optional surface marker of an append.
type AppendOptions struct {
	SurfaceOp       *SurfaceOp
	SourceEventSeqs []int
}

// NewEvent is the event Append would append at seq: data marshalled as
// the host marshals it, unvalidated (a writer that streams events to a
// session elsewhere, which validates them on AppendEvent).
func NewEvent(seq int, typ string, data any, opts AppendOptions) (Event, error) {
	raw, err := MarshalJS(data)
	if err != nil {
		return Event{}, fmt.Errorf("append %s: %w", typ, err)
	}
	return Event{Seq: seq, Type: typ, Data: raw, SurfaceOp: opts.SurfaceOp, SourceEventSeqs: opts.SourceEventSeqs}, nil
}

// Append marshals data, appends an event of type typ and returns it. Time is
// left zero: the model has no clock of its own (callers that want one set it
// through AppendEvent). A nil Session is ErrNilSession.
func (s *Session) Append(typ string, data any, opts AppendOptions) (Event, error) {
	if s == nil {
		return Event{}, ErrNilSession
	}
	e, err := NewEvent(s.Len(), typ, data, opts)
	if err != nil {
		return Event{}, err
	}
	if e.SurfaceOp != nil && e.SurfaceOp.Replace {
		e.SurfaceOp.gen = s.Gen
	}
	if err := s.AppendEvent(e); err != nil {
		return Event{}, err
	}
	return s.events[len(s.events)-1], nil
}

// AppendEvent validates e against the log and the surface and appends it.
// e.Seq must be the next seq. On error nothing changes. A nil Session is
// ErrNilSession.
func (s *Session) AppendEvent(e Event) error {
	if s == nil || s.pos == nil {
		if s == nil {
			return ErrNilSession
		}
		s.ready() // a zero Session's first append
	}
	if e.Seq != s.Len() {
		return &AppendError{Seq: e.Seq, Type: e.Type, Err: fmt.Errorf("%w: expected seq %d", ErrNotContiguous, s.Len())}
	}
	plan, err := s.plan(e)
	if err != nil {
		return &AppendError{Seq: e.Seq, Type: e.Type, Err: err}
	}
	s.events = append(s.events, e)
	if i := latestIndex(e.Type); i >= 0 {
		s.latest[i] = e.Seq
		if i == latestHeader {
			s.header = nil
		}
	}
	if plan != nil && !s.NoMessageCache {
		s.msgs[e.Seq] = plan.msg
	}
	switch {
	case plan == nil:
	case !plan.replace:
		s.pos[e.Seq] = len(s.nodes)
		s.nodes = append(s.nodes, e.Seq)
		s.balValid = false
	default:
		s.noteShadows(e, s.nodes[plan.startIdx:plan.endIdx+1])
		s.nodes = slices.Replace(s.nodes, plan.startIdx, plan.endIdx+1, e.Seq)
		s.gen++
		s.pos = make(map[int]int, len(s.nodes))
		for i, n := range s.nodes {
			s.pos[n] = i
		}
		s.balValid = false
	}
	return nil
}

type surfacePlan struct {
	replace          bool
	startIdx, endIdx int
	msg              *Message // the derived message, validated once and cached
}

// plan validates e as the host's planSurfaceEvent does and says how it
// changes the surface (nil: not at all).
func (s *Session) plan(e Event) (*surfacePlan, error) {
	if !s.eligible(e.Type) {
		if e.SurfaceOp != nil {
			return nil, fmt.Errorf("%w: session event %q is not surface-eligible and cannot carry surfaceOp", ErrNotSurfaceEligible, e.Type)
		}
		if e.SourceEventSeqs != nil {
			return nil, fmt.Errorf("%w: session event %q is not surface-eligible and cannot carry sourceEventSeqs", ErrNotSurfaceEligible, e.Type)
		}
		return nil, nil
	}
	if e.SurfaceOp == nil {
		return nil, fmt.Errorf("%w: session event %q is surface-eligible and requires a surfaceOp marker", ErrBadSurfaceOp, e.Type)
	}
	if !e.SurfaceOp.Replace {
		if err := s.checkProvenance(e, nil); err != nil {
			if !s.Lenient {
				return nil, err
			}
			s.Warnings = append(s.Warnings, fmt.Sprintf("seq %d (%s): %v", e.Seq, e.Type, err))
		}
		m, err := DeriveMessage(e)
		if err != nil {
			return nil, err
		}
		return &surfacePlan{msg: m}, nil
	}
	op := e.SurfaceOp
	if op.Start < 0 || op.End < 0 {
		return nil, fmt.Errorf("%w: session event %q carries an invalid replace surfaceOp", ErrBadSurfaceOp, e.Type)
	}
	startIdx, ok := s.pos[op.Start]
	if !ok {
		return nil, fmt.Errorf("%w: surface replace: start seq %d not found in surface", ErrBadReplace, op.Start)
	}
	endIdx, ok := s.pos[op.End]
	if !ok {
		return nil, fmt.Errorf("%w: surface replace: end seq %d not found in surface", ErrBadReplace, op.End)
	}
	if startIdx > endIdx {
		return nil, fmt.Errorf("%w: surface replace: start seq %d (index %d) is after end seq %d (index %d)", ErrBadReplace, op.Start, startIdx, op.End, endIdx)
	}
	shadowed := s.nodes[startIdx : endIdx+1]
	if err := s.checkProvenance(e, shadowed); err != nil {
		return nil, err
	}
	if e.Type == TypeToolResult {
		if err := s.checkToolResultRewrite(e, shadowed); err != nil {
			return nil, err
		}
	}
	m, err := DeriveMessage(e)
	if err != nil {
		return nil, err
	}
	return &surfacePlan{replace: true, startIdx: startIdx, endIdx: endIdx, msg: m}, nil
}

func (s *Session) checkProvenance(e Event, shadowed []int) error {
	// The checks and their messages follow the host's assertProvenance:
	// every source is range-checked first, then duplicates, then the first
	// source that is not earlier, then coverage of the shadowed nodes.
	sources := map[int]bool{}
	if e.SourceEventSeqs != nil {
		if len(e.SourceEventSeqs) == 0 && e.Type != TypeAssistantMessage {
			return fmt.Errorf("%w: sourceEventSeqs must not be empty except on assistant/message", ErrBadProvenance)
		}
		notEarlier := -1
		for _, src := range e.SourceEventSeqs {
			if src < 0 {
				return fmt.Errorf("%w: session event %q sourceEventSeqs must densely contain non-negative safe integers", ErrBadProvenance, e.Type)
			}
			sources[src] = true
			if notEarlier < 0 && src >= e.Seq {
				notEarlier = src
			}
		}
		if len(sources) != len(e.SourceEventSeqs) {
			return fmt.Errorf("%w: sourceEventSeqs must not contain duplicates", ErrBadProvenance)
		}
		if notEarlier >= 0 {
			return fmt.Errorf("%w: sourceEventSeqs must reference earlier events: %d >= current seq %d", ErrBadProvenance, notEarlier, e.Seq)
		}
	}
	var missing []string
	for _, n := range shadowed {
		if !sources[n] {
			missing = append(missing, strconv.Itoa(n))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: surface replace: sourceEventSeqs must include every shadowed surface node; missing %s", ErrBadProvenance, strings.Join(missing, ", "))
	}
	return nil
}

// checkToolResultRewrite enforces the host rule that a tool/result
// replacement rewrites exactly one current tool/result and changes only the
// content of its first block (Gen01) or its content (Gen017).
func (s *Session) checkToolResultRewrite(e Event, shadowed []int) error {
	if len(shadowed) != 1 {
		return fmt.Errorf("%w: tool/result surface replacement must rewrite exactly one current node", ErrBadReplace)
	}
	orig, _ := s.Event(shadowed[0])
	if orig.Type != TypeToolResult {
		return fmt.Errorf("%w: tool/result surface replacement must target a current tool/result", ErrBadReplace)
	}
	a, err := stripResultContent(orig.Data, s.Gen)
	if err != nil {
		return err
	}
	b, err := stripResultContent(e.Data, s.Gen)
	if err != nil {
		return err
	}
	if !jsonEqual(a, b) {
		return fmt.Errorf("%w: tool/result surface replacement may change only content", ErrBadReplace)
	}
	return nil
}

// stripResultContent returns a tool/result's data with the rewritable content
// nulled out.
func stripResultContent(data json.RawMessage, gen Generation) (any, error) {
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	msg, _ := v["message"].(map[string]any)
	if msg == nil {
		return nil, fmt.Errorf("%w: tool/result without message", ErrBadReplace)
	}
	if gen == Gen017 {
		msg["content"] = nil
		return v, nil
	}
	content, _ := msg["content"].([]any)
	if len(content) > 0 {
		if first, ok := content[0].(map[string]any); ok {
			first["content"] = nil
			msg["content"] = []any{first}
		}
	}
	return v, nil
}

func jsonEqual(a, b any) bool {
	ab, err1 := json.Marshal(a)
	bb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ab) == string(bb)
}

// Message returns the model-visible message of the event at seq (nil when
// the event derives none). Results are cached; the message must be treated
// as read-only. A nil Session is ErrNilSession.
func (s *Session) Message(seq int) (*Message, error) {
	if s == nil {
		return nil, ErrNilSession
	}
	if m, ok := s.msgs[seq]; ok {
		return m, nil
	}
	e, ok := s.Event(seq)
	if !ok {
		return nil, fmt.Errorf("%w: seq %d", ErrNoEvent, seq)
	}
	if e.forgotten {
		return nil, fmt.Errorf("%w: seq %d", ErrForgotten, seq)
	}
	m, err := DeriveMessage(e)
	if err != nil {
		return nil, err
	}
	if !s.NoMessageCache {
		s.msgs[seq] = m
	}
	return m, nil
}

// Messages derives the model-visible messages of the surface in order,
// skipping nodes that derive none (an assistant message with no content).
// A nil Session is ErrNilSession.
func (s *Session) Messages() ([]*Message, error) {
	if s == nil {
		return nil, ErrNilSession
	}
	out := make([]*Message, 0, len(s.nodes))
	for _, n := range s.nodes {
		m, err := s.Message(n)
		if err != nil {
			return nil, err
		}
		if m != nil {
			out = append(out, m)
		}
	}
	return out, nil
}

// balance computes, for every cut of the surface, whether no tool call issued
// before the cut is answered after it. It mirrors the host's counter: an
// assistant message adds its tool-call blocks, a tool/result subtracts one.
func (s *Session) balance() ([]bool, error) {
	if s.balValid && s.balGen == s.gen && len(s.bal) == len(s.nodes)+1 {
		return s.bal, nil
	}
	bal := make([]bool, 1, len(s.nodes)+1)
	bal[0] = true
	open := 0
	for _, n := range s.nodes {
		e, _ := s.Event(n)
		switch e.Type {
		case TypeAssistantMessage:
			m, err := s.Message(n)
			if err != nil {
				return nil, err
			}
			if m != nil {
				for i := range m.Content {
					if m.Content[i].Type == BlockToolCall {
						open++
					}
				}
			}
		case TypeToolResult:
			open--
		}
		if open < 0 {
			return nil, fmt.Errorf("%w: tool/result at surface seq %d has no matching tool-call", ErrCorruptSurface, n)
		}
		bal = append(bal, open == 0)
	}
	s.bal, s.balGen, s.balValid = bal, s.gen, true
	return bal, nil
}

// BalancedBefore reports whether the cut just before surface node seq splits
// no tool call from its result. A nil Session is ErrNilSession.
func (s *Session) BalancedBefore(seq int) (bool, error) { return s.cut(seq, 0) }

// BalancedAfter reports whether the cut just after surface node seq splits no
// tool call from its result. A nil Session is ErrNilSession.
func (s *Session) BalancedAfter(seq int) (bool, error) { return s.cut(seq, 1) }

func (s *Session) cut(seq, off int) (bool, error) {
	if s == nil {
		return false, ErrNilSession
	}
	p, ok := s.pos[seq]
	if !ok {
		return false, fmt.Errorf("%w: surface seq %d not found", ErrNotOnSurface, seq)
	}
	bal, err := s.balance()
	if err != nil {
		return false, err
	}
	return bal[p+off], nil
}

// Clone returns an independent copy of the session (events are shared; they
// are immutable). The clone of a nil Session is nil.
func (s *Session) Clone() *Session {
	if s == nil {
		return nil
	}
	c := &Session{ID: s.ID, Gen: s.Gen, Header: s.Header, gen: s.gen, latest: s.latest, header: s.header,
		forgetMark: s.forgetMark, forgetGen: s.forgetGen, onSurface: slices.Clone(s.onSurface), retained: slices.Clone(s.retained),
		base: s.base, held: maps.Clone(s.held), rel: s.rel.clone(), shadows: slices.Clone(s.shadows), derived: s.cloneDerived()}
	for _, sl := range s.prices {
		c.prices = append(c.prices, priceSlot{m: sl.m, prices: maps.Clone(sl.prices)})
	}
	c.events = slices.Clone(s.events)
	c.nodes = slices.Clone(s.nodes)
	// The balance of each cut is a function of the nodes, which the clone
	// copies: so is its cache.
	c.bal, c.balGen, c.balValid = slices.Clone(s.bal), s.balGen, s.balValid
	c.pos = make(map[int]int, len(s.pos))
	for k, v := range s.pos {
		c.pos[k] = v
	}
	c.msgs = make(map[int]*Message, len(s.msgs))
	for k, v := range s.msgs {
		c.msgs[k] = v
	}
	return c
}
