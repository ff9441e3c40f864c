// Retiring anchors, the caps on each class, and what the reducer shows:
// Heads, Anchors, RetiredAnchors, State, HotSize and Footprint.

package projection

import (
	"cmp"
	"slices"
	"strings"
)

// retire removes a from the hot state.
func (r *Reducer) retire(a *Anchor, lifecycle string) {
	if r.hot[slot(a.Kind, a.Key)] == a {
		delete(r.hot, slot(a.Kind, a.Key))
	}
	if a.Kind == KindConstraint && (lifecycle == Superseded || lifecycle == Lifted) {
		// "コミットメッセージは日本語で。" answered the agent's question
		// and stated the rule: the answer goes with the rule it said
		// (it would read as a decision still in force)
		for _, d := range r.hot {
			if d.Kind == KindDecision && d.Lifecycle == Active && IsAnswerKey(d.Key) && d.Value == a.Value && len(d.SourceRefs) > 0 && len(a.SourceRefs) > 0 && d.SourceRefs[0].Seq == a.SourceRefs[0].Seq {
				r.retire(d, Superseded)
				break
			}
		}
	}
	if r.opts.KeepRetired > 0 {
		c := a.clone()
		c.Lifecycle = lifecycle
		r.pushRetired(c)
	}
}

func byAge(a, b *Anchor) int {
	if c := cmp.Compare(a.Seq(), b.Seq()); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

// sorted is the hot anchors, oldest newest-source first.
func (r *Reducer) sorted() []*Anchor {
	out := make([]*Anchor, 0, len(r.hot))
	for _, a := range r.hot {
		out = append(out, a)
	}
	slices.SortFunc(out, byAge)
	return out
}

// enforceCaps retires the oldest anchors of every class over its cap.
func (r *Reducer) enforceCaps() {
	c := r.opts.Caps
	type class struct {
		kind  Kind
		head  bool
		limit int
	}
	classes := []class{{KindConstraint, true, c.Constraints}, {KindValue, true, c.Values}, {KindObligation, true, c.Obligations},
		{KindDecision, true, c.Decisions}, {KindNegative, true, c.Negative}, {KindUncertainty, true, c.Hypotheses}, {KindFailure, true, c.OpenFailures},
		{KindEvidence, false, c.Evidence}, {KindArtifact, false, c.Artifacts}}
	for _, k := range []Kind{KindObjective, KindConstraint, KindValue, KindObligation, KindDecision, KindNegative, KindUncertainty, KindFailure} {
		classes = append(classes, class{k, false, c.Closed})
	}
	type classKey struct {
		kind Kind
		head bool
	}
	count := map[classKey]int{}
	for _, a := range r.hot {
		count[classKey{a.Kind, a.IsHead() && a.Kind != KindEvidence && a.Kind != KindArtifact}]++
	}
	var guesses []*Anchor
	for _, a := range r.hot {
		if a.Kind == KindUncertainty && a.Lifecycle == HypothesisLC && strings.HasPrefix(a.Key, hypothesisPrefix) {
			guesses = append(guesses, a)
		}
	}
	if len(guesses) > c.Guesses {
		slices.SortFunc(guesses, byAge)
		for _, a := range guesses[:len(guesses)-c.Guesses] {
			r.retire(a, Retired)
			count[classKey{a.Kind, true}]--
		}
	}
	for _, cl := range classes {
		if count[classKey{cl.kind, cl.head}] <= cl.limit {
			continue
		}
		var in []*Anchor
		for _, a := range r.hot {
			if a.Kind != cl.kind {
				continue
			}
			if cl.kind == KindEvidence || cl.kind == KindArtifact || a.IsHead() == cl.head {
				in = append(in, a)
			}
		}
		slices.SortFunc(in, byAge)
		for _, a := range in[:len(in)-cl.limit] {
			r.retire(a, Retired)
		}
	}
}

// Retire drops the hot facts a fold covering events up to seq hi took out
// of view: evidence and artifacts whose newest source is at or before hi.
// Heads, and the closed anchors the next checkpoint may still state, stay.
// A nil *Reducer retires nothing.
func (r *Reducer) Retire(hi int) {
	if !r.ready() {
		return
	}
	for _, a := range r.sorted() {
		if (a.Kind == KindEvidence || a.Kind == KindArtifact) && a.Seq() <= hi {
			r.retire(a, Retired)
		}
	}
	r.asOf = max(r.asOf, hi)
}

// Heads returns the current heads, oldest first (copies).
func (r *Reducer) Heads() []*Anchor {
	if r == nil {
		return nil
	}
	var out []*Anchor
	for _, a := range r.withModel(r.sorted()) {
		if a.IsHead() {
			out = append(out, a.clone())
		}
	}
	return out
}

// Anchors returns every hot anchor, the model-proposed ones with the
// log's, oldest first (copies; nil for a nil *Reducer).
func (r *Reducer) Anchors() []*Anchor {
	if r == nil {
		return nil
	}
	return r.copies(r.withModel(r.sorted()))
}

// withModel is s (anchors in byAge order) with the model-proposed anchors
// merged in, in the same order, and without the log-read heads a model
// anchor stands in for (displaced: a newer value of the same key, a
// failure the log's evidence shows fixed). s is the caller's own slice.
func (r *Reducer) withModel(s []*Anchor) []*Anchor {
	if len(r.model) == 0 {
		return s
	}
	s = slices.DeleteFunc(s, r.displaced)
	s = append(s, r.model...)
	slices.SortStableFunc(s, byAge)
	return s
}

// copies is a copy of each anchor of s.
func (r *Reducer) copies(s []*Anchor) []*Anchor {
	out := make([]*Anchor, len(s))
	for i, a := range s {
		out[i] = a.clone()
	}
	return out
}

// RetiredAnchors returns the retired anchors kept for inspection
// (Options.KeepRetired), oldest first.
func (r *Reducer) RetiredAnchors() []*Anchor {
	if r == nil {
		return nil
	}
	out := make([]*Anchor, len(r.retired))
	for i, a := range r.retired {
		out[i] = a.clone()
	}
	return out
}

// HotSize is the number of anchors and pending calls held: the measure of
// the projection's memory (§3.3).
func (r *Reducer) HotSize() int {
	if r == nil {
		return 0
	}
	return len(r.hot) + len(r.model) + len(r.pending)
}

// Footprint estimates the hot state's memory: the anchors and pending
// calls held and the bytes of their strings plus a fixed overhead per
// object (the measure EF-RFC-001 §3.3 bounds; not a heap profile).
func (r *Reducer) Footprint() (anchors, bytes int) {
	const perObject = 160
	if r == nil {
		return 0, 0
	}
	for _, a := range append(r.sorted(), r.model...) {
		bytes += perObject + len(a.ID) + len(a.Key) + len(a.Name) + len(a.Value) + len(a.Quote) + len(a.Was) + len(a.Because) + len(a.Scope) + 24*len(a.SourceRefs)
		for _, l := range a.Links {
			bytes += 16 + len(l)
		}
	}
	for _, c := range r.pending {
		bytes += perObject + len(c.ID) + len(c.Name)
		for k, v := range c.Args {
			bytes += len(k) + 16
			if s, ok := v.(string); ok {
				bytes += len(s)
			}
		}
	}
	return len(r.hot) + len(r.model), bytes
}

// State is FoldCurrentState (§13, with §16 and §17): the heads by class.
type State struct {
	Objective       *Anchor   `json:"objective,omitempty"`
	Constraints     []*Anchor `json:"constraints"`
	StateHeads      []*Anchor `json:"stateHeads"`
	OpenFailures    []*Anchor `json:"openFailures"`
	OpenObligations []*Anchor `json:"openObligations"`
	Decisions       []*Anchor `json:"decisions"`
	Evidence        []*Anchor `json:"evidence"`
	Negative        []*Anchor `json:"negativeKnowledge"`
	Uncertainty     []*Anchor `json:"uncertainty"`
}

// State returns the current state (copies; the zero State for a nil
// *Reducer).
func (r *Reducer) State() State {
	var st State
	for _, a := range r.Anchors() {
		switch {
		case a.Kind == KindEvidence:
			st.Evidence = append(st.Evidence, a)
		case !a.IsHead():
		case a.Kind == KindObjective:
			st.Objective = a
		case a.Kind == KindConstraint:
			st.Constraints = append(st.Constraints, a)
		case a.Kind == KindValue:
			st.StateHeads = append(st.StateHeads, a)
		case a.Kind == KindFailure:
			st.OpenFailures = append(st.OpenFailures, a)
		case a.Kind == KindObligation:
			st.OpenObligations = append(st.OpenObligations, a)
		case a.Kind == KindDecision:
			st.Decisions = append(st.Decisions, a)
		case a.Kind == KindNegative:
			st.Negative = append(st.Negative, a)
		case a.Kind == KindUncertainty:
			st.Uncertainty = append(st.Uncertainty, a)
		}
	}
	st.Uncertainty = append(st.Uncertainty, r.EndAsked()...)
	return st
}
