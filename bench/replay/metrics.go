package replay

import (
	"errors"
	"maps"
	"math"
	"slices"
	"time"

	"github.com/epistemicfold/ef/bench/cachesim"
	"github.com/epistemicfold/ef/bench/stats"
)

// Rhos are the cache price ratios costs are reported at.
var Rhos = []float64{0.02, 0.1, 0.25, 1}

// AnthropicWritePremium is the price of a cache write on top of the input
// price (Anthropic 5-minute writes).
const AnthropicWritePremium = 0.25

// DefaultOutputPrice is the price of an output token in uncached input
// tokens: about DeepSeek's list prices (output ≈ 4× a cache-miss input
// token for deepseek-chat; Anthropic's ratio is 5×).
const DefaultOutputPrice = 4.0

// Metrics are the numbers of one replay (or, added up, of several).
type Metrics struct {
	Engine   string `json:"engine"`
	Sessions int    `json:"sessions"`
	Requests int    `json:"requests"`
	// InputTokens is the sum of every request's prompt.
	InputTokens int `json:"inputTokens"`
	// DeepSeek and Anthropic are the cache accounting of each model.
	DeepSeek  stats.Usage `json:"deepseek"`
	Anthropic stats.Usage `json:"anthropic"`
	// Folds counts folds by mode; FoldErrors failed engine calls.
	Folds      map[string]int `json:"folds"`
	FoldErrors int            `json:"foldErrors"`
	// PeakContext is the largest request; OverWindow counts requests
	// still larger than the window after compaction.
	PeakContext int `json:"peakContext"`
	OverWindow  int `json:"overWindow"`
	// FrozenPrefixMean and FrozenPrefixPeak describe the prefix of each
	// request that stayed byte-identical since the previous one (from the
	// second request of a session on).
	FrozenPrefixMean float64 `json:"frozenPrefixMean"`
	FrozenPrefixPeak int     `json:"frozenPrefixPeak"`
	// InvalidatedPerFold is the previous request's tokens after the
	// frozen prefix at requests preceded by folds, per fold.
	InvalidatedPerFold float64 `json:"invalidatedPerFold"`
	// CheckpointLoadMean and CheckpointLoadPeak describe the run of
	// checkpoints (summaries) right after the system prompt, per request:
	// the frozen-prefix load of the engine's own state.
	CheckpointLoadMean float64 `json:"checkpointLoadMean"`
	CheckpointLoadPeak int     `json:"checkpointLoadPeak"`
	// Misses adds up Step.Misses: the tokens after each request's frozen
	// prefix by cause ("new", "header", "ckpt/<mode>", "resent/<mode>").
	Misses map[string]int `json:"misses,omitempty"`
	// CeilingHits adds up, over the conversation's requests, what each
	// could hit if folds cost no misses: its prompt less its first-sent
	// tokens, in whole cache blocks (cachesim.Unit), as the DeepSeek model
	// counts a hit (see HitCeiling).
	CeilingHits int `json:"ceilingHits"`
	// FoldLatencyP50 and P99 are wall-clock fold latencies.
	FoldLatencyP50 time.Duration `json:"foldLatencyP50Ns"`
	FoldLatencyP99 time.Duration `json:"foldLatencyP99Ns"`
	// Probes: planted items, visible at the end, recoverable through
	// recall (not visible), and shown stale at the end; checks counts
	// probe×request pairs after planting and CheckVisible those visible.
	Probes        int `json:"probes"`
	ProbesAtEnd   int `json:"probesAtEnd"`
	ProbesRecover int `json:"probesRecoverable"`
	StaleAtEnd    int `json:"staleAtEnd"`
	Checks        int `json:"checks"`
	CheckVisible  int `json:"checkVisible"`
	CheckStale    int `json:"checkStale"`
	// Authority Loss (EF-RFC-001 §26 item 3; see the package
	// documentation): AuthorityChecks counts probe×request pairs where a
	// normative, decision or open anchor was binding, AuthorityFolded those
	// where its source event had left the surface, AuthorityLost those
	// where, folded away, it was not stated either. AuthorityAtEnd and
	// AuthorityLostAtEnd are the same for the final surface, per anchor.
	AuthorityChecks    int `json:"authorityChecks"`
	AuthorityFolded    int `json:"authorityFolded"`
	AuthorityLost      int `json:"authorityLost"`
	AuthorityAtEnd     int `json:"authorityAtEnd"`
	AuthorityLostAtEnd int `json:"authorityLostAtEnd"`
	// ByKind breaks the probes down by kind.
	ByKind map[string]*KindStats `json:"byKind,omitempty"`
	// Projection: the largest projection of any session (peak) and the
	// sums of the middle and final sizes over sessions; Reported is false
	// for engines without a projection (n/a).
	Projection ProjectionStats `json:"projection"`
	// SummaryCalls, SummaryInputTokens, SummaryOutputTokens: summarizer
	// (LLM) calls the engine made, outside the request totals.
	SummaryCalls        int `json:"summaryCalls"`
	SummaryInputTokens  int `json:"summaryInputTokens"`
	SummaryOutputTokens int `json:"summaryOutputTokens"`
	// FoldDeepSeek and FoldAnthropic are the cache accounting of the
	// summarizer calls, priced as requests (see Result).
	FoldDeepSeek  stats.Usage `json:"foldDeepseek"`
	FoldAnthropic stats.Usage `json:"foldAnthropic"`
	// OutputPrice prices the summarizer's output tokens, in uncached input
	// tokens. Zero means DefaultOutputPrice; set it before costing.
	OutputPrice float64 `json:"outputPrice"`
	// RecallChecked/RecallVerified: checkpoints whose archive was checked
	// and verified byte-exact.
	RecallChecked  int `json:"recallChecked"`
	RecallVerified int `json:"recallVerified"`

	frozenSum, frozenN int
	loadSum, loadN     int
	invalidSum, foldN  int
	latencies          []float64
}

