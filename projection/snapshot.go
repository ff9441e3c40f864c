// The reducer's snapshot (the hot state a checkpoint bundle stores), its
// restore and Clone.

package projection

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// snapshotVersion is the format of Snapshot: 2 adds the model-proposed
// anchors (Model). A snapshot is written in the lowest version that holds
// it (1 when it has no model anchors, byte for byte what version 1 wrote),
// so an older ef reads every snapshot it reads correctly and refuses one
// whose model anchors it would silently drop; Restore reads both. The
// reading state added since (ResultSeq, Made, Asking, Coded, Flaky, Reading) is left out when empty and
// ignored by an older ef, which then reads the events after the snapshot
// as it always did.
const (
	snapshotVersion        = 2
	snapshotVersionNoModel = 1
)

// Snapshot is a reducer's hot state, as stored in a checkpoint bundle.
type Snapshot struct {
	Version   int    `json:"version"`
	SessionID string `json:"sessionId,omitempty"`
	LastSeq   int    `json:"lastSeq"`
	AsOf      int    `json:"asOf"`
	LastKey   string `json:"lastValueKey,omitempty"`
	LastName  string `json:"lastValueName,omitempty"`
	// Language is the language of the user's last message (Context.Language:
	// "de", "es", …; empty for English, Chinese and the languages no lexicon
	// covers), so a short message after a Restore is read in it.
	Language string    `json:"language,omitempty"`
	Anchors  []*Anchor `json:"anchors"`
	// Quantities are the numbers the user stated in prose (quantity.go),
	// so that a relative change after a Restore resolves as it would
	// have without one ("make the interval twice as long" after a fold
	// of "an autosave every 90 seconds").
	Quantities []SnapQuantity `json:"quantities,omitempty"`
	// Model are the anchors the summarizer model proposed and the reducer
	// verified (AdmitModel), held apart from Anchors (version 2).
	Model []*Anchor `json:"model,omitempty"`
	// ResultSeq is the seq of the last tool result, so that a step
	// intention stated before it reads as acted on after a Restore
	// (intention.go).
	ResultSeq int `json:"resultSeq,omitempty"`
	// Made are the files the agent wrote whole, so that a probe's failure
	// is known as one after a Restore (scratch.go).
	Made []string `json:"made,omitempty"`
	// Asking is what the last messages asked and offered that the next
	// message answers, so that a fold between a question and its answer
	// loses neither (nil when nothing waits).
	Asking *SnapAsking `json:"asking,omitempty"`
	// Coded is the code name each value named as code was named by last,
	// by key (codename.go), so that a name in prose after a Restore
	// leaves it code.
	Coded map[string]string `json:"coded,omitempty"`
	// Flaky are the IDs of the hot failures called flaky, and PassedOnce
	// those only plain runs passed (true: the failed command passed
	// again), by ID (flaky.go), so that a flaky test passing once after a
	// Restore shows no fix, as it shows none in the whole log. A snapshot
	// without them (an older ef's) marks flaky the failures whose value
	// carries the flaky note.
	Flaky      []string        `json:"flaky,omitempty"`
	PassedOnce map[string]bool `json:"passedOnce,omitempty"`
	// Reading is what the last messages and runs said that a later
	// event reads (snapreading.go), nil when nothing.
	Reading *SnapReading `json:"reading,omitempty"`
}

