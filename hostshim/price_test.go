package hostshim

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
)

// countingMeter is the heuristic meter that counts the messages it prices.
type countingMeter struct{ n *atomic.Int64 }

func (c countingMeter) Name() string { return "counting" }
func (c countingMeter) CountMessage(m *Message) int {
	c.n.Add(1)
	return HeuristicMeter{}.CountMessage(m)
}
func (c countingMeter) CountText(s string) int { return HeuristicMeter{}.CountText(s) }

// funcMeter is a meter of a type that cannot be compared (it holds a func),
// so the session cannot tell two of them apart and must not cache.
type funcMeter struct{ count func(*Message) int }

func (f funcMeter) Name() string                { return "func" }
func (f funcMeter) CountMessage(m *Message) int { return f.count(m) }
func (f funcMeter) CountText(s string) int      { return len(s) }

func TestPriceOncePerNodeAndMeter(t *testing.T) {
	b := newBuilder(t)
	b.turnStart(1)
	u := b.user("u1", "hello there, a message long enough to cost something")
	a := b.assistant("a1", "and an answer")
	s := b.s
	var n atomic.Int64
	m := countingMeter{n: &n}
	for range 3 {
		prices, err := NodePrices(s, m)
		if err != nil {
			t.Fatal(err)
		}
		for i, seq := range s.Nodes() {
			msg, _ := s.Message(seq)
			if want := (HeuristicMeter{}).CountMessage(msg); prices[i] != want {
				t.Fatalf("seq %d: cached price %d, meter says %d", seq, prices[i], want)
			}
		}
	}
	if got := n.Load(); got != 2 {
		t.Fatalf("priced %d messages for 2 nodes asked 3 times; want each once", got)
	}
	// Another meter has its own prices.
	if _, err := s.Price(u, HeuristicMeter{}); err != nil {
		t.Fatal(err)
	}
	// A clone shares the work done so far and caches independently after.
	c := s.Clone()
	if _, err := c.Price(a, m); err != nil || n.Load() != 2 {
		t.Fatalf("clone re-priced a cached node: %d calls, %v", n.Load(), err)
	}
	// A meter that cannot be compared is served, uncached.
	calls := 0
	fm := funcMeter{count: func(*Message) int { calls++; return 7 }}
	for range 2 {
		if p, err := s.Price(u, fm); err != nil || p != 7 {
			t.Fatalf("uncomparable meter: %d, %v", p, err)
		}
	}
	if calls != 2 {
		t.Fatalf("uncomparable meter called %d times, want 2 (no cache)", calls)
	}
	// A node that derives no message costs 0 and a missing seq is an error.
	if _, err := s.Price(999, m); err == nil {
		t.Fatal("price of a missing seq: no error")
	}
}

// TestEntryStateTracksNewestEvents checks the constant-time entry state
// against the log it summarizes as turns and compactions open and close.
func TestEntryStateTracksNewestEvents(t *testing.T) {
	b := newBuilder(t)
	st, err := InspectEntryState(b.s)
	if err != nil || st.OpenTurn != nil || st.UnmatchedStart != -1 || st.LatestEndSeed != -1 {
		t.Fatalf("empty session: %+v %v", st, err)
	}
	if _, ok, _ := LatestRequestHeader(b.s); ok {
		t.Fatal("empty session has a request header")
	}
	b.header("first")
	b.turnStart(3)
	st, _ = InspectEntryState(b.s)
	if st.OpenTurn == nil || *st.OpenTurn != 3 {
		t.Fatalf("open turn: %+v", st)
	}
	h2 := b.header("second")
	if h, ok, err := LatestRequestHeader(b.s); err != nil || !ok || h.Header.System != "second" {
		t.Fatalf("latest header after seq %d: %+v %v %v", h2, h, ok, err)
	}
	b.turnEnd(3)
	st, _ = InspectEntryState(b.s)
	if st.OpenTurn != nil {
		t.Fatalf("turn closed but still open: %+v", st)
	}
}