// Measure computes the metrics of one replay.
func Measure(r *Result) Metrics {
	m := Metrics{Engine: r.Engine, Folds: map[string]int{}}
	m.add(r)
	m.finish()
	return m
}

// MeasureAll adds up the replays of one engine over several sessions.
func MeasureAll(engine string, rs []*Result) Metrics {
	m := Metrics{Engine: engine, Folds: map[string]int{}}
	for _, r := range rs {
		m.add(r)
	}
	m.finish()
	return m
}

func usage(r cachesim.Result) stats.Usage {
	return stats.Usage{Hit: r.Hit, Miss: r.Miss, Written: r.Written}
}

func (m *Metrics) add(r *Result) {
	m.Sessions++
	m.Requests += len(r.Steps)
	m.FoldErrors += r.FoldErrors
	for i, st := range r.Steps {
		m.InputTokens += st.Tokens
		m.DeepSeek = m.DeepSeek.Add(usage(st.DeepSeek))
		m.Anthropic = m.Anthropic.Add(usage(st.Anthropic))
		m.PeakContext = max(m.PeakContext, st.Tokens)
		m.loadSum += st.CheckpointLoad
		m.loadN++
		m.CheckpointLoadPeak = max(m.CheckpointLoadPeak, st.CheckpointLoad)
		if st.Over {
			m.OverWindow++
		}
		if i > 0 {
			m.frozenSum += st.FrozenPrefix
			m.frozenN++
			m.FrozenPrefixPeak = max(m.FrozenPrefixPeak, st.FrozenPrefix)
		}
		for k, v := range st.Misses {
			if m.Misses == nil {
				m.Misses = map[string]int{}
			}
			m.Misses[k] += v
		}
		m.CeilingHits += max(0, st.Tokens-st.Misses["new"]-st.Misses["header"]) / cachesim.Unit * cachesim.Unit
		if st.Folds > 0 {
			m.invalidSum += st.Invalidated
			m.foldN += st.Folds
		}
	}
	for _, f := range r.Folds {
		m.Folds[f.Mode]++
		m.latencies = append(m.latencies, float64(f.Latency))
	}
	if pj := r.Projection; pj.Reported {
		m.Projection.Reported = true
		m.Projection.PeakBytes = max(m.Projection.PeakBytes, pj.PeakBytes)
		m.Projection.PeakAnchors = max(m.Projection.PeakAnchors, pj.PeakAnchors)
		m.Projection.HalfBytes += pj.HalfBytes
		m.Projection.FinalBytes += pj.FinalBytes
		m.Projection.FinalAnchors += pj.FinalAnchors
	}
	for _, p := range r.Probes {
		if m.ByKind == nil {
			m.ByKind = map[string]*KindStats{}
		}
		k := m.ByKind[p.kind()]
		if k == nil {
			k = &KindStats{}
			m.ByKind[p.kind()] = k
		}
		k.Probes++
		k.Checks += p.Checks
		k.Stale += p.Stale
		k.Lost += p.Lost
		m.AuthorityChecks += p.AuthorityChecks
		m.AuthorityFolded += p.Folded
		m.AuthorityLost += p.Lost
		if p.BindingAtEnd {
			m.AuthorityAtEnd++
			if p.LostAtEnd {
				m.AuthorityLostAtEnd++
			}
		}
		if p.VisibleAtEnd {
			k.AtEnd++
		}
		if p.StaleAtEnd {
			k.StaleAtEnd++
		}
		m.Probes++
		m.Checks += p.Checks
		m.CheckVisible += p.Visible
		m.CheckStale += p.Stale
		if p.VisibleAtEnd {
			m.ProbesAtEnd++
		}
		if p.Recoverable {
			m.ProbesRecover++
		}
		if p.StaleAtEnd {
			m.StaleAtEnd++
		}
	}
	m.SummaryCalls += r.SummaryCalls
	m.SummaryInputTokens += r.SummaryInputTokens
	m.SummaryOutputTokens += r.SummaryOutputTokens
	m.FoldDeepSeek = m.FoldDeepSeek.Add(usage(r.SummaryDeepSeek))
	m.FoldAnthropic = m.FoldAnthropic.Add(usage(r.SummaryAnthropic))
	m.RecallChecked += r.RecallChecked
	m.RecallVerified += r.RecallVerified
}

