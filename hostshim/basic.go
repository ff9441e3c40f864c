package hostshim

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// PressureRatio is the host's default pressure threshold: an automatic
// compaction runs when the surface reaches PressureRatio × the context
// window (compaction-basic thresholdRatio). EF's engine and the baseline
// engines use the same threshold, so their windows mean the same thing.
const PressureRatio = 0.8

// BasicConfig is the host's BasicCompactionEngine policy (compaction-basic
// config) for one target. Zero values take the host's defaults.
type BasicConfig struct {
	// ContextWindow is the model's context window in tokens (the adapter's
	// resolveModelInfo). Zero means pressure compaction is not configured,
	// as in the host (TargetPressureConfigError).
	ContextWindow int
	// ThresholdRatio: zero means PressureRatio.
	ThresholdRatio float64
	// RetainRatio: zero means 0.16. Ignored when RetainTokens is set.
	RetainRatio float64
	// RetainTokens, when positive, fixes the retained tail.
	RetainTokens int
	// CompactionRetries: extra pressure attempts; zero means 0 here (the
	// host's default is 1: set it explicitly to match).
	CompactionRetries int
}

// Spec is a resolved compaction policy.
type Spec struct {
	ThresholdTokens int
	RetainTokens    int
	Retries         int
}

// ErrPressureConfig: the policy cannot price pressure for this target.
var ErrPressureConfig = errors.New("hostshim: compaction pressure config")

// Resolve applies defaults and checks the policy as resolveCompactSpec does.
func (c BasicConfig) Resolve() (Spec, error) {
	if c.ContextWindow <= 0 {
		return Spec{}, fmt.Errorf("%w: contextWindow (%d) must be a positive integer", ErrPressureConfig, c.ContextWindow)
	}
	ratio := c.ThresholdRatio
	if ratio == 0 {
		ratio = PressureRatio
	}
	retainRatio := c.RetainRatio
	if retainRatio == 0 {
		retainRatio = 0.16
	}
	sp := Spec{ThresholdTokens: int(math.Floor(float64(c.ContextWindow) * ratio)), Retries: c.CompactionRetries}
	if c.RetainTokens > 0 {
		sp.RetainTokens = c.RetainTokens
	} else {
		sp.RetainTokens = int(math.Floor(float64(c.ContextWindow) * retainRatio))
	}
	if sp.RetainTokens >= sp.ThresholdTokens {
		return Spec{}, fmt.Errorf("%w: retainTokens (%d) must be less than threshold tokens %d", ErrPressureConfig, sp.RetainTokens, sp.ThresholdTokens)
	}
	return sp, nil
}

// Measure prices a session for pressure: the total the request would cost
// and one price per surface node.
type Measure func(s *Session) (total int, prices []int, err error)

// SurfaceMeasure returns a Measure that prices the request as the host's
// TokenMeter.measure does with its estimated baseline (MeasureSurface): the
// latest request header's system prompt and tool schemas plus every surface
// node under m. The header counts toward pressure: a long system prompt
// brings a short conversation over the threshold in the host too.
func SurfaceMeasure(m Meter) Measure {
	return func(s *Session) (int, []int, error) {
		ms, err := MeasureSurface(s, m)
		if err != nil {
			return 0, nil, err
		}
		p := make([]int, len(ms.Nodes))
		for i, n := range ms.Nodes {
			p[i] = n.Tokens
		}
		return ms.Total, p, nil
	}
}

// BasicEngine is a Go model of the host's BasicCompactionEngine: pressure
// compaction of the head-anchored range that keeps a recent tail, overflow
// compaction of everything balanced, and /compact over everything balanced.
// Each compaction re-folds the previous checkpoint (it sits at the head).
// It is the baseline EF is measured against.
//
// A BasicEngine is safe for concurrent use on different sessions. A nil
// BasicEngine, or one without a Tx, is ErrNotConfigured; a nil agent or one
// without a Session is ErrNilSession.
type BasicEngine struct {
	Config  BasicConfig
	Tx      *Transaction
	Measure Measure // nil means SurfaceMeasure(Tx.Meter)
}

