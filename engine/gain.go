package engine

import (
	"context"
	"fmt"
	"math"

	"github.com/epistemicfold/ef/projection"
)

// draftCompactionID stands for the compaction id a fold will mint (ids
// are uuids: the same length) when its checkpoint is drafted before the
// host's transaction opens.
const draftCompactionID = "00000000-0000-4000-8000-000000000000"

// gainCheck is a planned fold's saving, measured before the host's
// transaction opens: its deterministic checkpoint drafted, the minimum it
// must save, and why.
type gainCheck struct {
	checkpoint int // host price of the drafted checkpoint
	saves      int // span − checkpoint
	min        int // minGain
	why        string
	// digest: the fold asks the Summarizer for its digest, and its
	// minimum counts the call's input; false when the fold asks for none
	// (no Summarizer, a mode without a digest) or saves its minimum only
	// without the call.
	digest bool
	// noCall: the fold would ask for a digest, but saves its minimum only
	// without the call, and makes none.
	noCall bool
}

func (g gainCheck) ok() bool { return g.saves >= g.min }

func (g gainCheck) skip() string {
	unit := "tokens"
	if g.saves == 1 || g.saves == -1 {
		unit = "token"
	}
	return fmt.Sprintf("would save %d %s (< minimum %d: %s)", g.saves, unit, g.min, g.why)
}

// checkGain drafts plan's checkpoint as compile will render it (the
// deterministic text; a semantic digest is kept only while the fold still
// saves the minimum, see compiler.saves) and measures its saving against
// minGain. A fold that would ask the Summarizer for a digest must pay for
// that call too; one that saves its minimum only without the call is made
// without it (gainCheck.digest false). Nothing is appended and nothing is
// stored.
func (e *Engine) checkGain(ctx context.Context, v *surfaceView, p *Plan, srcCmd string) (gainCheck, error) {
	full, minimal, call, err := e.draftPrices(ctx, v, p, srcCmd)
	if err != nil {
		return gainCheck{}, err
	}
	without := pickGain(p.Tokens, full, minimal, func(ckpt int) (int, string) { return e.minGain(v, p, ckpt, digestCall{}) })
	if call == (digestCall{}) {
		return without, nil
	}
	with := pickGain(p.Tokens, full, minimal, func(ckpt int) (int, string) { return e.minGain(v, p, ckpt, call) })
	if with.ok() {
		with.digest = true
		return with, nil
	}
	if without.ok() {
		without.noCall = true
		without.why += fmt.Sprintf("; without the summarizer call, whose input (%d tokens the cache holds, %d it does not) would raise it to %d", call.cached, call.fresh, with.min)
	}
	return without, nil
}

// digestCall is the input of the summarizer call a fold makes for its
// semantic digest, in host tokens: the conversation up to the span's end,
// which the integration sends again (a prefix of the last request, so the
// prompt cache holds it), and the instruction the engine adds, which it
// does not (the request for the model's proposals). Zero: no call.
type digestCall struct {
	cached, fresh int
}

// digestCallOf is the input of the call a fold of p makes for its digest,
// or zero when it makes none. proposals is the instruction asking for the
// model's proposals (DigestRequest.Proposals).
func (e *Engine) digestCallOf(v *surfaceView, p *Plan, proposals string) digestCall {
	if e.opts.Summarizer == nil || !e.wantsDigest(p.Mode) {
		return digestCall{}
	}
	c := digestCall{cached: v.header, fresh: e.opts.HostMeter.CountText(proposals)}
	for q := 0; q <= p.EndIdx && q < len(v.prices); q++ {
		c.cached += v.prices[q]
	}
	return c
}

// pickGain is compile's choice of form for a span of tokens: the full
// checkpoint when it saves the minimum, else the minimal one (the state
// section stays: A and O need it), which may still save too little.
func pickGain(tokens, full, minimal int, minGain func(ckpt int) (int, string)) gainCheck {
	g := gainCheck{checkpoint: full, saves: tokens - full}
	g.min, g.why = minGain(full)
	if g.ok() || minimal >= full {
		return g
	}
	g = gainCheck{checkpoint: minimal, saves: tokens - minimal}
	g.min, g.why = minGain(minimal)
	return g
}

