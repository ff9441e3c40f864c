package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/validator"
)

// Engine is the EpistemicFoldEngine: a hostshim.CompactionEngine that folds
// spans of a session into immutable checkpoints inside the host's own
// compaction transaction.
//
// An Engine keeps no per-session truth (the frontier is re-located from the
// surface on every plan); it keeps with each session (Session.Derived)
// what it read of each message, once, and the projection as of its last
// fold advanced over every message since (Observe; see live), so a fold
// copies a snapshot instead of reducing its span; Forget drops it. It is
// safe for concurrent use on different sessions; calls on one session must
// be serialized, as the host does.
type Engine struct {
	opts Options
	proj projCache
	// minCkpt: minEmergencyCheckpoint per host generation (it depends on
	// nothing else, and costs a render and a count of a large text).
	minCkpt struct {
		sync.Mutex
		m map[hostshim.Generation]int
	}
}

var _ hostshim.CompactionEngine = (*Engine)(nil)

// New returns an engine with opts (defaults applied to a copy).
func New(opts Options) (*Engine, error) {
	if err := opts.ensureDefaults(); err != nil {
		return nil, err
	}
	return &Engine{opts: opts}, nil
}

// made is ErrNotOpen for a zero or nil Engine (New resolves a host meter
// for every engine it makes).
func (e *Engine) made() error {
	if e == nil || e.opts.HostMeter == nil {
		return ErrNotOpen
	}
	return nil
}

// ready is made, and ErrNilContext for a nil ctx: the entry points that
// take a context refuse one before anything is read or appended.
func (e *Engine) ready(ctx context.Context) error {
	if err := e.made(); err != nil {
		return err
	}
	if ctx == nil {
		return ErrNilContext
	}
	return nil
}

// Policy returns the resolved policy (the zero Policy for a nil Engine).
func (e *Engine) Policy() Policy {
	if e == nil {
		return Policy{}
	}
	return e.opts.Policy
}

// HostMeter returns the host's meter the engine prices with (nil for a
// zero or nil Engine).
func (e *Engine) HostMeter() hostshim.Meter {
	if e == nil {
		return nil
	}
	return e.opts.HostMeter
}

// TokenMeter returns the real tokenizer the emergency budget is measured
// with (nil for a zero or nil Engine).
func (e *Engine) TokenMeter() hostshim.Meter {
	if e == nil {
		return nil
	}
	return e.opts.TokenMeter
}

// FoldRequest asks for one fold. The zero value is not a request: Mode is
// required (ErrBadMode). For a finished log (no open turn), as ef fold's
// end-of-log fold does, use Owner hostshim.OwnerManual and Stability
// hostshim.SelectedSpan; the zero Owner is the host's automatic path, which
// the validator allows only inside an open turn. The package store's
// example folds a log from outside this module.
type FoldRequest struct {
	// Mode is ModeLeaf, ModeRoot or ModeEmergency.
	Mode Mode
	// Trigger is recorded in the report ("pressure", "context-overflow",
	// "manual", "region", …).
	Trigger string
	// Pressure: a leaf fold aims at TargetRatio of the window (else it
	// folds everything between the frontier and the tail when no window is
	// set).
	Pressure bool
	// Threshold: skip (FoldReport.Skipped) unless the surface is at or above
	// the pressure threshold, as the host's automatic path does.
	Threshold bool
	// Owner and Stability of the host bracket: OwnerCurrentTurn (zero) and
	// WholeSurface inside an open turn, OwnerManual and SelectedSpan
	// outside one.
	Owner     hostshim.Owner
	Stability hostshim.Stability
	// SourceCommandID is recorded in the bracket (manual path).
	SourceCommandID string
	// Budget is the emergency budget; zero means Policy.EmergencyBudget.
	Budget int
	// BestEffort: an emergency fold whose budget cannot be met (the head
	// no fold removes, or the part that cannot be folded, is over it)
	// folds everything foldable into its smallest checkpoint instead of
	// refusing with ErrBudget. For a provider-confirmed overflow, where
	// folding less leaves the turn to fail: the request shrinks as far
	// as folding can take it.
	BestEffort bool
	// Region, when set, folds exactly this span [start, end] (surface
	// seqs) instead of planning one.
	Region *[2]int
}