var _ CompactionEngine = (*BasicEngine)(nil)

// ready is ErrNotConfigured for a BasicEngine that cannot compact, and
// ErrNilSession for an agent with no session.
func (b *BasicEngine) ready(agent *Agent) error {
	if b == nil || b.Tx == nil {
		return ErrNotConfigured
	}
	if agent == nil || agent.Session == nil {
		return ErrNilSession
	}
	return nil
}

func (b *BasicEngine) measure(s *Session) (int, []int, error) {
	if b.Measure != nil {
		return b.Measure(s)
	}
	return SurfaceMeasure(b.Tx.Meter)(s)
}

// CompactIfNeeded implements CompactionEngine.
func (b *BasicEngine) CompactIfNeeded(ctx context.Context, agent *Agent, trigger Trigger) (*CompactionResult, error) {
	if err := b.ready(agent); err != nil {
		return nil, err
	}
	s := agent.Session
	// Like the host, compact only for a routed target: a request header
	// naming both provider and model.
	if h, ok, err := LatestRequestHeader(s); err != nil || !ok || h.Header.Config.Provider == "" || h.Header.Config.Model == "" {
		return nil, err
	}
	total, prices, err := b.measure(s)
	if err != nil {
		return nil, err
	}
	if trigger == TriggerOverflow {
		start, end, ok, err := SelectCompactableRange(s, prices, 0)
		if err != nil || !ok {
			return nil, err
		}
		return b.CompactRegion(ctx, start, end, agent)
	}
	if err := AssertNoActiveCompaction(s, "automatic pressure compaction"); err != nil {
		return nil, err
	}
	spec, err := b.Config.Resolve()
	if err != nil {
		return nil, err
	}
	if total < spec.ThresholdTokens {
		return nil, nil
	}
	var res *CompactionResult
	for attempt := 0; attempt <= spec.Retries; attempt++ {
		start, end, ok, err := SelectCompactableRange(s, prices, spec.RetainTokens)
		if err != nil {
			return res, err
		}
		if !ok {
			return res, nil
		}
		if res, err = b.CompactRegion(ctx, start, end, agent); err != nil {
			return nil, err
		}
		if total, prices, err = b.measure(s); err != nil {
			return res, err
		}
		if total < spec.ThresholdTokens {
			return res, nil
		}
	}
	return res, fmt.Errorf("compaction still above threshold after %d compaction attempts (%d estimated tokens >= threshold %d)", spec.Retries+1, total, spec.ThresholdTokens)
}

// CompactRegion implements CompactionEngine (automatic bracket, whole-surface
// stability).
func (b *BasicEngine) CompactRegion(ctx context.Context, start, end int, agent *Agent) (*CompactionResult, error) {
	if err := b.ready(agent); err != nil {
		return nil, err
	}
	return b.Tx.CompactSurfaceRegion(ctx, agent, start, end, TxOptions{Owner: OwnerCurrentTurn, Stability: WholeSurface})
}

// CompactNow implements CompactionEngine (manual bracket, selected-span
// stability, everything balanced folded).
func (b *BasicEngine) CompactNow(ctx context.Context, agent *Agent, sourceCommandID string) (*CompactionResult, error) {
	if err := b.ready(agent); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, &ManualCompactionError{Code: ManualCancelled, Err: err}
	}
	_, prices, err := b.measure(agent.Session)
	if err != nil {
		return nil, err
	}
	start, end, ok, err := SelectCompactableRange(agent.Session, prices, 0)
	if err != nil || !ok {
		return nil, err
	}
	return b.Tx.CompactSurfaceRegion(ctx, agent, start, end, TxOptions{Owner: OwnerManual, Stability: SelectedSpan, SourceCommandID: sourceCommandID})
}
