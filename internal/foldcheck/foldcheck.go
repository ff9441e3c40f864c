// Package foldcheck checks the fold's guarantee (EF-RFC-001): the state
// rebuilt from the checkpoints' snapshots and the events after them says
// what the whole log says. A fold is emulated as the engine makes one
// (engine/compile.go): the events up to the fold's end are reduced, the
// facts the fold takes out of view retired (Reducer.Retire), the snapshot
// written, read back and restored into a new reducer, which reduces the
// rest.
package foldcheck

import (
	"fmt"
	"slices"

	"github.com/epistemicfold/ef/projection"
)

// Diff reduces evs whole and again through folds, and returns a line for
// each head whose verdict differs between the two (nil: none), naming
// the head and the folds. The folds are cut evenly: for each n of counts,
// n folds ending after every len(evs)/(n+1) events, each moved forward to
// the first balanced end (no call without its result before it).
// Evidence and artifacts are not heads' verdicts: a fold retires those
// of its span by design.
func Diff(evs []projection.Event, counts ...int) []string {
	whole := projection.New(projection.Options{SessionID: "s"})
	for _, e := range evs {
		whole.Apply(e)
	}
	want := verdicts(whole)
	var out []string
	for _, n := range counts {
		cuts := Cuts(evs, n)
		if len(cuts) == 0 {
			continue
		}
		r, err := Folded(evs, cuts)
		if err != nil {
			out = append(out, fmt.Sprintf("folds at %v: %v", cutSeqs(evs, cuts), err))
			continue
		}
		got := verdicts(r)
		for _, k := range keysOf(want, got) {
			if w, g := want[k], got[k]; w != g {
				out = append(out, fmt.Sprintf("folds ending at seqs %v: %s: whole log %q, folded %q", cutSeqs(evs, cuts), k, or(w), or(g)))
			}
		}
	}
	return out
}

// HistoryDiff reduces evs whole and again through folds (as Diff), both
// keeping their retired anchors (ef state --all), and returns a line for
// each anchor that is not a head which the whole log lists and the folded
// reading with its history (projection.WithHistory) does not, or lists
// more often (nil: none). The heads' verdicts are Diff's.
func HistoryDiff(evs []projection.Event, counts ...int) []string {
	opts := projection.Options{SessionID: "s", KeepRetired: 1 << 16}
	whole := projection.New(opts)
	for _, e := range evs {
		whole.Apply(e)
	}
	want := historyCount(append(whole.Anchors(), whole.RetiredAnchors()...))
	var out []string
	for _, n := range counts {
		cuts := Cuts(evs, n)
		if len(cuts) == 0 {
			continue
		}
		r, err := FoldedWith(evs, cuts, opts)
		if err != nil {
			out = append(out, fmt.Sprintf("folds at %v: %v", cutSeqs(evs, cuts), err))
			continue
		}
		all, _ := projection.WithHistory(r, whole)
		got := historyCount(all)
		for _, k := range keysOf(want, got) {
			if w, g := want[k], got[k]; w != g {
				out = append(out, fmt.Sprintf("folds ending at seqs %v: %s: whole log lists it %d times, folded %d", cutSeqs(evs, cuts), k, w, g))
			}
		}
	}
	return out
}

// historyCount counts the anchors of as that are not heads by kind,
// key, lifecycle, value and newest source (evidence and artifacts as
// closed or observed alike: a fold retires those of its span).
func historyCount(as []*projection.Anchor) map[string]int {
	m := map[string]int{}
	for _, a := range as {
		if a.IsHead() {
			continue
		}
		lc := a.Lifecycle
		if a.Kind == projection.KindEvidence || a.Kind == projection.KindArtifact {
			lc = "-"
		}
		m[fmt.Sprintf("%s %s %s %q @%d", a.Kind, a.Key, lc, a.Value, a.Seq())]++
	}
	return m
}

// Cuts are the indexes of evs after which n even folds end, each the
// first balanced one at or after its even place; fewer when evs is short.
func Cuts(evs []projection.Event, n int) []int {
	open := map[string]bool{}
	balanced := make([]bool, len(evs))
	for i, e := range evs {
		for _, c := range e.Calls {
			open[c.ID] = true
		}
		if e.Result != nil {
			delete(open, e.Result.CallID)
		}
		balanced[i] = len(open) == 0
	}
	var cuts []int
	for k := 1; k <= n; k++ {
		i := k * len(evs) / (n + 1)
		for i < len(evs)-1 && !balanced[i] {
			i++
		}
		if i >= len(evs)-1 || len(cuts) > 0 && i <= cuts[len(cuts)-1] {
			continue
		}
		cuts = append(cuts, i)
	}
	return cuts
}

// Folded is the reducer rebuilt from folds ending after each index of
// cuts (ascending) and the events after the last.
func Folded(evs []projection.Event, cuts []int) (*projection.Reducer, error) {
	return FoldedWith(evs, cuts, projection.Options{SessionID: "s"})
}

// FoldedWith is Folded with the reducers made with opts.
func FoldedWith(evs []projection.Event, cuts []int, opts projection.Options) (*projection.Reducer, error) {
	r := projection.New(opts)
	next := 0
	for _, c := range cuts {
		for _, e := range evs[next : c+1] {
			r.Apply(e)
		}
		next = c + 1
		r.Retire(evs[c].Seq)
		raw, err := r.MarshalSnapshot()
		if err != nil {
			return nil, err
		}
		snap, err := projection.UnmarshalSnapshot(raw)
		if err != nil {
			return nil, err
		}
		r = projection.New(opts)
		if err := r.Restore(snap); err != nil {
			return nil, err
		}
	}
	for _, e := range evs[next:] {
		r.Apply(e)
	}
	return r, nil
}

// verdicts are r's heads' lifecycles by kind and key, but for evidence
// and artifacts.
func verdicts(r *projection.Reducer) map[string]string {
	m := map[string]string{}
	for _, a := range r.Heads() {
		if a.Kind == projection.KindEvidence || a.Kind == projection.KindArtifact {
			continue
		}
		m[string(a.Kind)+" "+a.Key] = a.Lifecycle
	}
	return m
}

// keysOf is every key of a or b, sorted.
func keysOf[V any](a, b map[string]V) []string {
	var ks []string
	for k := range a {
		ks = append(ks, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return ks
}

func cutSeqs(evs []projection.Event, cuts []int) []int {
	var s []int
	for _, c := range cuts {
		s = append(s, evs[c].Seq)
	}
	return s
}

func or(s string) string {
	if s == "" {
		return "(no head)"
	}
	return s
}
