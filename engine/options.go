package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/validator"
)

// Mode is a fold mode (§9): leaf, root or emergency.
type Mode = bundle.Mode

// Fold modes.
const (
	ModeLeaf      = bundle.ModeLeaf
	ModeRoot      = bundle.ModeRoot
	ModeEmergency = bundle.ModeEmergency
)

// Archive is what the engine needs from a bundle store. *bundle.Store
// satisfies it.
type Archive interface {
	// Put stores a bundle durably; a nil error means it was fsynced, read
	// back and verified.
	Put(ctx context.Context, b *bundle.CheckpointV1) (bundle.Receipt, error)
	// Meta returns a stored bundle's header (for a root fold's parent
	// references).
	Meta(ctx context.Context, sessionID, checkpointID string) (*bundle.CheckpointV1, error)
}

// Indexer makes a stored bundle searchable (recall). Index runs after the
// fold has committed; its failure is logged and reported, never fatal.
type Indexer interface {
	Index(ctx context.Context, sessionID, checkpointID string) error
}

// IndexerFunc adapts a function to Indexer (for recall.Index.Add:
// func(ctx, s, c) error { _, err := ix.Add(ctx, s, c); return err }).
type IndexerFunc func(ctx context.Context, sessionID, checkpointID string) error

// Index calls f. A nil f panics, as calling a nil func does: wrapping
// no function is a programming error.
func (f IndexerFunc) Index(ctx context.Context, sessionID, checkpointID string) error {
	return f(ctx, sessionID, checkpointID)
}

// Summarizer writes a semantic digest of a span (§18): context, rationale,
// alternatives, conclusions — never verified state. It is optional; when it
// fails, or its digest does not fit, the checkpoint keeps only the
// deterministic text. It is never called for an emergency fold.
//
// In the same call the model may propose anchors (DigestRequest.Proposals
// is the instruction, Digest.Proposals or a block in Digest.Text the
// answer): the projection admits each only when its quote is verbatim in
// the event it cites and that event's speaker has authority for it
// (projection.Reducer.AdmitModel); the digest itself stays narrative.
type Summarizer interface {
	Summarize(ctx context.Context, req *DigestRequest) (*Digest, error)
}

// DigestRequest is the input of a semantic digest. Messages are copies of
// the span's exact JSON: the summarizer cannot alter what is archived.
type DigestRequest struct {
	SessionID     string
	CheckpointID  string
	Mode          Mode
	System        string
	Messages      []json.RawMessage
	Deterministic string // the deterministic checkpoint text
	MaxTokens     int    // host-meter tokens the digest may take
	// Proposals is the instruction asking for proposals
	// (projection.ModelPrompt: the span's events with their ids, the
	// heads already read, the schema), which the summarizer gives its
	// model after the digest instruction. Empty: ask for none.
	Proposals string
}

// Digest is a semantic digest.
type Digest struct {
	Text     string `json:"text"`
	Provider string `json:"provider,omitempty"`
	Model    string `json:"model,omitempty"`
	// Proposals is the model's proposals block (projection.ModelFence),
	// when the summarizer cut it from the answer itself; else the engine
	// cuts it from Text.
	Proposals string `json:"-"`
	// Refused says why the summarizer refused the digest text when it
	// still returns the answer's proposals (Text empty): the checkpoint
	// falls back to the deterministic text for that reason.
	Refused string `json:"-"`
}

