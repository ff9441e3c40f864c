package hostshim

import (
	"context"
	"errors"
	"fmt"
)

// Trigger says why an automatic compaction runs.
type Trigger string

// Triggers, as the host names them.
const (
	TriggerPressure Trigger = "pressure"
	TriggerOverflow Trigger = "context-overflow"
)

// Agent is what the host hands a compaction engine about the running agent:
// its session and its provider/model target (CompactionAgentContext).
type Agent struct {
	Session  *Session
	Provider string
	Model    string
	// TurnOpen reports whether the agent has an open turn; the automatic
	// path requires one, the manual path requires none. When nil the log
	// decides (an unmatched turn/start).
	TurnOpen func() bool
}

// CompactionResult is what a successful compaction returns
// (dsh-compaction CompactionResult). ShadowedRange.Start may be numerically
// greater than End; ShadowedSeqs, in surface order, is authoritative.
type CompactionResult struct {
	CompactionID       string        `json:"compactionId"`
	SourceCommandID    string        `json:"sourceCommandId,omitempty"`
	StartSeq           int           `json:"startSeq"`
	SummarySeq         int           `json:"summarySeq"`
	EndSeq             int           `json:"endSeq"`
	Summary            []Block       `json:"summary"`
	ShadowedRange      ShadowedRange `json:"shadowedRange"`
	ShadowedSeqs       []int         `json:"shadowedSeqs"`
	ShadowedTokenCount int           `json:"shadowedTokenCount"`
}

// CheckpointSeq is the seq of the replacing checkpoint node: the host appends
// it right after compaction/summary. A nil result has none: -1.
func (r *CompactionResult) CheckpointSeq() int {
	if r == nil {
		return -1
	}
	return r.SummarySeq + 1
}

// CompactionEngine is the host's compaction seam (the cordis service
// "compaction"). The host calls CompactIfNeeded from its automatic listeners
// (before a step, on a context-overflow request error), CompactNow from
// /compact, and CompactRegion for an explicit span.
//
// Wire note: the host passes an AbortSignal; Go passes a context.
type CompactionEngine interface {
	// CompactIfNeeded compacts when the trigger calls for it and returns nil
	// when nothing was done.
	CompactIfNeeded(ctx context.Context, agent *Agent, trigger Trigger) (*CompactionResult, error)
	// CompactNow is a manual compaction (/compact). It returns nil when there
	// is nothing to compact and a *ManualCompactionError on failure.
	CompactNow(ctx context.Context, agent *Agent, sourceCommandID string) (*CompactionResult, error)
	// CompactRegion replaces the inclusive surface span from node start to
	// node end (seqs, by surface position) with one checkpoint node.
	CompactRegion(ctx context.Context, start, end int, agent *Agent) (*CompactionResult, error)
}

// ManualCompactionErrorCode classifies a failed manual compaction.
type ManualCompactionErrorCode string

// Codes, as the host names them.
const (
	ManualBusy        ManualCompactionErrorCode = "busy"
	ManualCancelled   ManualCompactionErrorCode = "cancelled"
	ManualChanged     ManualCompactionErrorCode = "changed"
	ManualSummary     ManualCompactionErrorCode = "summary"
	ManualCommit      ManualCompactionErrorCode = "commit"
	ManualPersistence ManualCompactionErrorCode = "persistence"
)

// ManualCompactionError is a classified manual compaction failure.
type ManualCompactionError struct {
	Code ManualCompactionErrorCode
	Err  error
}

func (e *ManualCompactionError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("hostshim: manual compaction %s", e.Code)
	}
	return fmt.Sprintf("hostshim: manual compaction %s: %v", e.Code, e.Err)
}

func (e *ManualCompactionError) Unwrap() error { return e.Err }

// ErrSurfaceChanged is the host's SurfaceChangedError: the surface moved
// between selection and commit.
var ErrSurfaceChanged = errors.New("hostshim: surface changed during compaction")

// ErrNoShrink: the framed checkpoint is not smaller than what it shadows.
var ErrNoShrink = errors.New("hostshim: summary is not smaller than the shadowed content")

// SummarizationInput is what the host hands the summarize hook: the messages
// of the span (0.1.7: with the system head as messages[0]), the request's
// system prompt (Gen01 only) and tool schemas.
type SummarizationInput struct {
	System   string
	Tools    []byte // raw JSON of the tool schemas, when known
	Messages []*Message
	// ShadowedSeqs is not given to the host's hook; the Go model passes it
	// so engines need not recover seqs from message ids.
	ShadowedSeqs []int
	// CompactionID is the id of the running transaction (also not given to
	// the host's hook).
	CompactionID string
}

// SummaryResult is what the summarize hook returns.
type SummaryResult struct {
	Summary       []Block
	RawOutput     []Block
	LLMStreamCall bool
	Provider      string
	Model         string
	MaxTokens     int
}

// Summarizer is the summarize hook (BasicCompactionEngine.summarize).
type Summarizer interface {
	Summarize(ctx context.Context, in *SummarizationInput, agent *Agent) (*SummaryResult, error)
}

// SummarizerFunc adapts a function to Summarizer.
type SummarizerFunc func(ctx context.Context, in *SummarizationInput, agent *Agent) (*SummaryResult, error)

// Summarize calls f. A nil f panics, as calling a nil func does:
// wrapping no function is a programming error.
func (f SummarizerFunc) Summarize(ctx context.Context, in *SummarizationInput, agent *Agent) (*SummaryResult, error) {
	return f(ctx, in, agent)
}

// Meter prices messages in tokens. The host's shrink check uses its
// heuristic estimator; a tokenizer meter gives real counts.
//
// Implementations are safe for concurrent use.
type Meter interface {
	// Name identifies the meter ("dsh-heuristic", "o200k_base", …).
	Name() string
	// CountMessage returns the price of one message.
	CountMessage(m *Message) int
	// CountText returns the price of a bare string.
	CountText(s string) int
}
