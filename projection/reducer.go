package projection

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"unicode"
)

// Caps bound the hot state. A zero or negative field takes its default
// (DefaultCaps: 48 constraints, 64 values, 32 obligations, 24 decisions,
// 16 negative and 16 hypotheses and questions, of which 4 unconfirmed
// guesses of the agent, 48 open failures, 16 closed anchors of a kind, 32
// evidence, 32 artifacts, 512 pending calls); when a kind is over its cap
// its oldest anchor (by newest source) is retired.
type Caps struct {
	Constraints, Values, Obligations, Decisions, Negative, Hypotheses, OpenFailures int
	// Guesses bounds the agent's hypotheses no evidence has supported yet
	// ("I think the issue might be in resolve_expression"): a debugging
	// agent states one after another as it goes, and the older ones are
	// the leads it left (an audit of real sessions found 15 open in one,
	// most refuted or superseded). Retiring them moves no hypothesis
	// towards established or rejected (EF-RFC-001 §17); it only keeps
	// them out of the hot state, as every cap does.
	Guesses int
	// Closed bounds the closed anchors of each kind kept hot so the next
	// checkpoint can say what changed (lifted, resolved, done, stale).
	Closed int
	// Evidence and Artifacts bound the observed facts (Retire also drops
	// them when their span is folded).
	Evidence, Artifacts int
	// Pending bounds tool calls waiting for their result.
	Pending int
}

// DefaultCaps is the Caps a zero Caps stands for.
func DefaultCaps() Caps {
	var c Caps
	c.defaults()
	return c
}

func (c *Caps) defaults() {
	def := func(p *int, v int) {
		if *p <= 0 {
			*p = v
		}
	}
	def(&c.Constraints, 48)
	def(&c.Values, 64)
	def(&c.Obligations, 32)
	def(&c.Decisions, 24)
	def(&c.Negative, 16)
	def(&c.Hypotheses, 16)
	def(&c.Guesses, 4)
	def(&c.OpenFailures, 48)
	def(&c.Closed, 16)
	def(&c.Evidence, 32)
	def(&c.Artifacts, 32)
	def(&c.Pending, 512)
}

// Options configures a Reducer. The zero value works.
type Options struct {
	// SessionID is written into every EventRef.
	SessionID string
	// Proposer extracts proposals. Nil means Deterministic.
	Proposer Proposer
	// Caps bound the hot state; zero fields take the defaults.
	Caps Caps
	// KeepRetired keeps up to this many retired anchors (superseded,
	// evicted, folded) for inspection (ef state --all). Zero keeps none:
	// history is the log's and the bundles' job.
	KeepRetired int
}

// Reducer is the StateReducer (§13): it folds events synchronously into
// the current heads. It is not safe for concurrent use.
//
// The zero Reducer is ready to use: it is the reducer New(Options{})
// returns. A nil *Reducer reads as an empty one (LastSeq -1, no anchors,
// a nil Snapshot, Clone and ValueCheck), applies and retires nothing, and
// its MarshalSnapshot and Restore return ErrNilReducer.
type Reducer struct {
	opts     Options
	hot      map[string]*Anchor // kind + "\x00" + key
	pending  map[string]Call
	pendOrd  []string
	lastKey  string
	lastName string
	lastSeq  int
	asOf     int
	// resultSeq is the seq of the last tool result: a step intention
	// before it was acted on (intention.go).
	resultSeq int
	// made are the files the agent wrote whole, oldest first, at most
	// maxMade (scratch.go).
	made    []string
	retired []*Anchor
	// retiredAt is the event (lastSeq) that retired each copy in retired.
	retiredAt []int
	rejected  int
	// attempt is a past attempt the user's last message ended with, told
	// at attemptSeq, waiting for its verdict (story.go); not part of a
	// Snapshot.
	attempt    string
	attemptSeq int
	// ruledOnly: a user message stated rules only, under a label that
	// announces them (rulelead.go); not part of a Snapshot.
	ruledOnly bool
	// nowTasks are the requests for now of the user's last message, held
	// until the agent reports on them (nowtask.go); not part of a
	// Snapshot.
	nowTasks []nowTask
	// offered are the options the last message listing some offered, at
	// offeredSeq, and choseOffered that the user's last message chose
	// among them by description (listed.go); not part of a Snapshot.
	offered    []string
	offeredSeq int
	// offeredReplied: a user message came after the options were
	// offered. The first one may choose among them however many events
	// a host logs between (Claude Code's lines of its own).
	offeredReplied bool
	// offeredPick is the option of offered the agent recommended
	// (otherone.go).
	offeredPick string
	// groups are the lists of labelled options under their topics the
	// last message that offered them offered, at groupsSeq (groups.go);
	// not part of a Snapshot.
	groups    []OptionGroup
	groupsSeq int
	// poll is the options of the user's last question between named
	// things, asked at pollSeq; pollOut those ruled out since, the last
	// by the clause pollQuote (poll.go).
	poll         []string
	pollSeq      int
	pollOut      map[int]bool
	pollQuote    string
	choseOffered bool
	chosen       string
	// dflt is the option the agent's last message offering options
	// takes unless told otherwise (silence.go); not part of a Snapshot.
	dflt *standing
	// relLast is the last relative change applied: the value anchor it
	// made and the change ("v12.0|*0.5"), so the same change said again
	// (a document pasted anew) is not applied twice.
	relLast string
	// reverted is the value key the user's last message put back ("go
	// back to what it was") and revertSeq that message's seq: the
	// agent's next words may say which value it was (revertsaid.go).
	reverted  string
	revertSeq int

	// named are the options the last message offering named ones named,
	// at namedSeq, namedAlt when a word of alternative offered them
	// (namedopts.go); not part of a Snapshot.
	named    []string
	namedSeq int
	namedAlt bool
	// namedNear are the plain words beside the options named
	// (namedOptionsNear).
	namedNear []string
	// call is the call whose result is being applied (nil otherwise).
	call *Call
	// refused is the call the user denied last (refusedtask.go).
	refused refused
	// said are the user's last messages (maxSaid), where a relative
	// change finds the number a setting had when no value holds it
	// (relative.go); not part of a Snapshot.
	said []string
	// agentSaid are the assistant's last messages (maxSaid) and their
	// seqs, where a revert finds the value the agent reported before the
	// current one when the user never said it ("BATCH_SIZE = 5000." …
	// "Make the batch size 10000." … "go back to the old value");
	// transient like said.
	agentSaid []seqText
	// secrets are the secret values the user gave, masked wherever they
	// come again (secret.go); transient like said.
	secrets []string
	// offer is what the assistant's last message offered or asked to do
	// ("I could disable the watchdog", "Should I force-push?"), the
	// referent of a bare "please don't" next (bare.go); not part of a
	// Snapshot.
	offer string
	// guesses are the diagnosis of the last assistant message
	// (itemreply.go), for the user's correction.
	guesses []string
	// asked are the questions of fact the assistant's last message asked
	// the user (asked.go); not part of a Snapshot.
	asked2 []string
	// endAsked are the questions to the user of the assistant's last
	// message while nothing has come after it, and endAskedSeq its seq
	// (endasked.go).
	endAsked    []string
	endAskedSeq int
	// askedList: the agent numbered the questions of asked2 in a list
	// (numbered.go)
	askedList bool
	// userAsked are the questions of fact the user's last message asked
	// the agent and no reply has answered yet, and looked tells that a
	// tool's output came since (answered.go); not part of a Snapshot.
	userAsked []string
	looked    bool
	// userAskedAge counts the user's messages since the oldest of
	// userAsked was asked: a question waits through a message that does
	// not move on from it ("vpn's back, retry"), up to maxAskedAge.
	userAskedAge int
	// userAsks are the questions of the user's last message, of fact or
	// advice, and askedBack those the agent's reply asked back on instead
	// of answering (askback.go); not part of a Snapshot.
	userAsks, askedBack []string
	// answeredQs are the user's questions the agent answered last, for
	// an answer given again (answeragain.go); not part of a Snapshot.
	answeredQs []AnsweredQuestion
	// userSeq is the sequence number of the user's last message, whose
	// agent answers since a contradiction reaches (contest.go); not part
	// of a Snapshot.
	userSeq int
	// prevUserSeq is the user's message before that one: what failed
	// since it, the user's last message may speak of (namedGivenUp); not
	// part of a Snapshot.
	prevUserSeq int
	// proposed is the rule the assistant's last message proposed and
	// asked whether to keep (keeprule.go); not part of a Snapshot.
	proposed string
	// suggestedName and suggestedValue are the setting and value the
	// assistant's last message suggested (suggested.go); not part of a
	// Snapshot.
	suggestedName, suggestedValue string
	// clock is the time of day (minutes) the session last showed, at
	// clockSeq, when clockSeen (clock.go); not part of a Snapshot.
	clock, clockSeq int
	clockSeen       bool
	// lang is the language of the user's last message (lexicon.go); not
	// part of a Snapshot.
	lang lang
	// qty are the quantities the user stated in prose (quantity.go); not
	// part of a Snapshot.
	qty []quantity
	// asked is the user's last message when it asked something; answered
	// is the one setting the assistant's reply to it named with a number
	// (a config identifier: answeredSetting), the referent of a pronoun in
	// the user's next message, and answerOf the question; not part of a
	// Snapshot.
	asked, answered, answerOf string
	// shownText is the last successful tool output (a short one), at
	// shownSeq, and shown the settings it shows, read when the user's
	// next message adopts one (adopt.go); not part of a Snapshot.
	shown     []shownPair
	shownSeq  int
	shownText string
	// talked is the assistant's last text since the user's last
	// message, where the user's next pronoun may find its referent
	// (pronoun.go: read only when a pronoun is given a number); not part
	// of a Snapshot.
	talked string
	// ran is the commands of the assistant's last tool calls, at ranSeq,
	// where a relative change finds the number a setting was run with
	// ("--window 2048", then "make the window half that": ranflags.go);
	// not part of a Snapshot.
	ran    string
	ranSeq int
	// ahead is a user sentence taking a value a tool is yet to show
	// ("use whatever slot the scheduler suggests"), said in aheadEv
	// (adopt.go); not part of a Snapshot.
	ahead   string
	aheadEv Event
	// skipped are the tests the agent's edits marked skipped, newest
	// last (skipedit.go); not part of a Snapshot.
	skipped []string
	// failOut are the outputs of the last failures (maxFailOut), where a
	// code path the user drops is found (droppath.go); not part of a
	// Snapshot.
	failOut []idText
	// runPassed are the calls that passed, newest last (maxSaid), where a
	// failure over several files is settled file by file (giveupall.go);
	// not part of a Snapshot.
	runPassed []seqText
	// flaky are the failures called flaky (flaky.go); not part of a
	// Snapshot.
	flaky map[*Anchor]bool
	// passedOnce are the failures only plain runs passed (flaky.go),
	// true when the failed command passed again: a failure called flaky
	// after is open again.
	passedOnce map[*Anchor]bool
	// model are the anchors the summarizer model proposed and AdmitModel
	// verified (modelprop.go), held apart from hot: the log's reading
	// never sees them. Part of a Snapshot.
	model []*Anchor
	// coded is the code name each value named as code was named by last
	// (codename.go), by key: a later name in prose leaves it code. Part
	// of a Snapshot.
	coded map[string]string
}

// New returns an empty reducer.
func New(opts Options) *Reducer {
	if opts.Proposer == nil {
		opts.Proposer = Deterministic{}
	}
	opts.Caps.defaults()
	return &Reducer{opts: opts, hot: map[string]*Anchor{}, pending: map[string]Call{}, lastSeq: -1, asOf: -1}
}

// ready reports whether r is usable (false: nil), and makes a zero
// Reducer the one New returns, keeping its options. A reducer from New,
// Clone or a Restore always has its hot map, so a zero one is told by
// its nil map.
func (r *Reducer) ready() bool {
	if r == nil {
		return false
	}
	if r.hot == nil {
		*r = *New(r.opts)
	}
	return true
}

func slot(k Kind, key string) string { return string(k) + "\x00" + key }

var kindLetter = map[Kind]string{KindObjective: "o", KindConstraint: "c", KindDecision: "d", KindValue: "v", KindArtifact: "a",
	KindEvidence: "e", KindFailure: "f", KindObligation: "b", KindNegative: "n", KindUncertainty: "u"}

// LastSeq is the seq of the last event applied (-1: none).
func (r *Reducer) LastSeq() int {
	if !r.ready() {
		return -1
	}
	return r.lastSeq
}

// Rejected counts proposals refused for a quote that is not verbatim or a
// source without authority.
func (r *Reducer) Rejected() int {
	if r == nil {
		return 0
	}
	return r.rejected
}

