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
	return fmt.Sprintf("would save %d tokens (< minimum %d: %s)", g.saves, g.min, g.why)
}

// checkGain drafts plan's checkpoint as compile will render it (the
// deterministic text; a semantic digest is kept only while the fold still
// saves the minimum, see compiler.saves) and measures its saving against
// minGain. Nothing is appended and nothing is stored.
func (e *Engine) checkGain(ctx context.Context, v *surfaceView, p *Plan, srcCmd string) (gainCheck, error) {
	s := v.s
	facts, err := e.liveOf(s).extractFacts(s, p.Seqs, p.Prices)
	if err != nil {
		return gainCheck{}, err
	}
	mk := Marker{ID: CheckpointID(draftCompactionID), Mode: p.Mode, First: p.Seqs[0], Last: p.Seqs[len(p.Seqs)-1]}
	for _, q := range p.Seqs {
		mk.First, mk.Last = min(mk.First, coveredLo(s, q)), max(mk.Last, coveredHi(s, q))
	}
	lo, hi := coverage(s, s.Position(p.Start), s.Position(p.End))
	proj, err := e.reduceTo(ctx, s, hi)
	if err != nil {
		return gainCheck{}, err
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
	// compile renders the full form and falls back to the minimal one
	// when the full form is not shorter than the span or saves less
	// than the minimum.
	g := gainCheck{checkpoint: price(e.listItems(p.Mode))}
	g.min, g.why = e.minGain(v, p, g.checkpoint)
	g.saves = p.Tokens - g.checkpoint
	if !g.ok() {
		g.checkpoint = price(0)
		g.min, g.why = e.minGain(v, p, g.checkpoint)
		g.saves = p.Tokens - g.checkpoint
	}
	return g, nil
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
// window's worth of the session's pace n). Without the cache economics
// (ρ ≤ 0, no window, no pace yet) the minimum is the price of an empty
// checkpoint: a fold that saves less has not paid for its own frame.
func (e *Engine) minGain(v *surfaceView, p *Plan, ckpt int) (int, string) {
	pol := e.opts.Policy
	rho, w := pol.CachePriceRatio, pol.ContextWindow
	pace, _, ok := v.pace(p.FrontierPos)
	if rho <= 0 || rho >= 1 || w <= 0 || !ok {
		return e.checkpointOverhead(v.s), "the price of an empty checkpoint"
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
	return max(1, m), fmt.Sprintf("it makes the next request miss %d cached tokens, repaid at ρ %g over W/n = %d/%d requests", r, rho, w, pace)
}

// gainGate holds a pressure fold to minGain before the host's transaction
// opens. A merge that would save too little gives way to the leaf fold of
// its span alone (noted in the report), which must pass the rule too. It
// returns the plan to fold and its minimum, or why nothing is folded.
func (e *Engine) gainGate(ctx context.Context, v *surfaceView, req FoldRequest, plan *Plan, rep *FoldReport) (*Plan, int, string, error) {
	g, err := e.checkGain(ctx, v, plan, req.SourceCommandID)
	if err != nil {
		return nil, 0, "", err
	}
	rep.MinGain = g.min
	if g.ok() {
		return plan, g.min, "", nil
	}
	skip := g.skip()
	if plan.Mode != ModeRoot || req.Mode != ModeLeaf {
		return nil, 0, skip, nil
	}
	leaf, why, err := e.planLeaf(v, req.Pressure, false)
	if err != nil {
		return nil, 0, "", err
	}
	if leaf == nil {
		return nil, 0, skip + "; no leaf fold of its span alone: " + why, nil
	}
	lg, err := e.checkGain(ctx, v, leaf, req.SourceCommandID)
	if err != nil {
		return nil, 0, "", err
	}
	if !lg.ok() {
		rep.MinGain = lg.min
		return nil, 0, skip + "; the leaf fold of its span alone " + lg.skip(), nil
	}
	rep.MinGain = lg.min
	rep.Notes = append(rep.Notes, "a merge "+skip+"; folded the span after the frozen checkpoints as a leaf instead")
	return leaf, lg.min, "", nil
}
