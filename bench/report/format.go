package report

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/epistemicfold/ef/bench"
	"github.com/epistemicfold/ef/bench/replay"
	"github.com/epistemicfold/ef/internal/digits"
)

// tok formats a token count short: 950, 12.3K, 4.56M.
func tok(n float64) string {
	a := math.Abs(n)
	switch {
	case a >= 1e9:
		return fmt.Sprintf("%.2fG", n/1e9)
	case a >= 1e6:
		return fmt.Sprintf("%.2fM", n/1e6)
	case a >= 1e4:
		return fmt.Sprintf("%.1fK", n/1e3)
	}
	return fmt.Sprintf("%.0f", n)
}

func pct(a, b int) string {
	if b == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

// rate is pct to two decimals, for the loss and staleness rates, which are
// small enough that one decimal would read 0.0%.
func rate(a, b int) string {
	if b == 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f%%", 100*float64(a)/float64(b))
}

func frac(a, b int) string {
	if b == 0 {
		return "—"
	}
	return fmt.Sprintf("%d/%d", a, b)
}

func dur(d time.Duration) string {
	switch {
	case d == 0:
		return "—"
	case d < time.Millisecond:
		return fmt.Sprintf("%dµs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%.1fms", float64(d)/1e6)
	}
	return d.Round(10 * time.Millisecond).String()
}

// folds lists folds by mode: "leaf 6, emergency 3".
func folds(m *replay.Metrics) string {
	if m.TotalFolds() == 0 {
		return "0"
	}
	var parts []string
	for _, k := range m.FoldModes() {
		parts = append(parts, fmt.Sprintf("%s %d", k, m.Folds[k]))
	}
	return strings.Join(parts, ", ")
}

// BaseEngine is the engine break-even ρ is reported against.
const BaseEngine = "basic"

// baseOf is the BaseEngine's metrics among ms, or nil.
func baseOf(ms []replay.Metrics) *replay.Metrics {
	for i := range ms {
		if ms[i].Engine == BaseEngine {
			return &ms[i]
		}
	}
	return nil
}

// breakEven describes where m's DeepSeek-model cost crosses base's.
func breakEven(m, base *replay.Metrics) string {
	if base == nil || m.Engine == base.Engine {
		return "—"
	}
	be, ok := m.BreakEven(base)
	if !ok {
		switch c, b := m.Cost(0.1), base.Cost(0.1); {
		case c < b:
			return "cheaper at every ρ"
		case c > b:
			return "dearer at every ρ"
		}
		return "equal"
	}
	if be.InUnit {
		if be.ACheaperBelow {
			return fmt.Sprintf("%.3f (cheaper below)", be.Rho)
		}
		return fmt.Sprintf("%.3f (cheaper above)", be.Rho)
	}
	// The lines cross outside [0, 1], where no cache price lies: only the
	// side matters.
	if m.Cost(0.5) < base.Cost(0.5) {
		return "cheaper at every ρ"
	}
	return "dearer at every ρ"
}

// headline is the one-line description of a run.
func headline(r *bench.Report) string {
	s := fmt.Sprintf("ef bench: %d sessions (%s), window %s %s tokens, persona %s, seed %d",
		len(r.Sessions), r.Corpus, digits.Group(r.Window), r.Meter, r.Persona, r.Seed)
	if r.MaxSteps > 0 {
		s += fmt.Sprintf(", max %d requests per session", r.MaxSteps)
	}
	if r.LimitSessions > 0 {
		s += fmt.Sprintf(", limit %d sessions", r.LimitSessions)
	}
	return s + fmt.Sprintf(" — %s", r.Elapsed.Round(100*time.Millisecond))
}

// row is one engine's cells of the four tables.
type row struct {
	cost, folds, quality, rfc []string
}

var (
	costHead    = []string{"engine", "requests", "input tok", "peak ctx", "over W", "hit DS", "hit AN", "conv ρ=.1", "fold ρ=.1", "total ρ=.02", "ρ=.1", "ρ=.25", "ρ=1", "AN total ρ=.1", "break-even ρ vs basic"}
	foldHead    = []string{"engine", "folds", "fold errs", "frozen mean", "frozen peak", "inval/fold", "ckpt load", "load peak", "fold p50", "fold p99", "LLM calls", "LLM in", "LLM out"}
	qualityHead = []string{"engine", "probes at end", "+ recall", "visible at checks", "stale at end", "stale at checks", "recall verified"}
	rfcHead     = []string{"engine", "authority loss", "lost/checks", "lost at end", "staleness", "stale/checks", "stale at end", "proj mem peak", "proj mid→end", "survival at end"}
)

// rfc26 is one engine's EF-RFC-001 §26 cells (see RFCLegend).
func rfc26(m *replay.Metrics) []string {
	proj, growth := "n/a", "n/a"
	if m.Projection.Reported {
		proj = fmt.Sprintf("%s B, %d anchors", tok(float64(m.Projection.PeakBytes)), m.Projection.PeakAnchors)
		growth = fmt.Sprintf("%s→%s B", tok(float64(m.Projection.HalfBytes)), tok(float64(m.Projection.FinalBytes)))
	}
	return []string{m.Engine, rate(m.AuthorityLost, m.AuthorityChecks), frac(m.AuthorityLost, m.AuthorityChecks), frac(m.AuthorityLostAtEnd, m.AuthorityAtEnd),
		rate(m.CheckStale, m.Checks), frac(m.CheckStale, m.Checks), frac(m.StaleAtEnd, m.Probes), proj, growth, frac(m.ProbesAtEnd, m.Probes)}
}

// kindHead and kindRows break the probes down by kind: at the end, visible
// and stale, and over the checks, stale and lost.
var kindHead = []string{"kind", "engine", "probes", "at end", "stale at end", "stale checks", "lost checks"}

func kindRows(ms []replay.Metrics) [][]string {
	kinds := map[string]bool{}
	var order []string
	for i := range ms {
		for _, k := range ms[i].Kinds() {
			if !kinds[k] {
				kinds[k] = true
				order = append(order, k)
			}
		}
	}
	slices.Sort(order)
	var out [][]string
	for _, k := range order {
		for i := range ms {
			ks := ms[i].ByKind[k]
			if ks == nil {
				continue
			}
			out = append(out, []string{k, ms[i].Engine, fmt.Sprint(ks.Probes), fmt.Sprint(ks.AtEnd), fmt.Sprint(ks.StaleAtEnd), frac(ks.Stale, ks.Checks), fmt.Sprint(ks.Lost)})
		}
	}
	return out
}

func rows(r *bench.Report, ms []replay.Metrics) []row {
	base := baseOf(ms)
	out := make([]row, 0, len(ms))
	for i := range ms {
		m := &ms[i]
		out = append(out, row{
			cost: []string{m.Engine, fmt.Sprint(m.Requests), tok(float64(m.InputTokens)), tok(float64(m.PeakContext)), fmt.Sprint(m.OverWindow),
				pct(m.DeepSeek.Hit, m.DeepSeek.Hit+m.DeepSeek.Miss), pct(m.Anthropic.Hit, m.Anthropic.Hit+m.Anthropic.Miss),
				tok(m.ConversationCost(0.1)), tok(m.FoldCost(0.1)),
				tok(m.Cost(replay.Rhos[0])), tok(m.Cost(replay.Rhos[1])), tok(m.Cost(replay.Rhos[2])), tok(m.Cost(replay.Rhos[3])),
				tok(m.AnthropicCost(0.1)), breakEven(m, base)},
			folds: []string{m.Engine, folds(m), fmt.Sprint(m.FoldErrors), tok(m.FrozenPrefixMean), tok(float64(m.FrozenPrefixPeak)),
				tok(m.InvalidatedPerFold), tok(m.CheckpointLoadMean), tok(float64(m.CheckpointLoadPeak)), dur(m.FoldLatencyP50), dur(m.FoldLatencyP99),
				fmt.Sprint(m.SummaryCalls), tok(float64(m.SummaryInputTokens)), tok(float64(m.SummaryOutputTokens))},
			quality: []string{m.Engine, frac(m.ProbesAtEnd, m.Probes), frac(m.ProbesAtEnd+m.ProbesRecover, m.Probes), pct(m.CheckVisible, m.Checks),
				frac(m.StaleAtEnd, m.Probes), pct(m.CheckStale, m.Checks), frac(m.RecallVerified, m.RecallChecked)},
			rfc: rfc26(m),
		})
	}
	return out
}

// bySource groups the sessions by source (synth, or the trajectory format)
// and returns one row per source: its name, session count and, per engine,
// input tokens and the DeepSeek-model cost at ρ = 0.1. Nil when the run has
// only one source.
func bySource(r *bench.Report) (head []string, out [][]string) {
	var order []string
	groups := map[string][]*bench.SessionRun{}
	for _, s := range r.Sessions {
		if _, ok := groups[s.Source]; !ok {
			order = append(order, s.Source)
		}
		groups[s.Source] = append(groups[s.Source], s)
	}
	if len(order) < 2 {
		return nil, nil
	}
	head = []string{"source", "sessions"}
	for _, e := range r.Engines {
		head = append(head, e+" input", "ρ=.1")
	}
	for _, src := range order {
		row := []string{src, fmt.Sprint(len(groups[src]))}
		for i, e := range r.Engines {
			var rs []*replay.Result
			for _, s := range groups[src] {
				rs = append(rs, s.Results[i])
			}
			m := replay.MeasureAll(e, rs)
			m.OutputPrice = r.OutputPrice
			row = append(row, tok(float64(m.InputTokens)), tok(m.Cost(0.1)))
		}
		out = append(out, row)
	}
	return head, out
}

// verdict is one line per engine comparing it with basic: input tokens and
// cost at ρ = 0.1 relative to basic, and probes kept.
func verdict(r *bench.Report) []string {
	base, ok := r.Total(BaseEngine)
	if !ok || base.InputTokens == 0 {
		return nil
	}
	rel := func(a, b float64) string {
		if b == 0 {
			return "—"
		}
		return fmt.Sprintf("%+.1f%%", 100*(a-b)/b)
	}
	var out []string
	for i := range r.Totals {
		m := &r.Totals[i]
		if m.Engine == BaseEngine {
			continue
		}
		s := fmt.Sprintf("%s vs basic: input %s, total cost at ρ=0.1 %s", m.Engine, rel(float64(m.InputTokens), float64(base.InputTokens)), rel(m.Cost(0.1), base.Cost(0.1)))
		if m.Probes > 0 {
			s += fmt.Sprintf(", probes at end %d vs %d", m.ProbesAtEnd, base.ProbesAtEnd)
			if m.ProbesRecover > 0 {
				s += fmt.Sprintf(" (+%d through recall)", m.ProbesRecover)
			}
		}
		out = append(out, s)
	}
	return out
}

// missLine describes where an engine's prefix misses come from: each
// cause's tokens and share of all tokens after the frozen prefixes, and,
// for a fold mode's causes, the tokens per fold of that mode.
func missLine(m *replay.Metrics) string {
	total := 0
	var keys []string
	for k, v := range m.Misses {
		total += v
		keys = append(keys, k)
	}
	if total == 0 {
		return "—"
	}
	slices.SortFunc(keys, func(a, b string) int { return m.Misses[b] - m.Misses[a] })
	var parts []string
	for _, k := range keys {
		v := m.Misses[k]
		part := fmt.Sprintf("%s %s (%.0f%%", k, tok(float64(v)), 100*float64(v)/float64(total))
		if _, mode, ok := strings.Cut(k, "/"); ok && m.Folds[mode] > 0 {
			part += fmt.Sprintf(", %s/fold", tok(float64(v)/float64(m.Folds[mode])))
		}
		parts = append(parts, part+")")
	}
	return strings.Join(parts, ", ")
}