// Apply folds one event into the state. Events must come in seq order;
// an event at or before LastSeq is ignored (replays are idempotent).
// A nil *Reducer applies nothing.
func (r *Reducer) Apply(ev Event) {
	if !r.ready() || ev.Seq <= r.lastSeq {
		return
	}
	r.lastSeq = ev.Seq
	r.noteEndAsked(&ev)
	if ev.Role == RoleUser {
		// A key or password pasted: masked in every anchor from this
		// event on (secret.go).
		for _, sec := range secretsIn(ev.Text) {
			if !slices.Contains(r.secrets, sec) {
				if len(r.secrets) == maxSecrets {
					r.secrets = r.secrets[1:]
				}
				r.secrets = append(r.secrets, sec)
			}
		}
	}
	var call *Call
	switch ev.Role {
	case RoleAssistant:
		for _, c := range ev.Calls {
			if _, ok := r.pending[c.ID]; !ok {
				r.pendOrd = append(r.pendOrd, c.ID)
			}
			r.pending[c.ID] = c
		}
		for len(r.pendOrd) > r.opts.Caps.Pending {
			delete(r.pending, r.pendOrd[0])
			r.pendOrd = r.pendOrd[1:]
		}
	case RoleTool:
		if ev.Result != nil {
			if c, ok := r.pending[ev.Result.CallID]; ok {
				call = &c
				delete(r.pending, ev.Result.CallID)
				r.pendOrd = slices.DeleteFunc(r.pendOrd, func(id string) bool { return id == ev.Result.CallID })
			}
		}
	}
	r.noteRefused(&ev, call)
	ctx := &Context{Call: call, LastValueKey: r.lastKey, LastValueName: r.lastName, OpenFailures: map[string]string{}}
	if ev.Role == RoleUser {
		l := detectLang(ev.Text, r.lang)
		ctx.Language = langCodes[l]
		if l != langNone || !shortKeepsLang(ev.Text, r.lang) {
			// "bájalo a 50" keeps the user's language for the next
			// message (shortlang.go)
			r.lang = l
		}
		ctx.RuledOnly = r.ruledOnly
		// A message of rules only ("règles: …") names no goal; the next
		// one is the goal only when it asks work (rulelead.go).
		r.ruledOnly = r.ruledOnly || rulesOnlyMessage(ev.Text)
	}
	if ev.Role == RoleSystem {
		// A system message in another language is read through its gloss
		// too; it names no language for the user's messages.
		ctx.Language = langCodes[detectLang(ev.Text, langNone)]
	}
	if ev.Role == RoleUser && r.attempt != "" && ev.Seq-r.attemptSeq <= attemptGap {
		ctx.Attempt = r.attempt
	}
	if ev.Role == RoleUser {
		// "make it 20 s" after talk of another setting (pronoun.go).
		if k, n, none := r.pronounReferent(ev.Text); k != "" || none {
			ctx.LastValueKey, ctx.LastValueName = k, n
		}
	}
	if ev.Role == RoleUser {
		// "go back to 15": the setting whose value before was 15
		// (valueref.go).
		if a := r.backToHeld(ev.Text); a != nil {
			ctx.LastValueKey, ctx.LastValueName = a.Key, a.Name
		}
	}
	if ev.Role == RoleUser && r.answered != "" {
		// "how many run in parallel?" — "MaxConcurrentReconciles is not
		// set, so it is 1." — "set it to 4": the setting the answer named.
		ctx.LastValueKey, ctx.LastValueName = "value/-/"+strings.ToLower(r.answered), r.answered
	}
	if ev.Role == RoleUser && r.suggestedName != "" && takesSuggested(ev.Text, r.suggestedValue) {
		// "行，就 4500" after "建议 max-connections-per-node = 4500"
		// (suggested.go).
		ctx.LastValueKey, ctx.LastValueName = settingKey(r.suggestedName), r.suggestedName
	}
	if ev.Role == RoleUser {
		// "bájalo a 50" when the setting set last holds 5 (valuenoun.go).
		if k, n := directedReferent(ev.Text, r.heldValues(), ctx.LastValueKey); k != "" {
			ctx.LastValueKey, ctx.LastValueName = k, n
		}
	}
	if ev.Role == RoleAssistant {
		for _, a := range r.answeredQs {
			if o := r.hot[slot(KindDecision, a.Key)]; o != nil && o.Lifecycle == Active {
				ctx.Answered = append(ctx.Answered, a)
			}
		}
	}
	if ev.Role == RoleAssistant {
		ctx.Asks = r.userAsks
		if agentSetCue(ev.Text) {
			ctx.Held = r.heldValues()
		}
	}
	if ev.Role == RoleAssistant && len(r.userAsked) > 0 {
		ctx.UserAsked, ctx.Looked = r.userAsked, r.looked || onlyTalks(ev.Calls)
	}
	if ev.Role == RoleUser {
		ctx.Offer = r.offer
		ctx.Guesses = r.guesses
		ctx.ProposedRule = r.proposed
		ctx.Asked, ctx.AskedNumbered = r.asked2, r.askedList
		ctx.AskedBack = r.askedBack
		ctx.Ran = r.ran != ""
		ctx.Values = r.heldValues()
	}
	var own []string
	if ev.Role == RoleUser || ev.Role == RoleAssistant {
		own = offeredOptions(ev.Text)
		if own == nil {
			// "(A) …, or (B) …", "Variante 1 ist …" (valuesxl.go).
			own = labelledOptions(ev.Text)
		}
	}
	switch {
	case own != nil:
		ctx.Offered = own
	case len(r.offered) > 0 && (ev.Seq-r.offeredSeq <= offerWindow || ev.Role == RoleUser && !r.offeredReplied || ev.Role == RoleAssistant && (r.chosen != "" || r.choseOffered)):
		ctx.Offered, ctx.OfferedPick = r.offered, r.offeredPick
		if ev.Role == RoleAssistant {
			ctx.ChoseOffered, ctx.Chosen = r.choseOffered, r.chosen
		}
	}
	var ownGroups []OptionGroup
	if own == nil && (ev.Role == RoleUser || ev.Role == RoleAssistant) {
		ownGroups = optionGroups(ev.Text)
	}
	switch {
	case ownGroups != nil:
		ctx.OfferedGroups = ownGroups
	case len(r.groups) > 0 && ev.Seq-r.groupsSeq <= offerWindow:
		ctx.OfferedGroups = r.groups
	}
	if d := r.newestChoice(); d != nil {
		v := r.hot[slot(KindValue, r.lastKey)]
		ctx.DecidedLast = v == nil || d.Seq() >= v.Seq()
	}
	var decisions []*Anchor
	for _, a := range r.hot {
		switch {
		case a.Kind == KindDecision && a.Lifecycle == Active:
			decisions = append(decisions, a)
		case a.Kind == KindObjective && a.Lifecycle == Active:
			ctx.HaveObjective = true
			if ev.Role == RoleTool {
				ctx.Objective = a.Value
			}
			ctx.ObjectiveAsked = questionRE.MatchString(firstSentence(a.Value)) && ev.Seq > a.Seq()+1
		case a.Kind == KindFailure && a.IsHead():
			ctx.OpenFailures[a.Name] = a.Key
		case a.Kind == KindUncertainty && a.IsHead() && a.Authority == Normative:
			if ctx.Questions == nil {
				ctx.Questions = map[string]string{}
			}
			ctx.Questions[a.Key] = a.Value
			for _, w := range a.Links {
				if ctx.OpenQuestions == nil {
					ctx.OpenQuestions = map[string]string{}
				}
				if k, ok := ctx.OpenQuestions[w]; !ok || a.Key > k {
					ctx.OpenQuestions[w] = a.Key
				}
			}
		case a.Kind == KindConstraint && a.Lifecycle == Active:
			for name := range a.valueFacts().pins {
				if ctx.Pinned == nil {
					ctx.Pinned = map[string]bool{}
				}
				ctx.Pinned[name] = true
			}
		}
	}
	slices.SortFunc(decisions, byAge)
	for _, d := range decisions {
		ctx.Decisions = append(ctx.Decisions, d.Value)
		if ev.Role == RoleUser && d.Was != "" && d.Authority == Normative && strings.HasPrefix(d.Key, answerPrefix) {
			ctx.AgentAnswered = append(ctx.AgentAnswered, AnsweredQuestion{Question: d.Was, Key: d.Key, Answer: d.Value})
		}
	}
	source := &evidence{text: ev.Text}
	if call != nil {
		var sb strings.Builder
		argStrings(&sb, map[string]any(call.Args), 0)
		source.rest = sb.String()
	}
	moved, failed, chosen := map[*Anchor]bool{}, false, ""
	if ev.Role == RoleTool {
		// the files it wrote, whether what ran after failed or not
		// (scratch.go)
		r.noteMade(call)
	}
	r.call = call
	defer func() { r.call = nil }()
	if ev.Role == RoleUser {
		r.reverted, r.revertSeq = "", 0
	}
	props := r.opts.Proposer.Propose(&ev, ctx)
	repaired := r.repairValues(&ev, props)
	for i, p := range props {
		if repaired[i] {
			// the repair's own number read again as a value of another
			// name ("every 1 s, actually make that 500 ms": "actually
			// make that" = 500 ms)
			continue
		}
		if err := admit(&ev, &p, source); err != nil {
			r.rejected++
			continue
		}
		ref := EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq}
		id := fmt.Sprintf("%s%d.%d", kindLetter[p.Kind], ev.Seq, i)
		r.apply(&ev, &p, ref, id, moved)
		if p.Kind == KindValue && p.Key == outcomeKey {
			r.taskEnded(&p, ref)
		}
		if ev.Role == RoleAssistant && p.Was != "" && strings.HasPrefix(p.Key, answerPrefix) {
			// the user's question answered (answered.go)
			r.userAsked = slices.DeleteFunc(slices.Clone(r.userAsked), func(q string) bool { return q == p.Was })
			r.userAsks = slices.DeleteFunc(slices.Clone(r.userAsks), func(q string) bool { return strings.HasPrefix(q, p.Was) })
			r.noteAnswered(AnsweredQuestion{Question: p.Was, Key: p.Key, Answer: p.Value})
		}
		if ev.Role == RoleAssistant && p.Kind == KindUncertainty && p.Op == OpState {
			// or held open: the agent said it cannot answer it, and a
			// later "Still open: the question for the planner team" is
			// no answer either
			r.userAsked = slices.DeleteFunc(slices.Clone(r.userAsked), func(q string) bool { return p.Key == "question/-/"+slug(q) })
		}
		failed = failed || p.Kind == KindFailure && p.Failed
		if ev.Role == RoleUser && p.Kind == KindDecision {
			if i := slices.IndexFunc(ctx.Offered, func(o string) bool { return strings.HasPrefix(p.Value, o+" (") }); i >= 0 {
				chosen = ctx.Offered[i]
			}
		}
	}
	// "Let me run the tests" after the step it told was taken
	// (intention.go).
	r.movedOn(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
	if ev.Role == RoleTool {
		r.resultSeq = ev.Seq
	}
	if ev.Role == RoleTool && todoTool(callName(call)) {
		// the items the agent's newer task list dropped (todo.go)
		listed := map[string]bool{}
		for _, p := range props {
			if p.Todo {
				listed[p.Key] = true
			}
		}
		if len(listed) > 0 {
			r.todoListed(listed, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		}
	}
	if ev.Role == RoleTool {
		// "ok  pkg" in a run failing elsewhere (lifecycle.go).
		r.unitsPassedInFailure(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq}, moved)
	}
	if ev.Role == RoleTool && ev.Result != nil && !ev.Result.IsError && len(ev.Text) <= maxInstructionBytes {
		// the rules a newer read of the instruction file no longer
		// holds (instrgone.go)
		if file := instructionFile(call); file != "" && wholeRead(call) {
			r.instructionsDropped(file, props, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		}
	}
	if ev.Role == RoleAssistant && onlyTalks(ev.Calls) && strings.TrimSpace(ev.Text) != "" {
		// the agent's reply ends the rules said for it (until.go)
		r.replied(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
	}
	if ev.Role == RoleUser {
		// "disk swapped": a rule held until then is over, unless a lift
		// read above already freed it (until.go).
		r.conditionsMet(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "the 6-pin has no D+/D-": the option left is chosen (poll.go).
		r.eliminate(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "priya pushed back on buffer_one" (veto.go).
		r.vetoed(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "alza il minimo di 2" of a rule's range (bound.go).
		r.boundChanged(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "on passe la MSRV à 1.75" of "règle: MSRV 1.70, …" (rulerepin.go).
		r.pinnedSet(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "No, Python 3.11 no: … pasamos a 3.12" (contest.go).
		r.contested(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "提测改到下周三了", "demo got pushed to next tuesday" (moveday.go).
		r.dayMoved(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "…, use all the cores you want" (freeall.go).
		r.freedLimit(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "… can't be combined with coupons. Non-negotiable." (firm.go).
		r.firmClosed(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "please treat that rule as back in force" (reinstate.go).
		r.reinstated(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "Umlaute im Buchungstext sind völlig ok" (permitted.go).
		r.okLifted(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "o Rafa liberou mexer no values-prod" (granted.go).
		r.grantLifted(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "släpp --reuse-db helt, regeln är död", "для prod правило в
		// силі", "1.15.2 पर चले जाओ, pin वहीं रखो" (ruledead.go).
		r.rulesSaidOff(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "Routine electrical jobs go to BrightSpark as well" (widen.go).
		r.widened(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "明天再弄这个", "let's pick this up tomorrow" (proform.go).
		r.deferredProForm(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "volta no HPA.": the objective set aside taken up again
		// (resume.go).
		r.resumed(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq}, moved)
		r.prevUserSeq, r.userSeq = r.userSeq, ev.Seq
		// "… 更新しといて。あと CHANGELOG に … 書いといて。": requests for
		// now, held until the agent reports on them (nowtask.go).
		r.holdNowTasks(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
	}
	// "frozen until 2pm" when the clock shows 15:05 (clock.go).
	r.clockPassed(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
	// "SOGo is too heavy … so Roundcube": a choice among named options
	// (namedopts.go).
	r.chooseNamed(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
	if ev.Role == RoleAssistant {
		// "Updated CHANGELOG.md with …": a task the agent says it did
		// (done.go).
		r.claimed(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// "CHANGELOG はまだです": a request for now the agent reports on
		// (nowtask.go).
		r.reportedTasks(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
	}
	// "SRE 側で再デプロイが必要です": a task handed to a team
	// (handedoff.go).
	r.handedOff(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
	if ownGroups != nil {
		r.groups, r.groupsSeq = ownGroups, ev.Seq
	}
	// "Unless you object, I'll go with A" and a reply that lets it
	// stand (silence.go).
	r.letStand(&ev, own, chosen, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
	switch {
	case own != nil:
		r.offered, r.offeredSeq, r.choseOffered, r.chosen, r.offeredReplied = own, ev.Seq, false, "", false
		r.offeredPick = ""
		if ev.Role == RoleAssistant {
			r.offeredPick = recommended(ev.Text, own)
		}
	case ev.Role == RoleAssistant:
		r.choseOffered, r.chosen = false, ""
	case ev.Role == RoleUser:
		r.offeredReplied = true
	}
	if ev.Role == RoleUser && len(ctx.Offered) > 0 {
		r.chosen = chosen
		r.choseOffered = chosen == "" && slices.ContainsFunc(sentences(ev.Text), descChoiceRE.MatchString)
	}
	switch ev.Role {
	case RoleAssistant:
		if o := offered(ev.Text); o != "" || ev.Text != "" {
			r.offer = o
		}
		if o := askToolOffer(ev.Calls); o != "" {
			// the offer put through a tool that asks the user (refused.go)
			r.offer = o
		}
		if ev.Text != "" {
			r.askedBack = nil
			if len(r.userAsks) > 0 && asksBack(ev.Text) {
				r.askedBack = r.userAsks
			}
			r.asked2 = choicesAsked(ev.Text, askedQuestions(ev.Text))
			r.askedList = listedQuestions(ev.Text, r.asked2)
			r.guesses = guesses(ev.Text)
			r.proposed = proposedRule(ev.Text)
			r.suggestedName, r.suggestedValue = suggestedSetting(ev.Text)
		}
		if r.asked != "" && ev.Text != "" {
			// a message that runs something and names no setting
			// ("Checking.") leaves the question waiting for the reply
			if a := answeredSetting(ev.Text); a != "" || onlyTalks(ev.Calls) {
				r.answered, r.answerOf, r.asked = a, r.asked, ""
			}
		}
	case RoleUser:
		r.offer, r.guesses = "", nil
		r.asked2, r.askedList, r.proposed, r.suggestedName, r.suggestedValue = nil, false, "", "", ""
		r.userAsked, r.userAskedAge = waitingQuestions(userQuestions(ev.Text), r.userAsked, r.userAskedAge, ev.Text)
		r.userAsked, r.userAskedAge = r.stillAskedBack(props)
		r.userAsks, r.askedBack = userAsks(ev.Text), nil
		r.looked = false
		if r.answered != "" {
			// "set it to 4": the value is also named by the question's
			// words ("how many reconciles run in parallel?"), for a later
			// "cut the parallel reconciles in half".
			key := "value/-/" + strings.ToLower(r.answered)
			if a := r.valueCoded(key, typedCode(r.answered, "")); a != nil && a.Seq() == ev.Seq {
				r.qty = append(r.qty, quantity{seq: ev.Seq, value: a.Value, words: wordList(identWords(r.answered, r.answerOf)), key: a.Key})
			}
		}
		r.asked, r.answered = "", ""
		if (strings.Contains(ev.Text, "?") || strings.Contains(ev.Text, "？")) && !r.settledAt(ev.Seq, ev.Text) {
			// "payment call timeout is 10s rn right? make it 15": a
			// question the message settles itself awaits no answer, and
			// the agent's "Set PAYMENT_TIMEOUT_MS to 15_000." names no
			// other setting for a pronoun
			r.asked = ev.Text
		}
	case RoleTool:
		r.looked = true
	}
	switch ev.Role {
	case RoleUser:
		r.talked = ""
	case RoleAssistant:
		if ev.Text != "" {
			r.revertSaid(&ev)
			r.talked = ev.Text
			if len(r.agentSaid) == maxSaid {
				r.agentSaid = append(r.agentSaid[:0], r.agentSaid[1:]...)
			}
			r.agentSaid = append(r.agentSaid, seqText{ev.Seq, plainNumbers(ev.Text, decimalComma(r.lang))})
			// A tool or file the agent gives up on (giveupall.go).
			r.givenUpByName(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
			r.markedFlaky(&ev)
		}
		if cmds := commandsOf(ev.Calls); cmds != "" {
			r.ran, r.ranSeq = cmds, ev.Seq
			// A change left unresolved, carried out by the run
			// (valuesxl.go).
			r.resolvedByRun(&ev)
		}
	}
	if ev.Role == RoleTool && call != nil && ev.Result != nil && !ev.Result.IsError && !failed {
		r.shown, r.shownSeq, r.shownText = nil, ev.Seq, ""
		if len(ev.Text) <= maxShownBytes {
			r.shownText = ev.Text
		}
		r.adoptedAhead(&ev)
		// A failed command whose job this one did (workaround.go).
		if _, cmd := argString(call.Args, commandArgKeys); cmd != "" {
			r.workedAround(cmd, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq}, map[*Anchor]bool{})
			r.noteRunPassed(ev.Seq, cmd)
		}
	}
	if ev.Role == RoleUser {
		r.adopted(&ev)
		r.attempt, r.attemptSeq = openAttempt(ev.Text), ev.Seq
		r.told(&ev)
		r.abandoned(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		r.givenUpByName(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		r.markedFlaky(&ev)
		// The user reporting a run green (usergreen.go).
		r.reportedGreen(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		if len(r.said) == maxSaid {
			r.said = append(r.said[:0], r.said[1:]...)
		}
		// Kept with plain numbers ("500.000 Zeilen" is 500000: numbers.go).
		plain := plainNumbers(ev.Text, decimalComma(r.lang))
		r.said = append(r.said, plain)
		r.noteQuantities(plain, ev.Seq)
	}
	if call != nil && ev.Result != nil && !ev.Result.IsError && !failed {
		// A task of an open obligation the command did (tasks.go).
		r.performed(call, ev.Text, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// The failures it leaves nothing of (scratch.go).
		r.leftBehind(call, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
	}
	r.enforceCaps()
	r.followModel()
}

// evidence is the text a proposal's quote must be found in: an event's
// text, then (a tool result's) rest, a newline and each string argument
// of the call it answers. The two are joined only for a quote found in
// neither: a tool's output can be megabytes, and most quotes are in it.
type evidence struct {
	text, rest string
	joined     string // text + rest, once made
}

func (e *evidence) contains(q string) bool {
	if strings.Contains(e.text, q) || strings.Contains(e.rest, q) {
		return true
	}
	if e.rest == "" {
		return false
	}
	if e.joined == "" {
		e.joined = e.text + e.rest
	}
	return strings.Contains(e.joined, q)
}

// argStrings writes the strings a call's argument holds, in lists and
// objects too (a todo tool's items), each on a line of its own.
func argStrings(sb *strings.Builder, v any, depth int) {
	if depth > 8 {
		return
	}
	switch x := v.(type) {
	case string:
		sb.WriteByte('\n')
		sb.WriteString(x)
	case []any:
		for _, e := range x {
			argStrings(sb, e, depth+1)
		}
	case map[string]any:
		// in the keys' order, so the text is the same on every read
		keys := slices.Sorted(maps.Keys(x))
		for _, k := range keys {
			argStrings(sb, x[k], depth+1)
		}
	}
}

// admit checks a proposal's quote and authority against its event.
func admit(ev *Event, p *Proposal, source *evidence) error {
	if p.Quote != "" && !source.contains(p.Quote) {
		return ErrNotVerbatim
	}
	if p.Quote == "" && p.Op != OpOutcome {
		return ErrNotVerbatim
	}
	ok := false
	switch ev.Role {
	case RoleUser, RoleSystem:
		ok = p.Op == OpLift || p.Op == OpExcept || p.Op == OpState && p.Kind != KindEvidence && p.Kind != KindFailure && p.Kind != KindArtifact ||
			p.Op == OpDone && (p.Kind == KindObligation || p.Kind == KindObjective) ||
			p.Pasted && p.Op == OpOutcome && p.Kind == KindFailure && p.Failed
	case RoleAssistant:
		ok = p.Op == OpState && (p.Kind == KindDecision || p.Kind == KindNegative || p.Kind == KindUncertainty ||
			p.Kind == KindObjective && p.PromptSaid || p.Kind == KindValue && p.AgentSet) ||
			p.Op == OpLift && p.Kind == KindDecision && p.Name == reversedName // its own decision taken back (decreverse.go)
	case RoleTool:
		ok = p.Op == OpOutcome && (p.Kind == KindEvidence || p.Kind == KindFailure) || p.Op == OpState && (p.Kind == KindArtifact || p.Kind == KindValue) ||
			p.Instructions && p.Op == OpState && p.Kind == KindConstraint ||
			p.Todo && p.Kind == KindObligation && (p.Op == OpState || p.Op == OpDone)
	}
	if !ok {
		return ErrAuthority
	}
	return nil
}

func authorityOf(ev *Event, k Kind) Authority {
	switch ev.Role {
	case RoleUser, RoleSystem:
		return Normative
	case RoleTool:
		if k == KindArtifact {
			return Procedural
		}
		return Empirical
	}
	switch k {
	case KindUncertainty:
		return Hypothesis
	}
	return Decision
}

func (r *Reducer) apply(ev *Event, p *Proposal, ref EventRef, id string, moved map[*Anchor]bool) {
	if p.Kind == KindValue {
		// A key or a password the user pasted is held masked (secret.go).
		if v, q, ok := maskSecret(p.Name+" "+p.Key, p.Value, p.Quote); ok {
			if len(r.secrets) == maxSecrets {
				r.secrets = r.secrets[1:]
			}
			r.secrets = append(r.secrets, strings.TrimSpace(p.Value))
			cp := *p
			cp.Value, cp.Quote = v, q
			p = &cp
		}
	}
	if len(r.secrets) > 0 {
		// and masked wherever it comes again ("printf 'KEY=%s' '7fQm…'
		// >> .env").
		p = r.maskKnown(p)
	}
	auth := authorityOf(ev, p.Kind)
	if p.Instructions || p.UserAnswer {
		// A project's instruction file is the system's word
		// (instructions.go); an answer a tool relayed, the user's.
		auth = Normative
	}
	if p.Todo {
		// The agent's own task list is the execution's lifecycle (todo.go).
		auth = Procedural
	}
	if p.Pasted {
		// a tool's output the user pasted (pastedfail.go)
		auth = Empirical
	}
	nu := &Anchor{ID: id, Kind: p.Kind, Key: p.Key, Name: p.Name, Value: p.Value, Authority: auth, SourceRefs: []EventRef{ref},
		Quote: p.Quote, Because: p.Because, Links: slices.Clone(p.Links), Scope: p.Scope}
	switch p.Op {
	case OpLift:
		if p.Kind == KindObjective && p.Correction {
			r.supersedeScope(p.Key, ref)
			return
		}
		if p.Kind == KindUncertainty {
			r.answer(p, ref, id)
			return
		}
		if p.Kind == KindObligation {
			r.release(p, ref)
			return
		}
		if p.Name == "dropped" {
			r.dropPractice(p, ref)
			return
		}
		if p.Kind == KindDecision && p.Name == reversedName {
			r.reverseDecision(ev, p, ref)
			return
		}
		if p.Kind == KindDecision {
			if d := r.decisionNaming(p.Value); d != nil {
				d.Lifecycle = Superseded
				d.Because = p.Quote
				d.addRef(ref)
			}
			return
		}
		r.lift(p, ref, id)
		return
	case OpOutcome:
		r.outcome(ev, p, nu, ref, moved)
		return
	case OpExcept:
		if p.Name == "act" {
			// a permission of the act a rule forbids, in a part (permitact.go)
			r.exceptAct(p, ref, id)
			return
		}
		r.except(p, ref, id)
		return
	case OpDone:
		r.done(p, ref, nu)
		return
	}
	old := r.hot[slot(p.Kind, p.Key)]
	switch p.Kind {
	case KindObjective:
		nu.Lifecycle = Active
		if p.PromptSaid && old != nil && old.Authority == Normative {
			// the agent's reading of the prompt never replaces the
			// user's own words (promptsaid.go)
			return
		}
		if old != nil && old.Lifecycle == Done {
			// The task the session's outcome ended (outcome.go): its
			// objective said again is the task done, another one a new
			// task.
			if objectiveText(old.Value) == objectiveText(p.Value) {
				old.addRef(ref)
				return
			}
			r.newTask(nu, old)
			break
		}
		if old != nil {
			if !p.Correction {
				return
			}
			if o, n := objectiveText(old.Value), objectiveText(p.Value); o == n || strings.HasPrefix(n, o) && o != "" {
				// The same objective restated, or in full where the
				// first statement was cut short (the head of the first
				// message): not a new objective.
				if len(n) > len(o) {
					old.Value, old.Quote = p.Value, p.Quote
				}
				old.addRef(ref)
				return
			}
			r.supersede(nu, old)
			r.oldTasksGone(nu, old, ref)
		}
	case KindConstraint:
		nu.Lifecycle = Active
		if p.Replaces != "" {
			// "use port 9090, not 8080" after "The service must listen on
			// port 8080": the rule stating the old value, restated with the
			// new one (replace.go); no rule of its own otherwise.
			v, _, _ := replacement(p.Value)
			o := r.ruleStating(p.Replaces, v)
			if o == nil {
				return
			}
			r.choiceRead(ref, p.Quote)
			if old != nil && old.Lifecycle == Active {
				// the sentence is a rule of its own as well
				r.supersede(old, o)
				return
			}
			r.supersede(nu, o)
			break
		}
		if ev.Role == RoleUser || ev.Role == RoleSystem {
			nu.Until = untilOf(ev.Text, p.Quote)
			if nu.Until == "" && ev.Role == RoleUser && replyScoped(ev.Text, p.Quote) {
				nu.Until = untilReply
			}
		}
		if restated(old, Active, ref) {
			return
		}
		if p.Restates {
			// "Reminder: leave the dags/legacy folder alone": the rule said
			// before, in other words; "lock 禁止はまだ生きてるよ、例外は
			// tokio だけ": with the exception it keeps (oncelift.go).
			if o := r.ruleRestated(p.Value); o != nil {
				if x, said := restatedException(p.Value); x != "" && !slices.Contains(o.Links, x) {
					r.restateExcept(o, said, x, ref, id)
					return
				}
				o.addRef(ref)
				return
			}
			if !isRule(p.Value) {
				// "that rule still stands" with no rule held: nothing
				// to refresh, and no rule in its words
				return
			}
		}
		if !p.Correction {
			// A rule said again refreshes the first; said again with more
			// ("never push to main without a review") it replaces it.
			if o := r.sameRule(p); o != nil {
				if !adds(ruleTerms(p.Value), ruleTerms(o.Value)) || remainderRE.MatchString(p.Value) {
					o.addRef(ref)
					return
				}
				if o.Seq() != ref.Seq || !adds(ruleTerms(o.Value), ruleTerms(p.Value)) {
					// A rule said again with more replaces the one it
					// holds, in the same message too ("Never push to main.
					// Never push to main without a review."); two rules
					// of one message that each say what the other does
					// not ("1. You issue at least one command", "2. At
					// least one tool call with your command") are both in
					// force.
					r.supersede(nu, o)
				}
			}
		}
		// A rule that pins a thing to another version than an active
		// rule does restates it: it supersedes it whatever else it says.
		fp := pinFacts(p.Value)
		if o := r.closest(p.Value, 0, func(a *Anchor) bool {
			return a.Kind == KindConstraint && a.Lifecycle == Active && repinsOf(a.valueFacts(), fp)
		}); o != nil {
			r.supersede(nu, o)
		} else if o := r.narrowedRule(nu, ref); o != nil && ev.Role == RoleUser {
			// "clippy -D warnings seulement sur tabulo-core" after "…
			// tu lances clippy avec -D warnings" (narrow.go).
			r.supersede(nu, o)
		} else if p.Correction && !proFormRefusal(p.Value) {
			// "no, don't do that": the agent's act, not a rule
			// (correctref.go).
			o := r.naming(p.Links, KindConstraint, Active)
			if o == nil {
				// the rule whose subject it names, not one that only
				// shares its "no" (correctsubject.go)
				o = r.correctedRule(p.Value, 0.3, len(p.Links) > 0)
			}
			if o != nil {
				r.supersede(nu, o)
			}
		}
		if o := r.formReplaced(p.Value, nu); o != nil && o.Lifecycle == Active {
			// "やっぱりコミットメッセージは英語にして" after "コミットメッセージ
			// は日本語で": another form for the same kind of text
			// (formrule.go)
			r.supersede(nu, o)
		}
		if ev.Role == RoleUser {
			r.forbidPlans(nu, ref)
		}
	case KindObligation:
		nu.Lifecycle = Open
		if restated(old, Open, ref) {
			return
		}
		if !pathRE.MatchString(p.Value) {
			// "记得写 reindex 的文档啊" after "reindex 的操作文档
			// docs/reindex.md": the task asked again names the file the
			// first asking gave, so writing that file does it.
			if path := r.pathSaidFor(p.Value); path != "" && !slices.Contains(nu.Links, path) {
				nu.Links = append(nu.Links, path)
			}
		}
	case KindValue:
		nu.Lifecycle = Current
		code := codeIdentOf(p, ev.Role)
		if p.AgentSet || p.Measured {
			// a setting the agent says it changed (agentset.go), a
			// metric a run measured (measured.go)
			if !r.agentValue(ev, p, nu, ref, code) {
				return
			}
			break
		}
		if p.Replacement {
			// "Use eu-west-1 instead of us-east-1": the setting that holds
			// the old value, or none (replace.go).
			if r.holding(p.Was) == nil {
				return
			}
			r.choiceRead(ref, p.Quote)
		}
		if h := r.holding(p.Value); ev.Role == RoleTool && h != nil && r.sameSettingAs(h, p, code) {
			// A command set the value the setting already holds: done
			// as said, no second copy (sedvalue.go). Another setting
			// holding the same number is no reason to drop it.
			return
		}
		if o := r.valueCoded(p.Key, code); ev.Role == RoleTool && (o == nil || o.Key != p.Key) {
			// an edit's fragment names a setting the file written whole
			// named by its path
			if k := r.heldPath(p.Key, p.Was); k != "" {
				p.Key, nu.Key = k, k
			}
		}
		if p.Rel != "" {
			r.relative(ev, p, nu)
			r.valueSet(nu, ref)
			return
		}
		if h := r.newestHolding(p.Value); ev.Role == RoleUser && h != nil && h.Key != p.Key && p.Was == "" && !namesSetting(p.Quote, p.Name, p.Key) {
			// "ok, 15 then" after the agent set the worker's concurrency
			// to the 15 it worked out: the value the user accepts, said
			// again, not a change of the setting named last
			h.addRef(ref)
			return
		}
		o := r.valueCoded(p.Key, code)
		if o != nil && o.Seq() == ref.Seq && property(o.Key) != property(p.Key) {
			// Two settings the same message names ("心跳间隔 300s。
			// MeterValueSampleInterval 60s。"), alike only in their head
			// words: not one setting set twice.
			o = nil
		}
		w := r.holding(p.Was)
		if w == nil && bareNumberRE.MatchString(p.Was) {
			// "BIRTHDAY_BONUS = 50 → 100" after "birthday: 50 points":
			// the number held in its unit
			w = r.holdingNumber(p.Was)
		}
		if p.Was != "" && w != nil && (o == nil || leadNumber(o.Value) != p.Was) && (ev.Role != RoleTool || r.sameSettingAs(w, p, code)) && !r.otherCode(w, code) {
			// "是 8192，不是 4096": the value it replaces names the setting
			// better than a name that may be a pronoun's guess.
			o = w
			nu.Key, nu.Name = o.Key, o.Name
		}
		if o != nil && p.Refers && p.Was != "" && p.Rel == "" && leadNumber(o.Value) != leadNumber(p.Was) {
			// "the welcome bonus: no, not 5 but 15" after the birthday
			// bonus of 50 was read: the number it replaces is no value
			// held, so it corrects a setting never read, not the one set
			// last.
			return
		}
		if o == nil && p.Refers {
			// "that batch thing": a setting already held, or none.
			if o = r.referent(p.Name); o == nil {
				return
			}
			nu.Key, nu.Name = o.Key, o.Name
		}
		if o == nil && p.Was != "" {
			// "the connection limit should be 25, not 30" after "max
			// connections is 20 … change that to 30": the value it replaces
			// names the setting when one setting alone holds it.
			if o = r.holding(p.Was); o != nil && (ev.Role == RoleTool && !r.sameSettingAs(o, p, code) || r.otherCode(o, code)) {
				// A command's edit names its setting (a sed's key in its
				// file): another setting that held the number it replaced
				// is not the one it changed; nor is another code name.
				o = nil
			} else if o != nil {
				nu.Key, nu.Name = o.Key, o.Name
			}
		}
		if o != nil && ev.Role == RoleUser && p.Correction && p.Key == r.lastKey {
			// "make it 50,000 rows per file" after the file name was set:
			// the number counts what a limit rule bounds ("Max 10,000
			// rows per file"), not the setting named last
			if tail := countedTail(p.Value); tail != "" && !strings.Contains(strings.ToLower(o.Value), tail) && unitOf(o.Value) == "" {
				if rule, at := r.limitRuleFor(tail); rule != nil {
					r.limitRestated(rule, at, p.Value, ev, ref)
					return
				}
			}
		}
		if o != nil && ev.Role == RoleUser && p.Correction && p.Key == r.lastKey && otherDimension(o.Value, p.Value) {
			// "10mb is fine" after the payment timeout was set to 15s: a
			// size is no value of a duration, whatever was named last.
			return
		}
		if o != nil {
			if m := heldNumRE.FindStringSubmatch(strings.TrimSpace(o.Value)); m != nil && m[3] != "" && ev.Role == RoleUser && bareNumberRE.MatchString(p.Value) {
				// "no, keep 10" of a setting held as "15 minutes": the
				// number in the held value's unit, written as it is
				p.Value += m[2] + m[3]
			}
			if o.Value == p.Value || ev.Role == RoleTool && sameQuantity(o.Value, p.Value) {
				// "timeout: 30s → 45s" in config.yaml after the user set
				// it to 45 seconds: the value held, written another way
				if nu.Name == p.Name {
					r.noteCode(o.Key, code)
				}
				o.addRef(ref)
				r.noteValue(ev, o)
				return
			}
			if entity(p.Key) == "-" {
				nu.Key = o.Key
			}
			r.supersede(nu, o)
		} else if p.Was != "" {
			nu.Was = p.Was
			if m := heldNumRE.FindStringSubmatch(strings.TrimSpace(p.Was)); m != nil && m[3] != "" && ev.Role == RoleUser && bareNumberRE.MatchString(p.Value) && p.Rel == "" {
				// "payment call timeout is 10s rn right? make it 15":
				// the number in the unit of the value it replaces
				p.Value += m[2] + m[3]
			}
		}
		nu.Value = p.Value
		if nu.Name == p.Name {
			r.noteCode(nu.Key, code)
		}
		r.noteValue(ev, nu)
		r.valueSet(nu, ref)
	case KindDecision:
		nu.Lifecycle = Active
		if restated(old, Active, ref) {
			return
		}
		if ev.Role == RoleAssistant {
			if d := r.userChoiceRestated(p.Value); d != nil {
				// "Going with XLSX then, using excelize." after the user
				// chose XLSX: the user's choice said again, one more
				// source of it, not a second decision.
				d.addRef(ref)
				return
			}
		}
		if p.Name == turnedOffName {
			// A thing turned off: the decision that turned it on,
			// reversed, or nothing stated (decreverse.go).
			r.turnValueOff(p.Replaces, nu.ID, ref)
			o := r.turnedOn(p.Replaces)
			if o == nil {
				return
			}
			o.Because = p.Quote
			r.supersede(nu, o)
			break
		}
		if strings.HasPrefix(p.Key, answerPrefix) {
			// The user's answer to the agent's question (asked.go): a
			// fact settled, shown with its question, replacing nothing
			// but an answer to the same question (answeragain.go).
			nu.Was = p.Was
			if o := r.hot[slot(KindDecision, p.Replaces)]; p.Replaces != "" && o != nil && o.Lifecycle == Active && o != old {
				nu.inherit(o)
				o.Because = p.Quote
				r.retire(o, Superseded)
			}
			if ev.Role == RoleUser {
				r.answerTurnsOff(p.Quote, nu.ID, ref)
			}
			break
		}
		// The decision it replaces: the one naming the most of the same
		// components; failing that, for a stated switch, the nearest in
		// words among those naming nothing it names.
		o := r.naming(p.Links, KindDecision, Active)
		if rest, ok := strings.CutPrefix(p.Replaces, optionsPrefix); ok {
			o = r.decisionOfOptions(strings.Split(rest, optionsPrefix))
		} else if p.Replaces != "" {
			o = r.decisionNaming(p.Replaces)
		}
		if p.Name == switchedName && o != nil {
			// "别用 dashmap，换成 RwLock": the decision naming what the
			// user drops keeps the user's words as its reason; a switch
			// from a thing no decision holds replaces none (switchaway.go).
			o.Because = p.Quote
		}
		if o == nil && p.Name != switchedName {
			min := 0.7
			if p.Correction {
				min = 0.01
				// "dashmap は使わず、…にします": the choice naming what
				// the switch says it drops, before any nearer in words
				// (decreverse.go; trial 9: a flaky-test decision was
				// taken for it).
				o = r.droppedDecision(p.Value)
			}
			if o == nil {
				o = r.nearestUnlinked(KindDecision, p.Value, min, len(p.Links) > 0)
			}
			if n := r.newestChoice(); o == nil && p.Correction && n != nil && (len(p.Links) == 0 || len(n.Links) == 0) {
				o = n
			}
			if o != nil && aboutOther(p.Value, o.Value) && r.droppedDecision(p.Value) != o {
				// "versionCode 改为 43；release workflow 改为 …" after
				// the Compat APIs were chosen: a change of named things
				// takes back no choice naming none of them (decsubject.go).
				o = nil
			}
			if x := insteadOfRE.FindStringSubmatch(p.Value); o != nil && ev.Role == RoleAssistant && x != nil {
				// "I'll use format_relative_time instead of
				// format_timestamp": the agent's switch replaces the
				// choice naming what it drops, or none.
				if n, _ := sharedStems(stems(x[1]), stems(o.Value)); n == 0 {
					o = nil
				}
			}
			if x := switchWhatRE.FindStringSubmatch(p.Value); o != nil && ev.Role == RoleAssistant && x != nil && insteadOfRE.FindStringSubmatch(p.Value) == nil {
				// "switching region to eu-west-1 everywhere": the agent's
				// switch of a thing it names replaces the choice naming
				// that thing, or none (not "I'll switch to for_each keyed
				// by AZ name", which shares only "switch" and "AZ").
				if n, _ := sharedStems(stems(x[1]), stems(o.Value)); n == 0 {
					o = nil
				}
			}
			if o != nil && p.Correction && namesOther(p.Value, o.Value) {
				// "actually scratch the timeout-minutes thing, just remove
				// it" after choosing cosign: a switch naming another thing
				// takes back no choice that does not name it.
				o = nil
			}
		}
		if ev.Role == RoleUser && p.Correction && p.Replaces == "" && len(p.Links) == 0 && !reversalRE.MatchString(p.Quote) {
			// "use always_invoice instead": what the message is about
			// (insteadof.go); "make it milliseconds instead" points back
			// at the newest decision by its pronoun
			o = r.insteadSubject(nu, o, ev.Text)
		}
		if o != nil && o.Authority == Normative && nu.Authority != Normative {
			// The assistant's own switch ("switching it to PROTECT") never
			// takes back what the user chose.
			o = nil
		}
		if o != nil {
			r.supersede(nu, o)
			if nu.Authority == Normative {
				r.echoesRetired(o, ref)
			}
		}
		// Adopting what was rejected supersedes the rejection.
		if n := r.naming(p.Links, KindNegative, Active); n != nil && !p.Correction {
			r.retire(n, Superseded)
		}
	case KindNegative:
		nu.Lifecycle = Active
		if restated(old, Active, ref) {
			return
		}
		if o := r.naming(p.Links, KindNegative, Active); o != nil {
			r.retire(o, Superseded)
		} else if o := r.nearestUnlinked(KindNegative, p.Value, 0.7, len(p.Links) > 0); o != nil {
			r.retire(o, Superseded)
		}
		nu.Because = p.Value
	case KindUncertainty:
		nu.Lifecycle = HypothesisLC
		if old != nil {
			// Restating a hypothesis neither resets nor advances its
			// status: only evidence moves it. The restatement may name
			// whom the question was deferred to.
			old.addRef(ref)
			for _, l := range p.Links {
				if !slices.Contains(old.Links, l) {
					old.Links = append(old.Links, l)
				}
			}
			return
		}
		// A new hypothesis never retires an older one: only evidence moves
		// a hypothesis (§17); the cap bounds how many stay hot.
	case KindArtifact:
		nu.Lifecycle = Observed
		if old != nil {
			old.Value = p.Value
			old.addRef(ref)
		} else {
			r.hot[slot(nu.Kind, nu.Key)] = nu
		}
		r.touched(p.Name, ref, moved)
		return
	}
	if cur := r.hot[slot(nu.Kind, nu.Key)]; cur != nil {
		r.retire(cur, Superseded)
	}
	r.hot[slot(nu.Kind, nu.Key)] = nu
}

// relative applies a relative change (relative.go) to the value it names:
// computed when it can be, else stated as the change of the held value;
// a change of a setting not held states nothing.
func (r *Reducer) relative(ev *Event, p *Proposal, nu *Anchor) {
	defer func() {
		if p.Rel != "=was" && nu.Key != "" && r.hot[slot(KindValue, nu.Key)] == nu {
			// the change made this value (relLast)
			r.relLast = nu.ID + "|" + p.Rel
		}
	}()
	var o *Anchor
	if p.Name == "" {
		// "64 MB for the image cache is too much, halve that": the
		// setting whose value the sentence names, else the one set last.
		o = r.namedByValue(p.Quote)
	} else if strings.ContainsAny(p.Name, "0123456789") {
		// "double the 30 min one", "那个 5 分钟的": a setting named by
		// its value.
		if o = r.namedByValue(p.Name); o != nil {
			p.Key, p.Name = o.Key, o.Name
		}
	}
	if _, days := dayChange(p.Rel); o == nil && days && p.Name == "" {
		// "Dana gave us two more days on the report": the value that is
		// a day (dates.go), not the setting set last.
		if o = r.dayValueFor(p.Quote); o != nil {
			p.Key, p.Name = o.Key, o.Name
		} else if v := r.valueOf(p.Key); v == nil || unitOf(v.Value) == "" {
			// Nor a count set last ("two more days" is no two more
			// retries).
			return
		}
	}
	if o == nil && p.Name == "" && p.Rel != "=was" {
		// "1.5倍にしてください" right after the agent ran the plot with
		// "--linewidth 1.0": the one setting the run gave a number, when
		// it ran after the value set last was set.
		// Not when the agent's words since named the value set last
		// ("At 5000 per batch: 1466 rows/s" after the run with --limit
		// 100000): the talk is about that setting.
		if last := r.valueOf(p.Key); last == nil || r.ranSeq > last.Seq() && !talkedOf(r.talked, last.Value) {
			if k, v, ok := r.ranSetting(""); ok {
				if o = r.referent(k); o == nil {
					p.Key, p.Name, p.Was = "value/-/"+strings.ToLower(k), k, v
					nu.Key, nu.Name = p.Key, p.Name
				}
			}
		}
	}
	if o == nil && p.Key != "" && p.Was == "" {
		o = r.valueCoded(p.Key, codeIdentOf(p, ev.Role))
		if o != nil && p.Name == "" && pctRE.MatchString(p.Quote) && !strings.HasPrefix(p.Rel, "%") && !strings.HasSuffix(p.Rel, "/100") && !strings.Contains(o.Value, "%") {
			// "30% is too much, make it a third less" after the birthday
			// bonus of 50 was set: a change of a percentage, not of the
			// count set last.
			return
		}
	}
	if o == nil && p.Name != "" {
		o = r.referent(p.Name)
	}
	if o == nil && p.Name != "" {
		o = r.statedWith(p.Name)
	}
	var q *quantity
	if o == nil && p.Name != "" {
		// "put the autosave back" after "make the interval twice as
		// long": the value a change made of the quantity it names.
		if q = r.quantityFor(p.Name); q != nil && q.key != "" {
			if o = r.valueOf(q.key); o == nil {
				q = nil
			}
		}
	}
	if x, ok := strings.CutPrefix(p.Rel, "~same as "); ok && o != nil && p.Key != "" && p.Key != o.Key && strings.Contains(strings.ToLower(o.Name+" "+o.Key), strings.ToLower(strings.TrimRight(strings.TrimSpace(x), ".,;:!?。"))) {
		// "the ES client timeout: same as redis" found the redis
		// timeout: the setting pointed to, not the one set.
		o = nil
	}
	if o == nil && p.Name == "" && p.Rel != "" && p.Was == "" && r.answered != "" && p.Key == "value/-/"+strings.ToLower(r.answered) {
		// "READ_CHUNK is 64 KiB." — "bump it by half": the number the
		// agent's answer gave the setting it named (valueref.go).
		if v := r.answeredNumber(r.answered); v != "" {
			p.Name, p.Was = r.answered, v
			nu.Name = p.Name
		}
	}
	if o == nil && p.Rel == "=was" && p.Name == "" {
		// "put it back" naming nothing: the value changed last, when that
		// change is one left unresolved (below).
		o = r.newestValue()
	}
	if o == nil {
		if p.Name == "" || p.Key == "" {
			return
		}
		// A setting no value holds: the number the user wrote next to
		// it before, changed, or the change as stated (relative.go).
		nu.Value = statedChange(p.Rel)
		if x, ok := strings.CutPrefix(p.Rel, "~same as "); ok {
			// "ES 客户端的超时就跟之前 redis 那个一样吧" after "redis 超时
			// 800ms": the value the setting it points to holds.
			if ref := r.valueNamedBy(x, p.Name); ref != nil {
				nu.Value = ref.Value + " (same as " + ref.Name + ")"
				r.hot[slot(nu.Kind, nu.Key)] = nu
				r.noteValue(ev, nu)
				return
			}
		}
		// "…再多加十只吧，30 只还是太集中了": the sentence says what it
		// is, else the user said it before: beside its name, or as a
		// quantity named by its words (quantity.go).
		held := p.Was
		if held != "" && p.Rel != "" && p.Rel != "=was" && resultAfter(p.Quote, held) {
			// "halve the pretrigger then, 250ms is plenty": the number
			// said after the change, in a clause of its own, is what it
			// comes to, not what it changes.
			nu.Value, nu.Was = held, ""
			r.hot[slot(nu.Kind, nu.Key)] = nu
			r.noteValue(ev, nu)
			return
		}
		if held == "" {
			held = heldIn(r.said, p.Name)
		}
		if held == "" && p.Rel != "=was" {
			// "make the window half that" after a run with "--window
			// 2048": the number the setting was run with.
			if _, v, ok := r.ranSetting(p.Name); ok {
				held = v
			}
		}
		var limit *Anchor
		var limitAt []int
		if held == "" && p.Rel != "=was" && q == nil {
			// "double the job limit" after "at most 50 jobs at once in
			// the queue": the number the limit rule holds (limitrule.go).
			if limit, limitAt = r.limitRuleFor(p.Name); limit != nil {
				held = limit.Value[limitAt[0]:limitAt[1]]
			}
		}
		if held == "" && q != nil && p.Rel != "=was" {
			held = q.value
		} else {
			q = nil
		}
		if held == "" && p.Rel != "=was" {
			held = durationIn(plainNumbers(ev.Text, decimalComma(r.lang)), p.Name)
			if held != "" && resultAfter(p.Quote, held) {
				// "halve the pretrigger then, 250ms is plenty": the
				// number said after the change, in a clause of its own,
				// is what it comes to, not what it changes.
				nu.Value = held
				r.hot[slot(nu.Kind, nu.Key)] = nu
				r.noteValue(ev, nu)
				return
			}
		}
		if held == "" && (len(keyWords(p.Name)) == 0 || bareCountRE.MatchString(p.Rel)) {
			// "one more thing", "two more tests": no setting named.
			return
		}
		r.hot[slot(nu.Kind, nu.Key)] = nu
		if p.Rel == "=was" && held != "" {
			// "元に戻して" of a setting the user gave two numbers in
			// passing (40, then 60): the one before the last.
			if b := heldBefore(r.said, p.Name, held); b != "" {
				nu.Value, nu.Was = b, held
				r.noteValue(ev, nu)
				return
			}
		}
		if held != "" {
			nu.Was = held
			if v, ok := applyChange(held, p.Rel); ok {
				nu.Value = v
				if limit != nil {
					r.limitRestated(limit, limitAt, v, ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
				}
				if q != nil {
					// A value computed from a number told in passing
					// (quantity.go) is no referent of a later "make it …":
					// that stays the value the user set by its name.
					r.madeFrom(q, nu, p.Name, ev.Seq)
				} else {
					// Only a value known is the setting a later "make it
					// …" names.
					r.noteValue(ev, nu)
				}
			} else {
				nu.Value = describeChange(held, p.Rel)
			}
		}
		return
	}
	if p.Rel == "=was" && o.Was == "" && strings.HasPrefix(o.Value, "unresolved: ") {
		// "put it back" after "double it" with no value known: the change
		// is undone and the value is again the one never stated, so the
		// unresolved change is no longer current.
		r.retire(o, Superseded)
		return
	}
	if p.Rel != "=was" && r.relLast == o.ID+"|"+p.Rel && o.Seq() < ev.Seq && !againRE.MatchString(p.Quote) {
		// "持续时间减半" in the amended minutes after the first minutes'
		// "持续时间减半" made it 5 minutes: the change said again, not
		// made again ("halve it again" is)
		o.addRef(EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		return
	}
	held := o.Value
	v, ok := applyChange(held, p.Rel)
	if p.Rel == "=was" {
		// Back to the value before: the one it replaced, else the one
		// the user gave it before.
		was := o.Was
		if was == "" && p.Name != "" {
			was = heldBefore(r.said, p.Name, o.Value)
		}
		if was == "" {
			was = r.agentHeldBefore(o)
		}
		if was != "" {
			v, ok = was, true
		}
	}
	if !ok && p.Rel == "=was" && p.Refers && !namesSetting(p.Quote, o.Name, o.Key) {
		// "revert it" of a value told once, with nothing before it: the
		// pronoun is about something else (a commit, a change of code).
		// A sentence naming the setting ("go back to the old value for
		// the batch size") leaves it unresolved: the value it held is
		// not current.
		return
	}
	if !ok && p.Name == "" && p.Rel != "=was" {
		// "a day earlier" is no change of the batch size set last, nor
		// "1.5倍に" of the deadline 12/10: a change named by no word that
		// does not apply to the value set last is not about it.
		return
	}
	if !ok {
		v = describeChange(held, p.Rel)
	}
	nu.Key, nu.Name, nu.Value = o.Key, o.Name, v
	r.supersede(nu, o)
	r.hot[slot(nu.Kind, nu.Key)] = nu
	r.noteValue(ev, nu)
	if p.Rel == "=was" {
		r.reverted, r.revertSeq = nu.Key, ev.Seq
	}
}

// againRE says a change is made once more: "halve it again", "再减半",
// "又翻倍", "noch einmal".
var againRE = mustPattern(`(?i)\b(?:again|once more|another time|one more time|noch ?einmal|de nuevo|otra vez|encore)\b|再|又|再次`)

// newestValue is the current value set last when it is an unresolved
// change (statedChange), else nil.
func (r *Reducer) newestValue() *Anchor {
	var last *Anchor
	for _, a := range r.hot {
		if a.Kind == KindValue && a.Lifecycle == Current && (last == nil || a.Seq() > last.Seq()) {
			last = a
		}
	}
	if last == nil || !strings.HasPrefix(last.Value, "unresolved: ") {
		return nil
	}
	return last
}

// namedByValue is the one current value whose value, or its number, the
// sentence s names as a word of its own; nil when none or several.
func (r *Reducer) namedByValue(s string) *Anchor {
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current || a.Value == "" {
			continue
		}
		v := a.Value
		if cur, rest := currencyOf(v); cur != "" {
			// "$60 flat" is named by "60"
			v = rest
		}
		if m := heldNumRE.FindStringSubmatch(v); m != nil {
			v = m[1]
		}
		if tokenAt(s, v, 0) < 0 && tokenAt(s, a.Value, 0) < 0 {
			continue
		}
		if found != nil {
			return nil
		}
		found = a
	}
	return found
}

// answer closes the user's open question p.Key with the user's answer:
// the user's word settles what the user did not know (a hypothesis of the
// model's own still needs evidence, §17).
func (r *Reducer) answer(p *Proposal, ref EventRef, id string) {
	q := r.hot[slot(KindUncertainty, p.Key)]
	if q == nil || !q.IsHead() || q.Authority != Normative && !(p.Stated && strings.HasPrefix(q.Key, "question/")) {
		return
	}
	q.Lifecycle = Established
	q.Because = p.Quote
	q.addRef(ref)
	held := p.Stated || freeRE.MatchString(p.Quote) || keepRE.MatchString(p.Quote)
	// A rule stated with the question until it is answered ("…, don't
	// delete it yet, I'll ask"): an answer that keeps the thing makes the
	// rule its own; one that frees it lifts the rule.
	for _, c := range r.sorted() {
		if c.Kind != KindConstraint || c.Lifecycle != Active || c.Seq() != q.SourceRefs[0].Seq || !strings.Contains(q.Quote, c.Quote) {
			continue
		}
		switch {
		case freeRE.MatchString(p.Quote):
			c.Lifecycle = Lifted
			c.Because = p.Quote
			c.addRef(ref)
			held = true
		case keepRE.MatchString(p.Quote):
			nu := c.clone()
			nu.ID = kindLetter[KindConstraint] + id[1:]
			nu.Value, nu.Quote = p.Quote, p.Quote
			nu.SourceRefs, nu.Inherited = []EventRef{ref}, 0
			r.supersede(nu, c)
			r.hot[slot(nu.Kind, nu.Key)] = nu
			held = true
		default:
			// "k 取多少我拿不准，回头问老周" read as a rule besides: what it
			// held until the answer is settled by the answer.
			c.Lifecycle = Lifted
			c.Because = p.Quote
			c.addRef(ref)
		}
	}
	if !held {
		// "Mei says inclusive, so …": the answer is what holds now, a
		// decision the user's word made.
		nu := &Anchor{ID: kindLetter[KindDecision] + id[1:], Kind: KindDecision, Key: answerPrefix + slug(p.Quote), Value: p.Quote, Authority: Normative,
			Lifecycle: Active, SourceRefs: []EventRef{ref}, Quote: p.Quote, Was: q.Value, Links: slices.Clone(q.Links)}
		r.hot[slot(nu.Kind, nu.Key)] = nu
	}
}

// echoesRetired retires the agent's decisions that carried out decision
// o, superseded at ref by the user: told after o and before ref, sharing
// two words with it ("改成方案二：SessionRegistry 换成进程内
// ConcurrentHashMap，nginx 上游加 ip_hash" after "先改成 nginx ip_hash 粘性那个
// 方案吧", both gone when the user goes back to Redis).
func (r *Reducer) echoesRetired(o *Anchor, ref EventRef) {
	ws := wordsAndPairs(o.Value)
	for _, a := range r.sorted() {
		if a.Kind != KindDecision || a.Lifecycle != Active || a.Authority != Decision || strings.HasPrefix(a.Key, answerPrefix) ||
			a.Seq() < o.Seq() || a.Seq() >= ref.Seq {
			continue
		}
		n := 0
		for w := range wordsAndPairs(a.Value) {
			if ws[w] {
				n++
			}
		}
		if n >= 2 {
			a.Lifecycle = Superseded
			a.addRef(ref)
			r.retire(a, Superseded)
		}
	}
}

// answerPrefix opens the key of a decision made by answering a question:
// a fact settled, not a course chosen, so "actually make it Z instead"
// never refers to it.
const answerPrefix = "decision/answer/"

// IsAnswerKey reports whether key is a decision that answers a question:
// its Was holds the question it answers, not a value it replaced.
func IsAnswerKey(key string) bool { return strings.HasPrefix(key, answerPrefix) }

// newestChoice is the newest active decision that chose a course (not an
// answer).
func (r *Reducer) newestChoice() *Anchor {
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind == KindDecision && a.Lifecycle == Active && !strings.HasPrefix(a.Key, answerPrefix) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// userChoiceRestated is the active decision of the user's whose every
// stem the assistant's decision v says, adding at most two of its own
// ("Going with XLSX then, using excelize" of "XLSX"), or nil.
func (r *Reducer) userChoiceRestated(v string) *Anchor {
	vs := stems(v)
	for _, w := range []string{"go", "going", "then", "use", "using", "with", "ok", "okay", "sure", "will"} {
		delete(vs, stem(w))
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindDecision || a.Lifecycle != Active || a.Authority != Normative || strings.HasPrefix(a.Key, answerPrefix) {
			continue
		}
		if switchRestated(a.Value, v) && (best == nil || newer(a, best)) {
			// "決定を変更: dashmap は使わず、… RwLock … にします" after the
			// user's "dashmap はやめて、RwLock でやって" (switchaway.go)
			best = a
			continue
		}
		as := stems(strings.SplitN(a.Value, " (", 2)[0])
		if len(as) == 0 || len(vs)-len(as) > 2 {
			continue
		}
		all := true
		for w := range as {
			all = all && vs[w]
		}
		if all && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// genericRefs are the words by which a retraction points at a decision
// without naming it ("that idea", "the other approach").
var genericRefs = []string{"thing", "idea", "approach", "plan", "one", "option", "方案", "想法"}

// decisionNaming is the active decision that the words x name most (the
// newest among equals), or, for a bare pronoun-like x ("that idea"), the
// newest active decision.
func (r *Reducer) decisionNaming(x string) *Anchor {
	xs := stems(x)
	for _, g := range genericRefs {
		delete(xs, g)
	}
	if len(xs) == 0 {
		return r.newestChoice()
	}
	var best *Anchor
	bn := 0
	for _, a := range r.hot {
		if a.Kind != KindDecision || a.Lifecycle != Active {
			continue
		}
		if n, _ := sharedStems(xs, stems(a.Value)); n > 0 && (n > bn || n == bn && newer(a, best)) {
			best, bn = a, n
		}
	}
	return best
}

// ruleRestated is the active rule a restatement s names: the one sharing a
// named thing with it (a path, a quoted name, an identifier: "dags/legacy"
// for "dags/legacy/"), else the one sharing the most stems, at least two or
// half of the smaller.
func (r *Reducer) ruleRestated(s string) *Anchor {
	ns := named(s)
	ss := stems(restateMarkRE.ReplaceAllString(s, " "))
	var best *Anchor
	bn := 0.0
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active {
			continue
		}
		score := 0.0
		if slices.ContainsFunc(named(a.Value), func(n string) bool { return slices.Contains(ns, n) }) {
			score = 10
		} else if n, f := sharedStems(ss, stems(a.Value)); n >= 2 || f >= 0.5 && n > 0 {
			score = float64(n) + f
		}
		if score > 0 && (best == nil || score > bn || score == bn && newer(a, best)) {
			best, bn = a, score
		}
	}
	return best
}

// referent is the current value a reference names ("that batch", "the
// rust version"): the newest whose key or name holds every stem of the
// reference, or whose acronym key ("MSRV") the reference spells out.
func (r *Reducer) referent(name string) *Anchor {
	ws := keyWords(name)
	if len(ws) == 0 {
		return nil
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current {
			continue
		}
		have := stems(strings.ReplaceAll(property(a.Key), "_", " ") + " " + a.Name)
		ok := stemSubset(ws, have)
		for _, w := range strings.Fields(a.Name) {
			ok = ok || acronymOf(w, ws)
		}
		if ok && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// supersede retires o in favour of nu: nu states what o said as Was and
// keeps o's sources.
func (r *Reducer) supersede(nu, o *Anchor) {
	nu.Was = o.Value
	if strings.HasPrefix(o.Value, "unresolved:") {
		// A change never computed is no value it was: the one before it.
		nu.Was = o.Was
	}
	nu.inherit(o)
	r.retire(o, Superseded)
}

// restateClauses brings the user's active rules that state the value nu
// replaced, next to a word of its setting ("rollover when a primary shard
// reaches 25gb or after 1 day" after "double the shard size"), up to date:
// each is superseded by itself with the new value in place of the old
// ("… reaches 50gb (was 25gb) or after 1 day"), so no rule shows a value
// since changed as current while what else it says holds.
// valueSet brings what states the value nu replaces up to date: rules
// that state it (restateClauses), the agent's answers that told it
// (outdateAnswers) and the decisions that chose it (decisionvalue.go).
func (r *Reducer) valueSet(nu *Anchor, ref EventRef) {
	r.restateClauses(nu, ref)
	r.outdateAnswers(nu, ref)
	r.outdateDecisions(nu, ref)
}

// outdateAnswers retires the agent's answers to the user's questions
// (answered.go) that told a number of the setting nu now sets: "The
// dispatcher runs 4 jobs at once (DISPATCH_PARALLEL in …)" is no longer
// so once the user sets DISPATCH_PARALLEL to 6. An answer tells the
// setting when it holds every word of its name (or its identifier) and a
// digit.
func (r *Reducer) outdateAnswers(nu *Anchor, ref EventRef) {
	if nu.Lifecycle != Current || !numericValueRE.MatchString(strings.TrimSpace(nu.Value)) {
		// Only a number outdates the answer that told one ("set it to
		// 6"); a key or a name set ("微信支付 apiv3 key 是 …") told no
		// answer's number.
		return
	}
	name := stems(nu.Name + " " + strings.ReplaceAll(property(nu.Key), "_", " "))
	if len(name) == 0 {
		return
	}
	for _, a := range r.sorted() {
		if a.Kind != KindDecision || a.Lifecycle != Active || a.Authority != Decision || !strings.HasPrefix(a.Key, answerPrefix) ||
			a.Seq() >= ref.Seq || !strings.ContainsAny(a.Value, "0123456789") {
			continue
		}
		if containsAll(stems(a.Value), name) {
			r.retire(a, Superseded)
		}
	}
}

// numericValueRE is a value that is a number, with a currency before it
// or a unit after it: "6", "1.5 GB", "Rs 40.50", "30%".
var numericValueRE = mustPattern(`(?i)^(?:rs\.?|inr|usd|eur|[$€£¥₹])?\s?[-+~≈]?\d[\d.,]*\s?[\p{L}%/]{0,12}(?:\s\(was .*\))?$`)

func (r *Reducer) restateClauses(nu *Anchor, ref EventRef) {
	if cur := r.hot[slot(KindValue, nu.Key)]; cur != nil && cur != nu && cur.Lifecycle == Current {
		// another value holds the setting: nu is not its value
		return
	}
	if nu.Authority != Normative || nu.Lifecycle != Current ||
		nu.Was == "" || nu.Value == "" || nu.Was == nu.Value || !strings.ContainsAny(nu.Was, "0123456789") {
		return
	}
	name := stems(nu.Name + " " + strings.ReplaceAll(property(nu.Key), "_", " "))
	for _, c := range r.sorted() {
		if c.Kind != KindConstraint || c.Lifecycle != Active || c.Authority != Normative || c.Seq() >= ref.Seq {
			continue
		}
		i := tokenAt(c.Value, nu.Was, 0)
		if i < 0 || tokenAt(c.Value, nu.Was, i+1) >= 0 {
			// Not stated, or stated twice: which one changed is unclear.
			continue
		}
		if n, _ := sharedStems(name, stems(nearWords(c.Value, i, i+len(nu.Was)))); n == 0 || negatedValue(c.Value, nu.Was) {
			// The setting's words are not beside the number ("dont bump
			// fragment-ktx to 1.7" holds no payment timeout), or the rule
			// forbids the number: what it forbids stays forbidden.
			continue
		}
		r.restate(c, c.Value[:i]+nu.Value+" (was "+nu.Was+")"+c.Value[i+len(nu.Was):], kindLetter[KindConstraint]+nu.ID[1:], ref)
	}
}

// restate replaces rule c by a copy of it whose value is value, under id
// (or another of ref's seq when id is taken: a second rule restated by
// the same message), c retired as superseded.
func (r *Reducer) restate(c *Anchor, value, id string, ref EventRef) {
	nc := c.clone()
	nc.ID = id
	for k := 100; r.idTaken(nc.ID); k++ {
		nc.ID = fmt.Sprintf("%s%d.%d", kindLetter[c.Kind], ref.Seq, k)
	}
	nc.Value = value
	nc.addRef(ref)
	// The new value is stated at ref; the rule's sources before it are
	// its lineage.
	nc.Inherited = slices.Index(nc.SourceRefs, ref)
	r.retire(c, Superseded)
	r.hot[slot(nc.Kind, nc.Key)] = nc
}

// idTaken reports whether an anchor in the hot state has id.
func (r *Reducer) idTaken(id string) bool {
	for _, a := range r.hot {
		if a.ID == id {
			return true
		}
	}
	return false
}

// restated reports whether old is already the anchor in lifecycle, and
// then credits it with ref: the proposal restates it.
func restated(old *Anchor, lifecycle string, ref EventRef) bool {
	if old == nil || old.Lifecycle != lifecycle {
		return false
	}
	old.addRef(ref)
	return true
}

func (r *Reducer) noteValue(ev *Event, a *Anchor) {
	if ev.Role == RoleUser || ev.Role == RoleSystem {
		r.lastKey, r.lastName = a.Key, a.Name
	}
}

func entity(key string) string {
	ent, _ := keyParts(key)
	return ent
}

func property(key string) string {
	_, prop := keyParts(key)
	return prop
}

// valueOf is the current value with key, or with its property where one
// of the two names no entity ("timeout" said by the user, config.toml's
// timeout set by an edit).
func (r *Reducer) valueOf(key string) *Anchor {
	return r.valueCoded(key, codeIdent{})
}

// valueCoded is valueOf for a setting the text named as code: a held
// value named as code is found only by its own code name (codename.go).
func (r *Reducer) valueCoded(key string, code codeIdent) *Anchor {
	if a := r.hot[slot(KindValue, key)]; a != nil && a.Lifecycle == Current {
		return a
	}
	ent, prop := entity(key), property(key)
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current || !sameProperty(property(a.Key), prop) && !sameSetting(property(a.Key), prop) && !translates(prop, property(a.Key)) && !translates(property(a.Key), prop) && !sameWords(property(a.Key), prop) &&
			!fusedSame(property(a.Key), prop) && !cognateHead(property(a.Key), prop) || r.otherCode(a, code) {
			continue
		}
		if ent == "-" || entity(a.Key) == "-" || sameFile(entity(a.Key), ent) {
			if best == nil || newer(a, best) {
				best = a
			}
		}
	}
	return best
}

// sameWords reports whether two keys of two or more words each name the
// same setting in another order or form: one's stems all among the
// other's ("per-gpu batch" and "batch size per gpu").
func sameWords(a, b string) bool {
	sa, sb := stems(strings.ReplaceAll(a, "_", " ")), stems(strings.ReplaceAll(b, "_", " "))
	if len(sa) < 2 || len(sb) < 2 {
		return false
	}
	if len(sa) > len(sb) {
		sa, sb = sb, sa
	}
	return containsAll(sb, sa)
}

// repairValues repairs in place the values a user's message repairs as
// it says them ("116.203.45.17 — sorry no, .71"; selfrepair.go), and
// marks the other values of the message that are only a repair's number
// read again under another name, to be left out.
func (r *Reducer) repairValues(ev *Event, props []Proposal) map[int]bool {
	if ev.Role != RoleUser {
		return nil
	}
	at, fixed := map[int]bool{}, map[string]bool{}
	for i := range props {
		if props[i].Kind != KindValue || props[i].Stated {
			// "a 2 minuti, non 5": the value and the one it replaces,
			// read already (setNotValue), no repair
			continue
		}
		if w, ok := repairedValue(ev.Text, props[i].Value); ok {
			props[i].Value = w
			at[i], fixed[strings.ReplaceAll(w, " ", "")] = true, true
		}
	}
	drop := map[int]bool{}
	for i, p := range props {
		if p.Kind == KindValue && !at[i] && fixed[strings.ReplaceAll(p.Value, " ", "")] && repairName(p.Name) {
			drop[i] = true
		}
	}
	return drop
}

// repairName reports whether a value's name opens with words of repair
// ("actually make that"): the name of no setting.
func repairName(name string) bool {
	loc := repairWordRE.FindStringIndex(strings.ReplaceAll(name, "_", " "))
	return loc != nil && loc[1] > 0
}

// sameSettingAs reports whether value a is the setting proposal p
// sets: the value p's key finds, or one sharing a word of its name.
// Settings of two files are two settings (values.yaml's maxReplicas is
// not values-prod.yaml's).
//
// A setting named as code is only its own code name (codename.go).
func (r *Reducer) sameSettingAs(a *Anchor, p *Proposal, code codeIdent) bool {
	if r.valueCoded(p.Key, code) == a {
		return true
	}
	if r.otherCode(a, code) {
		return false
	}
	if ea, ep := entity(a.Key), entity(p.Key); ea != "-" && ep != "-" && !sameFile(ea, ep) {
		return false
	}
	n, _ := sharedStems(stems(a.Name+" "+strings.ReplaceAll(property(a.Key), "_", " ")), stems(p.Name+" "+strings.ReplaceAll(property(p.Key), "_", " ")))
	return n > 0
}

// holding is the one current value that is v, or nil when none or
// several are.
func (r *Reducer) holding(v string) *Anchor {
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind == KindValue && a.Lifecycle == Current && a.Value == v {
			if found != nil {
				return nil
			}
			found = a
		}
	}
	return found
}

// talkedOf reports whether the agent's text names value v's number as a
// word of its own.
func talkedOf(text, v string) bool {
	n := leadNumber(v)
	return n != "" && text != "" && tokenAt(text, n, 0) >= 0
}

// sameFile reports whether paths a and b may name one file: the same
// name, and one path the other's tail ("data/variables.tf" and
// "/repo/stacks/data/variables.tf"), not two directories' files of one
// name ("stacks/staging/data/variables.tf" and "stacks/prod/data/
// variables.tf").
func sameFile(a, b string) bool {
	a, b = path.Clean(a), path.Clean(b)
	if path.Base(a) != path.Base(b) {
		return false
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	return a == b || strings.HasSuffix(b, "/"+strings.TrimPrefix(a, "/"))
}

// heldPath is the key of the one current setting of the same file whose
// path ends in key's setting ("value/f.yaml/jobs.bench.timeout-minutes"
// for an edit's "value/f.yaml/timeout-minutes"), "" when none. Of
// several, it is the one that held was, the value the edit replaced
// ("default = \"db.r6g.large\"" of var.instance_class, not of
// var.backup_retention_period), "" when not one did.
func (r *Reducer) heldPath(key, was string) string {
	at := strings.LastIndexByte(key, '/')
	if at < 0 {
		return ""
	}
	dir, leaf := key[:at+1], key[at+1:]
	var found []*Anchor
	for _, a := range r.hot {
		if a.Kind == KindValue && a.Lifecycle == Current && strings.HasPrefix(a.Key, dir) && strings.HasSuffix(a.Key, "."+leaf) && !strings.Contains(a.Key[len(dir):], "/") {
			found = append(found, a)
		}
	}
	if len(found) == 1 {
		return found[0].Key
	}
	k := ""
	for _, a := range found {
		if was != "" && a.Value == was {
			if k != "" && k != a.Key {
				return ""
			}
			k = a.Key
		}
	}
	return k
}

// holdingNumber is the one current value that is number n in a unit
// ("50 points" for "50"), nil when none or several are.
func (r *Reducer) holdingNumber(n string) *Anchor {
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind == KindValue && a.Lifecycle == Current && a.Value != n && leadNumber(a.Value) == n {
			if found != nil {
				return nil
			}
			found = a
		}
	}
	return found
}

// unitWords are the units a quantity is written in, each in one form.
var unitWords = map[string]string{"s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s", "ms": "ms", "millisecond": "ms",
	"milliseconds": "ms", "m": "min", "min": "min", "mins": "min", "minute": "min", "minutes": "min", "h": "h", "hr": "h", "hrs": "h",
	"hour": "h", "hours": "h", "d": "d", "day": "d", "days": "d", "%": "%", "percent": "%", "kb": "kb", "mb": "mb", "gb": "gb"}

// sameQuantity reports whether a and b are one number in one unit
// written two ways ("45s" and "45 seconds"); a number alone matches it
// in any unit.
func sameQuantity(a, b string) bool {
	ma, mb := heldNumRE.FindStringSubmatch(strings.TrimSpace(a)), heldNumRE.FindStringSubmatch(strings.TrimSpace(b))
	if ma == nil || mb == nil || ma[1] != mb[1] {
		return false
	}
	ua, ub := strings.ToLower(ma[3]), strings.ToLower(mb[3])
	if ua == "" || ub == "" {
		return true
	}
	na, oka := unitWords[ua]
	nb, okb := unitWords[ub]
	return oka && okb && na == nb
}

// countedTail is the words after the number value v opens with, when
// they count a thing ("rows per file" of "50,000 rows per file"); "".
func countedTail(v string) string {
	m := heldNumRE.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil || len(strings.Fields(m[3])) < 2 {
		return ""
	}
	return strings.ToLower(m[3])
}

// pctRE is a percentage: "30%", "30 %".
var pctRE = mustPattern(`\d\s?%`)

// leadNumber is the number value v opens with ("15" of "15 points"),
// else v itself.
func leadNumber(v string) string {
	if m := heldNumRE.FindStringSubmatch(strings.TrimSpace(v)); m != nil {
		return m[1]
	}
	return v
}

// sameProperty: equal, or one is the other with a qualifier
// ("request_timeout" and "timeout").
func sameProperty(a, b string) bool {
	a, b = sameMeasure(a), sameMeasure(b)
	return a == b || strings.HasSuffix(a, "_"+b) || strings.HasSuffix(b, "_"+a) || measureOf(a, b) || measureOf(b, a)
}

// bareNumberRE is a value that is a number alone.
var bareNumberRE = mustPattern(`^\d+(?:[.,]\d+)?$`)

// insteadOfRE is what a switch drops: "… instead of format_timestamp".
// switchWhatRE is the thing an agent's switch names before its new
// value: "switching region to eu-west-1", "I'll switch the cache to
// redis".
var switchWhatRE = mustPattern(`(?i)\bswitch(?:ing|ed)?\s+(?:the\s+|our\s+|its\s+|their\s+)?([\w\-./]+(?:\s+[\w\-./]+)?)\s+(?:over\s+)?(?:to|from)\b`)

var insteadOfRE = mustPattern(`(?i)\b(?:instead of|rather than|in place of)\s+(\S+(?:\s+\S+)?)`)

// sameMeasure is key property p with its last word in the one form of
// its synonyms: "ttl", "lifetime" and "expiration" are an "expiry".
func sameMeasure(p string) string {
	i := strings.LastIndex(p, "_") + 1
	if w, ok := measureSynonyms[p[i:]]; ok {
		return p[:i] + w
	}
	return p
}

var measureSynonyms = map[string]string{"ttl": "expiry", "lifetime": "expiry", "expiration": "expiry", "expiration_time": "expiry", "validity": "expiry"}

// measureOf reports whether key a is thing b with the word of its measure
// after it: "polling" says "polling_interval", "pool" "pool_size".
func measureOf(a, b string) bool {
	rest, ok := strings.CutPrefix(a, b+"_")
	if !ok && len(b) > 3 && strings.HasSuffix(b, "s") && !strings.HasSuffix(b, "ss") {
		// "holds" say "hold_expiry"
		rest, ok = strings.CutPrefix(a, strings.TrimSuffix(b, "s")+"_")
	}
	return ok && measureWords[rest]
}

// measureWords name what a setting measures of the thing before them.
var measureWords = map[string]bool{"interval": true, "period": true, "frequency": true, "size": true, "count": true, "limit": true,
	"rate": true, "delay": true, "timeout": true, "duration": true, "window": true, "threshold": true, "level": true, "cap": true, "max": true,
	"expiry": true, "ttl": true, "lifetime": true}

// nearest is the hot anchor of kind in one of the lifecycles whose words
// overlap text most, at least min.
func (r *Reducer) nearest(k Kind, text string, min float64, lifecycles ...string) *Anchor {
	return r.closest(text, min, func(a *Anchor) bool {
		return a.Kind == k && slices.Contains(lifecycles, a.Lifecycle)
	})
}

// closest is the hot anchor keep accepts whose words overlap text most,
// at least min and more than nothing; the newest among equals.
func (r *Reducer) closest(text string, min float64, keep func(*Anchor) bool) *Anchor {
	t := terms(text)
	var best *Anchor
	bs := 0.0
	for _, a := range r.hot {
		if !keep(a) {
			continue
		}
		s := overlap(t, a.terms())
		if s < min || s == 0 {
			continue
		}
		if best == nil || s > bs || s == bs && newer(a, best) {
			best, bs = a, s
		}
	}
	return best
}

// newer orders anchors by their source event, then by id: a total order,
// so a pick over the hot map does not depend on the map's order.
func newer(a, b *Anchor) bool {
	return a.Seq() > b.Seq() || a.Seq() == b.Seq() && a.ID > b.ID
}

func (r *Reducer) newest(k Kind, lifecycle string) *Anchor {
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind == k && a.Lifecycle == lifecycle && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// naming is the anchor of the (kind, lifecycle) pairs whose links share the
// most of links (the newest among equals), or nil when none shares one.
func (r *Reducer) naming(links []string, pairs ...any) *Anchor {
	if len(links) == 0 {
		return nil
	}
	var best *Anchor
	bn := 0
	for _, a := range r.hot {
		ok := false
		for i := 0; i+1 < len(pairs); i += 2 {
			if a.Kind == pairs[i].(Kind) && a.Lifecycle == pairs[i+1].(string) {
				ok = true
			}
		}
		if !ok {
			continue
		}
		n := 0
		for _, l := range links {
			if slices.Contains(a.Links, l) {
				n++
			}
		}
		if n > 0 && (best == nil || n > bn || n == bn && newer(a, best)) {
			best, bn = a, n
		}
	}
	return best
}

// nearestUnlinked is nearest among the active anchors of kind, skipping,
// when linked is set, those with links of their own (they would have been
// found by naming if they were about the same thing).
func (r *Reducer) nearestUnlinked(k Kind, text string, min float64, linked bool) *Anchor {
	return r.closest(text, min, func(a *Anchor) bool {
		return a.Kind == k && a.Lifecycle == Active && !(linked && len(a.Links) > 0) && !strings.HasPrefix(a.Key, answerPrefix)
	})
}

// supersedeScope retires the constraints and values stated by earlier
// messages of the same kind as a message that supersedes them.
func (r *Reducer) supersedeScope(scope string, ref EventRef) {
	t := terms(strings.ReplaceAll(scope, "-", " "))
	for _, a := range r.sorted() {
		if a.Scope == "" || a.Seq() >= ref.Seq || !a.IsHead() || a.Kind != KindConstraint && a.Kind != KindValue {
			continue
		}
		if a.Scope == scope || overlap(t, terms(strings.ReplaceAll(a.Scope, "-", " "))) >= 0.6 {
			r.retire(a, Superseded)
		}
	}
}

// lift retires the active constraint or open obligation the lift is about.
// A lift that frees only a part of what a prohibition names (a file inside
// the directory the rule keeps off-limits) is an exception to it instead:
// the rule stays in force, restated with the exception.
func (r *Reducer) lift(p *Proposal, ref EventRef, id string) {
	if m := relayLeadRE.FindStringIndex(p.Quote); m != nil && m[1] < len(p.Quote) {
		// "Галина щойно сказала: вересень закрито, на прод можна!": who
		// relays it names no rule; what she said does
		cp := *p
		cp.Quote = strings.TrimSpace(p.Quote[m[1]:])
		if v := relayLeadRE.FindStringIndex(p.Value); v != nil && v[1] < len(p.Value) {
			cp.Value = strings.TrimSpace(p.Value[v[1]:])
		}
		p = &cp
	}
	if p.Name == "retract" || p.Name == "stopped" {
		// "scratch the yarn thing": the rule naming it (retract.go);
		// "stop showing me diffs": the rule that has the agent do it
		// (stoplift.go)
		find := r.retractedRule
		if p.Name == "stopped" {
			find = r.stoppedRule
		}
		if c := find(p.Value, ref.Seq); c != nil {
			c.Lifecycle = Lifted
			c.Because = p.Quote
			c.addRef(ref)
		}
		return
	}
	if o, part := r.partLifted(p); o != nil {
		r.restateExcept(o, p.Quote, part, ref, id)
		return
	}
	if p.Named != "" {
		// "Die Regel mit den Dependencies ist aufgehoben": the one rule
		// its name names (rulenamed.go)
		if c := r.ruleNamedBy(p.Named, ref.Seq); c != nil {
			if rest := restOfNamed(c, p.Named); rest != "" {
				// one of two rules said in one sentence: the other
				// stays in force, restated alone
				nu := c.clone()
				nu.ID, nu.Value, nu.Was, nu.Because = id, rest, c.Value, p.Quote
				nu.SourceRefs, nu.Inherited = []EventRef{ref}, 0
				nu.inherit(c)
				r.retire(c, Superseded)
				r.hot[slot(nu.Kind, nu.Key)] = nu
				return
			}
			if c.Kind == KindConstraint && onceLift(p.Quote) {
				// "the core-network rule is lifted just this once: …":
				// an exception (oncelift.go)
				r.restateExcept(c, p.Quote, p.Because, ref, id)
				return
			}
			c.Lifecycle = Lifted
			c.Because = p.Quote
			c.addRef(ref)
			r.liftSameNo(c, p.Quote, ref)
			r.liftSameThing(c, p.Quote, ref)
			return
		}
		if !r.mayName(p.Named, ref.Seq) {
			// "la regla de las dependencias ya no aplica" with no rule
			// about dependencies: no other rule is lifted for it
			return
		}
	}
	if r.permitLift(p, ref) {
		// "you can touch audit_log now": the rule of that action on that
		// thing (permitlift.go)
		return
	}
	// A lift that names what it frees (a path, a command) lifts the
	// newest rule naming it; otherwise the one whose words it shares.
	c := r.naming(p.Links, KindConstraint, Active, KindObligation, Open)
	if c == nil {
		ws := distinctive(p.Quote)
		if strings.ContainsFunc(p.Quote, isCJK) {
			// A Latin word in a Chinese sentence names a thing
			// ("migrate 现在可以跑了").
			for _, w := range latinWordRE.FindAllString(p.Quote, -1) {
				if lw := strings.ToLower(w); len(w) >= 3 && !stopwords[lw] && !nonVerbs[lw] {
					ws = append(ws, w)
				}
			}
		}
		c = r.namingWord(ws)
	}
	if c == nil {
		c = r.namedIn(p.Quote)
	}
	if c == nil {
		c = r.aboutTopic(liftTopic(p.Quote))
	}
	if c == nil && p.Refers {
		c = r.subjectOf(p.Quote)
	}
	if c != nil && c.Kind == KindConstraint && permitsOther(p.Quote, c.Value) {
		// "you can touch the billing table now" of "don't touch the
		// audit_log table": another thing (permitlift.go)
		return
	}
	if c == nil && theRuleRE.MatchString(p.Quote) && !r.liftedBy(p.Quote, ref.Seq) {
		// "olvida la restricción, ya puedes tocar las migraciones": the
		// one rule in force, what an exception left of it aside
		// (oncelift.go); none when the words lifted a rule already
		c = r.soleRule(ref.Seq)
	}
	if c == nil && p.Refers && explicitLiftRE.MatchString(p.Quote) {
		// "ok prod is fair game again": said of the one rule sharing a
		// word with it
		c = r.soleSharing(terms(p.Value), ref.Seq)
		if c != nil && c.Kind != KindConstraint {
			c = nil
		}
	}
	if c != nil && c.Kind == KindConstraint && (scopedLift(p.Quote) || onceLift(p.Quote)) {
		// "…, the rule is only for prod code": an exception
		// (liftsubject.go); "这次放开一下" (this once): one too
		// (oncelift.go)
		r.restateExcept(c, p.Quote, p.Because, ref, id)
		return
	}
	if c != nil {
		c.Lifecycle = Lifted
		c.Because = p.Quote
		c.addRef(ref)
		r.liftSiblings(c, p.Quote, ref)
		r.liftSameNo(c, p.Quote, ref)
		r.liftSameThing(c, p.Quote, ref)
		return
	}
	if p.Refers {
		return
	}
	// "the no-deploy rule no longer applies": the words of what the
	// rule forbids
	v := strings.ReplaceAll(ruleNounWords(p.Value), "-", " ")
	c = r.nearest(KindConstraint, v, 0.5, Active)
	o := r.nearest(KindObligation, v, 0.5, Open)
	t := terms(v)
	if c == nil || o != nil && overlap(t, o.terms()) > overlap(t, c.terms()) {
		c = o
	}
	if c == nil {
		// "plus besoin de se limiter aux basic": a lift that shares a
		// word with one active rule only lifts that rule.
		c = r.soleSharing(t, ref.Seq)
	}
	if c == nil || c.Kind == KindConstraint && permitsOther(p.Quote, c.Value) {
		return
	}
	if c.Kind == KindConstraint && (scopedLift(p.Quote) || onceLift(p.Quote)) {
		r.restateExcept(c, p.Quote, p.Because, ref, id)
		return
	}
	c.Lifecycle = Lifted
	c.Because = p.Quote
	c.addRef(ref)
	r.liftSiblings(c, p.Quote, ref)
	r.liftSameNo(c, p.Quote, ref)
	r.liftSameThing(c, p.Quote, ref)
}

// topicOf reports whether a rule topic named by its prohibition ("the
// no-deps thing") is rule v's: its words, with the names of a class made
// one ("deps" ~ "dependencies"), all in v.
func topicOf(topic, v string) bool {
	t := strings.ToLower(strings.TrimSpace(topic))
	for _, p := range []string{"no-", "no ", "never-", "never "} {
		t = strings.TrimPrefix(t, p)
	}
	tt := ruleTerms(strings.ReplaceAll(t, "-", " "))
	for _, g := range []string{"rule", "ban", "restriction", "policy", "thing", "freeze", "moratorium", "embargo", "lock"} {
		// "the no-deploy rule": what it forbids names it, not "rule"
		delete(tt, g)
	}
	return len(tt) > 0 && containsAll(ruleTerms(v), tt)
}

// soleSharing is the active rule that shares the most content words
// with t, when no other active rule or open obligation shares as many;
// else nil. ("feel free to add whatever crates you need" shares "add"
// and "crates" with "Do not add new crates without asking Priya", one
// word with "All geometry inside the crate is in PDF points".)
func (r *Reducer) soleSharing(t map[string]bool, seq int) *Anchor {
	found := r.bestOf(func(a *Anchor) int {
		if !(a.Kind == KindConstraint && a.Lifecycle == Active || a.Kind == KindObligation && a.Lifecycle == Open) || a.Seq() >= seq {
			// a rule the lifting message states itself is none it lifts
			return 0
		}
		// A Latin word of four letters or more, or two CJK pairs with a
		// Han or katakana letter (kana alone are grammar: "よう").
		latin, cjk := 0, 0
		for w := range a.terms() {
			switch {
			case !t[w] || ruleNounTerm(w):
				// "правило" in both says only that each is a rule
				// (liftsubject.go)
			case strings.ContainsFunc(w, isHanOrKatakana):
				cjk++
			case len([]rune(w)) >= 4 && !strings.ContainsFunc(w, isCJK):
				latin++
			}
		}
		if latin == 0 && cjk < 2 {
			return 0
		}
		return latin + cjk/2
	})
	if found == nil || found.Kind != KindConstraint {
		return nil
	}
	return found
}

// bestOf is the hot anchor score rates highest (above zero), nil when
// none scores or two share the best score: the one a message names,
// when it names one.
func (r *Reducer) bestOf(score func(a *Anchor) int) *Anchor {
	var best *Anchor
	most, tie := 0, false
	for _, a := range r.hot {
		n := score(a)
		switch {
		case n <= 0:
		case n > most:
			best, most, tie = a, n, false
		case n == most:
			tie = true
		}
	}
	if tie {
		return nil
	}
	return best
}

func isHanOrKatakana(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Katakana, r)
}

// liftTopicRE is the thing a whole lift names: "forget what I said about
// the fixtures directory", "ignore my earlier rule on logging", "unsafe
// 的限制不用管了".
var liftTopicRE = mustPattern(`(?i)\b(?:said|told you|rules?|restrictions?|constraints?|bans?|instructions?) (?:about|on|regarding|for) (?P<t>[^,.;!?]{2,60})|\b(?:the|that|this|our)\s+(?P<s>[\w.\-/ ]{2,40}?)\s+(?:(?:is|are|has been|have been)\s+(?:over|lifted|gone|done|off|ended|finished|cancel+ed|removed|no longer (?:in effect|needed|a thing|off[- ]limits|frozen)|(?:all\s+)?yours|fair game|unfrozen|unlocked)|(?:isn't|aren't|is not|are not)\s+(?:off[- ]limits|frozen|locked|blocked|forbidden))\b|^(?:那|好|好的|还有)?[，,]?\s*(?P<z>[^，,。：:]{1,24}?)\s*(?:的|这条|那条)(?:限制|规则|规定|要求|禁令|规矩)`)

// liftTopic is the thing a lift names as a whole, or "".
func liftTopic(s string) string {
	m := liftTopicRE.FindStringSubmatch(s)
	if m == nil && dropRuleRE.MatchString(s) {
		// "And drop the dependency freeze, it's not worth it": the rule
		// dropped, by what it is called
		if d := dropTopicRE.FindStringSubmatch(s); d != nil {
			return d[1]
		}
	}
	if m == nil {
		// "about the legacy cron: …, so you can disable it now": the
		// topic the sentence opens with.
		if m = topicRE.FindStringSubmatch(s); m != nil {
			return m[topicRE.SubexpIndex("k")] + m[topicRE.SubexpIndex("z")]
		}
		return ""
	}
	return m[liftTopicRE.SubexpIndex("t")] + m[liftTopicRE.SubexpIndex("s")] + m[liftTopicRE.SubexpIndex("z")]
}

// dropTopicRE is what a rule dropped is called: "drop the dependency
// freeze", "scratch the deploy ban".
var dropTopicRE = mustPattern(`(?i)\b(?:ignore|disregard|forget|scratch|drop|lift|cancel)\s+(?:about\s+)?(?:my|the|that|our|your|this)\s+([^,.;:!?]{2,40}?)(?:\s+(?:thing|for now|please|then))?\s*(?:[,.;:!?—–]|$)`)

// aboutTopic is the newest active rule or open obligation whose words
// hold every content word of topic, compared by stem ("the requirements
// freeze" is about "requirements.txt is frozen").
func (r *Reducer) aboutTopic(topic string) *Anchor {
	t := stems(topic)
	if len(t) == 0 {
		return nil
	}
	if a := r.holdingAll(t); a != nil {
		return a
	}
	// "the vendor ban is lifted": the rule need not call itself a ban.
	for _, g := range []string{"rule", "restriction", "constraint", "ban", "embargo", "moratorium", "lock", "limit", "block", "policy", "freeze"} {
		delete(t, stem(g))
	}
	if len(t) == 0 {
		return nil
	}
	return r.holdingAll(t)
}

// holdingAll is the newest active rule or open obligation whose stems
// hold all of t.
func (r *Reducer) holdingAll(t map[string]bool) *Anchor {
	var best *Anchor
	for _, a := range r.hot {
		if !(a.Kind == KindConstraint && a.Lifecycle == Active || a.Kind == KindObligation && a.Lifecycle == Open ||
			a.Kind == KindNegative && a.Lifecycle == Active && a.Authority == Normative && constraintRE.MatchString(a.Value)) {
			// A prohibition the user told with its reason ("pricing is
			// relaunching, so don't touch the Plan model") is read as
			// knowledge, and lifted as a rule.
			continue
		}
		if !containsAll(stems(a.Value), t) || strings.Contains(a.Key, "/"+incidentKey) {
			// A warning of a past incident is no rule a thing's new
			// state frees.
			continue
		}
		if best == nil || newer(a, best) {
			best = a
		}
	}
	return best
}

func containsAll(have, want map[string]bool) bool {
	for w := range want {
		if !have[w] {
			return false
		}
	}
	return true
}

var latinWordRE = mustPattern(`[A-Za-z][\w.\-]*[A-Za-z0-9]`)

// namedIn is the newest active prohibition one of whose quoted names (a
// backquoted command, a path) the lift text s names, in any case and
// quoting ("现在可以跑 make deploy 了" frees "不要运行 `make deploy`").
func (r *Reducer) namedIn(s string) *Anchor {
	ls := strings.ToLower(s)
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || !a.valueFacts().neg {
			continue
		}
		if slices.ContainsFunc(mentions(a.Value), func(n string) bool {
			n = strings.ToLower(strings.TrimRight(n, "/"))
			return len(n) >= 3 && strings.Contains(ls, n)
		}) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// namingWord is the newest active rule or open obligation whose text
// names one of the distinctive words ws ("the db:reset thing — you can run
// it now" frees the rule naming `npm run db:reset`).
func (r *Reducer) namingWord(ws []string) *Anchor {
	var best *Anchor
	for _, a := range r.hot {
		if !(a.Kind == KindConstraint && a.Lifecycle == Active || a.Kind == KindObligation && a.Lifecycle == Open) {
			continue
		}
		if slices.ContainsFunc(ws, func(w string) bool { return strings.Contains(a.Value, w) }) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// sameRule is the active rule that p restates: one with the same
// polarity keeping the same directory off-limits when p keeps "the rest"
// of it, or whose words, with names of a class made one ("packages" ~
// "dependencies"), p's words mostly share.
func (r *Reducer) sameRule(p *Proposal) *Anchor {
	neg := negRE.MatchString(p.Value)
	if remainderRE.MatchString(p.Value) {
		for _, a := range r.sorted() {
			if a.Kind == KindConstraint && a.Lifecycle == Active && slices.ContainsFunc(p.Links, func(l string) bool {
				return strings.HasSuffix(l, "/") && slices.Contains(a.Links, l)
			}) {
				return a
			}
		}
	}
	if ns := named(p.Value); len(ns) > 0 && onlyNames(p.Value, ns) {
		// "Cargo.lock 不许改" after "Never modify Cargo.lock": a
		// prohibition on changing the same named things, in other words.
		var best *Anchor
		for _, a := range r.hot {
			if a.Kind == KindConstraint && a.Lifecycle == Active && a.valueFacts().neg == neg && slices.Equal(a.valueFacts().named, ns) && onlyNames(a.Value, ns) && (best == nil || newer(a, best)) {
				best = a
			}
		}
		if best != nil {
			return best
		}
	}
	t := ruleTerms(p.Value)
	if len(t) < 2 && !t["dependency"] {
		return nil
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || a.valueFacts().neg != neg {
			continue
		}
		if overlap(t, a.valueFacts().terms) >= 0.75 && slices.Equal(named(p.Value), a.valueFacts().named) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// named are the things a rule names (paths, quoted names, identifiers):
// rules naming different things are different rules however alike their
// words ("never modify vendor0/" and "never modify vendor1/").
// changeVerbRE are the verbs of changing a thing, in the languages the
// rules are read in.
var changeVerbRE = mustPattern(`(?i)\b(?:modify|modified|edit|edited|change|changed|touch|touched|alter|altered|update|updated|rewrite|regenerate)\b|修改|改动|改变|变动|更改|改|变|动|碰`)

// onlyNames reports whether rule s says nothing besides its rule words, a
// verb of changing, words placing them and the names ns (reasons in
// clauses of their own aside): a prohibition on changing ns.
func onlyNames(s string, ns []string) bool {
	s = ruleCore(s)
	rest := changeVerbRE.ReplaceAllString(negRE.ReplaceAllString(constraintRE.ReplaceAllString(s, " "), " "), " ")
	rest = fileClassRE.ReplaceAllString(placeWordsRE.ReplaceAllString(rest, " "), " ")
	for w := range ruleTerms(rest) {
		if !slices.ContainsFunc(ns, func(n string) bool { return strings.Contains(n, w) }) {
			return false
		}
	}
	return true
}

// placeWordsRE are the words a prohibition places its names with
// ("anything under", "in").
var placeWordsRE = mustPattern(`(?i)\b(?:anything|everything|under|in|inside|within|of)\b|里的|下的|里面`)

// ruleCore is the clauses of a rule that carry its rule words, without the
// reasons given beside them ("Don't touch scripts/release/, ops owns it":
// "Don't touch scripts/release/").
func ruleCore(s string) string {
	var core []string
	for _, c := range segmentRE.Split(s, -1) {
		if constraintRE.MatchString(c) || negRE.MatchString(c) {
			core = append(core, c)
		}
	}
	if len(core) == 0 {
		return s
	}
	return strings.Join(core, " ")
}

func named(s string) []string {
	out := append(mentions(s), distinctive(s)...)
	for i, w := range out {
		out[i] = strings.ToLower(strings.TrimRight(w, "/"))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// adds reports whether t has a word u has not.
func adds(t, u map[string]bool) bool {
	for w := range t {
		if !u[w] {
			return true
		}
	}
	return false
}

// partLifted is the newest active prohibition of a directory that the lift
// p frees only a part of, and that part: p names a path inside the
// directory and either does not name the directory itself or keeps the
// rest of it ("but nothing else in migrations/", "the rest of vendor/
// stays off-limits").
func (r *Reducer) partLifted(p *Proposal) (*Anchor, string) {
	var best *Anchor
	part := ""
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || !a.valueFacts().neg {
			continue
		}
		for _, d := range a.Links {
			if !strings.HasSuffix(d, "/") {
				continue
			}
			inside := ""
			for _, l := range p.Links {
				if l != d && strings.HasPrefix(l, d) {
					inside = l
				}
			}
			if inside == "" || slices.Contains(p.Links, d) && !remainderRE.MatchString(p.Quote) {
				continue
			}
			if best == nil || newer(a, best) {
				best, part = a, inside
			}
		}
	}
	return best, part
}

// except restates the newest active prohibition the permission p excepts
// a thing from, with that exception: the prohibition stays in force (see
// amend.go for why it is not lifted whole).
// scoped reports whether the permission quote frees the thing only
// somewhere or for something (scopedRE), in the quote's words or, for a
// user writing another language, in its gloss: "tu peux toucher
// Cargo.lock pour mettre criterion en 0.5.1, seulement ça" ("… for …,
// only …").
func (r *Reducer) scoped(quote, thing string) bool {
	if scopedRE.MatchString(strings.Replace(quote, thing, " ", 1)) {
		return true
	}
	g := glossOf(quote, r.lang)
	return g != nil && scopedRE.MatchString(strings.Replace(g.text, thing, " ", 1))
}

func (r *Reducer) except(p *Proposal, ref EventRef, id string) {
	if (p.Name == "" || p.Name == "word") && liftShape(p.Quote) {
		// "OK, you can touch audit_log now": a permission for what a rule
		// forbids lifts it (permitlift.go); one naming no rule may still
		// be an exception to one.
		if r.permitLift(p, ref) {
			return
		}
	}
	var o *Anchor
	word := p.Name == "word"
	// "re the no-unsafe rule: crates/hsm-sys is exempt": the rule the
	// sentence's topic names, before any rule of the thing's class.
	if m := topicRE.FindStringSubmatch(p.Quote); m != nil {
		if a := r.aboutTopic(m[topicRE.SubexpIndex("k")] + m[topicRE.SubexpIndex("z")]); a != nil && a.Kind == KindConstraint && negRE.MatchString(a.Value) {
			o = a
		}
	}
	if p.Name == "subject" {
		// "the 5% cap doesn't apply to ETFs": the rule its subject names;
		// "that doesn't apply to Ahmed" (no subject): the active rule
		// stated last.
		if p.Because != "" {
			o = r.subjectRule(p.Because)
		} else {
			o = r.newestRule()
		}
	}
	if p.Name == "ruleof" {
		// "That one's the exception to the transaction rule": the rule
		// holding the topic, or none (exceptto.go)
		if o = r.aboutTopic(p.Value); o == nil || o.Kind != KindConstraint {
			return
		}
	}
	if p.Name == "remainder" {
		// "…; the 0.8 ceiling stays everywhere else": the rule the
		// remainder names; none held, the permission says nothing here.
		if o = r.remainderRule(p.Because); o == nil {
			// "nearest neighbour is fine for the band raster; the depth
			// raster stays bilinear only": the rule named by the
			// remainder and the permission together.
			o = r.remainderRule(p.Because + " " + p.Value)
		}
		// none named: the prohibition the permission excepts from, as
		// for a permission said alone (below)
	}
	if o == nil && p.Name == "" {
		// "you can touch clock.c BUT only the sdmmc divider" after "dont
		// touch Core/Src/clock.c": the prohibition of that very file,
		// before any rule of its class. A scope ("only", "for", "in")
		// makes the permission its exception; none lifts it whole ("you
		// can touch clock.c now").
		if a := r.ruleNaming(p.Value); a != nil {
			if !r.scoped(p.Quote, p.Value) {
				a.Lifecycle = Lifted
				a.Because = p.Quote
				a.addRef(ref)
				return
			}
			o = a
		}
	}
	for _, a := range r.hot {
		if o != nil || p.Name == "subject" {
			break
		}
		if a.Kind != KindConstraint || a.Lifecycle != Active {
			continue
		}
		var fits bool
		// "you can use nightly for the benchmarks", "wandb is ok but only
		// the self-hosted one": the prohibition naming the thing.
		// a rule in another language's words prohibits by its gloss
		neg := a.valueFacts().neg
		names := neg && stemSubset(stemList(p.Value), stems(a.Value))
		if word {
			fits = names
		} else {
			fits = excepts(a.Value, p.Quote, p.Value) || p.Name == "package" && neg && (depClassRE.MatchString(a.Value) || names) ||
				p.Name == "topic" && (names || neg && (sameNumber(p.Value, a.Value) || topicOf(p.Value, a.Value)))
		}
		if fits && (o == nil || newer(a, o)) {
			o = a
		}
	}
	if o == nil && p.Name == "" {
		// No rule of the thing's class: the one the permission shares
		// its topic with (rulelife.go).
		o = r.topicRule(p.Quote)
	}
	if o == nil {
		if p.Name == "topic" && p.Because != "" {
			// The rule its lead names is not held: the permission is
			// kept as said.
			nu := &Anchor{ID: id, Kind: KindConstraint, Key: "constraint/-/" + slug(p.Because), Value: p.Because, Authority: Normative,
				SourceRefs: []EventRef{ref}, Lifecycle: Active, Links: mentions(p.Because)}
			if r.hot[slot(nu.Kind, nu.Key)] == nil {
				r.hot[slot(nu.Kind, nu.Key)] = nu
			}
		}
		return
	}
	if _, ex, ok := strings.Cut(o.Value, " — except: "); ok && slices.Contains(o.Links, p.Value) && strings.Contains(ex, p.Value) {
		// The same exception said again ("(zod is still ok.)"); the
		// thing the rule itself names is no exception yet ("tu touches
		// pas à Cargo.lock" … "tu peux toucher Cargo.lock pour …").
		o.addRef(ref)
		return
	}
	if word && !scopedRE.MatchString(p.Quote) {
		// Freed with no scope: the whole rule is lifted.
		o.Lifecycle = Lifted
		o.Because = p.Quote
		o.addRef(ref)
		return
	}
	r.restateExcept(o, p.Quote, p.Value, ref, id)
}

// ruleNaming is the newest active prohibition that names the file or
// path x itself (as written, or as a path ending in it: "clock.c" is
// named by "Core/Src/clock.c"), or nil.
func (r *Reducer) ruleNaming(x string) *Anchor {
	if len(mentions(x)) == 0 {
		return nil
	}
	var o *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || !a.valueFacts().neg || o != nil && !newer(a, o) {
			continue
		}
		if slices.ContainsFunc(mentions(a.Value), func(m string) bool { return m == x || strings.HasSuffix(m, "/"+x) }) {
			o = a
		}
	}
	return o
}

// newestRule is the active rule stated last, or nil.
func (r *Reducer) newestRule() *Anchor {
	var o *Anchor
	for _, a := range r.hot {
		if a.Kind == KindConstraint && a.Lifecycle == Active && (o == nil || newer(a, o)) {
			o = a
		}
	}
	return o
}

// restateExcept supersedes the prohibition o with itself restated with the
// exception quote, which frees thing.
func (r *Reducer) restateExcept(o *Anchor, quote, thing string, ref EventRef, id string) {
	nu := o.clone()
	nu.ID = id
	// The rule without the reasons said beside it, so the exception
	// shows; Was keeps the rule as said.
	nu.Value = strings.TrimRight(withoutReasons(o.Value), ".。 ") + " — except: " + withoutLabel(quote)
	nu.Was = o.Value
	nu.Because = quote
	if thing != "" {
		nu.Links = append(nu.Links, thing)
	}
	nu.SourceRefs, nu.Inherited = []EventRef{ref}, 0
	nu.inherit(o)
	r.retire(o, Superseded)
	r.hot[slot(nu.Kind, nu.Key)] = nu
}

// withoutReasons is rule s without the clauses beside it that carry no
// rule word (its reasons: "…, we're trying to keep the APK small"), as
// written; exceptions already stated stay.
func withoutReasons(s string) string {
	head, excepted, _ := strings.Cut(s, " — except: ")
	var b strings.Builder
	start, sep, dropped := 0, "", ""
	keep := func(piece, before string) {
		if constraintRE.MatchString(piece) || negRE.MatchString(piece) || prohibitionRE.MatchString(piece) || workNorm(piece) {
			if b.Len() > 0 {
				b.WriteString(before)
			} else if dropped != "" && ruleByPronounRE.MatchString(piece) {
				// "CI runs `cargo clippy`, so it has to stay clippy
				// clean": what "it" is stays with the rule
				b.WriteString(dropped + before)
			}
			b.WriteString(piece)
			dropped = ""
			return
		}
		dropped = piece
	}
	for _, loc := range segmentRE.FindAllStringIndex(head, -1) {
		if inParens(head, loc[0]) {
			// "mara (hw, she owns the board) says …": an aside, no
			// bound between reasons.
			continue
		}
		keep(head[start:loc[0]], sep)
		sep, start = head[loc[0]:loc[1]], loc[1]
	}
	keep(head[start:], sep)
	out := b.String()
	if out == "" {
		out = head
	}
	if excepted != "" {
		out += " — except: " + excepted
	}
	return out
}

// outcome records tool evidence and moves the failures it bears on.
func (r *Reducer) outcome(e *Event, p *Proposal, nu *Anchor, ref EventRef, moved map[*Anchor]bool) {
	if !p.Failed {
		r.noteSkips(r.call)
	}
	ev := &Anchor{ID: kindLetter[KindEvidence] + nu.ID[1:], Kind: KindEvidence, Key: p.Key, Value: p.Value, Authority: Empirical, Lifecycle: Observed,
		SourceRefs: []EventRef{ref}, Quote: p.Quote, Name: p.Name, Links: slices.Clone(p.Links)}
	if old := r.hot[slot(KindEvidence, p.Key)]; old != nil {
		old.Value, old.Quote = ev.Value, ev.Quote
		old.addRef(ref)
	} else {
		r.hot[slot(KindEvidence, p.Key)] = ev
	}
	f := r.hot[slot(KindFailure, p.Key)]
	if p.Failed {
		if p.Listed {
			// a run that lists its failing tests (listedRerun)
			defer r.listedRerun(e, ref, moved)
		}
		if f != nil && f.IsHead() && !moved[f] && p.Kind == KindFailure && r.filteredAway(e, f, p, ref) {
			// the same run through another filter, its error gone: a
			// failure of its own (cmdkey.go)
			f, moved[f] = nil, true
		}
		if f != nil && f.IsHead() {
			if !moved[f] {
				moved[f] = true
				f.Lifecycle = Investigating
				if strings.HasPrefix(f.Because, strings.TrimSpace(p.Because)+" — ") {
					// the same error line, its detail filtered away
					// ("| grep FAILED"): the fuller reading stays
					f.addRef(ref)
					return
				}
				f.Because = p.Because
				if p.Value != "" && failureLineRE.MatchString(p.Because) && !exitOnlyRE.MatchString(p.Because) {
					// seen again with another error: the failure is
					// shown by its newest ("failed: X" kept while the
					// run now fails on Y would show what is gone), when
					// the line read names one (not "sftp> cd /in", the
					// last line a session printed)
					f.Was = errorPassed(f, p.Value, e.Text)
					f.Value, f.Quote = p.Value+r.flakyNote(f), p.Quote
				}
				f.addRef(ref)
			}
			return
		}
		if p.Kind != KindFailure {
			return
		}
		nu.Kind, nu.Lifecycle, nu.Authority = KindFailure, Open, Empirical
		if f != nil {
			nu.Was = f.Lifecycle + " at seq " + fmt.Sprint(f.Seq())
			r.retire(f, Retired)
		}
		r.hot[slot(KindFailure, p.Key)] = nu
		moved[nu] = true
		r.errorChanged(e, nu, ref, moved)
		r.codeRunFailed(nu, e.Text, ref, moved)
		r.noteFailOut(nu, e.Text)
		return
	}
	var hit []*Anchor
	if f != nil {
		hit = append(hit, f)
	}
	if p.Explicit && strings.HasPrefix(p.Key, statusPrefix) {
		// a failed query of the thing (statusquery.go)
		hit = r.statusQueryHits(p.Key, hit)
	}
	if !p.Explicit {
		for _, a := range r.hot {
			// A verbose run that names its tests and not this one says
			// nothing about it (it may have been filtered out).
			if a.Kind == KindFailure && a != f && slices.Contains(a.Links, p.Key) && !(p.Listed && strings.HasPrefix(a.Key, "test/")) {
				hit = append(hit, a)
			}
		}
		// A failed command run again as part of a passing one, or with
		// other flags ("pytest tests/ -q" inside "pip install x && pytest
		// tests/ -q"): the same program on the same operands.
		for _, a := range r.hot {
			if a.Kind == KindFailure && a != f && !slices.Contains(hit, a) && !(p.Listed && strings.HasPrefix(a.Key, "test/")) && slices.ContainsFunc(a.Links, func(l string) bool {
				return strings.HasPrefix(l, runPrefix) && slices.Contains(p.Links, l)
			}) {
				hit = append(hit, a)
			}
		}
		// A failed file operation another call did (fileop.go).
		for _, a := range r.hot {
			if a.Kind == KindFailure && a != f && a.IsHead() && !slices.Contains(hit, a) && fileDone(a.Links, p.Links) {
				hit = append(hit, a)
			}
		}
		// A failed test whose unit the output reports passing whole
		// (units.go).
		hit = r.unitHits(e.Text, f, hit)
		// A failure whose subject a passing call did again (subject.go):
		// the same run changed, a wider run, the operation continued, the
		// missing resource corrected, the command the user said to run.
		if passed := callText(r.call); passed != "" {
			var pc *passedCall // read at the first failure it is checked against
			for _, a := range r.hot {
				if a.Kind != KindFailure || a == f || !a.IsHead() || slices.Contains(hit, a) || strings.HasPrefix(a.Key, statusPrefix) {
					// a thing's status is resolved by its own (statusfail.go)
					continue
				}
				if k, ok := strings.CutPrefix(a.Key, commandPrefix); ok && otherDir(k, rawCommand(r.call)) {
					// a run in another directory (cmdkey.go)
					continue
				}
				failed, ok := linkWith(a.Links, callPrefix)
				if !ok {
					failed, _ = strings.CutPrefix(a.Key, commandPrefix)
				}
				if pc == nil {
					pc = readPassed(passed)
				}
				if p.Listed && strings.HasPrefix(a.Key, "test/") {
					// A run listing its tests without this one: it says
					// nothing of it unless it ran all the failed run did
					// with nothing failing (the test passes or is gone:
					// removed, renamed).
					if suiteRerun(failed, pc, e.Text) || ciTestPassed(a, failed, pc, e.Text) {
						hit = append(hit, a)
					}
					continue
				}
				if resolvedIn(failed, a.Because, hintsOf(a), pc, e.Text) || itemsRedone(a.Links, failed, pc, e.Text) || ciTestPassed(a, failed, pc, e.Text) {
					hit = append(hit, a)
				}
			}
		}
	}
	// a test an edit disabled (skipedit.go), a test skipped (skipped.go)
	hit = skippedHits(e.Text, r.skipEdited(e, r.codeRunHits(p.Key, hit), ref, moved))
	slices.SortFunc(hit, byAge)
	passed := callText(r.call)
	for _, a := range hit {
		if moved[a] || otherProject(a.Key, passed) {
			// a Playwright test of a project the run left out (pwproject.go)
			continue
		}
		if r.flakyHeld(a, r.call) {
			// a flaky test passing once (flaky.go)
			continue
		}
		if failed, ok := linkWith(a.Links, callPrefix); ok && otherDevice(failed, passed) {
			// the same run on another device (otherdevice.go)
			continue
		}
		if failed, ok := linkWith(a.Links, callPrefix); ok && passed != "" && !p.Explicit && !passShown(failed, passed, a.Because, e.Text, a == f) {
			// passed through a filter that may have hidden its failure
			// (cmdkey.go)
			continue
		}
		switch a.Lifecycle {
		case Open, Investigating:
			a.Lifecycle = Resolved
		case Resolved:
			a.Lifecycle = Verified
		default:
			continue
		}
		moved[a] = true
		a.addRef(ref)
		r.passedBy(a, r.call)
		r.hypothesesOn(a, ref)
	}
	r.supersededPassed(e, p, ref, moved)
}

// errorChanged supersedes an open failure of the same run (its command's
// last stage the new failure nu's, the same program on the same operands
// whatever its options: "cmake -DLLVM_DIR=… -B . -S src" past the error
// "cmake -B . -S src" stopped at) whose error line the new output no
// longer holds: "ERRORE: cifra di controllo SSCC errata" gone, the run
// now failing on "simbolo largo 118 mm". The new failure stays open; an
// error line that only tells the exit status says nothing changed.
// Superseded, never resolved: a failing run shows no fix. It may have
// stopped before the old error's step, or run other code ("npm i
// react-scripts@5 && npm run build" failing on polyfills says nothing of
// the OpenSSL error of the build it replaced, an approach then dropped).
func (r *Reducer) errorChanged(e *Event, nu *Anchor, ref EventRef, moved map[*Anchor]bool) {
	if !strings.HasPrefix(nu.Key, commandPrefix) {
		return
	}
	run := runSubject(lastRun(failedCallOf(nu)))
	if run == "" || nu.Because == "" {
		return
	}
	for _, a := range r.sorted() {
		if a == nu || a.Kind != KindFailure || !strings.HasPrefix(a.Key, commandPrefix) || moved[a] || a.Lifecycle != Open && a.Lifecycle != Investigating {
			// a failed test is closed by its units' reports (units.go), a
			// run that names it passing or the model's cited evidence
			continue
		}
		old := strings.TrimSpace(a.Because)
		if old == "" || old == nu.Because || exitOnlyRE.MatchString(old) || strings.Contains(e.Text, old) || runSubject(lastRun(failedCallOf(a))) != run {
			continue
		}
		a.Lifecycle = Superseded
		moved[a] = true
		a.addRef(ref)
	}
}

// lastRun is the last stage of command cmd, unwrapped and trimmed: the
// run a list of stages stands or falls by.
func lastRun(cmd string) string {
	st := stagesOf(cmd)
	if len(st) == 0 {
		return ""
	}
	last := st[len(st)-1]
	if i := strings.LastIndex(last, "|"); i > 0 && i+1 < len(last) {
		// "gh run watch … | tail -9" and "… | tail -8": the same run,
		// shown through a cut of another length (a filter such as grep
		// shows other lines, so it stays part of the run).
		if f := strings.Fields(last[i+1:]); len(f) == 2 && (f[0] == "tail" || f[0] == "head") && strings.TrimLeft(f[1], "-n0123456789") == "" {
			last = last[:i] + "| " + f[0]
		}
	}
	return strings.Join(strings.Fields(unwrap(last)), " ")
}

// hypothesesOn moves the hypotheses that name failure f: its resolution
// supports them, its verification establishes them.
func (r *Reducer) hypothesesOn(f *Anchor, ref EventRef) {
	name := f.Name
	for _, h := range r.sorted() {
		if h.Kind != KindUncertainty || !h.IsHead() {
			continue
		}
		if !slices.Contains(h.Links, f.Key) && !slices.Contains(h.Links, name) {
			continue
		}
		switch {
		case f.Lifecycle == Verified && h.Lifecycle == Supported:
			h.Lifecycle = Established
		case f.Lifecycle == Resolved || f.Lifecycle == Verified:
			h.Lifecycle = Supported
		default:
			continue
		}
		h.addRef(ref)
	}
}

// touched applies a successful write of file p: failures that name the
// file are being investigated; negative knowledge about it is stale;
// obligations that name it are done.
func (r *Reducer) touched(p string, ref EventRef, moved map[*Anchor]bool) {
	base := path.Base(p)
	if base == "." || base == "/" || base == "" {
		return
	}
	for _, a := range r.sorted() {
		switch {
		case a.Kind == KindFailure && a.Lifecycle == Open && !moved[a] && (strings.Contains(a.Because, base) || strings.Contains(a.Quote, base)):
			a.Lifecycle = Investigating
			moved[a] = true
			a.addRef(ref)
		case a.Kind == KindNegative && a.Lifecycle == Active && linksPath(a.Links, p):
			a.Lifecycle = Stale
			a.addRef(ref)
		case a.Kind == KindObligation && a.Lifecycle == Open && (linksPath(a.Links, p) || versionTaskRE.MatchString(a.Value) && manifestRE.MatchString(base) && len(a.Links) == 0):
			a.Lifecycle = Done
			a.addRef(ref)
		}
	}
}

func linksPath(links []string, p string) bool {
	for _, l := range links {
		if l == p || strings.HasSuffix(p, "/"+l) || strings.HasSuffix(l, "/"+p) || strings.HasSuffix(l, "/") && strings.HasPrefix(p, l) {
			return true
		}
	}
	return false
}

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

// snapshotVersion is the format of Snapshot: 2 adds the model-proposed
// anchors (Model). A snapshot is written in the lowest version that holds
// it (1 when it has no model anchors, byte for byte what version 1 wrote),
// so an older ef reads every snapshot it reads correctly and refuses one
// whose model anchors it would silently drop; Restore reads both. The
// reading state added since (ResultSeq, Made, Asking) is left out when empty and
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
}

// asking is r's SnapAsking, nil when it holds nothing.
func (r *Reducer) asking() *SnapAsking {
	a := &SnapAsking{UserAsked: slices.Clone(r.userAsked), UserAskedAge: r.userAskedAge, Looked: r.looked, UserAsks: slices.Clone(r.userAsks),
		AskedBack: slices.Clone(r.askedBack), UserText: r.asked, UserSeq: r.userSeq, AgentAsked: slices.Clone(r.asked2), AgentListed: r.askedList, Offer: r.offer, Guesses: slices.Clone(r.guesses),
		ProposedRule: r.proposed, SuggestedName: r.suggestedName, SuggestedValue: r.suggestedValue, Answered: r.answered, AnswerOf: r.answerOf,
		AnsweredQs: slices.Clone(r.answeredQs), Reverted: r.reverted, RevertSeq: r.revertSeq, EndAsked: slices.Clone(r.endAsked), EndAskedSeq: r.endAskedSeq}
	if len(a.UserAsked)+len(a.UserAsks)+len(a.AskedBack)+len(a.AgentAsked)+len(a.AnsweredQs)+len(a.Guesses)+len(a.EndAsked) == 0 && a.UserAskedAge == 0 && !a.Looked &&
		a.UserText+a.Offer+a.ProposedRule+a.SuggestedName+a.SuggestedValue+a.Answered+a.AnswerOf+a.Reverted == "" && a.UserSeq == 0 && a.RevertSeq == 0 {
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
	r.askedList = a.AgentListed
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
		attempt: r.attempt, attemptSeq: r.attemptSeq, offer: r.offer, guesses: slices.Clone(r.guesses), asked2: slices.Clone(r.asked2), endAsked: slices.Clone(r.endAsked), endAskedSeq: r.endAskedSeq, askedList: r.askedList, userAsked: slices.Clone(r.userAsked), userAskedAge: r.userAskedAge, userAsks: slices.Clone(r.userAsks), askedBack: slices.Clone(r.askedBack), answeredQs: slices.Clone(r.answeredQs), userSeq: r.userSeq, prevUserSeq: r.prevUserSeq, looked: r.looked, proposed: r.proposed, suggestedName: r.suggestedName, suggestedValue: r.suggestedValue, clock: r.clock, clockSeq: r.clockSeq, clockSeen: r.clockSeen, offered: slices.Clone(r.offered), offeredSeq: r.offeredSeq, offeredReplied: r.offeredReplied, offeredPick: r.offeredPick, groups: slices.Clone(r.groups), groupsSeq: r.groupsSeq, choseOffered: r.choseOffered, chosen: r.chosen, lang: r.lang, qty: slices.Clone(r.qty),
		asked: r.asked, answered: r.answered, answerOf: r.answerOf, shown: slices.Clone(r.shown), shownSeq: r.shownSeq, shownText: r.shownText, talked: r.talked, ran: r.ran, ranSeq: r.ranSeq, ahead: r.ahead, aheadEv: r.aheadEv,
		poll: slices.Clone(r.poll), pollSeq: r.pollSeq, pollOut: maps.Clone(r.pollOut), pollQuote: r.pollQuote, named: slices.Clone(r.named), namedSeq: r.namedSeq, namedAlt: r.namedAlt, namedNear: slices.Clone(r.namedNear), dflt: r.dflt, relLast: r.relLast, reverted: r.reverted, revertSeq: r.revertSeq, coded: maps.Clone(r.coded)}
	for k, a := range r.hot {
		c.hot[k] = a.clone()
	}
	for k, v := range r.pending {
		c.pending[k] = v
	}
	for _, a := range r.retired {
		c.retired = append(c.retired, a.clone())
	}
	c.retiredAt = slices.Clone(r.retiredAt)
	c.refused = refused{paths: slices.Clone(r.refused.paths), seq: r.refused.seq}
	for _, a := range r.model {
		c.model = append(c.model, a.clone())
	}
	return c
}

// objectiveText is an objective's statement for comparison: without its
// label ("Objective:"), quotes, trailing ellipsis or stop, and spacing.
func objectiveText(v string) string {
	v = strings.Join(strings.Fields(v), " ")
	if m := objectiveRE.FindStringSubmatch(v); m != nil {
		v = m[1]
	}
	v = strings.TrimSuffix(v, "…")
	v = strings.Trim(cleanValue(v), "\"'`“”「」 ")
	return strings.TrimRight(v, ".。!！")
}

// sameNumber reports whether topic names a rule by a number it states
// ("the 48h rule" for "no deploys in the 48 hours before a run"): the
// number of topic's one numeric word is a word of rule.
func sameNumber(topic, rule string) bool {
	n := ""
	for _, w := range strings.Fields(topic) {
		if d := strings.TrimRightFunc(w, func(r rune) bool { return r < '0' || r > '9' }); d != "" && strings.IndexFunc(d, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
			if n != "" {
				return false
			}
			n = d
		}
	}
	return n != "" && tokenAt(rule, n, 0) >= 0
}

// noLeadRE is a correction that opens by the thing it drops: "Actually
// no bastion — use SSM Session Manager instead", "ok, no redis; keep it in
// memory".
var noLeadRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|hmm+|actually|wait|so|on second thought|then)[,!]?\s+)*no\s+(?P<x>[\w\-./]+(?:\s+[\w\-./]+)?)\s*(?:[,;—–]|\s-\s|$)`)

// namesOther reports whether sentence s takes back a thing it names by
// an identifier ("scratch the timeout-minutes thing") that decision d
// does not hold: the thing taken back is another.
func namesOther(s, d string) bool {
	x := droppedThing(s)
	ids := distinctive(x)
	if len(ids) == 0 {
		// "drop the dark mode thing" after choosing the keep rules: the
		// words it names, none of them the decision's.
		xs := stems(x)
		for _, g := range genericRefs {
			delete(xs, g)
		}
		if len(xs) == 0 {
			return false
		}
		ds := stems(d)
		for w := range xs {
			if ds[w] {
				return false
			}
		}
		return true
	}
	ld := strings.ToLower(d)
	for _, id := range ids {
		if strings.Contains(ld, strings.ToLower(id)) {
			return false
		}
	}
	return true
}

// valueNamedBy is the current value a reference "same as x" points to:
// one whose name holds x, the one sharing the most stems with the
// setting name among several; nil when none does.
func (r *Reducer) valueNamedBy(x, name string) *Anchor {
	lx := strings.ToLower(strings.TrimRight(strings.TrimSpace(x), ".,;:!?。"))
	if lx == "" {
		return nil
	}
	ns := stems(name)
	var best *Anchor
	bestN := -1
	for _, a := range r.sorted() {
		if a.Kind != KindValue || !a.IsHead() || a.Lifecycle != Current || !strings.Contains(strings.ToLower(a.Name+" "+a.Key), lx) {
			continue
		}
		n, _ := sharedStems(ns, stems(a.Name))
		if n > bestN || n == bestN && newer(a, best) {
			best, bestN = a, n
		}
	}
	return best
}

// pathSaidFor is the file path the user gave in an earlier clause that
// shares two stems with task v ("reindex 的操作文档 docs/reindex.md" for
// "写 reindex 的文档"), the newest such; "" when none does.
func (r *Reducer) pathSaidFor(v string) string {
	vs := stems(v)
	for i := len(r.said) - 1; i >= 0; i-- {
		for _, c := range pathClauseRE.Split(r.said[i], -1) {
			m := pathRE.FindStringSubmatch(c)
			if m == nil || strings.Contains(v, c) {
				continue
			}
			if n, _ := sharedStems(vs, stems(pathRE.ReplaceAllString(c, " "))); n >= 2 {
				return m[1]
			}
		}
	}
	return ""
}

// pathClauseRE separates the clauses pathSaidFor reads.
var pathClauseRE = mustPattern(`[，,。；;\n]|\.\s`)

// maxSecrets bounds the secrets a reducer masks.
const maxSecrets = 16

// maskKnown is p with every secret the reducer has seen masked in its
// key, name, value, quote and error line.
func (r *Reducer) maskKnown(p *Proposal) *Proposal {
	var cp *Proposal
	for _, sec := range r.secrets {
		if ls := slug(sec); !strings.Contains(p.Key+p.Name+p.Value+p.Quote+p.Because, sec) && !strings.Contains(p.Key, strings.ToLower(sec)[:min(8, len(sec))]) && (ls == "" || !strings.Contains(p.Key, ls[:min(8, len(ls))])) {
			continue
		}
		if cp == nil {
			c := *p
			cp = &c
		}
		m := masked(sec)
		// a key is a slug of the text: the secret in lower case there
		cp.Key = maskSlug(maskSlug(strings.ReplaceAll(cp.Key, sec, m), strings.ToLower(sec)), slug(sec))
		cp.Name = strings.ReplaceAll(cp.Name, sec, m)
		cp.Value, cp.Quote, cp.Because = strings.ReplaceAll(cp.Value, sec, m), strings.ReplaceAll(cp.Quote, sec, m), strings.ReplaceAll(cp.Because, sec, m)
	}
	if cp == nil {
		return p
	}
	return cp
}

// maskSlug replaces in key each run that starts a lower-cased secret (a
// slug cuts it short) with "secret".
func maskSlug(key, low string) string {
	if low == "" {
		return key
	}
	head := low[:min(8, len(low))]
	for {
		i := strings.Index(key, head)
		if i < 0 {
			return key
		}
		n := len(head)
		for n < len(low) && i+n < len(key) && key[i+n] == low[n] {
			n++
		}
		key = key[:i] + "secret" + key[i+n:]
	}
}

// namesSetting reports whether quote q names the setting of name or key
// (a word of either, three letters or more).
func namesSetting(q, name, key string) bool {
	lq := strings.ToLower(q)
	for _, w := range strings.FieldsFunc(strings.ToLower(name+" "+property(key)), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len([]rune(w)) >= 3 && !stopwords[w] && strings.Contains(lq, w) {
			return true
		}
	}
	return false
}

// newestHolding is the current value holding v set last, or nil.
func (r *Reducer) newestHolding(v string) *Anchor {
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind == KindValue && a.Lifecycle == Current && a.Value == v && (found == nil || newer(a, found)) {
			found = a
		}
	}
	return found
}

// explicitLiftRE says outright that a rule no longer holds: "fair game",
// "no longer applies", "is over", "is lifted", "cleared to".
var explicitLiftRE = mustPattern(`(?i)\bfair game\b|\bno longer (?:applies|holds|stands|in (?:force|effect))\b|\b(?:doesn't|does not) apply any ?more\b|\bis (?:over|lifted|off|cancell?ed|dead|gone|moot|obsolete|void|history)\b|\bcleared to\b`)

// relayLeadRE is a short lead naming who says what follows, up to its
// colon: "Галина щойно сказала:", "Dee just said:", "per Priya:".
var relayLeadRE = mustPattern(`^[^:：\n]{0,40}?(?:\b(?:said|says|told me|tells me|writes|wrote|confirmed|per)\b|сказала|сказав|сказали|каже|сказал|говорит|пише|пишет)[^:：\n]{0,12}[:：]\s*`)

// liftSameNo lifts, with the bare "no X" rule c, the other active rules
// that forbid the same X in other words: "no prod deploys today, we're
// failing over" and, restated later, "no prod deploys until I say so"
// are one rule, lifted by one "prod deploys are fine again".
func (r *Reducer) liftSameNo(c *Anchor, quote string, ref EventRef) {
	x := bareNoObject(c.Value)
	if x == "" {
		return
	}
	for _, a := range r.hot {
		if a != c && a.Kind == KindConstraint && a.Lifecycle == Active && bareNoObject(a.Value) == x {
			a.Lifecycle = Lifted
			a.Because = quote
			a.addRef(ref)
		}
	}
}

// bareNoObject is what a bare "no …" rule forbids, its first two words
// ("prod deploys" of "no prod deploys today, …"), lower case; "" for
// another rule.
func bareNoObject(s string) string {
	if !bareNo(s) {
		return ""
	}
	m := bareNoRE.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	f := strings.Fields(strings.ToLower(m[1] + m[2]))
	return strings.Join(f[:min(2, len(f))], " ")
}
