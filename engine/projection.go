package engine

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/projection"
	"github.com/epistemicfold/ef/validator"
)

// projCache lists the sessions whose live state (live, kept with the
// session) the engine has touched, most recently used last, so
// ProjectionMemory can sum them; it lists at most projCacheMax sessions.
// The engine stays free of per-session truth: the live state is rebuilt
// from the log when it is missing.
type projCache struct {
	mu    sync.Mutex
	m     map[*hostshim.Session]*projEntry
	clock int
}

type projEntry struct {
	l    *live
	used int
}

const projCacheMax = 64

// firstMissing returns the first message event with from ≤ seq ≤ to whose
// payload the session no longer holds (hostshim.Session.Forget or
// Release), or -1.
func firstMissing(s *hostshim.Session, from, to int) int {
	if !s.HasForgotten() {
		return -1
	}
	for seq := max(from, 0); seq <= to && seq < s.Len(); seq++ {
		if e, ok := s.Event(seq); ok && e.Forgotten() && hostshim.SurfaceEligible(e.Type) {
			return seq
		}
	}
	return -1
}

// touch records that the engine used l, the live state of s.
func (c *projCache) touch(s *hostshim.Session, l *live) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[*hostshim.Session]*projEntry{}
	}
	c.clock++
	c.m[s] = &projEntry{l: l, used: c.clock}
	for len(c.m) > projCacheMax {
		var old *hostshim.Session
		for k, v := range c.m {
			if old == nil || v.used < c.m[old].used {
				old = k
			}
		}
		delete(c.m, old)
	}
}

// reduceTo returns a reducer over the session's message events with seq ≤
// hi, in seq order (checkpoint and summary messages are narrative and
// restate nothing): the projection as of the end of the last fold extended
// to hi, or, when hi lies before that end, a projection of the log up to
// hi. The returned reducer is the caller's own.
//
// When some of those events are no longer in memory (the sidecar's mirror
// releases what committed folds archived, hostshim.Session.Release; ef
// fold forgets) and the live state did not read them before, the state is
// rebuilt from the surface: each checkpoint contributes the projection
// snapshot its bundle stored.
func (e *Engine) reduceTo(ctx context.Context, s *hostshim.Session, hi int) (*projection.Reducer, error) {
	if r, ok := e.liveOf(s).reduceTo(s, hi); ok {
		return r, nil
	}
	r, _, err := projectSurface(ctx, s, e.opts.Archive, projection.Options{SessionID: bundleSessionID(s)}, hi)
	return r, err
}

// remember makes r (as of the end of a committed fold, with the batch of
// the summarizer's proposals it admitted, nil for none) the projection the
// session's next fold extends.
func (e *Engine) remember(s *hostshim.Session, r *projection.Reducer, b *projection.ModelBatch) {
	e.liveOf(s).committed(s, r, b)
}

// ProjectionMemory reports the projections the engine holds (one per
// session it folded, as of its last fold): their anchors and estimated
// bytes, summed. Safe for concurrent use.
func (e *Engine) ProjectionMemory() (anchors, bytes int) {
	if e == nil {
		return 0, 0
	}
	e.proj.mu.Lock()
	defer e.proj.mu.Unlock()
	for _, ent := range e.proj.m {
		ent.l.mu.Lock()
		if ent.l.base != nil {
			a, b := ent.l.base.Footprint()
			anchors += a
			bytes += b
		}
		ent.l.mu.Unlock()
	}
	return anchors, bytes
}

// Forget drops the engine's state of a session (the sidecar calls it when
// it drops the session's mirror): its live projection and what the engine
// read of its messages.
func (e *Engine) Forget(s *hostshim.Session) {
	if e == nil || s == nil {
		return
	}
	e.proj.mu.Lock()
	delete(e.proj.m, s)
	e.proj.mu.Unlock()
	s.SetDerived(liveKey{e}, nil)
}

// ApplyEvents feeds the session's message events with from ≤ seq ≤ to into
// r, in seq order.
func ApplyEvents(r *projection.Reducer, s *hostshim.Session, from, to int) {
	projection.HostEvents(s, from, to, validator.IsErrorResult, r.Apply)
}

// coveredHi is the newest original event a surface node stands for: its own
// seq, or for a checkpoint the newest event of what it shadowed, over all
// its sources (a leaf checkpoint written after messages that a later fold
// took with it has a newer seq than they, but stands for older events).
func coveredHi(s *hostshim.Session, seq int) int {
	return coveredEnd(s, seq, 0, func(a, b int) bool { return a > b })
}

