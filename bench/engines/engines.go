package engines

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/epistemicfold/ef/bench/replay"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
)

// Engine names.
const (
	None  = "none"
	Basic = "basic"
	Mask  = "mask"
	EF    = "ef"
)

// Names lists every engine in report order.
func Names() []string { return []string{None, Basic, Mask, EF} }

// Parse splits a comma-separated list of engine names and checks each.
func Parse(list string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(n)
		if n == "" || seen[n] {
			continue
		}
		if n == "all" {
			return Names(), nil
		}
		ok := false
		for _, k := range Names() {
			ok = ok || k == n
		}
		if !ok {
			return nil, fmt.Errorf("%w: %q (want %s)", ErrUnknown, n, strings.Join(Names(), ", "))
		}
		seen[n] = true
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: empty engine list", ErrUnknown)
	}
	return out, nil
}

// Config is what every engine of a run shares.
type Config struct {
	// Window is the context window in Meter tokens.
	Window int
	// Meter prices pressure (the real tokenizer, as the replay driver
	// prices requests).
	Meter hostshim.Meter
	// Summarizer writes summaries (Basic) and semantic digests (EF).
	Summarizer *replay.Summarizer
	// TempDir is where EF keeps its bundle store and recall index; each
	// engine value makes its own subdirectory and removes it on Close.
	// Empty means os.TempDir().
	TempDir string
	// EFPolicy overrides EF's fold policy knobs (ContextWindow is always
	// Window); the zero value takes the engine's defaults.
	EFPolicy EFPolicy
}

// EFPolicy is EF's policy in a bench run: engine.Policy itself, the one
// source of the fold knobs, so the bench folds as a user's engine with the
// same policy does (ContextWindow is always Config.Window; zero fields take
// the engine's defaults), and two bench-only settings.
type EFPolicy struct {
	engine.Policy
	// RetainRatio sets engine.Policy.RetainTokens to this share of the
	// window (0: RetainTokens as set, by default sized by the engine).
	RetainRatio float64 `json:"retainRatio,omitempty"`
	// NoDigest turns EF's optional semantic digest off (deterministic
	// checkpoints only: no summarizer calls).
	NoDigest bool `json:"noDigest,omitempty"`
}

// Instance is an engine serving one session. Close releases what it
// holds (EF's store and index); it is idempotent.
type Instance interface {
	replay.Engine
	Close() error
}

// New returns a fresh instance of the named engine.
func New(name string, cfg Config) (Instance, error) {
	switch name {
	case None:
		return noCompaction{}, nil
	case Basic:
		return newBasic(cfg), nil
	case Mask:
		return newMasker(cfg), nil
	case EF:
		return newEF(cfg)
	}
	return nil, fmt.Errorf("%w: %q", ErrUnknown, name)
}

// noCompaction never compacts: the reference for cost and visibility.
type noCompaction struct{}

func (noCompaction) Name() string { return None }

func (noCompaction) Compact(context.Context, *hostshim.Agent, hostshim.Trigger) error { return nil }

func (noCompaction) Close() error { return nil }

// idSource mints reproducible compaction ids.
type idSource struct {
	prefix string
	n      atomic.Int64
}

func (s *idSource) next() string { return s.prefix + strconv.FormatInt(s.n.Add(1), 10) }

// basicEngine is the host's BasicCompactionEngine model: pressure at hostshim.PressureRatio × W
// with a 0.16 W tail and one retry, overflow over everything balanced, a
// rolling summary that re-folds the previous one. Its shrink check uses
// the host's heuristic meter, as the host does; pressure is priced with
// the shared meter so that every engine sees the same numbers.
type basicEngine struct {
	b *hostshim.BasicEngine
	usage
}

func newBasic(cfg Config) *basicEngine {
	ids := &idSource{prefix: "basic-"}
	e := &basicEngine{}
	e.meter = cfg.Meter
	tx := &hostshim.Transaction{Meter: hostshim.HeuristicMeter{}, NewID: ids.next}
	if cfg.Summarizer != nil {
		tx.Summarizer = hostshim.SummarizerFunc(func(ctx context.Context, in *hostshim.SummarizationInput, agent *hostshim.Agent) (*hostshim.SummaryResult, error) {
			res, err := cfg.Summarizer.Summarize(ctx, in, agent)
			if err == nil {
				text := ""
				for _, b := range res.Summary {
					text += b.Text
				}
				e.count(in.Messages, text)
			}
			return res, err
		})
	}
	e.b = &hostshim.BasicEngine{
		Config:  hostshim.BasicConfig{ContextWindow: cfg.Window, CompactionRetries: 1},
		Tx:      tx,
		Measure: hostshim.SurfaceMeasure(cfg.Meter),
	}
	return e
}

func (e *basicEngine) Name() string { return Basic }

func (e *basicEngine) Compact(ctx context.Context, agent *hostshim.Agent, trigger hostshim.Trigger) error {
	_, err := e.b.CompactIfNeeded(ctx, agent, trigger)
	return err
}

func (e *basicEngine) FoldMode(*hostshim.Session, int) string { return "rolling" }

func (e *basicEngine) Close() error { return nil }

// usage counts the summarizer calls an engine makes: each would be an LLM
// request in the host (input: the span; output: the summary), failed
// folds included.
type usage struct {
	meter          hostshim.Meter
	calls, in, out atomic.Int64
	mu             sync.Mutex
	pending        []replay.SummaryCall
}

var (
	_ replay.SummarizerUser      = (*usage)(nil)
	_ replay.SummaryCallRecorder = (*usage)(nil)
)

func (u *usage) count(msgs []*hostshim.Message, summary string) {
	n := 0
	last := ""
	for _, m := range msgs {
		n += u.meter.CountMessage(m)
		if m != nil {
			last = m.ID
		}
	}
	out := u.meter.CountText(summary)
	u.calls.Add(1)
	u.in.Add(int64(n))
	u.out.Add(int64(out))
	u.mu.Lock()
	u.pending = append(u.pending, replay.SummaryCall{LastMessageID: last, OutputTokens: out})
	u.mu.Unlock()
}

// DrainSummaryCalls implements replay.SummaryCallRecorder.
func (u *usage) DrainSummaryCalls() []replay.SummaryCall {
	u.mu.Lock()
	defer u.mu.Unlock()
	out := u.pending
	u.pending = nil
	return out
}

// SummarizerUsage implements replay.SummarizerUser.
func (u *usage) SummarizerUsage() (calls, inputTokens, outputTokens int) {
	return int(u.calls.Load()), int(u.in.Load()), int(u.out.Load())
}
