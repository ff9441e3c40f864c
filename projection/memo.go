package projection

import (
	"crypto/sha256"
	"maps"
	"reflect"
	"slices"
	"sync"
)

// Memo is a Proposer that remembers another Proposer's proposals per event,
// so extraction runs once per message: a reducer that applies an event
// again in the same context (a fold that re-reduces a span, a projection
// rebuilt after a fold retired part of it, a clone of a session) gets the
// remembered proposals instead of running the extraction patterns again.
//
// A proposer's answer is a function of the event and its context, so an
// entry is reused only when both equal the ones it was computed for (the
// event's role, text, calls and result envelope; the context's call,
// objective, last value, open failures, questions, pins and decisions:
// every field of Context); anything else is proposed
// afresh and replaces the entry. Entries are found by the event's seq, so
// one Memo serves one session's log. A Memo is safe for concurrent use.
//
// The zero Memo is ready to use: it is NewMemo(nil). A nil *Memo
// remembers nothing: it proposes as Deterministic does, Len and Stats are
// zero, and Clone is nil.
type Memo struct {
	inner Proposer

	mu           sync.Mutex
	m            map[int]*memoEntry
	hits, misses int
}

// memoEntry is one event's proposals and what they were computed from.
// The event's text is kept as its SHA-256 (the entry would otherwise hold
// a copy of every message's text); its calls are kept whole (short).
type memoEntry struct {
	ev    Event // without Text
	text  [sha256.Size]byte
	ctx   Context
	props []Proposal
}

// NewMemo returns a Memo over inner (nil: Deterministic).
func NewMemo(inner Proposer) *Memo {
	if inner == nil {
		inner = Deterministic{}
	}
	return &Memo{inner: inner, m: map[int]*memoEntry{}}
}

var _ Proposer = (*Memo)(nil)

// Propose implements Proposer. A nil ev has no proposals; a nil ctx is
// an empty Context.
func (m *Memo) Propose(ev *Event, ctx *Context) []Proposal {
	if m == nil || ev == nil || ctx == nil {
		if m == nil || ev == nil {
			return Deterministic{}.Propose(ev, ctx)
		}
		ctx = &Context{}
	}
	text := sumText(ev.Text)
	m.mu.Lock()
	e, ok := m.m[ev.Seq]
	if ok && e.text == text && sameEvent(&e.ev, ev) && sameContext(&e.ctx, ctx) {
		m.hits++
		m.mu.Unlock()
		return slices.Clone(e.props)
	}
	m.misses++
	m.mu.Unlock()
	inner := m.inner
	if inner == nil {
		inner = Deterministic{}
	}
	props := inner.Propose(ev, ctx)
	ne := &memoEntry{ev: *ev, text: text, ctx: cloneContext(ctx), props: slices.Clone(props)}
	ne.ev.Text = ""
	ne.ev.Calls = slices.Clone(ev.Calls)
	if ev.Result != nil {
		r := *ev.Result
		ne.ev.Result = &r
	}
	m.mu.Lock()
	if m.m == nil {
		m.m = map[int]*memoEntry{}
	}
	m.m[ev.Seq] = ne
	m.mu.Unlock()
	return props
}

