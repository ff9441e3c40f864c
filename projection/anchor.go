package projection

import (
	"fmt"
	"slices"
	"strings"
)

// Kind is an anchor kind (§5.3): eight of M3a and two of M3b.
type Kind string

// Anchor kinds.
const (
	KindObjective  Kind = "objective"
	KindConstraint Kind = "constraint"
	KindDecision   Kind = "decision"
	KindValue      Kind = "value"
	KindArtifact   Kind = "artifact"
	KindEvidence   Kind = "evidence"
	KindFailure    Kind = "failure"
	KindObligation Kind = "obligation"
	// KindNegative is negative knowledge (§16): a rejected approach.
	KindNegative Kind = "negative-knowledge"
	// KindUncertainty is a hypothesis and its epistemic status (§17).
	KindUncertainty Kind = "uncertainty"
)

// Kinds lists every kind, in the order the checkpoint text states them.
var Kinds = []Kind{KindObjective, KindConstraint, KindValue, KindFailure, KindObligation, KindDecision, KindNegative, KindUncertainty, KindEvidence, KindArtifact}

// Authority is an authority domain (§5.4). There is no global score across
// domains: each decides what may move which anchor.
type Authority string

// Authority domains.
const (
	Normative  Authority = "normative"  // user/system explicit instruction
	Empirical  Authority = "empirical"  // tool, test, filesystem evidence
	Procedural Authority = "procedural" // execution lifecycle
	Decision   Authority = "decision"   // adopted solution
	Narrative  Authority = "narrative"  // semantic digest
	Hypothesis Authority = "hypothesis" // tentative model reasoning
)

// Lifecycle states. Which apply depends on the kind:
//
//	objective, constraint, decision: active → superseded (constraint: or lifted)
//	value:       current → superseded
//	failure:     open → investigating → resolved → verified (§15), or
//	             expected (a test written to fail first: expectred.go) →
//	             resolved, or
//	             superseded (nothing left to rerun: scratch.go; the run
//	             failing on another error now: errorChanged)
//	obligation:  open → done (by evidence) or lifted (by the user)
//	negative:    active → stale (its subject changed) or superseded
//	uncertainty: hypothesis → supported → established (by evidence), or superseded,
//	             or rejected (the agent's check refuted it: hypclose.go)
//	evidence, artifact: observed
//
// Any anchor leaves the hot state as retired (evicted by a cap, or its
// span folded); it stays in the log and the bundles.
const (
	Active        = "active"
	Superseded    = "superseded"
	Lifted        = "lifted"
	Current       = "current"
	Open          = "open"
	Investigating = "investigating"
	Expected      = "expected"
	Resolved      = "resolved"
	Verified      = "verified"
	Done          = "done"
	Stale         = "stale"
	HypothesisLC  = "hypothesis"
	Supported     = "supported"
	Established   = "established"
	Observed      = "observed"
	Retired       = "retired"
)

// EventRef names a source event (§5.1): seq is event identity, not a
// surface position.
type EventRef struct {
	SessionID string `json:"sessionId,omitempty"`
	Seq       int    `json:"seq"`
}

// Anchor is one fact of the projection (§5.3).
type Anchor struct {
	ID   string `json:"id"`
	Kind Kind   `json:"kind"`
	// Key is the state key, "namespace/entity/property" (entity "-" when
	// the source names none). Two anchors with one key are one fact.
	Key string `json:"key,omitempty"`
	// Name is the key as the source wrote it ("timeout", a test's name,
	// a command), for display.
	Name      string    `json:"name,omitempty"`
	Value     string    `json:"value"`
	Authority Authority `json:"authority"`
	Lifecycle string    `json:"lifecycle"`
	// SourceRefs are the events that stated or moved the anchor, oldest
	// first (at most maxRefs: the first and the newest).
	SourceRefs []EventRef `json:"sourceRefs"`
	// Inherited counts the first SourceRefs that are the lineage's: the
	// sources of the anchors this one superseded, kept before its own
	// (zero for an anchor that replaced none). StatedSeq reads it.
	Inherited int `json:"inherited,omitempty"`
	// Quote is verbatim text of the source event that stated the value
	// (an exception keeps its rule's quote, and Because the exception's).
	Quote string `json:"quote"`
	// Was is the value this one superseded (values and decisions), for
	// "75 (was 30)"; older lineage is not kept.
	Was string `json:"was,omitempty"`
	// Because is what a failure or a rejection rests on: the failing line,
	// the reason given.
	Because string `json:"because,omitempty"`
	// Links are keys of other anchors this one depends on: the command a
	// failure was seen in, the failures and files a hypothesis names, the
	// files negative knowledge was about (validWhile).
	Links []string `json:"links,omitempty"`
	// Scope is the kind of message an instruction came from (see
	// Proposal.Scope).
	Scope string `json:"scope,omitempty"`
	// Until is what a rule bound in time holds until ("the review is
	// done", "swap the disk at lunch" for "till then"): when the user
	// says it happened the rule is lifted (until.go).
	Until string `json:"until,omitempty"`
	// Proposed is set on an anchor the summarizer model proposed and the
	// reducer verified against its cited event (modelprop.go): who
	// proposed it, at which checkpoint. Nil for the log's own reading.
	Proposed *Provenance `json:"proposed,omitempty"`

	// words caches terms(Value) for overlap matching; wordsOf is the
	// Value they were read from (an artifact's Value is updated in place).
	words   map[string]bool
	wordsOf string
	// facts caches what the reducer reads of a rule's Value for every
	// event it applies (valueFacts).
	facts *valueFacts
}

