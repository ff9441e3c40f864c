// The closed history of a folded session: what ef state --all prints
// when the state is rebuilt from checkpoints.

package projection

import (
	"slices"
	"strconv"
)

// WithHistory is every anchor of r, a reducer rebuilt from checkpoint
// snapshots and the events after them, with the closed history of whole,
// the same session's events reduced whole (both with Options.KeepRetired).
// A snapshot keeps the heads and the closed anchors a later reading needs;
// what a span retired (superseded values and decisions, retired failures,
// the evidence and files it observed) is in the log and the bundles, not in
// it, so the rebuilt state alone says less than the whole log (trial 11).
// The heads are r's; the anchors that are not are whole's, in each slot
// (kind and key) r holds no head in, with r's own retired ones whole does
// not list. The result is the hot anchors, oldest first,
// then the retired ones in whole's order of retiring (r's own after them),
// as Anchors and RetiredAnchors of the whole log list them; fromLog counts
// the anchors whole alone held. A nil whole adds nothing; nil r: nil.
func WithHistory(r, whole *Reducer) (anchors []*Anchor, fromLog int) {
	if r == nil {
		return nil, 0
	}
	hot, retired := r.Anchors(), r.RetiredAnchors()
	if whole == nil {
		return append(hot, retired...), 0
	}
	mine := map[string]bool{}
	heads := map[string]bool{}
	for _, a := range append(slices.Clone(hot), retired...) {
		mine[historyKey(a)] = true
		if a.IsHead() {
			heads[slot(a.Kind, a.Key)] = true
		}
	}
	// whole's closed and observed anchors, in the slots r holds no head
	// in, stand for r's: the same row, with the sources and id the whole
	// log gives it (evidence a fold retired and the tail observed again
	// is a new anchor in r)
	closedHot := map[string]bool{}
	var theirs []*Anchor
	for _, a := range whole.Anchors() {
		if !a.IsHead() && !heads[slot(a.Kind, a.Key)] {
			closedHot[slot(a.Kind, a.Key)] = true
			theirs = append(theirs, a)
		}
	}
	hot = slices.DeleteFunc(hot, func(a *Anchor) bool { return !a.IsHead() && closedHot[slot(a.Kind, a.Key)] })
	seen := map[string]bool{}
	add := func(out []*Anchor, a *Anchor) []*Anchor {
		k := historyKey(a)
		if seen[k] {
			return out
		}
		seen[k] = true
		if !mine[k] {
			fromLog++
		}
		return append(out, a)
	}
	for _, a := range hot {
		seen[historyKey(a)] = true
	}
	for _, a := range theirs {
		hot = add(hot, a)
	}
	slices.SortStableFunc(hot, byAge)
	var closed []*Anchor
	for _, a := range whole.RetiredAnchors() {
		closed = add(closed, a)
	}
	for _, a := range retired {
		closed = add(closed, a)
	}
	return append(hot, closed...), fromLog
}

// historyKey names an anchor across two readings of one session: its
// kind, key, value and newest source, not its lifecycle (the evidence a
// fold retired is observed in the whole log's reading).
func historyKey(a *Anchor) string {
	return slot(a.Kind, a.Key) + "\x00" + a.Value + "\x00" + strconv.Itoa(a.Seq())
}