func (m *Metrics) finish() {
	m.FrozenPrefixMean = ratio(m.frozenSum, m.frozenN)
	m.CheckpointLoadMean = ratio(m.loadSum, m.loadN)
	m.InvalidatedPerFold = ratio(m.invalidSum, m.foldN)
	if ps, err := stats.Percentiles(m.latencies, 50, 99); err == nil {
		m.FoldLatencyP50, m.FoldLatencyP99 = time.Duration(ps[0]), time.Duration(ps[1])
	}
}

// ratio is n / d, or 0 when d is 0 (nothing was counted).
func ratio(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return float64(n) / float64(d)
}

// KindStats are the probe numbers of one kind.
type KindStats struct {
	Probes     int `json:"probes"`
	AtEnd      int `json:"atEnd"`
	StaleAtEnd int `json:"staleAtEnd"`
	Checks     int `json:"checks"`
	Stale      int `json:"stale"`
	Lost       int `json:"lost"`
}

// AuthorityLossRate is AuthorityLost / AuthorityChecks: the share of
// binding anchor checks at which the anchor had been folded away and was
// not in the model's context. Zero when nothing was checked.
func (m *Metrics) AuthorityLossRate() float64 { return ratio(m.AuthorityLost, m.AuthorityChecks) }

// StalenessRate is CheckStale / Checks: the share of probe checks at which
// the context showed a superseded state as current.
func (m *Metrics) StalenessRate() float64 { return ratio(m.CheckStale, m.Checks) }

// Kinds returns the probe kinds in a fixed order.
func (m *Metrics) Kinds() []string { return slices.Sorted(maps.Keys(m.ByKind)) }

// TotalFolds is the number of folds of every mode.
func (m *Metrics) TotalFolds() int {
	n := 0
	for _, v := range m.Folds {
		n += v
	}
	return n
}

// FoldModes returns the fold modes in a fixed order.
func (m *Metrics) FoldModes() []string { return slices.Sorted(maps.Keys(m.Folds)) }

// outputPrice is OutputPrice or its default.
func (m *Metrics) outputPrice() float64 {
	if m.OutputPrice > 0 {
		return m.OutputPrice
	}
	return DefaultOutputPrice
}

// ConversationCost is the DeepSeek-model input cost of the conversation's
// own requests at ρ, in uncached input tokens.
func (m *Metrics) ConversationCost(rho float64) float64 {
	return stats.Cost(m.DeepSeek, stats.Price{Rho: rho})
}