// draftPrices renders plan's checkpoint, full and minimal, as compile
// will (a compaction id of the same length) and returns their host
// prices, and the input of the summarizer call compile will make for the
// fold's digest (zero: none).
func (e *Engine) draftPrices(ctx context.Context, v *surfaceView, p *Plan, srcCmd string) (full, minimal int, call digestCall, err error) {
	s := v.s
	facts, err := e.liveOf(s).extractFacts(s, p.Seqs, p.Prices)
	if err != nil {
		return 0, 0, digestCall{}, err
	}
	mk := Marker{ID: CheckpointID(draftCompactionID), Mode: p.Mode, First: p.Seqs[0], Last: p.Seqs[len(p.Seqs)-1]}
	for _, q := range p.Seqs {
		mk.First, mk.Last = min(mk.First, coveredLo(s, q)), max(mk.Last, coveredHi(s, q))
	}
	lo, hi := coverage(s, s.Position(p.Start), s.Position(p.End))
	proj, err := e.reduceTo(ctx, s, hi)
	if err != nil {
		return 0, 0, digestCall{}, err
	}
	view := viewOf(proj, lo, hi)
	lines := stateLines(view)
	facts.UserRequests = view.dropStale(facts.UserRequests)
	stale := newSuperseded(proj)
	stale.facts(facts)
	stale.state(lines)
	price := func(list int) int {
		text := renderText(mk, facts, view, lines, list, e.storeState(), len(p.Seqs))
		return e.opts.HostMeter.CountMessage(frameCheckpoint(s, draftCompactionID, srcCmd, draftCompactionID, text))
	}
	if e.opts.Summarizer != nil && e.wantsDigest(p.Mode) {
		call = e.digestCallOf(v, p, projection.ModelPrompt(e.liveOf(s).spanEvents(s, p.Seqs), proj.Anchors()))
	}
	return price(e.listItems(p.Mode)), price(0), call, nil
}

// listItems is how many items of each section a checkpoint of mode lists
// in its full form: a root restates its parents and keeps half as many
// again.
func (e *Engine) listItems(mode Mode) int {
	list := e.opts.Policy.ListItems
	if mode == ModeRoot {
		list += list / 2
	}
	return list
}

// minGain is the least a pressure fold of p, whose checkpoint costs ckpt
// host tokens, must save (see "A fold must pay for itself" in the package
// documentation):
//
//	R = ckpt + what follows the span that the cache held
//	S = ρ · call.cached + call.fresh (the summarizer call's input; 0 without one)
//	M = ⌈((1 − ρ) · R + S) · n / (ρ · W)⌉
//
// The fold makes the next request miss R tokens it would have read from
// the cache, (1 − ρ)·R more than without it, and its summarizer call
// reads S more (what the cache holds of it at ρ); each later request
// carries the saving g fewer tokens, ρ·g less, and EF counts W/n of them
// (one window's worth of the session's pace n). M is at most the fold floor:
// on a cheap cache it would otherwise put every fold off until an
// overflow, whose answer is the lossy emergency fold. When the next
// request would overflow the window (the request and one more at the pace
// n are over W), the fold buys room and M is the price of an empty
// checkpoint, as without the economics. Without the cache economics
// (ρ ≤ 0, no window, no pace yet) the minimum is the price of an empty
// checkpoint: a fold that saves less has not paid for its own frame.
func (e *Engine) minGain(v *surfaceView, p *Plan, ckpt int, call digestCall) (int, string) {
	pol := e.opts.Policy
	rho, w := pol.CachePriceRatio, pol.ContextWindow
	pace, _, ok := v.pace(p.FrontierPos)
	if rho <= 0 || rho >= 1 || w <= 0 || !ok {
		return e.checkpointOverhead(v.s), "the price of an empty checkpoint"
	}
	if v.total+pace > w {
		// The next request would overflow the window: the fold buys
		// room, whose other answer is the lossy emergency fold.
		return e.checkpointOverhead(v.s), fmt.Sprintf("the price of an empty checkpoint: the request, %d tokens, and one more at the pace %d are over the window %d", v.total, pace, w)
	}
	rest := 0
	for q := p.EndIdx + 1; q < len(v.nodes); q++ {
		rest += v.prices[q]
	}
	// The model's latest answer and what followed it miss the next
	// request whether or not a fold runs.
	if unsent, ok := v.responsesTail(p.EndIdx+1, 1); ok {
		rest -= unsent
	}
	r := ckpt + max(0, rest)
	cost := (1-rho)*float64(r) + rho*float64(call.cached) + float64(call.fresh)
	m := int(math.Ceil(cost * float64(pace) / (rho * float64(w))))
	what := fmt.Sprintf("it makes the next request miss %d cached tokens", r)
	if call != (digestCall{}) {
		what += fmt.Sprintf(" and its summarizer call read %d (%d of them cached)", call.cached+call.fresh, call.cached)
	}
	if floor := e.foldFloor(v.s); m > floor {
		// A cheap cache would put off every fold until an overflow,
		// whose answer is the lossy emergency fold: a fold that saves a
		// floor's worth is made.
		return floor, fmt.Sprintf("the fold floor; at ρ %g %s, which W/n = %d/%d requests would repay only above %d", rho, what, w, pace, m)
	}
	return max(1, m), fmt.Sprintf("%s, repaid at ρ %g over W/n = %d/%d requests", what, rho, w, pace)
}