// FoldReport is the account of one fold attempt: the plan, the verdict, the
// bundle and what it cost. Skipped says why nothing was folded; Reused
// that the checkpoint is one the store already held for this compaction
// (a re-run of the same fold, or another writer's), not a new one.
type FoldReport struct {
	Mode             Mode               `json:"mode"`
	Reused           bool               `json:"reused,omitempty"`
	Trigger          string             `json:"trigger,omitempty"`
	Skipped          string             `json:"skipped,omitempty"`
	Plan             *Plan              `json:"plan,omitempty"`
	CheckpointID     string             `json:"checkpointId,omitempty"`
	CompactionID     string             `json:"compactionId,omitempty"`
	CheckpointSeq    int                `json:"checkpointSeq,omitempty"`
	ShadowedSeqs     []int              `json:"shadowedSeqs,omitempty"`
	SpanTokens       int                `json:"spanTokens,omitempty"`
	CheckpointTokens int                `json:"checkpointTokens,omitempty"`
	TokensBefore     int                `json:"tokensBefore"`
	TokensAfter      int                `json:"tokensAfter"`
	Meter            string             `json:"meter"`
	RealAfter        int                `json:"realTokensAfter,omitempty"`
	RealMeter        string             `json:"realMeter,omitempty"`
	Verdict          *validator.Verdict `json:"verdict,omitempty"`
	Bundle           *bundle.Receipt    `json:"bundle,omitempty"`
	Recall           string             `json:"recall,omitempty"`
	Semantic         string             `json:"semantic,omitempty"`
	Proposals        *ProposalsReport   `json:"proposals,omitempty"`
	Drop             *DropManifest      `json:"dropManifest,omitempty"`
	IndexError       string             `json:"indexError,omitempty"`
	Error            string             `json:"error,omitempty"`
	Notes            []string           `json:"notes,omitempty"`
	// MinGain is the least this pressure fold had to save (host tokens;
	// 0 when the rule does not apply: explicit, overflow and emergency
	// folds). A fold that would save less is skipped before the host's
	// transaction opens, and Skipped says so.
	MinGain int    `json:"minGain,omitempty"`
	Text    string `json:"-"`
}