// SnapAsking is the part of a reducer's reading state a Snapshot keeps
// because a fold may end between a message and the reply that answers
// it: the user's questions the agent has yet to answer (answered.go,
// askback.go), the questions and offers of the agent's last message the
// user's next one answers (asked.go, bare.go, keeprule.go, suggested.go),
// the setting the agent's answer named (the referent of the user's next
// pronoun) and the answers given last (answeragain.go).
type SnapAsking struct {
	UserAsked      []string           `json:"userAsked,omitempty"`
	UserAskedAge   int                `json:"userAskedAge,omitempty"`
	Looked         bool               `json:"looked,omitempty"`
	UserAsks       []string           `json:"userAsks,omitempty"`
	AskedBack      []string           `json:"askedBack,omitempty"`
	UserText       string             `json:"userText,omitempty"`
	UserSeq        int                `json:"userSeq,omitempty"`
	AgentAsked     []string           `json:"agentAsked,omitempty"`
	AgentListed    bool               `json:"agentListed,omitempty"`
	AgentListedN   int                `json:"agentListedN,omitempty"`
	Offer          string             `json:"offer,omitempty"`
	Guesses        []string           `json:"guesses,omitempty"`
	ProposedRule   string             `json:"proposedRule,omitempty"`
	SuggestedName  string             `json:"suggestedName,omitempty"`
	SuggestedValue string             `json:"suggestedValue,omitempty"`
	Answered       string             `json:"answered,omitempty"`
	AnswerOf       string             `json:"answerOf,omitempty"`
	AnsweredQs     []AnsweredQuestion `json:"answeredQs,omitempty"`
	Reverted       string             `json:"reverted,omitempty"`
	RevertSeq      int                `json:"revertSeq,omitempty"`
	// EndAsked are the questions the log ends on, asked at EndAskedSeq
	// (endasked.go).
	EndAsked    []string `json:"endAsked,omitempty"`
	EndAskedSeq int      `json:"endAskedSeq,omitempty"`
	// HeldAsked are the agent's questions waiting over the user's
	// question back, HeldListedN their AgentListedN, and AskedResumed
	// that AgentAsked are such questions given back (askedheld.go).
	HeldAsked    []string `json:"heldAsked,omitempty"`
	HeldListedN  int      `json:"heldListedN,omitempty"`
	AskedResumed bool     `json:"askedResumed,omitempty"`
}

// asking is r's SnapAsking, nil when it holds nothing.
func (r *Reducer) asking() *SnapAsking {
	a := &SnapAsking{UserAsked: slices.Clone(r.userAsked), UserAskedAge: r.userAskedAge, Looked: r.looked, UserAsks: slices.Clone(r.userAsks),
		AskedBack: slices.Clone(r.askedBack), UserText: r.asked, UserSeq: r.userSeq, AgentAsked: slices.Clone(r.asked2), AgentListed: r.askedList > 0, AgentListedN: r.askedList, Offer: r.offer, Guesses: slices.Clone(r.guesses),
		ProposedRule: r.proposed, SuggestedName: r.suggestedName, SuggestedValue: r.suggestedValue, Answered: r.answered, AnswerOf: r.answerOf,
		AnsweredQs: slices.Clone(r.answeredQs), Reverted: r.reverted, RevertSeq: r.revertSeq, EndAsked: slices.Clone(r.endAsked), EndAskedSeq: r.endAskedSeq,
		HeldAsked: slices.Clone(r.askedHeld), HeldListedN: r.askedHeldList, AskedResumed: r.askedResumed}
	if len(a.UserAsked)+len(a.UserAsks)+len(a.AskedBack)+len(a.AgentAsked)+len(a.AnsweredQs)+len(a.Guesses)+len(a.EndAsked)+len(a.HeldAsked) == 0 && !a.AskedResumed && a.HeldListedN == 0 && a.UserAskedAge == 0 && !a.Looked &&
		a.UserText+a.Offer+a.ProposedRule+a.SuggestedName+a.SuggestedValue+a.Answered+a.AnswerOf+a.Reverted == "" && a.UserSeq == 0 && a.RevertSeq == 0 && !a.AgentListed && a.EndAskedSeq == 0 {
		return nil
	}
	return a
}

// restoreAsking makes a (nil: nothing waits) r's reading state of what
// was asked and offered.
func (r *Reducer) restoreAsking(a *SnapAsking) {
	if a == nil {
		a = &SnapAsking{}
	}
	r.userAsked, r.userAskedAge, r.looked = slices.Clone(a.UserAsked), a.UserAskedAge, a.Looked
	r.userAsks, r.askedBack = slices.Clone(a.UserAsks), slices.Clone(a.AskedBack)
	r.asked, r.userSeq, r.asked2, r.offer = a.UserText, a.UserSeq, slices.Clone(a.AgentAsked), a.Offer
	r.askedList = a.AgentListedN
	r.askedHeld, r.askedHeldList, r.askedResumed = slices.Clone(a.HeldAsked), a.HeldListedN, a.AskedResumed
	if a.AgentListed && r.askedList < 2 {
		// a snapshot from before the count: the whole of asked
		r.askedList = max(len(r.asked2), 2)
	}
	r.guesses = slices.Clone(a.Guesses)
	r.proposed, r.suggestedName, r.suggestedValue = a.ProposedRule, a.SuggestedName, a.SuggestedValue
	r.answered, r.answerOf, r.answeredQs = a.Answered, a.AnswerOf, slices.Clone(a.AnsweredQs)
	r.reverted, r.revertSeq = a.Reverted, a.RevertSeq
	r.endAsked, r.endAskedSeq = slices.Clone(a.EndAsked), a.EndAskedSeq
}