// FoldCost is what the engine's summarizer calls cost at ρ: their prompts
// through the DeepSeek model and their output at OutputPrice.
func (m *Metrics) FoldCost(rho float64) float64 {
	return stats.Cost(m.FoldDeepSeek, stats.Price{Rho: rho}) + m.outputPrice()*float64(m.SummaryOutputTokens)
}

// Cost is the total DeepSeek-model cost at ρ: conversation and folds.
func (m *Metrics) Cost(rho float64) float64 { return m.ConversationCost(rho) + m.FoldCost(rho) }

// AnthropicCost is the total Anthropic-model cost at ρ with the write
// premium: conversation, summarizer prompts and summarizer output.
func (m *Metrics) AnthropicCost(rho float64) float64 {
	p := stats.Price{Rho: rho, WritePremium: AnthropicWritePremium}
	return stats.Cost(m.Anthropic, p) + stats.Cost(m.FoldAnthropic, p) + m.outputPrice()*float64(m.SummaryOutputTokens)
}

// BreakEven is the break-even ρ of m against base on the total
// DeepSeek-model cost (conversation, summarizer prompts and output). ok is
// false when the costs never cross (equal hits).
func (m *Metrics) BreakEven(base *Metrics) (stats.BreakEven, bool) {
	total := func(x *Metrics) stats.Usage { return x.DeepSeek.Add(x.FoldDeepSeek) }
	a, b := total(m), total(base)
	be, err := stats.BreakEvenRho(a, b, 0)
	if errors.Is(err, stats.ErrNoBreakEven) || err != nil {
		return stats.BreakEven{}, false
	}
	// The output price is a fixed cost on each side: shift the crossing.
	if d := float64(b.Hit - a.Hit); d != 0 {
		be.Rho += (m.outputPrice()*float64(m.SummaryOutputTokens) - base.outputPrice()*float64(base.SummaryOutputTokens)) / d
		be.InUnit = be.Rho >= 0 && be.Rho <= 1
	}
	return be, true
}

// Billed is the DeepSeek-model accounting of every prompt a provider
// bills for the session: the conversation's requests and the
// summarizer's calls.
func (m *Metrics) Billed() stats.Usage { return m.DeepSeek.Add(m.FoldDeepSeek) }

// HitRate is the DeepSeek-model hit rate as a provider reports it: cached
// prompt tokens over all prompt tokens billed (Billed), summed token by
// token over every request, the summarizer's calls included. A request's
// hit is the longest prefix it shares with any earlier request, in whole
// 64-token blocks; its other prompt tokens are misses.
func (m *Metrics) HitRate() float64 { return m.Billed().HitRate() }

// FirstSent is the conversation's prompt tokens that no policy can serve
// from cache: messages sent for the first time ("new") and a changed
// request header ("header"), whatever the engine does to the rest.
func (m *Metrics) FirstSent() int { return m.Misses["new"] + m.Misses["header"] }

// HitCeiling is the conversation's hit rate if its folds cost no misses at
// all: CeilingHits / InputTokens, each request's prompt less its
// first-sent tokens, rounded down to whole cache blocks as the DeepSeek
// model rounds a hit (1 − FirstSent / InputTokens overstated it by the
// block each request ends inside: 0.2-0.5 points on the real corpus).
// With the same prompts, no fold policy does better.
func (m *Metrics) HitCeiling() float64 { return ratio(m.CeilingHits, m.InputTokens) }

// CostFloorAt is the least conversation cost at ρ of any policy whose
// conversation hit rate is at least h, given the FirstSent tokens every
// policy misses: its prompts add up to at least FirstSent/(1−h) tokens,
// of which at least h are hits, so it costs at least
//
//	FirstSent · (1 + ρ·h/(1−h))
//
// (in uncached input tokens, summarizer calls not included). It is how a
// hit-rate goal and a cost goal can contradict each other: keeping more of
// the context cached means sending more context.
func (m *Metrics) CostFloorAt(h, rho float64) float64 {
	if h >= 1 {
		return math.Inf(1)
	}
	h = max(h, 0)
	return float64(m.FirstSent()) * (1 + rho*h/(1-h))
}