// Fold plans and runs one fold of the requested mode. It returns the report
// and the host's result; a nil result with a nil error means nothing was
// worth folding (FoldReport.Skipped says why). On error the surface is exactly
// as before: a veto or planning error touches nothing; a failure inside the
// bracket (archive, compile, the host's checks) leaves only the host's
// compaction/start and compaction/end-with-error events in the log, and,
// when the bundle was already durable, an orphan bundle for GC.
func (e *Engine) Fold(ctx context.Context, agent *hostshim.Agent, req FoldRequest) (*FoldReport, *hostshim.CompactionResult, error) {
	if err := e.ready(ctx); err != nil {
		return &FoldReport{Mode: req.Mode, Trigger: req.Trigger}, nil, err
	}
	rep := &FoldReport{Mode: req.Mode, Trigger: req.Trigger, Meter: e.opts.HostMeter.Name()}
	if agent == nil || agent.Session == nil {
		return rep, nil, ErrNoSession
	}
	s := agent.Session
	v, err := e.view(s)
	if err != nil {
		return rep, nil, err
	}
	rep.TokensBefore = v.total
	if req.Threshold {
		th, why := e.pressureThreshold(v)
		if e.opts.Policy.ContextWindow <= 0 || v.total < th {
			rep.Skipped = fmt.Sprintf("surface %d tokens below the pressure threshold %d (%s)", v.total, th, why)
			rep.TokensAfter = v.total
			return rep, nil, nil
		}
	}
	plan, skip, err := e.plan(v, req)
	if req.Mode == ModeEmergency {
		rep.RealMeter = e.opts.TokenMeter.Name()
	}
	if err != nil {
		rep.Error = err.Error()
		return rep, nil, err
	}
	rep.Plan = plan
	if plan != nil {
		rep.Mode = plan.Mode
	}
	if plan == nil {
		rep.Skipped = skip
		rep.TokensAfter = rep.TokensBefore
		e.opts.Logger.Debug("no fold", "mode", req.Mode, "reason", skip)
		return rep, nil, nil
	}
	var minGain func(ckpt int) int
	noDigest := false
	if gated(req, plan) {
		// The planner's own folds pay for themselves, decided before the
		// host's transaction opens (gain.go).
		var skip string
		var g gainCheck
		if plan, minGain, g, skip, err = e.gainGate(ctx, v, req, plan, rep); err != nil {
			rep.Error = err.Error()
			return rep, nil, err
		}
		if skip != "" {
			rep.Skipped = skip
			rep.TokensAfter = rep.TokensBefore
			e.opts.Logger.Debug("no fold", "mode", rep.Mode, "reason", skip)
			return rep, nil, nil
		}
		rep.Plan, rep.Mode = plan, plan.Mode
		noDigest = !g.digest
	}
	rep.SpanTokens = plan.Tokens
	ferr := func(err error) error {
		return &FoldError{Mode: plan.Mode, Start: plan.Start, End: plan.End, CheckpointID: rep.CheckpointID, Err: err}
	}

	// Policy chooses; the validator vetoes before the bracket opens, so a
	// vetoed plan leaves no trace in the log.
	pre := e.opts.Validator.Validate(&validator.Candidate{Session: s, Phase: validator.PhasePlan, Mode: plan.Mode,
		Start: plan.Start, End: plan.End, Planned: plan.Seqs, PlannedPrices: plan.Prices, Owner: req.Owner, TurnOpen: agent.TurnOpen})
	rep.Verdict = &pre
	if err := pre.Err(false); err != nil {
		rep.Error = err.Error()
		return rep, nil, ferr(fmt.Errorf("%w: %w", ErrVetoed, err))
	}

	compactionID, msgID := e.opts.NewID(), e.opts.NewID()
	comp := &compiler{e: e, plan: plan, owner: req.Owner, turn: agent.TurnOpen, srcCmd: req.SourceCommandID, msgID: msgID, report: rep, minGain: minGain, noDigest: noDigest}
	var mu sync.Mutex
	ids := []string{compactionID, msgID}
	tx := &hostshim.Transaction{Meter: e.opts.HostMeter, Summarizer: comp, NewID: func() string {
		mu.Lock()
		defer mu.Unlock()
		if len(ids) > 0 {
			id := ids[0]
			ids = ids[1:]
			return id
		}
		return e.opts.NewID()
	}}
	before := s.Surface()
	res, err := tx.CompactSurfaceRegion(ctx, agent, plan.Start, plan.End, hostshim.TxOptions{Owner: req.Owner, Stability: req.Stability, SourceCommandID: req.SourceCommandID})
	if err != nil {
		rep.Error = err.Error()
		if now := s.Surface(); !slices.Equal(now.Nodes, before.Nodes) || now.ReplaceGeneration != before.ReplaceGeneration {
			// The transaction guarantees this; say so loudly if it ever
			// does not.
			e.opts.Logger.Error("failed fold changed the surface", "checkpoint", rep.CheckpointID)
		}
		return rep, nil, ferr(err)
	}
	rep.ShadowedSeqs = res.ShadowedSeqs
	rep.CheckpointSeq = res.CheckpointSeq()
	e.liveOf(s).folded(s)
	// Exact without re-pricing the surface: the host meter prices each
	// node on its own, and only the span was replaced.
	rep.TokensAfter = rep.TokensBefore - plan.Tokens + rep.CheckpointTokens
	if rep.Drop != nil {
		// Exact: the token meter prices each message on its own, so the
		// surface is the head, the tail and the checkpoint.
		rep.RealAfter = rep.Drop.VisibleTokens
	}
	if e.opts.Indexer != nil && rep.Bundle != nil {
		if err := e.opts.Indexer.Index(ctx, bundleSessionID(s), rep.CheckpointID); err != nil {
			rep.IndexError = err.Error()
			e.opts.Logger.Warn("index checkpoint", "checkpoint", rep.CheckpointID, "err", err)
		}
	}
	e.opts.Logger.Info("fold", "mode", plan.Mode, "checkpoint", rep.CheckpointID, "nodes", len(plan.Seqs), "tokens", plan.Tokens, "after", rep.TokensAfter)
	return rep, res, nil
}

// gated reports whether a fold of plan for req is held to the gain rule
// (gain.go): the planner's own pressure folds at the threshold, leaf or
// merge; not a region, an overflow's or an emergency fold.
func gated(req FoldRequest, plan *Plan) bool {
	return req.Threshold && req.Region == nil && (plan.Mode == ModeLeaf || plan.Mode == ModeRoot)
}

// Plan returns the span a fold of req would take on the current surface,
// without folding, or the reason no span is worth folding. It is
// PlanContext with context.Background().
func (e *Engine) Plan(s *hostshim.Session, req FoldRequest) (*Plan, string, error) {
	return e.PlanContext(context.Background(), s, req)
}