// valueFacts are what the reducer reads of a rule's value each time it
// looks through the active rules (for every event and proposal): read
// once per value, as pure functions of it. Immutable once made, so an
// anchor's copies (Reducer.Clone) share it; of is the value it was read
// from, and a changed Value is read again.
type valueFacts struct {
	of    string
	neg   bool                // negRE matches
	pins  map[string][]string // pins
	named []string            // named
	terms map[string]bool     // ruleTerms
}

// valueFacts returns what the reducer reads of a's value. The results
// are shared: callers do not modify them.
func (a *Anchor) valueFacts() *valueFacts {
	if f := a.facts; f != nil && f.of == a.Value {
		return f
	}
	v := a.Value
	a.facts = &valueFacts{of: v, neg: negRE.MatchString(v) || glossNeg(v), pins: pins(v), named: named(v), terms: ruleTerms(v)}
	return a.facts
}

// terms returns the anchor's content words (cached).
func (a *Anchor) terms() map[string]bool {
	if a.words == nil || a.wordsOf != a.Value {
		a.words, a.wordsOf = terms(a.Value), a.Value
	}
	return a.words
}

// Seq is the seq of the anchor's newest source event (-1 when it has
// none, or a is nil).
func (a *Anchor) Seq() int {
	if a == nil || len(a.SourceRefs) == 0 {
		return -1
	}
	return a.SourceRefs[len(a.SourceRefs)-1].Seq
}

// StatedSeq is the seq of the event that stated the anchor's value: its
// first own source, after those it inherited from the anchors it
// superseded (an objective that replaced another was not stated where
// the one it replaced was). -1 when it has none, or a is nil.
func (a *Anchor) StatedSeq() int {
	if a != nil && a.Inherited > 0 && a.Inherited < len(a.SourceRefs) {
		return a.SourceRefs[a.Inherited].Seq
	}
	return a.FirstSeq()
}

// FirstSeq is the seq of the anchor's first source event (-1 when it has
// none, or a is nil).
func (a *Anchor) FirstSeq() int {
	if a == nil || len(a.SourceRefs) == 0 {
		return -1
	}
	return a.SourceRefs[0].Seq
}

// IsHead reports whether the anchor is a current head (what a checkpoint
// must carry): an active objective, constraint, decision or negative
// knowledge, a current value, an open or investigating failure, an open
// obligation, an unresolved hypothesis. A nil *Anchor is not.
func (a *Anchor) IsHead() bool {
	if a == nil {
		return false
	}
	switch a.Kind {
	case KindObjective, KindConstraint, KindDecision, KindNegative:
		return a.Lifecycle == Active
	case KindValue:
		return a.Lifecycle == Current
	case KindFailure:
		return a.Lifecycle == Open || a.Lifecycle == Investigating
	case KindObligation:
		return a.Lifecycle == Open
	case KindUncertainty:
		return a.Lifecycle == HypothesisLC || a.Lifecycle == Supported
	}
	return false
}

// Ref is the anchor's reference in a CheckpointInterface: "kind:key@id"
// ("" for a nil *Anchor).
func (a *Anchor) Ref() string {
	if a == nil {
		return ""
	}
	k := a.Key
	if k == "" {
		k = "-"
	}
	return fmt.Sprintf("%s:%s@%s", a.Kind, k, a.ID)
}

// KeyEntity is the entity a state key names ("namespace/entity/property"):
// everything between the namespace and the last "/", so a file path stays
// whole ("value/config/app.toml/timeout": "config/app.toml"), or "-" when
// the key names none.
func KeyEntity(key string) string {
	ent, _ := keyParts(key)
	return ent
}

// keyParts splits a state key into its entity and property. A key of
// fewer than three parts is all property; an entity of "-" (or a property
// that had a "/" of its own after it) names none.
func keyParts(key string) (ent, prop string) {
	_, rest, ok := strings.Cut(key, "/")
	i := strings.LastIndexByte(rest, '/')
	if !ok || i < 0 {
		return "-", key
	}
	ent, prop = rest[:i], rest[i+1:]
	if prop == "" {
		// A property ending in "/": split at the first "/" instead.
		ent, prop, _ = strings.Cut(rest, "/")
	}
	if ent == "" || ent == "-" || strings.HasPrefix(ent, "-/") {
		ent = "-"
	}
	return ent, prop
}

// maxRefs bounds SourceRefs: the first source and the newest ones.
const maxRefs = 4

func (a *Anchor) addRef(r EventRef) {
	if n := len(a.SourceRefs); n > 0 && a.SourceRefs[n-1] == r {
		return
	}
	a.SourceRefs = append(a.SourceRefs, r)
	a.trimRefs()
}

// trimRefs drops the second source while there are more than maxRefs,
// an inherited one first (Inherited counts one fewer).
func (a *Anchor) trimRefs() {
	for len(a.SourceRefs) > maxRefs {
		a.SourceRefs = slices.Delete(a.SourceRefs, 1, 2)
		if a.Inherited > 1 {
			a.Inherited--
		}
	}
}

// inherit makes the sources of the anchor a supersedes the first sources of
// a (its lineage: the statements it replaced), within maxRefs.
func (a *Anchor) inherit(old *Anchor) {
	a.SourceRefs = append(slices.Clone(old.SourceRefs), a.SourceRefs...)
	a.Inherited = len(old.SourceRefs)
	a.trimRefs()
}

func (a *Anchor) clone() *Anchor {
	c := *a
	c.words = nil
	c.SourceRefs = slices.Clone(a.SourceRefs)
	c.Links = slices.Clone(a.Links)
	return &c
}
