package hostshim

import (
	"errors"
	"slices"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"

	"pgregory.net/rapid"
)

// TestReleaseRapid: a mirror fed the events of a random session (both
// generations: appends, parallel calls, log-only events, checkpoints,
// prunes) and released at random points, with a random set of
// replacements vouched for, answers like the full session: the same
// surface, messages, balance, entry state, latest header, event types and
// replacement sources; and it has released only what Release may (no
// surface node, no newest-of-kind event, no message under a replacement
// not vouched for). RAPID_CHECKS=N for more cases.
func TestReleaseRapid(t *testing.T) {
	testutil.RapidChecks(t, 30)
	rapid.Check(t, func(t *rapid.T) {
		m := newSurfaceMachine(t)
		mirror := NewSession("rapid", m.gen)
		vouched := map[int]bool{}
		asked := map[int]bool{}
		shadowedBy := map[int]int{} // node → the replacement that took it off the surface
		sync := func(t *rapid.T) {
			for seq := mirror.Len(); seq < m.s.Len(); seq++ {
				e, _ := m.s.Event(seq)
				if e.SurfaceOp != nil && e.SurfaceOp.Replace {
					before := mirror.Nodes()
					i, j := slices.Index(before, e.SurfaceOp.Start), slices.Index(before, e.SurfaceOp.End)
					for _, n := range before[i : j+1] {
						shadowedBy[n] = seq
					}
				}
				if err := mirror.AppendEvent(e); err != nil {
					t.Fatalf("mirror refused seq %d: %v", seq, err)
				}
			}
		}
		release := func(t *rapid.T) {
			sync(t)
			mirror.Release(rapid.IntRange(0, mirror.Len()).Draw(t, "upTo"), func(repl Event, shadowed []int) bool {
				asked[repl.Seq] = true
				for _, n := range shadowed {
					if shadowedBy[n] != repl.Seq {
						t.Fatalf("replacement %d reported shadowing %d, which %d shadowed", repl.Seq, n, shadowedBy[n])
					}
				}
				if !vouched[repl.Seq] {
					vouched[repl.Seq] = rapid.Bool().Draw(t, "vouch")
				}
				return vouched[repl.Seq]
			})
		}
		check := func(t *rapid.T) {
			m.check(t)
			sync(t)
			if !slices.Equal(mirror.Nodes(), m.s.Nodes()) || mirror.Len() != m.s.Len() {
				t.Fatalf("mirror surface %v (len %d), session %v (len %d)", mirror.Nodes(), mirror.Len(), m.s.Nodes(), m.s.Len())
			}
			for _, n := range m.s.Nodes() {
				a, err1 := mirror.Message(n)
				b, err2 := m.s.Message(n)
				if err1 != nil || err2 != nil || a.Text() != b.Text() {
					t.Fatalf("surface node %d: mirror %v, session %v", n, err1, err2)
				}
				x, _ := mirror.BalancedAfter(n)
				y, _ := m.s.BalancedAfter(n)
				if x != y {
					t.Fatalf("balance after %d differs", n)
				}
			}
			sa, errA := InspectEntryState(mirror)
			sb, errB := InspectEntryState(m.s)
			if (errA == nil) != (errB == nil) || sa.UnmatchedStart != sb.UnmatchedStart || (sa.OpenTurn == nil) != (sb.OpenTurn == nil) {
				t.Fatalf("entry state: mirror %+v %v, session %+v %v", sa, errA, sb, errB)
			}
			latest := slices.Clone(mirror.latest[:])
			for seq := 0; seq < m.s.Len(); seq++ {
				a, _ := mirror.Event(seq)
				b, _ := m.s.Event(seq)
				if a.Type != b.Type {
					t.Fatalf("seq %d: type %q in the mirror, %q in the session", seq, a.Type, b.Type)
				}
				if b.SurfaceOp != nil && b.SurfaceOp.Replace && (!slices.Equal(a.SourceEventSeqs, b.SourceEventSeqs) || a.SurfaceOp == nil || *a.SurfaceOp != *b.SurfaceOp) {
					t.Fatalf("replacement %d lost its provenance: %+v", seq, a)
				}
				if !mirror.Released(seq) {
					if string(a.Data) != string(b.Data) {
						t.Fatalf("seq %d held with other data", seq)
					}
					continue
				}
				switch {
				case mirror.Position(seq) >= 0:
					t.Fatalf("surface node %d released", seq)
				case slices.Contains(latest, seq):
					t.Fatalf("the newest %s (seq %d) released", a.Type, seq)
				case mirror.eligible(a.Type) && !vouched[shadowedBy[seq]]:
					t.Fatalf("message %d released though replacement %d was not vouched for", seq, shadowedBy[seq])
				}
				if _, err := mirror.Message(seq); mirror.eligible(a.Type) && !errors.Is(err, ErrForgotten) {
					t.Fatalf("released message %d: %v", seq, err)
				}
			}
		}
		actions := m.hostActions()
		actions["release"] = release
		actions[""] = check
		t.Repeat(actions)
	})
}
