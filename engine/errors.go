package engine

import (
	"errors"
	"fmt"
)

// Errors returned by New.
var (
	// ErrNoMeter: Options.HostMeter is nil and no host meter is built in.
	ErrNoMeter = errors.New("engine: no host meter")
	// ErrPolicy: a policy knob is out of range.
	ErrPolicy = errors.New("engine: bad policy")
)

// ErrNoWindow is CompactIfNeeded's answer to a pressure trigger from an
// engine with no Policy.ContextWindow: pressure is a share of the window,
// so without one nothing would ever fold, and an engine that silently
// never folds is worse than an error.
var ErrNoWindow = errors.New("engine: a pressure fold needs Policy.ContextWindow (the model's window in HostMeter tokens); it is zero")

// Errors returned by a fold (Fold and the CompactionEngine methods). A fold
// that fails leaves the surface exactly as it was.
var (
	// ErrArchive: the bundle could not be written durably; the fold was
	// aborted before any surface change (BundleDurable ≺ SurfaceLoss).
	ErrArchive = errors.New("engine: archive write failed")
	// ErrVetoed: the validator vetoed the candidate. The error chain holds
	// a *validator.VetoError with the verdict.
	ErrVetoed = errors.New("engine: fold vetoed")
	// ErrPlanMismatch: the host's transaction selected other nodes than
	// the plan (the surface moved between plan and bracket).
	ErrPlanMismatch = errors.New("engine: transaction selection differs from the plan")
	// ErrBudget: an emergency fold cannot meet its token budget (the
	// budget is below the system head plus the smallest checkpoint, or an
	// unfinished step that cannot be folded is larger than the budget).
	ErrBudget = errors.New("engine: emergency budget cannot be met")
	// ErrNoBudget: an emergency fold was asked for without a budget and the
	// policy gives none (no EmergencyBudget, no ContextWindow).
	ErrNoBudget = errors.New("engine: no emergency budget")
	// ErrBadMode: an unknown fold mode.
	ErrBadMode = errors.New("engine: unknown fold mode")
	// ErrNoSession: the agent (or the session asked about) is nil, or the
	// agent has no session.
	ErrNoSession = errors.New("engine: no session")
	// ErrNotOpen: the Engine is a zero value or a nil pointer; only New
	// makes one that works.
	ErrNotOpen = errors.New("engine: engine not made by engine.New")
	// ErrNilContext: a nil context.Context was passed (use
	// context.Background()); nothing was done.
	ErrNilContext = errors.New("engine: nil context")
)

// FoldError is a fold that failed after planning: which mode, which span
// (surface seqs) and which checkpoint id it would have written.
type FoldError struct {
	Mode         Mode
	Start, End   int
	CheckpointID string
	Err          error
}

func (e *FoldError) Error() string {
	id := ""
	if e.CheckpointID != "" {
		id = " " + e.CheckpointID
	}
	return fmt.Sprintf("engine: %s fold%s of seqs %d..%d: %v", e.Mode, id, e.Start, e.End, e.Err)
}

func (e *FoldError) Unwrap() error { return e.Err }
