package engine

import (
	"context"
	"fmt"
	"math"
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
// minGain. Nothing is appended and nothing is stored.
func (e *Engine) checkGain(ctx context.Context, v *surfaceView, p *Plan, srcCmd string) (gainCheck, error) {
	full, minimal, err := e.draftPrices(ctx, v, p, srcCmd)
	if err != nil {
		return gainCheck{}, err
	}
	return pickGain(p.Tokens, full, minimal, func(ckpt int) (int, string) { return e.minGain(v, p, ckpt) }), nil
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
// prices.
func (e *Engine) draftPrices(ctx context.Context, v *surfaceView, p *Plan, srcCmd string) (full, minimal int, err error) {
	s := v.s
	facts, err := e.liveOf(s).extractFacts(s, p.Seqs, p.Prices)
	if err != nil {
		return 0, 0, err
	}
	mk := Marker{ID: CheckpointID(draftCompactionID), Mode: p.Mode, First: p.Seqs[0], Last: p.Seqs[len(p.Seqs)-1]}
	for _, q := range p.Seqs {
		mk.First, mk.Last = min(mk.First, coveredLo(s, q)), max(mk.Last, coveredHi(s, q))
	}
	lo, hi := coverage(s, s.Position(p.Start), s.Position(p.End))
	proj, err := e.reduceTo(ctx, s, hi)
	if err != nil {
		return 0, 0, err
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
	return price(e.listItems(p.Mode)), price(0), nil
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
//	M = ⌈(1 − ρ) · R · n / (ρ · W)⌉
//
// The fold makes the next request miss R tokens it would have read from
// the cache, (1 − ρ)·R more than without it; each later request carries
// the saving g fewer tokens, ρ·g less, and EF counts W/n of them (one
// window's worth of the session's pace n). M is at most the fold floor:
// on a cheap cache it would otherwise put every fold off until an
// overflow, whose answer is the lossy emergency fold. When the next
// request would overflow the window (the request and one more at the pace
// n are over W), the fold buys room and M is the price of an empty
// checkpoint, as without the economics. Without the cache economics
// (ρ ≤ 0, no window, no pace yet) the minimum is the price of an empty
// checkpoint: a fold that saves less has not paid for its own frame.
func (e *Engine) minGain(v *surfaceView, p *Plan, ckpt int) (int, string) {
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
	m := int(math.Ceil((1 - rho) * float64(r) * float64(pace) / (rho * float64(w))))
	if floor := e.foldFloor(v.s); m > floor {
		// A cheap cache would put off every fold until an overflow,
		// whose answer is the lossy emergency fold: a fold that saves a
		// floor's worth is made.
		return floor, fmt.Sprintf("the fold floor; at ρ %g it makes the next request miss %d cached tokens, which W/n = %d/%d requests would repay only above %d", rho, r, w, pace, m)
	}
	return max(1, m), fmt.Sprintf("it makes the next request miss %d cached tokens, repaid at ρ %g over W/n = %d/%d requests", r, rho, w, pace)
}

// gainGate holds a pressure fold to minGain before the host's transaction
// opens. A merge that would save too little gives way to the leaf fold of
// its span alone (noted in the report), which must pass the rule too. It
// returns the plan to fold and its minimum by checkpoint price (for
// compile's choices after the draft), or why nothing is folded.
func (e *Engine) gainGate(ctx context.Context, v *surfaceView, req FoldRequest, plan *Plan, rep *FoldReport) (*Plan, func(int) int, string, error) {
	minOf := func(p *Plan) func(int) int {
		return func(ckpt int) int { m, _ := e.minGain(v, p, ckpt); return m }
	}
	g, err := e.checkGain(ctx, v, plan, req.SourceCommandID)
	if err != nil {
		return nil, nil, "", err
	}
	rep.MinGain = g.min
	if g.ok() {
		return plan, minOf(plan), "", nil
	}
	skip := g.skip()
	if plan.Mode != ModeRoot || req.Mode != ModeLeaf {
		return nil, nil, skip, nil
	}
	leaf, why, err := e.planLeaf(v, req.Pressure, false)
	if err != nil {
		return nil, nil, "", err
	}
	if leaf == nil {
		return nil, nil, skip + "; no leaf fold of its span alone: " + why, nil
	}
	lg, err := e.checkGain(ctx, v, leaf, req.SourceCommandID)
	if err != nil {
		return nil, nil, "", err
	}
	rep.MinGain = lg.min
	if !lg.ok() {
		return nil, nil, skip + "; the leaf fold of its span alone " + lg.skip(), nil
	}
	rep.Notes = append(rep.Notes, "a merge "+skip+"; folded the span after the frozen checkpoints as a leaf instead")
	return leaf, minOf(leaf), "", nil
}