// PlanContext returns the span a fold of req would take on the current
// surface, without folding, or the reason no span is worth folding. With
// req.Threshold (a pressure fold of the host's automatic path) the plan is
// held to the gain rule as Fold holds it ("A fold must pay for itself" in
// the package documentation): a fold that would save too little is no
// plan (the reason says why), and a merge that would gives way to the
// leaf fold of its span alone. Whether the surface is over the threshold
// is the caller's check here (PressureThreshold): a host that plans folds
// itself compares its own count. A host that then opens the bracket passes
// HostedFold.Pressure to CompileHosted.
func (e *Engine) PlanContext(ctx context.Context, s *hostshim.Session, req FoldRequest) (*Plan, string, error) {
	if err := e.made(); err != nil {
		return nil, "", err
	}
	v, err := e.view(s)
	if err != nil {
		return nil, "", err
	}
	plan, skip, err := e.plan(v, req)
	if err != nil || plan == nil || !gated(req, plan) {
		return plan, skip, err
	}
	plan, _, _, skip, err = e.gainGate(ctx, v, req, plan, &FoldReport{})
	return plan, skip, err
}

// PressureThreshold returns the surface size, in host-meter tokens, at
// which a pressure fold of s runs under the engine's policy (the one Fold
// with Threshold and CompactIfNeeded apply: ThresholdRatio × W, or earlier
// when the economic trigger says one fold is worth it), and which rule set
// it. A host that plans folds itself (the sidecar) gates on it.
func (e *Engine) PressureThreshold(s *hostshim.Session) (int, string, error) {
	if err := e.made(); err != nil {
		return 0, "", err
	}
	v, err := e.view(s)
	if err != nil {
		return 0, "", err
	}
	th, why := e.pressureThreshold(v)
	return th, why, nil
}

func (e *Engine) plan(v *surfaceView, req FoldRequest) (*Plan, string, error) {
	switch {
	case req.Region != nil:
		p, err := e.planRegion(v, req.Mode, req.Region[0], req.Region[1])
		return p, "", err
	case req.Mode == ModeLeaf:
		return e.planLeaf(v, req.Pressure, true)
	case req.Mode == ModeRoot:
		return e.planRoot(v)
	case req.Mode == ModeEmergency:
		budget := req.Budget
		if budget <= 0 {
			budget = e.opts.Policy.EmergencyBudget
		}
		if budget <= 0 {
			return nil, "", ErrNoBudget
		}
		return e.planEmergency(v, budget, req.BestEffort)
	}
	return nil, "", fmt.Errorf("%w: %q", ErrBadMode, req.Mode)
}

// planRegion plans an explicit span: leaf unless it holds a checkpoint
// (then root), or the requested mode when one is given.
func (e *Engine) planRegion(v *surfaceView, mode Mode, start, end int) (*Plan, error) {
	si, ei := v.s.Position(start), v.s.Position(end)
	if si < 0 || ei < 0 || si > ei {
		_, err := hostshim.ValidateRegion(v.s, start, end)
		if err == nil {
			err = fmt.Errorf("%w: %d..%d", hostshim.ErrBadRegion, start, end)
		}
		return nil, err
	}
	fr, err := LocateFrontier(v.s)
	if err != nil {
		return nil, err
	}
	if mode == "" {
		mode = ModeLeaf
		for _, n := range v.nodes[si : ei+1] {
			if m, _ := v.s.Message(n); m.IsCheckpoint() {
				mode = ModeRoot
				break
			}
		}
	}
	p := v.plan(mode, si, ei, fr)
	p.Reason = "explicit region"
	return p, nil
}

// CompactIfNeeded implements hostshim.CompactionEngine; a host calls it
// after each event it appends (store's Example_hostLoop shows the loop). A nil result with a
// nil error means no fold was needed (the surface is below the threshold);
// a result is the last fold's. Pressure (any trigger but TriggerOverflow)
// needs Policy.ContextWindow: without one it returns ErrNoWindow. Pressure
// runs leaf folds (at most MaxLeafFolds) while the surface is at or above
// the threshold; a context overflow first tries leaf folds (overflowLeaf) and,
// only when they cannot bring the request within the window, runs one
// emergency fold under Policy.EmergencyBudget. The overflow is taken as
// the host reports it: the provider refused the request, whatever the
// policy's window and meter say of it, so a surface that no leaf fold
// can shorten (nothing old enough to fold) gets the emergency fold even
// when it counts as within the window.
func (e *Engine) CompactIfNeeded(ctx context.Context, agent *hostshim.Agent, trigger hostshim.Trigger) (*hostshim.CompactionResult, error) {
	if err := e.ready(ctx); err != nil {
		return nil, err
	}
	if agent == nil || agent.Session == nil {
		return nil, ErrNoSession
	}
	pol := e.opts.Policy
	if trigger == hostshim.TriggerOverflow {
		last, fits := e.overflowLeaf(ctx, agent, trigger)
		if fits {
			return last, nil
		}
		_, res, err := e.Fold(ctx, agent, FoldRequest{Mode: ModeEmergency, Trigger: string(trigger), Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface, BestEffort: true})
		if res == nil && err == nil {
			res = last
		}
		return res, err
	}
	if pol.ContextWindow <= 0 {
		return nil, ErrNoWindow
	}
	var last *hostshim.CompactionResult
	for i := 0; i < pol.MaxLeafFolds; i++ {
		_, res, err := e.Fold(ctx, agent, FoldRequest{Mode: ModeLeaf, Trigger: string(trigger), Pressure: true, Threshold: true, Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface})
		if err != nil {
			return last, err
		}
		if res == nil {
			return last, nil
		}
		last = res
	}
	return last, nil
}