// SnapQuantity is a quantity in a Snapshot: its seq, value, words
// (stems) and the value anchor's key it is the base or result of.
type SnapQuantity struct {
	Seq   int      `json:"seq"`
	Value string   `json:"v"`
	Words []string `json:"w"`
	Key   string   `json:"k,omitempty"`
}

// Snapshot returns the hot state (pending calls are not part of it: a
// fold's span is balanced, so none cross it). Nil for a nil *Reducer.
func (r *Reducer) Snapshot() *Snapshot {
	if !r.ready() {
		return nil
	}
	s := &Snapshot{Version: snapshotVersionNoModel, SessionID: r.opts.SessionID, LastSeq: r.lastSeq, AsOf: r.asOf, LastKey: r.lastKey, LastName: r.lastName, Anchors: r.copies(r.sorted()), ResultSeq: r.resultSeq, Made: slices.Clone(r.made), Asking: r.asking()}
	if len(r.model) > 0 {
		s.Version, s.Model = snapshotVersion, r.ModelAnchors()
	}
	if r.lang != langNone {
		s.Language = langCodes[r.lang]
	}
	s.Coded = maps.Clone(r.coded)
	s.Flaky, s.PassedOnce = r.flakyIDs()
	s.Reading = r.reading(r.snapText)
	for _, q := range r.qty {
		w := slices.Clone(q.words)
		slices.Sort(w)
		s.Quantities = append(s.Quantities, SnapQuantity{Seq: q.seq, Value: q.value, Words: w, Key: q.key})
	}
	return s
}

// MarshalSnapshot is the JSON of Snapshot.
func (r *Reducer) MarshalSnapshot() (json.RawMessage, error) {
	if r == nil {
		return nil, ErrNilReducer
	}
	return json.Marshal(r.Snapshot())
}

// Restore replaces the reducer's state with a snapshot (pending calls are
// kept).
func (r *Reducer) Restore(s *Snapshot) error {
	if !r.ready() {
		return ErrNilReducer
	}
	if s == nil {
		return ErrSnapshot
	}
	if s.Version != snapshotVersion && s.Version != snapshotVersionNoModel {
		return fmt.Errorf("%w: %d", ErrSnapshotVersion, s.Version)
	}
	hot := map[string]*Anchor{}
	for _, a := range s.Anchors {
		if a == nil || a.Kind == "" {
			return fmt.Errorf("%w: anchor without a kind", ErrSnapshot)
		}
		hot[slot(a.Kind, a.Key)] = a.clone()
	}
	var model []*Anchor
	for _, a := range s.Model {
		if a == nil || a.Kind == "" || a.Proposed == nil {
			return fmt.Errorf("%w: model anchor without a kind or provenance", ErrSnapshot)
		}
		model = append(model, a.clone())
	}
	r.hot, r.model = hot, model
	r.lastSeq = max(r.lastSeq, s.LastSeq)
	r.asOf = s.AsOf
	r.resultSeq = s.ResultSeq
	r.made = slices.Clone(s.Made)
	r.restoreAsking(s.Asking)
	r.lastKey, r.lastName = s.LastKey, s.LastName
	r.lang = langOf(s.Language)
	r.coded = maps.Clone(s.Coded)
	r.restoreFlaky(s.Flaky, s.PassedOnce)
	r.restoreReading(s.Reading)
	r.qty = r.qty[:0]
	for _, q := range s.Quantities[max(0, len(s.Quantities)-maxQuantities):] {
		r.qty = append(r.qty, quantity{seq: q.Seq, value: q.Value, words: slices.Clone(q.Words), key: q.Key})
	}
	return nil
}