// coveredLo is the oldest original event node seq stands for: its own
// seq, or for a checkpoint the oldest of what it folded.
func coveredLo(s *hostshim.Session, seq int) int {
	return coveredEnd(s, seq, 0, func(a, b int) bool { return a < b })
}

// coveredEnd is coveredHi (beyond: a > b) or coveredLo (a < b) at depth
// of nested checkpoints (bounded).
func coveredEnd(s *hostshim.Session, seq, depth int, beyond func(a, b int) bool) int {
	e, ok := s.Event(seq)
	if !ok || depth >= 64 || e.Type != hostshim.TypeUserMessage || e.SurfaceOp == nil || len(e.SourceEventSeqs) == 0 {
		return seq
	}
	end := -1
	for _, src := range e.SourceEventSeqs {
		if se, ok := s.Event(src); ok && hostshim.SurfaceEligible(se.Type) {
			if v := coveredEnd(s, src, depth+1, beyond); end < 0 || beyond(v, end) {
				end = v
			}
		}
	}
	if end < 0 {
		return seq
	}
	return end
}

// coverage is the range (lo, hi] of original events a fold of surface
// positions si..ei takes out of view: lo is the newest event represented
// before the span, hi the newest inside it.
func coverage(s *hostshim.Session, si, ei int) (lo, hi int) {
	nodes := s.Nodes()
	lo, hi = -1, -1
	for p := 0; p < si && p < len(nodes); p++ {
		lo = max(lo, coveredHi(s, nodes[p]))
	}
	for p := si; p <= ei && p < len(nodes); p++ {
		hi = max(hi, coveredHi(s, nodes[p]))
	}
	return lo, hi
}

// stateView is what a checkpoint states of the projection: the heads new
// or changed in its covered range, and the anchors closed there.
type stateView struct {
	lo, hi int
	heads  []*projection.Anchor
	closed []*projection.Anchor
}

func viewOf(r *projection.Reducer, lo, hi int) *stateView {
	v := &stateView{lo: lo, hi: hi}
	for _, a := range r.Anchors() {
		if a.Seq() <= lo || a.Seq() > hi || a.Kind == projection.KindEvidence || a.Kind == projection.KindArtifact {
			continue
		}
		if a.IsHead() {
			v.heads = append(v.heads, a)
		} else {
			v.closed = append(v.closed, a)
		}
	}
	return v
}

// dropStale leaves out of a verbatim user list the messages whose
// statements the view supersedes: the older sources of a value, rule or
// decision that was replaced, and the rules and obligations lifted or done
// (the state section says what holds now; the raw old wording after it
// would read as current). Items restated from an earlier checkpoint are
// matched by the quote of a closed anchor.
func (v *stateView) dropStale(items []Item) []Item {
	stale := map[int]bool{}
	var quotes []string
	for _, a := range append(slices.Clone(v.heads), v.closed...) {
		if a.IsHead() && a.Was == "" {
			continue
		}
		for _, r := range a.SourceRefs[:max(len(a.SourceRefs)-1, 0)] {
			stale[r.Seq] = true
		}
		if !a.IsHead() && a.Quote != "" {
			quotes = append(quotes, a.Quote)
		}
	}
	if len(stale) == 0 && len(quotes) == 0 {
		return items
	}
	out := items[:0:0]
	for _, it := range items {
		if stale[it.Seq] {
			continue
		}
		if slices.ContainsFunc(quotes, func(q string) bool { return strings.Contains(it.Text, q) }) {
			continue
		}
		out = append(out, it)
	}
	return out
}

// ProjectedThrough returns the newest seq that the projection as of the
// last fold of s has reduced (-1 when there was none). A fold reduces only
// the events after it, so a caller that streams a session through memory
// (ef fold) may let the session forget events up to it
// (hostshim.Session.Forget) without changing what later folds state: a
// later fold whose span ends before it (which would rebuild the projection
// from the log) does not happen in a forward replay.
func (e *Engine) ProjectedThrough(s *hostshim.Session) int {
	if e == nil || s == nil {
		return -1
	}
	l, ok := s.Derived(liveKey{e}).(*live)
	if !ok {
		return -1
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.base == nil {
		return -1
	}
	return l.base.LastSeq()
}
