package engine

import (
	"context"
	"fmt"
	"slices"

	"github.com/epistemicfold/ef/hostshim"
)

// Hosted folds: in the real DSH host the compaction bracket (lock,
// validation, shrink and stability checks, commit) runs in the host's own
// process, and EF is its summarize hook, reached over the sidecar wire
// (cmd/ef serve). The engine then works on a mirror of the host's log: it
// plans with Plan, the host opens the bracket over the planned span, and
// CompileHosted compiles the checkpoint for the bracket the host opened.
// The guarantees are the same as for Fold: the bundle is durable and
// verified before CompileHosted returns, so before the host can commit.

// HostedFold describes the bracket the host opened.
type HostedFold struct {
	// Mode is the fold mode the plan chose; the host's manual path
	// (/compact) is a root fold.
	Mode Mode
	// Seqs are the surface nodes the host is folding, in surface order.
	Seqs []int
	// CompactionID is the host's id of the open bracket.
	CompactionID string
	// Owner is the bracket's owner: automatic (current turn) or manual.
	Owner hostshim.Owner
	// Budget is the emergency budget; zero means Policy.EmergencyBudget.
	Budget int
	// BestEffort: the emergency plan was made with FoldRequest.BestEffort.
	BestEffort bool
	// Pressure: the host's automatic fold at the pressure threshold,
	// planned by PlanContext with FoldRequest.Threshold, and so held to
	// the gain rule as Fold holds its own: the summarizer is asked for
	// the digest only when the fold pays for the call too, and the full
	// checkpoint (and a digest) is kept only while the fold saves its
	// minimum. The bracket is open by then: a span that saves too little
	// now is still folded, in its cheapest form.
	Pressure bool
	// NoArchive, when not empty, says why the span cannot be archived now
	// (the store cannot be written: a full or read-only disk, a removed
	// store directory, as a compile that failed with ErrArchive said).
	// The fold is then compiled without writing its bundle, under the
	// validator's archive waiver, on this engine's own projection of the
	// session (the one every fold extends; a rebuild still reads the
	// snapshots of the bundles stored before), and the checkpoint tells
	// the model that its span is archived from the session log later. A
	// separate engine without the store could not do this once the
	// session's mirror had released what earlier folds archived: it had no
	// projection and nothing to rebuild one from. On an engine without a
	// store it says why none could be opened, and the checkpoint says
	// the same. Empty: the bundle is written, as always (on an engine
	// without a store, the checkpoint says recall is unavailable).
	NoArchive string
}

// CompileHosted compiles the checkpoint for a bracket the host opened on the
// mirror session agent.Session (whose log holds the bracket's
// compaction/start). It re-plans the host's exact span in f.Mode, runs the
// validator, archives the span and returns the summary the host frames and
// commits. Indexing the bundle for recall happens here too, since the host
// never tells the engine that the fold committed; an index entry for a fold
// the host then fails is harmless (recall reports the bundle as an orphan
// checkpoint, and GC removes both).
func (e *Engine) CompileHosted(ctx context.Context, agent *hostshim.Agent, f HostedFold) (*FoldReport, *hostshim.SummaryResult, error) {
	if err := e.ready(ctx); err != nil {
		return &FoldReport{Mode: f.Mode, Trigger: "hosted"}, nil, err
	}
	if agent == nil || agent.Session == nil {
		return &FoldReport{Mode: f.Mode, Trigger: "hosted", Meter: e.opts.HostMeter.Name()}, nil, ErrNoSession
	}
	s := agent.Session
	rep := &FoldReport{Mode: f.Mode, Trigger: "hosted", Meter: e.opts.HostMeter.Name()}
	if len(f.Seqs) == 0 {
		return rep, nil, fmt.Errorf("%w: the host folds no nodes", ErrPlanMismatch)
	}
	v, err := e.view(s)
	if err != nil {
		return rep, nil, err
	}
	rep.TokensBefore = v.total
	req := FoldRequest{Mode: f.Mode, Region: &[2]int{f.Seqs[0], f.Seqs[len(f.Seqs)-1]}, Budget: f.Budget}
	var plan *Plan
	if f.Mode == ModeEmergency {
		// The emergency plan sizes its span and its checkpoint budget
		// together; the host must have been told that very span.
		plan, _, err = e.plan(v, FoldRequest{Mode: ModeEmergency, Budget: f.Budget, BestEffort: f.BestEffort})
	} else {
		plan, _, err = e.plan(v, req)
	}
	if err != nil {
		return rep, nil, err
	}
	if plan == nil || !slices.Equal(plan.Seqs, f.Seqs) {
		return rep, nil, fmt.Errorf("%w: the host folds %v", ErrPlanMismatch, f.Seqs)
	}
	rep.Plan, rep.Mode, rep.SpanTokens = plan, plan.Mode, plan.Tokens
	comp := &compiler{e: e, plan: plan, owner: f.Owner, turn: agent.TurnOpen, msgID: e.opts.NewID(), report: rep, noArchive: f.NoArchive}
	if f.Pressure && (plan.Mode == ModeLeaf || plan.Mode == ModeRoot) {
		// The same rule as the plan's gate (gain.go), on the span the
		// host opened.
		g, err := e.checkGain(ctx, v, plan, "")
		if err != nil {
			return rep, nil, err
		}
		rep.MinGain = g.min
		noteDigestCall(rep, g)
		comp.minGain, comp.noDigest = e.minOf(v, plan), !g.digest
	}
	in, err := hostshim.BuildSummarizationInput(s, f.Seqs)
	if err != nil {
		return rep, nil, err
	}
	in.CompactionID = f.CompactionID
	res, err := comp.Summarize(ctx, in, agent)
	if err != nil {
		rep.Error = err.Error()
		return rep, nil, &FoldError{Mode: plan.Mode, Start: plan.Start, End: plan.End, CheckpointID: rep.CheckpointID, Err: err}
	}
	rep.ShadowedSeqs = slices.Clone(f.Seqs)
	rep.TokensAfter = rep.TokensBefore - plan.Tokens + rep.CheckpointTokens
	if e.opts.Indexer != nil && rep.Bundle != nil {
		if err := e.opts.Indexer.Index(ctx, bundleSessionID(s), rep.CheckpointID); err != nil {
			rep.IndexError = err.Error()
			e.opts.Logger.Warn("index checkpoint", "checkpoint", rep.CheckpointID, "err", err)
		}
	}
	return rep, res, nil
}