// UnmarshalSnapshot decodes a snapshot written by MarshalSnapshot.
func UnmarshalSnapshot(b []byte) (*Snapshot, error) {
	var s Snapshot
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSnapshot, err)
	}
	if s.Version != snapshotVersion && s.Version != snapshotVersionNoModel {
		return nil, fmt.Errorf("%w: %d", ErrSnapshotVersion, s.Version)
	}
	return &s, nil
}

// Clone returns an independent copy of the reducer (nil for a nil
// *Reducer).
func (r *Reducer) Clone() *Reducer {
	if !r.ready() {
		return nil
	}
	c := &Reducer{opts: r.opts, hot: make(map[string]*Anchor, len(r.hot)), pending: make(map[string]Call, len(r.pending)),
		pendOrd: slices.Clone(r.pendOrd), nowTasks: slices.Clone(r.nowTasks), lastKey: r.lastKey, lastName: r.lastName, lastSeq: r.lastSeq, asOf: r.asOf, resultSeq: r.resultSeq, made: slices.Clone(r.made), rejected: r.rejected,
		attempt: r.attempt, attemptSeq: r.attemptSeq, offer: r.offer, guesses: slices.Clone(r.guesses), asked2: slices.Clone(r.asked2), askedEnd: r.askedEnd, endAsked: slices.Clone(r.endAsked), endAskedSeq: r.endAskedSeq, askedList: r.askedList, askedHeld: slices.Clone(r.askedHeld), askedHeldList: r.askedHeldList, askedResumed: r.askedResumed, userAsked: slices.Clone(r.userAsked), userAskedAge: r.userAskedAge, userAsks: slices.Clone(r.userAsks), askedBack: slices.Clone(r.askedBack), answeredQs: slices.Clone(r.answeredQs), userSeq: r.userSeq, prevUserSeq: r.prevUserSeq, redSaid: r.redSaid, looked: r.looked, proposed: r.proposed, suggestedName: r.suggestedName, suggestedValue: r.suggestedValue, clock: r.clock, clockSeq: r.clockSeq, clockSeen: r.clockSeen, offered: slices.Clone(r.offered), offeredSeq: r.offeredSeq, offeredReplied: r.offeredReplied, offeredPick: r.offeredPick, groups: slices.Clone(r.groups), groupsSeq: r.groupsSeq, choseOffered: r.choseOffered, chosen: r.chosen, lang: r.lang, qty: slices.Clone(r.qty),
		asked: r.asked, answered: r.answered, answerOf: r.answerOf, shown: slices.Clone(r.shown), shownSeq: r.shownSeq, shownText: r.shownText, talked: r.talked, ran: r.ran, ranSeq: r.ranSeq, ahead: r.ahead, aheadEv: r.aheadEv,
		poll: slices.Clone(r.poll), pollSeq: r.pollSeq, pollOut: maps.Clone(r.pollOut), pollQuote: r.pollQuote, named: slices.Clone(r.named), namedSeq: r.namedSeq, namedAlt: r.namedAlt, namedNear: slices.Clone(r.namedNear), dflt: r.dflt, relLast: r.relLast, reverted: r.reverted, revertSeq: r.revertSeq, coded: maps.Clone(r.coded), outSet: slices.Clone(r.outSet), outEv: r.outEv}
	for k, a := range r.hot {
		c.hot[k] = a.clone()
	}
	for k, v := range r.pending {
		c.pending[k] = v
	}
	for _, a := range r.retired {
		c.retired = append(c.retired, a.clone())
	}
	c.restoreFlaky(r.flakyIDs())
	c.restoreReading(r.reading(func(s string) string { return s }))
	c.shown = slices.Clone(r.shown)
	c.secrets = slices.Clone(r.secrets)
	c.retiredAt = slices.Clone(r.retiredAt)
	c.refused = refused{paths: slices.Clone(r.refused.paths), seq: r.refused.seq}
	for _, a := range r.model {
		c.model = append(c.model, a.clone())
	}
	return c
}