// Policy holds the fold policy knobs. Zero values take the documented
// defaults; see the package documentation for the formulas.
type Policy struct {
	// ContextWindow is the model's window in HostMeter tokens. Zero
	// disables pressure folds (CompactIfNeeded with TriggerPressure returns
	// ErrNoWindow) and the window-derived defaults below; an explicit Fold
	// still works.
	ContextWindow int
	// ThresholdRatio: a pressure fold runs when the surface reaches
	// ThresholdRatio × ContextWindow. Zero means hostshim.PressureRatio
	// (0.8, the host's default).
	ThresholdRatio float64
	// TargetRatio: a pressure fold folds enough to bring the surface to
	// TargetRatio × ContextWindow. Zero means DefaultTargetRatio (chosen by
	// the bench sweep in the package documentation).
	TargetRatio float64
	// MergeRatio: when the checkpoints of the frozen prefix are worth more
	// than MergeRatio × ContextWindow, the next pressure fold starts at the
	// system head instead of the frontier and merges them, with its span,
	// into one root checkpoint (the rare rebase of §9.2). With the
	// economic trigger on, what counts is what accumulated after the
	// largest of them (the last root, which a merge writes again), and
	// the whole frozen load only above twice the bound (see "Holding the
	// prompt cache" in the package documentation). Zero means
	// DefaultMergeRatio; negative never merges.
	MergeRatio float64
	// CachePriceRatio is ρ, the price of a cached input token relative to
	// an uncached one at the provider (DeepSeek ≈ 0.1). The pressure
	// policy uses it to size folds from the prompt cache's economics (see
	// "Holding the prompt cache" in the package documentation): a pressure
	// fold runs as soon as the foldable span reaches the economic order
	// size √(2·n·R/ρ), or at ThresholdRatio, whichever comes first. Zero
	// means DefaultCachePriceRatio; negative turns the economic trigger off
	// (fold only at ThresholdRatio, aiming at TargetRatio).
	CachePriceRatio float64
	// HitTarget is a prompt-cache hit rate the pressure policy aims for
	// when the cost optimum falls short of it: a fold cycle's span is the
	// larger of the economic order size and the smallest span whose
	// cycle, predicted from the session's own pace, re-send and base,
	// hits at least HitTarget; where that span does not fit under
	// ThresholdRatio × W, the fold waits for the threshold (see "Holding
	// the prompt cache" in the package documentation). It buys hits with
	// carried context, so it costs more at ρ. Zero or negative: no target
	// (folds sized for cost alone).
	HitTarget float64
	// RetainTokens is the recent tail a leaf fold never touches. Zero
	// sizes it by the model's latest answers (see RetainRequests), or
	// 2048 without a window.
	RetainTokens int
	// RetainRequests sizes the retained tail when RetainTokens is zero:
	// the tail starts at the RetainRequests-th latest assistant message
	// (rounded up), so it holds the model's latest answers and what
	// followed them (tool results, a new user message), within
	// [min(W/64, 256), 16% of W] (the host's retainRatio is the upper bound). With
	// 1, the tail is exactly what the model has not been sent yet: those
	// tokens miss the prompt cache on the next request whether or not a
	// fold runs, so the fold re-sends nothing the cache held; each
	// further answer kept is re-sent uncached by every fold and carried by
	// every request (see "Holding the prompt cache" in the package
	// documentation). Zero means DefaultRetainRequests.
	RetainRequests float64
	// FoldFloorTokens is the smallest span a leaf fold folds. Zero means
	// ContextWindow/32, or 2048 without a window.
	FoldFloorTokens int
	// FloorOverheadFactor: a leaf fold is at least this many times the
	// fixed price of an empty checkpoint. Zero means 4; negative means 0.
	FloorOverheadFactor int
	// MaxLeafFolds bounds the leaf folds of one CompactIfNeeded call. Zero
	// means 2.
	MaxLeafFolds int
	// EmergencyBudget is the hard budget of an emergency fold, in
	// TokenMeter tokens, for the whole surface after the fold. Zero means
	// ContextWindow/2.
	EmergencyBudget int
	// EmergencyTailRatio is the share of the budget (after the system head
	// and the smallest checkpoint) that the verbatim recent tail may take.
	// Zero means 0.5.
	EmergencyTailRatio float64
	// DigestLeaves makes leaf folds ask the Summarizer for a semantic
	// digest too. By default only root folds (merges and /compact, the
	// rare folds that restate the most history) do: a digest is an LLM
	// call whose output costs about four uncached input tokens per token,
	// as much as a leaf fold's whole re-send, on every fold (see "Holding
	// the prompt cache" in the package documentation).
	DigestLeaves bool
	// SemanticMaxTokens caps a semantic digest in host-meter tokens. Zero
	// means 1024.
	SemanticMaxTokens int
	// ListItems caps each list of a leaf checkpoint (root: 1.5×). Zero
	// means 8.
	ListItems int
}