// TestForgetKeepsWhatFoldsNeed forgets a written prefix and checks that
// surface nodes and the newest header and turn stay readable, that what
// left the surface is gone (its message fails with ErrForgotten), and
// that a forgotten event is never written to a log.
func TestForgetKeepsWhatFoldsNeed(t *testing.T) {
	b := newBuilder(t)
	b.header("sys")
	b.turnStart(1)
	u1 := b.user("u1", "first request")
	a1 := b.assistant("a1", "first answer")
	b.turnEnd(1)
	b.turnStart(2)
	u2 := b.user("u2", "second request")
	s := b.s
	before, err := MeasureSurface(s, HeuristicMeter{})
	if err != nil {
		t.Fatal(err)
	}
	s.Forget(s.Len())
	after, err := MeasureSurface(s, HeuristicMeter{})
	if err != nil || after.Total != before.Total {
		t.Fatalf("surface after Forget: %+v %v, before %+v", after, err, before)
	}
	st, err := InspectEntryState(s)
	if err != nil || st.OpenTurn == nil || *st.OpenTurn != 2 {
		t.Fatalf("entry state after Forget: %+v %v", st, err)
	}
	// Fold u1..a1 away: they leave the surface and the next Forget drops
	// them; the replacement and u2 stay.
	rep := b.add(TypeUserMessage, userData{Content: []Block{TextBlock("summary")}, Source: &Source{Kind: "user"}, Role: RoleUser, ID: "c1"},
		&SurfaceOp{Replace: true, Start: u1, End: a1}, []int{u1, a1})
	s.Forget(s.Len())
	if _, err := s.Message(u1); !errors.Is(err, ErrForgotten) {
		t.Fatalf("message of a forgotten node: %v", err)
	}
	for _, seq := range []int{rep, u2} {
		if m, err := s.Message(seq); err != nil || m == nil {
			t.Fatalf("surface node %d after Forget: %v", seq, err)
		}
	}
	w, err := CreateSessionLog(filepath.Join(t.TempDir(), "log.jsonl"), s, LogOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := w.Append(s.Events()...); !errors.Is(err, ErrForgotten) {
		t.Fatalf("writing forgotten events: %v", err)
	}
}

// A session with NoMessageCache keeps no derived message, on append or
// when asked, and answers Message as a caching one does; a fold over its
// nodes still checks (the replacement reads their messages again).
func TestNoMessageCacheKeepsNone(t *testing.T) {
	b := newBuilder(t)
	b.s.NoMessageCache = true
	b.header("sys")
	b.turnStart(1)
	u1 := b.user("u1", "first request")
	a1 := b.assistant("a1", "first answer")
	b.turnEnd(1)
	s := b.s
	m, err := s.Message(u1)
	if err != nil || len(m.Content) != 1 || m.Content[0].Text != "first request" {
		t.Fatalf("message of u1: %+v %v", m, err)
	}
	if len(s.msgs) != 0 {
		t.Fatalf("%d derived messages kept, want none", len(s.msgs))
	}
	rep := b.add(TypeUserMessage, userData{Content: []Block{TextBlock("summary")}, Source: &Source{Kind: "user"}, Role: RoleUser, ID: "c1"},
		&SurfaceOp{Replace: true, Start: u1, End: a1}, []int{u1, a1})
	if len(s.msgs) != 0 || len(s.Nodes()) != 1 || s.Nodes()[0] != rep {
		t.Fatalf("after the fold: %d messages kept, surface %v", len(s.msgs), s.Nodes())
	}
}

// Forget after every append of a long, never-compacted session looks at
// each event a bounded number of times: the nodes kept for being on the
// surface are looked at again only after a replacement, so what is left
// to re-examine on each call is the handful kept as the newest of a kind.
func TestForgetPerEventLooksAtFewEvents(t *testing.T) {
	b := newBuilder(t)
	b.header("sys")
	s := b.s
	for i := range 400 {
		b.turnStart(i + 1)
		s.Forget(s.Len())
		b.user(fmt.Sprintf("u%d", i), "request")
		s.Forget(s.Len())
		b.assistant(fmt.Sprintf("a%d", i), "answer")
		s.Forget(s.Len())
		b.turnEnd(i + 1)
		s.Forget(s.Len())
		if len(s.retained) > numLatest {
			t.Fatalf("after turn %d, %d events are looked at again on every call (at most %d are the newest of a kind)", i, len(s.retained), numLatest)
		}
	}
	if len(s.onSurface) != 800 {
		t.Fatalf("%d surface nodes kept, want 800", len(s.onSurface))
	}
}