// gainGate holds a pressure fold to minGain before the host's transaction
// opens. A merge that would save too little gives way to the leaf fold of
// its span alone (noted in the report), which must pass the rule too. It
// returns the plan to fold and its minimum by checkpoint price (for
// compile's choices after the draft), or why nothing is folded.
//
// The minimum it returns leaves the summarizer call out: compile keeps a
// digest while the fold saves that much, the call being made by then.
// The gate's check says whether the call is made at all.
func (e *Engine) gainGate(ctx context.Context, v *surfaceView, req FoldRequest, plan *Plan, rep *FoldReport) (*Plan, func(int) int, gainCheck, string, error) {
	g, err := e.checkGain(ctx, v, plan, req.SourceCommandID)
	if err != nil {
		return nil, nil, gainCheck{}, "", err
	}
	rep.MinGain = g.min
	if g.ok() {
		noteDigestCall(rep, g)
		return plan, e.minOf(v, plan), g, "", nil
	}
	skip := g.skip()
	if plan.Mode != ModeRoot || req.Mode != ModeLeaf {
		return nil, nil, g, skip, nil
	}
	leaf, why, err := e.planLeaf(v, req.Pressure, false)
	if err != nil {
		return nil, nil, gainCheck{}, "", err
	}
	if leaf == nil {
		return nil, nil, g, skip + "; no leaf fold of its span alone: " + why, nil
	}
	lg, err := e.checkGain(ctx, v, leaf, req.SourceCommandID)
	if err != nil {
		return nil, nil, gainCheck{}, "", err
	}
	rep.MinGain = lg.min
	if !lg.ok() {
		return nil, nil, lg, skip + "; the leaf fold of its span alone " + lg.skip(), nil
	}
	rep.Notes = append(rep.Notes, "a merge "+skip+"; folded the span after the frozen checkpoints as a leaf instead")
	noteDigestCall(rep, lg)
	return leaf, e.minOf(v, leaf), lg, "", nil
}

// minOf is the minimum a fold of p must save with a checkpoint of ckpt
// tokens once its summarizer call, if any, is made.
func (e *Engine) minOf(v *surfaceView, p *Plan) func(int) int {
	return func(ckpt int) int { m, _ := e.minGain(v, p, ckpt, digestCall{}); return m }
}

// noteDigestCall says in the report when a fold that would ask for a
// digest is made without the call, because only without it does the fold
// save its minimum.
func noteDigestCall(rep *FoldReport, g gainCheck) {
	if g.noCall {
		rep.Notes = append(rep.Notes, "no semantic digest: the fold saves its minimum ("+g.why+")")
	}
}