// overflowLeaf is the first answer to a context overflow (§9.3 is the
// last): pressure leaf folds, at most MaxLeafFolds, each aiming at
// TargetRatio of the window. fits reports that the whole request (header
// and surface, by the TokenMeter, as the emergency budget is measured) is
// now within the window, so no emergency fold is needed. A leaf fold keeps
// the frozen prefix and states no less than a pressure fold would; only
// when leaf folds cannot make room (a huge recent tail, an unfinished
// step, a vetoed or failed fold) does the deterministic, bounded emergency
// fold run. Without a window it does nothing.
func (e *Engine) overflowLeaf(ctx context.Context, agent *hostshim.Agent, trigger hostshim.Trigger) (last *hostshim.CompactionResult, fits bool) {
	pol := e.opts.Policy
	if pol.ContextWindow <= 0 {
		return nil, false
	}
	for i := 0; i < pol.MaxLeafFolds; i++ {
		_, res, err := e.Fold(ctx, agent, FoldRequest{Mode: ModeLeaf, Trigger: string(trigger), Pressure: true, Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface})
		if err != nil || res == nil {
			break
		}
		last = res
		if t, err := e.requestTokens(agent.Session); err == nil && t <= pol.ContextWindow {
			return last, true
		}
	}
	return last, false
}

// requestTokens is the whole request by the TokenMeter: the latest request
// header and every surface node.
func (e *Engine) requestTokens(s *hostshim.Session) (int, error) {
	prices, err := hostshim.NodePrices(s, e.opts.TokenMeter)
	if err != nil {
		return 0, err
	}
	total := 0
	if h, ok, err := hostshim.LatestRequestHeader(s); err != nil {
		return 0, err
	} else if ok {
		total = hostshim.HeaderTokens(&h, e.opts.TokenMeter)
	}
	for _, p := range prices {
		total += p
	}
	return total, nil
}

// CompactNow implements hostshim.CompactionEngine: /compact is a root fold
// (§20) on the manual path (no open turn, selected-span stability).
func (e *Engine) CompactNow(ctx context.Context, agent *hostshim.Agent, sourceCommandID string) (*hostshim.CompactionResult, error) {
	if err := e.ready(ctx); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, &hostshim.ManualCompactionError{Code: hostshim.ManualCancelled, Err: err}
	}
	_, res, err := e.Fold(ctx, agent, FoldRequest{Mode: ModeRoot, Trigger: "manual", Owner: hostshim.OwnerManual, Stability: hostshim.SelectedSpan, SourceCommandID: sourceCommandID})
	if err != nil {
		var mce *hostshim.ManualCompactionError
		if !errors.As(err, &mce) {
			code := hostshim.ManualSummary
			if errors.Is(err, ErrVetoed) {
				code = hostshim.ManualBusy
				var ve *validator.VetoError
				if errors.As(err, &ve) && !hasTransactionFailure(ve.Verdict) {
					code = hostshim.ManualSummary
				}
			}
			err = &hostshim.ManualCompactionError{Code: code, Err: err}
		}
	}
	return res, err
}

// hasTransactionFailure reports whether a verdict failed on T (a busy or
// open-turn condition, which the host reports as busy).
func hasTransactionFailure(v validator.Verdict) bool {
	return v.Status("T") == validator.Fail
}

// CompactRegion implements hostshim.CompactionEngine: the explicit span is
// folded on the automatic path (leaf, or root when it holds a checkpoint).
func (e *Engine) CompactRegion(ctx context.Context, start, end int, agent *hostshim.Agent) (*hostshim.CompactionResult, error) {
	if err := e.ready(ctx); err != nil {
		return nil, err
	}
	_, res, err := e.Fold(ctx, agent, FoldRequest{Trigger: "region", Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface, Region: &[2]int{start, end}})
	return res, err
}
