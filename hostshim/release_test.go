package hostshim

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"
)

// TestReleaseDropsOnlyWhatAVouchedFoldArchived: log-only events that are
// not the newest of their kind go at once; message events go only when
// the replacement that shadowed them is vouched for; the surface, the
// newest header and turn, and a replacement's provenance chain stay
// readable; appends, replacements, balance and entry state keep working,
// and a compacted session is never written out as if it were whole.
func TestReleaseDropsOnlyWhatAVouchedFoldArchived(t *testing.T) {
	b := newBuilder(t)
	b.header("sys")
	b.turnStart(1)
	u1 := b.user("u1", "first request")
	a1 := b.assistant("a1", "first answer", "c1")
	r1 := b.result("r1", "c1", "tool output")
	b.turnEnd(1)
	b.header("sys v2")
	b.turnStart(2)
	u2 := b.user("u2", "second request")
	a2 := b.assistant("a2", "second answer")
	s := b.s
	before, err := MeasureSurface(s, HeuristicMeter{})
	if err != nil {
		t.Fatal(err)
	}

	// Nothing shadowed yet: only the older header and turn events go.
	if n := s.Release(s.Len(), nil); n != 2 {
		t.Fatalf("released %d events before any fold; want the old header and turn start (2; the turn end is the newest)", n)
	}
	if e, _ := s.Event(0); e.Type != TypeRequestHeader || !e.Forgotten() || e.Data != nil {
		t.Fatalf("a released event keeps its seq and type only: %+v", e)
	}
	after, err := MeasureSurface(s, HeuristicMeter{})
	if err != nil || after.Total != before.Total || !slices.Equal(after.Nodes, before.Nodes) {
		t.Fatalf("surface after Release: %+v %v, before %+v", after, err, before)
	}
	if st, err := InspectEntryState(s); err != nil || st.OpenTurn == nil || *st.OpenTurn != 2 {
		t.Fatalf("entry state after Release: %+v %v", st, err)
	}

	// Two folds: c1 shadows u1..r1 (vouched), c2 shadows u2..a2 (not).
	c1 := b.add(TypeUserMessage, userData{Content: []Block{TextBlock("summary 1")}, Source: &Source{Kind: "user"}, Role: RoleUser, ID: "c1"},
		&SurfaceOp{Replace: true, Start: u1, End: r1}, []int{u1, a1, r1})
	c2 := b.add(TypeUserMessage, userData{Content: []Block{TextBlock("summary 2")}, Source: &Source{Kind: "user"}, Role: RoleUser, ID: "c2"},
		&SurfaceOp{Replace: true, Start: u2, End: a2}, []int{u2, a2})
	var asked []int
	vouch := func(repl Event, shadowed []int) bool {
		asked = append(asked, repl.Seq)
		if repl.Seq == c1 && !slices.Equal(shadowed, []int{u1, a1, r1}) {
			t.Errorf("c1 shadowed %v", shadowed)
		}
		return repl.Seq == c1
	}
	s.Release(s.Len(), vouch)
	for _, seq := range []int{u1, a1, r1} {
		if _, err := s.Message(seq); !errors.Is(err, ErrForgotten) || !s.Released(seq) {
			t.Fatalf("seq %d under the vouched fold: %v", seq, err)
		}
	}
	for _, seq := range []int{u2, a2, c1, c2} {
		if m, err := s.Message(seq); err != nil || m == nil || s.Released(seq) {
			t.Fatalf("seq %d (under an unvouched fold, or on the surface): %v", seq, err)
		}
	}
	// c2 is asked again next time; c1's nodes are gone and it is not.
	asked = nil
	s.Release(s.Len(), vouch)
	if !slices.Equal(asked, []int{c2}) {
		t.Fatalf("second Release asked about %v; want only the unvouched c2", asked)
	}

	// A root fold takes c1 off the surface; once vouched, c1 is released
	// and keeps its marker and sources (the chain coverage follows).
	root := b.add(TypeUserMessage, userData{Content: []Block{TextBlock("root summary")}, Source: &Source{Kind: "user"}, Role: RoleUser, ID: "root"},
		&SurfaceOp{Replace: true, Start: c1, End: c2}, []int{c1, c2})
	s.Release(s.Len(), func(repl Event, _ []int) bool { return repl.Seq == root })
	e, _ := s.Event(c1)
	if !s.Released(c1) || e.SurfaceOp == nil || !e.SurfaceOp.Replace || !slices.Equal(e.SourceEventSeqs, []int{u1, a1, r1}) {
		t.Fatalf("released checkpoint envelope: %+v", e)
	}
	if _, err := s.Message(u2); err != nil {
		t.Fatalf("u2 went with c2, though c2 was never vouched for: %v", err)
	}
	if !slices.Equal(s.Nodes(), []int{root}) {
		t.Fatalf("surface %v", s.Nodes())
	}

	// The session goes on.
	u3 := b.user("u3", "third request")
	a3 := b.assistant("a3", "calls a tool", "c3")
	b.result("r3", "c3", "out")
	if ok, err := s.BalancedBefore(a3); err != nil || !ok {
		t.Fatalf("balance after Release: %v %v", ok, err)
	}
	if _, err := s.Message(u3); err != nil {
		t.Fatal(err)
	}
	c := s.Clone()
	if !c.Released(u1) || c.Len() != s.Len() {
		t.Fatal("a clone lost the released prefix")
	}
	if err := WriteSession(filepath.Join(t.TempDir(), "log.jsonl"), s, LogOptions{}); !errors.Is(err, ErrForgotten) {
		t.Fatalf("writing a released session: %v", err)
	}
}