// Options configures an Engine. The zero value works for explicit folds
// (Fold, CompactNow, CompactRegion): no bundle store (folds fail soft,
// recall says unavailable), no index, no semantic digest, the host's
// heuristic meter, time.Now, no logging, random ids. Automatic folds
// (CompactIfNeeded under pressure) also need Policy.ContextWindow, the
// model's window: without it CompactIfNeeded returns ErrNoWindow.
type Options struct {
	// Archive is the bundle store. Nil means none: folds still work and
	// every checkpoint says exact recall is unavailable (§24).
	Archive Archive
	// Indexer indexes committed bundles. Nil means none.
	Indexer Indexer
	// Summarizer writes semantic digests. Nil means deterministic text only.
	Summarizer Summarizer
	// HostMeter is the host's shrink-check meter: it prices pressure, the
	// fold floor and predicate R, so it is the unit of ContextWindow. Nil
	// means hostshim.HeuristicMeter, as inside DSH (ef serve), where the
	// host decides when to compact with that estimate; ef fold and ef bench
	// set it to the real tokenizer,
	// tokenizer.New(tokenizer.Options{}).Meter(tokenizer.Window) (Window
	// names the encoding, o200k_base), so their window is counted in
	// o200k_base tokens.
	HostMeter hostshim.Meter
	// TokenMeter is the real tokenizer: it measures the emergency budget.
	// Nil means HostMeter (then the budget is only as good as the host's
	// estimate; the CLI passes o200k_base).
	TokenMeter hostshim.Meter
	// Validator vetoes folds. Nil means validator.New with HostMeter and
	// the A and O predicates.
	Validator *validator.Validator
	// Clock stamps bundles. Nil means time.Now.
	Clock func() time.Time
	// Logger receives fold notes. Nil means discard.
	Logger *slog.Logger
	// NewID mints compaction ids (the checkpoint id is "ef-" + id). Nil
	// means random UUIDs, so folding the same session into the same
	// Archive again files a second set of checkpoints beside the first
	// (and context_search finds both). A NewID that derives each id from
	// the session and the fold's flags, as ef fold's does, makes a re-fold
	// meet the checkpoint already stored under that id and answer with it
	// instead of writing another. Random ids also make the fold count
	// vary between runs of the same log: an id's length in tokens moves
	// the surface across a threshold a fold earlier or later (46 or 45
	// rounds on a 1262-event log); a deterministic NewID (a counter, or
	// ids derived from the session, as above) gives the same folds every
	// run.
	NewID func() string
	// Policy holds the fold policy.
	Policy Policy
}

