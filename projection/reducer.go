package projection

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
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
	// valuesSeen are the values set or replaced so far, each with the
	// first event it was seen at (reverted.go); not part of a Snapshot.
	valuesSeen map[string]int
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
	// askedEnd is the lone question the assistant's last message ended
	// its turn on (passedover.go)
	askedEnd string
	// endAsked are the questions to the user of the assistant's last
	// message while nothing has come after it, and endAskedSeq its seq
	// (endasked.go).
	endAsked    []string
	endAskedSeq int
	// askedList: how many of the questions of asked2, from the first,
	// the agent numbered in a list (listedCount), 0 for none
	// (numbered.go)
	askedList int
	// askedHeld are the questions of asked2 held over the user's
	// question back, and askedHeldList their askedList (askedheld.go).
	askedHeld     []string
	askedHeldList int
	askedResumed  bool
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
	// redSaid is the message that said a test is written to fail first,
	// 0 when none holds (expectred.go).
	redSaid int
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
	// outSet are the settings the last output of a read or a search
	// showed, outEv that output, for the agent's message after it to
	// name (outconfirmed.go); not part of a Snapshot.
	outSet []outSetting
	outEv  Event
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
		// "y el page size bájalo a 25": the setting the noun before the
		// verb names (directedtopic.go); "bájalo a 50" when the setting
		// set last holds 5 (valuenoun.go).
		// A noun that names a setting not held leaves the setting touched
		// last where it is: no held one is moved to by recency.
		if k, n, ok := directedTopic(ev.Text, r.heldValues(), ctx.LastValueKey); ok {
			if r.valueOf(k) != nil {
				ctx.LastValueKey, ctx.LastValueName = k, n
			}
		} else if k, n := directedReferent(ev.Text, r.heldValues(), ctx.LastValueKey); k != "" {
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
		ctx.Asked, ctx.AskedNumbered, ctx.AskedListed = r.asked2, r.askedList > 0, r.askedList
		ctx.AskedHeld = r.askedResumed
		ctx.AskedEnd = r.askedEnd
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
		if own == nil && ev.Role == RoleAssistant {
			// "Should I use Redis or Postgres advisory locks?"
			// (eitheror.go)
			own = eitherOrOptions(ev.Text)
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
		if p.Kind == KindValue {
			r.noteValueSeen(&p, ev.Seq)
		}
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
		// "Offen von meiner Seite: …", "Мне ещё нужно …": tasks the
		// agent's report names as still its own (owntask.go).
		r.ownOpenTasks(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
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
			r.askedEnd = turnEndQuestion(ev.Text)
			r.askedList = listedCount(ev.Text, r.asked2)
			r.resumeAsked()
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
		r.askedEnd = ""
		r.holdAsked(ev.Text, props)
		r.asked2, r.askedList, r.proposed, r.suggestedName, r.suggestedValue = nil, 0, "", "", ""
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
		r.outSet, r.outEv = nil, Event{}
		// "write the failing test first" (expectred.go)
		r.saidRed(&ev)
	case RoleAssistant:
		if ev.Text != "" {
			r.saidRed(&ev)
			r.revertSaid(&ev)
			r.talked = ev.Text
			if len(r.agentSaid) == maxSaid {
				r.agentSaid = append(r.agentSaid[:0], r.agentSaid[1:]...)
			}
			r.agentSaid = append(r.agentSaid, seqText{ev.Seq, plainNumbers(ev.Text, decimalComma(r.lang))})
			// A tool or file the agent gives up on (giveupall.go).
			r.givenUpByName(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
			// A failure it gives up on as "this one" (giveupthis.go).
			r.givenUpThis(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
			r.markedFlaky(&ev)
			// The settings the output before showed, named here
			// (outconfirmed.go).
			r.reportedShown(&ev)
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
		// The settings it shows that the user named (outconfirmed.go).
		r.outputShown(&ev, call)
		// A failure the user told, fixed and shown fixed (reportfix.go).
		r.aimedFixEdit(call, ev.Seq)
		// The code under a test written to fail changed (expectred.go).
		r.redEdited(call)
		// A failed command whose job this one did (workaround.go).
		if _, cmd := argString(call.Args, commandArgKeys); cmd != "" {
			r.fixShown(cmd, ev.Text, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
			// A probe of a URL that failed, answered 2xx (probefix.go).
			r.probeAnswered(cmd, ev.Text, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
			r.workedAround(cmd, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq}, map[*Anchor]bool{})
			r.noteRunPassed(ev.Seq, cmd)
			// A failure of a change set back (reverted.go).
			r.revertedAway(ev.Seq, cmd, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		}
	}
	if ev.Role == RoleUser {
		r.adopted(&ev)
		r.attempt, r.attemptSeq = openAttempt(ev.Text), ev.Seq
		r.told(&ev)
		r.abandoned(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		r.givenUpByName(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		// A give-up the agent offered, agreed to (giveupoffer.go).
		r.offeredGiveUp(&ev, EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
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
	// A failure the user told whose reproduction here was fixed
	// (reproduced.go).
	r.reproducedFixed(EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
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
			p.Kind == KindObjective && p.PromptSaid || p.Kind == KindValue && p.AgentSet || p.Kind == KindObligation && p.HandedUser) ||
			p.Op == OpLift && p.Kind == KindDecision && p.Name == reversedName || // its own decision taken back (decreverse.go)
			p.Op == OpLift && p.Kind == KindUncertainty && (p.Name == confirmedName || p.Name == refutedName) // its hypothesis checked (hypclose.go)
	case RoleTool:
		ok = p.Op == OpOutcome && (p.Kind == KindEvidence || p.Kind == KindFailure) || p.Op == OpState && (p.Kind == KindArtifact || p.Kind == KindValue) ||
			p.Op == OpLift && p.Kind == KindValue || // a setting an edit deleted (editremoved.go)
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
