package engine

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/epistemicfold/ef/bench/synth"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/projection"
)

// TestLiveProjectionMatchesLog holds the live projection (snapshots,
// remembered proposals, a base as of a fold) to the plain reduction it
// replaces: for every span end, the projection reduceTo returns states
// the same anchors as the log reduced with the built-in proposer, from
// the start or from the projection remembered at the last fold; a clone
// of the session answers the same, and grows apart from the original
// without either seeing the other's events. One goroutine does all of it:
// the long profile runs the three seeds without -race (.ci/run's step
// without -race) and the first under it.
func TestLiveProjectionMatchesLog(t *testing.T) {
	seeds := []uint64{1, 2, 3}[:testutil.SizeWithoutRace(t, 1, 3)]
	for _, seed := range seeds {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			w, err := synth.Generate(synth.Options{Seed: seed, TargetChars: 40_000})
			if err != nil {
				t.Fatal(err)
			}
			s := w.Session
			e, err := New(Options{})
			if err != nil {
				t.Fatal(err)
			}
			e.Observe(s)
			snap := func(r *projection.Reducer) []byte {
				b, err := r.MarshalSnapshot()
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
			// fresh is the log reduced from its start to hi (hi only grows
			// between calls).
			plain := projection.New(projection.Options{SessionID: bundleSessionID(s)})
			fresh := func(hi int) *projection.Reducer {
				if hi < plain.LastSeq() {
					plain = projection.New(projection.Options{SessionID: bundleSessionID(s)})
				}
				ApplyEvents(plain, s, plain.LastSeq()+1, hi)
				return plain
			}
			reduce := func(s *hostshim.Session, hi int) *projection.Reducer {
				t.Helper()
				r, err := e.reduceTo(context.Background(), s, hi)
				if err != nil {
					t.Fatal(err)
				}
				return r
			}
			check := func(s *hostshim.Session, hi int, want *projection.Reducer) {
				t.Helper()
				if got := reduce(s, hi); !bytes.Equal(snap(got), snap(want)) {
					t.Fatalf("projection as of %d differs from the log's\n got %s\nwant %s", hi, snap(got), snap(want))
				}
			}
			for hi := -1; hi < s.Len(); hi += 3 {
				check(s, hi, fresh(hi))
			}
			// A fold at mid: later span ends extend what it remembered,
			// earlier ones reduce the log from its start.
			mid := s.Len() / 2
			r := reduce(s, mid)
			r.Retire(mid)
			kept := r.Clone()
			e.remember(s, r, nil)
			for hi := 0; hi < s.Len(); hi += 5 {
				want := fresh(hi)
				if hi >= mid {
					want = kept.Clone()
					ApplyEvents(want, s, mid+1, hi)
				}
				check(s, hi, want)
			}
			if hits, _ := e.liveOf(s).memo.Stats(); hits == 0 {
				t.Fatal("no proposal was reused")
			}
			// A clone answers the same and then grows apart.
			c := s.Clone()
			check(c, s.Len()-1, reduce(s, s.Len()-1))
			if _, err := c.Append(hostshim.TypeUserMessage, map[string]any{"role": "user", "content": []hostshim.Block{hostshim.TextBlock("Never modify anything under vendor/.")}}, hostshim.AppendOptions{SurfaceOp: hostshim.AppendOp}); err != nil {
				t.Fatal(err)
			}
			e.Observe(c)
			e.Observe(s)
			check(c, c.Len()-1, func() *projection.Reducer { w := kept.Clone(); ApplyEvents(w, c, mid+1, c.Len()-1); return w }())
			check(s, s.Len()-1, func() *projection.Reducer { w := kept.Clone(); ApplyEvents(w, s, mid+1, s.Len()-1); return w }())
		})
	}
}