func (o *Options) ensureDefaults() error {
	if o.HostMeter == nil {
		o.HostMeter = defaultHostMeter()
	}
	if o.HostMeter == nil {
		return ErrNoMeter
	}
	if o.TokenMeter == nil {
		o.TokenMeter = o.HostMeter
	}
	if o.Validator == nil {
		v, err := validator.New(validator.Options{Meter: o.HostMeter, Extra: []validator.Predicate{validator.Authority{}, validator.Open{}}})
		if err != nil {
			return err
		}
		o.Validator = v
	}
	if o.Clock == nil {
		o.Clock = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if o.NewID == nil {
		o.NewID = hostshim.NewUUID
	}
	p := &o.Policy
	for _, f := range []struct {
		name string
		v    float64
	}{{"ThresholdRatio", p.ThresholdRatio}, {"TargetRatio", p.TargetRatio}, {"MergeRatio", p.MergeRatio},
		{"CachePriceRatio", p.CachePriceRatio}, {"HitTarget", p.HitTarget}, {"RetainRequests", p.RetainRequests},
		{"EmergencyTailRatio", p.EmergencyTailRatio}} {
		// NaN passes every range check below (each comparison is false).
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			return fmt.Errorf("%w: %s %v is not a number", ErrPolicy, f.name, f.v)
		}
	}
	if p.ContextWindow < 0 {
		return fmt.Errorf("%w: ContextWindow %d", ErrPolicy, p.ContextWindow)
	}
	if p.ThresholdRatio == 0 {
		p.ThresholdRatio = hostshim.PressureRatio
	}
	if p.TargetRatio == 0 {
		p.TargetRatio = DefaultTargetRatio
	}
	if p.MergeRatio == 0 {
		p.MergeRatio = DefaultMergeRatio
	}
	if p.CachePriceRatio == 0 {
		p.CachePriceRatio = DefaultCachePriceRatio
	}
	if p.HitTarget >= 1 {
		return fmt.Errorf("%w: HitTarget %v not below 1", ErrPolicy, p.HitTarget)
	}
	if p.CachePriceRatio > 1 {
		return fmt.Errorf("%w: CachePriceRatio %v above 1 (negative turns the economic trigger off)", ErrPolicy, p.CachePriceRatio)
	}
	if p.ThresholdRatio < 0 || p.ThresholdRatio > 1 || p.TargetRatio < 0 || p.TargetRatio > p.ThresholdRatio {
		return fmt.Errorf("%w: need 0 < TargetRatio (%v) <= ThresholdRatio (%v) <= 1", ErrPolicy, p.TargetRatio, p.ThresholdRatio)
	}
	if p.RetainTokens == 0 && p.ContextWindow <= 0 {
		p.RetainTokens = 2048
	}
	if p.RetainRequests == 0 {
		p.RetainRequests = DefaultRetainRequests
	}
	if p.RetainRequests < 0 || p.RetainTokens < 0 {
		return fmt.Errorf("%w: RetainTokens %d, RetainRequests %v", ErrPolicy, p.RetainTokens, p.RetainRequests)
	}
	if p.FoldFloorTokens == 0 {
		p.FoldFloorTokens = 2048
		if p.ContextWindow > 0 {
			p.FoldFloorTokens = p.ContextWindow / 32
		}
	}
	if p.FloorOverheadFactor == 0 {
		p.FloorOverheadFactor = 4
	} else if p.FloorOverheadFactor < 0 {
		p.FloorOverheadFactor = 0
	}
	if p.MaxLeafFolds == 0 {
		p.MaxLeafFolds = 2
	}
	if p.EmergencyBudget == 0 && p.ContextWindow > 0 {
		p.EmergencyBudget = p.ContextWindow / 2
	}
	if p.EmergencyTailRatio == 0 {
		p.EmergencyTailRatio = 0.5
	}
	if p.EmergencyTailRatio < 0 || p.EmergencyTailRatio > 1 {
		return fmt.Errorf("%w: EmergencyTailRatio %v", ErrPolicy, p.EmergencyTailRatio)
	}
	if p.SemanticMaxTokens == 0 {
		p.SemanticMaxTokens = 1024
	}
	if p.ListItems == 0 {
		p.ListItems = 8
	}
	return nil
}

// Policy defaults that are not the host's: see the package documentation
// for the sweep that chose them.
const (
	DefaultTargetRatio     = 0.2
	DefaultMergeRatio      = 0.25
	DefaultCachePriceRatio = 0.1
	DefaultRetainRequests  = 1
)

// retainResponses is RetainRequests as a whole number of answers (≥ 1).
func (p Policy) retainResponses() int {
	return max(1, int(math.Ceil(p.RetainRequests)))
}

// mergeTokens is the frozen checkpoint load that triggers a merge (0: never).
func (p Policy) mergeTokens() int {
	if p.MergeRatio <= 0 || p.ContextWindow <= 0 {
		return 0
	}
	return int(float64(p.ContextWindow) * p.MergeRatio)
}

// ThresholdTokens is the pressure threshold: ⌊ContextWindow × ThresholdRatio⌋.
func (p Policy) ThresholdTokens() int { return int(float64(p.ContextWindow) * p.ThresholdRatio) }

// targetTokens is where a pressure fold aims.
func (p Policy) targetTokens() int { return int(float64(p.ContextWindow) * p.TargetRatio) }
