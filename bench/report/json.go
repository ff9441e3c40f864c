package report

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/epistemicfold/ef/bench"
	"github.com/epistemicfold/ef/bench/replay"
	"github.com/epistemicfold/ef/bench/stats"
)

// EngineJSON is one engine's numbers with the derived costs.
type EngineJSON struct {
	replay.Metrics
	// HitRateDeepSeek and HitRateAnthropic are hit / input tokens.
	HitRateDeepSeek  float64 `json:"hitRateDeepseek"`
	HitRateAnthropic float64 `json:"hitRateAnthropic"`
	// Cost and CostAnthropic map ρ (as "0.1") to the total cost in
	// uncached input tokens: conversation and summarizer calls (prompts
	// through the cache, output at the output price); Anthropic with the
	// 0.25 write premium. ConversationCost and FoldCost split the
	// DeepSeek-model total.
	Cost             map[string]float64 `json:"cost"`
	CostAnthropic    map[string]float64 `json:"costAnthropic"`
	ConversationCost map[string]float64 `json:"conversationCost"`
	FoldCost         map[string]float64 `json:"foldCost"`
	// BreakEven is the DeepSeek-model break-even against basic; absent
	// for basic itself and when the costs never cross.
	BreakEven *stats.BreakEven `json:"breakEvenVsBasic,omitempty"`
}

// SessionJSON is one session's numbers.
type SessionJSON struct {
	Name    string       `json:"name"`
	Source  string       `json:"source"`
	Events  int          `json:"events"`
	Probes  int          `json:"probes"`
	Engines []EngineJSON `json:"engines"`
	// SourceCompactions counts the source agent's own compactions: DSH
	// compaction events and replacements skipped by the replay, plus the
	// markers the importer found in other formats; SyntheticEvents the turn/start and
	// request/header events the driver added; Truncated reports a replay
	// stopped by --max-steps.
	SourceCompactions int  `json:"sourceCompactions,omitempty"`
	SyntheticEvents   int  `json:"syntheticEvents,omitempty"`
	Truncated         bool `json:"truncated,omitempty"`
	// Errors samples the engines' failed compactions.
	Errors map[string][]string `json:"foldErrorSample,omitempty"`
}

// ReportJSON is the document JSON writes.
type ReportJSON struct {
	Window        int           `json:"window"`
	Seed          uint64        `json:"seed"`
	Persona       string        `json:"persona"`
	Meter         string        `json:"meter"`
	Corpus        string        `json:"corpus"`
	MaxSteps      int           `json:"maxSteps,omitempty"`
	LimitSessions int           `json:"limitSessions,omitempty"`
	ElapsedMs     int64         `json:"elapsedMs"`
	Rhos          []float64     `json:"rhos"`
	Totals        []EngineJSON  `json:"totals"`
	Sessions      []SessionJSON `json:"sessions"`
	Skipped       []string      `json:"skipped,omitempty"`
}

func engines(ms []replay.Metrics) []EngineJSON {
	base := baseOf(ms)
	out := make([]EngineJSON, 0, len(ms))
	for i := range ms {
		m := ms[i]
		e := EngineJSON{Metrics: m, HitRateDeepSeek: m.DeepSeek.HitRate(), HitRateAnthropic: m.Anthropic.HitRate(),
			Cost: map[string]float64{}, CostAnthropic: map[string]float64{}, ConversationCost: map[string]float64{}, FoldCost: map[string]float64{}}
		for _, rho := range replay.Rhos {
			k := fmt.Sprint(rho)
			e.Cost[k], e.CostAnthropic[k] = m.Cost(rho), m.AnthropicCost(rho)
			e.ConversationCost[k], e.FoldCost[k] = m.ConversationCost(rho), m.FoldCost(rho)
		}
		if base != nil && m.Engine != base.Engine {
			if be, ok := m.BreakEven(base); ok {
				e.BreakEven = &be
			}
		}
		out = append(out, e)
	}
	return out
}

// Build returns the JSON document of a run.
func Build(r *bench.Report) *ReportJSON {
	out := &ReportJSON{Window: r.Window, Seed: r.Seed, Persona: r.Persona, Meter: r.Meter, Corpus: r.Corpus,
		MaxSteps: r.MaxSteps, LimitSessions: r.LimitSessions, ElapsedMs: r.Elapsed.Milliseconds(), Rhos: replay.Rhos,
		Totals: engines(r.Totals), Skipped: r.Skipped}
	for _, s := range r.Sessions {
		sj := SessionJSON{Name: s.Name, Source: s.Source, Events: s.Events, Probes: s.Probes, Engines: engines(s.Metrics)}
		if len(s.Results) > 0 {
			first := s.Results[0]
			sj.SourceCompactions, sj.SyntheticEvents, sj.Truncated = first.SkippedCompactions+s.SourceCompactions, first.SyntheticEvents, first.Truncated
		}
		for _, res := range s.Results {
			if len(res.FoldErrorSample) > 0 {
				if sj.Errors == nil {
					sj.Errors = map[string][]string{}
				}
				sj.Errors[res.Engine] = res.FoldErrorSample
			}
		}
		out.Sessions = append(out.Sessions, sj)
	}
	return out
}

// JSON writes the run as an indented JSON document (see ReportJSON).
func JSON(w io.Writer, r *bench.Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(Build(r))
}