// Keep drops the entries whose seq keep rejects (a fold took them out of
// view, or the caller forgot those events).
func (m *Memo) Keep(keep func(seq int) bool) {
	if m == nil || keep == nil {
		// Nothing remembered, or no rule to keep by: nothing to drop.
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	maps.DeleteFunc(m.m, func(seq int, _ *memoEntry) bool { return !keep(seq) })
}

// Len is the number of events remembered.
func (m *Memo) Len() int {
	if m == nil {
		return 0
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.m)
}

// Stats returns how many proposals were reused and how many computed.
func (m *Memo) Stats() (hits, misses int) {
	if m == nil {
		return 0, 0
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.hits, m.misses
}

// sameEvent compares all but the text (compared by hash).
func sameEvent(a, b *Event) bool {
	if a.Seq != b.Seq || a.Role != b.Role || len(a.Calls) != len(b.Calls) {
		return false
	}
	if (a.Result == nil) != (b.Result == nil) || a.Result != nil && *a.Result != *b.Result {
		return false
	}
	for i := range a.Calls {
		if !sameCall(&a.Calls[i], &b.Calls[i]) {
			return false
		}
	}
	return true
}

func sameCall(a, b *Call) bool {
	return a.ID == b.ID && a.Name == b.Name && reflect.DeepEqual(a.Args, b.Args)
}

// sameContext compares every field of Context: each is an input some
// reading consults (TestSameContextSeesEveryField fails when a field is
// added to Context and not here).
func sameContext(a, b *Context) bool {
	if a.HaveObjective != b.HaveObjective || a.RuledOnly != b.RuledOnly || a.ObjectiveAsked != b.ObjectiveAsked || a.LastValueKey != b.LastValueKey || a.LastValueName != b.LastValueName ||
		a.Attempt != b.Attempt || a.DecidedLast != b.DecidedLast || a.Offer != b.Offer || a.OfferedPick != b.OfferedPick || a.ChoseOffered != b.ChoseOffered || a.Chosen != b.Chosen || a.Language != b.Language || a.Ran != b.Ran || a.ProposedRule != b.ProposedRule || a.AskedEnd != b.AskedEnd || a.Looked != b.Looked || a.AskedNumbered != b.AskedNumbered || a.AskedListed != b.AskedListed || a.AskedHeld != b.AskedHeld || a.Objective != b.Objective {
		return false
	}
	if (a.Call == nil) != (b.Call == nil) || a.Call != nil && !sameCall(a.Call, b.Call) {
		return false
	}
	return maps.Equal(a.OpenFailures, b.OpenFailures) && maps.Equal(a.Pinned, b.Pinned) &&
		maps.Equal(a.OpenQuestions, b.OpenQuestions) && maps.Equal(a.Questions, b.Questions) &&
		slices.Equal(a.Decisions, b.Decisions) && slices.Equal(a.Offered, b.Offered) && slices.Equal(a.Asked, b.Asked) && slices.Equal(a.Guesses, b.Guesses) && slices.Equal(a.UserAsked, b.UserAsked) && slices.Equal(a.AskedBack, b.AskedBack) && slices.Equal(a.Asks, b.Asks) && slices.Equal(a.Answered, b.Answered) && slices.Equal(a.AgentAnswered, b.AgentAnswered) && slices.Equal(a.Values, b.Values) && slices.Equal(a.Held, b.Held) &&
		slices.EqualFunc(a.OfferedGroups, b.OfferedGroups, func(x, y OptionGroup) bool { return x.Heading == y.Heading && slices.Equal(x.Options, y.Options) })
}

// cloneContext copies c with maps and slices of its own, so an entry never
// shares them with the reducer that built c.
func cloneContext(c *Context) Context {
	out := *c
	if c.Call != nil {
		call := *c.Call
		out.Call = &call
	}
	out.OpenFailures = maps.Clone(c.OpenFailures)
	out.Pinned = maps.Clone(c.Pinned)
	out.OpenQuestions = maps.Clone(c.OpenQuestions)
	out.Questions = maps.Clone(c.Questions)
	out.Decisions = slices.Clone(c.Decisions)
	out.Offered = slices.Clone(c.Offered)
	out.Asked = slices.Clone(c.Asked)
	out.Guesses = slices.Clone(c.Guesses)
	out.UserAsked = slices.Clone(c.UserAsked)
	out.AskedBack = slices.Clone(c.AskedBack)
	out.Asks = slices.Clone(c.Asks)
	out.Answered = slices.Clone(c.Answered)
	out.AgentAnswered = slices.Clone(c.AgentAnswered)
	out.Values = slices.Clone(c.Values)
	out.Held = slices.Clone(c.Held)
	out.OfferedGroups = make([]OptionGroup, len(c.OfferedGroups))
	for i, g := range c.OfferedGroups {
		out.OfferedGroups[i] = OptionGroup{Heading: g.Heading, Options: slices.Clone(g.Options)}
	}
	if c.OfferedGroups == nil {
		out.OfferedGroups = nil
	}
	return out
}

// Clone returns a Memo with the same inner proposer and entries, for a
// copy of the session whose log may grow apart from this one's (nil for
// a nil *Memo).
func (m *Memo) Clone() *Memo {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return &Memo{inner: m.inner, m: maps.Clone(m.m)}
}

// UseProposer makes r ask p for proposals from now on: a reducer copied
// from one that proposed through another session's Memo gets its own.
// A nil *Reducer has nothing to propose for.
func (r *Reducer) UseProposer(p Proposer) {
	if r == nil {
		return
	}
	if p == nil {
		p = Deterministic{}
	}
	r.opts.Proposer = p
}

// sumText is sha256 of s, hashed through a small buffer: []byte(s) would
// copy a tool's output of megabytes to hash it.
func sumText(s string) [32]byte {
	var buf [4096]byte
	h := sha256.New()
	for len(s) > 0 {
		n := copy(buf[:], s)
		h.Write(buf[:n])
		s = s[n:]
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}
