package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/epistemicfold/ef/bench"
)

// Table writes the run's totals as three aligned tables (cost and cache,
// folds and prefix stability, planted facts and recall) and a legend.
func Table(w io.Writer, r *bench.Report) error {
	var b strings.Builder
	b.WriteString(headline(r))
	b.WriteString("\n")
	for _, v := range verdict(r) {
		b.WriteString("  " + v + "\n")
	}
	b.WriteString("\n")
	rs := rows(r, r.Totals)
	nameWidth := len("engine")
	for _, m := range r.Totals {
		nameWidth = max(nameWidth, len(m.Engine))
	}
	for _, t := range []struct {
		head []string
		get  func(row) []string
	}{
		{costHead, func(x row) []string { return x.cost }},
		{foldHead, func(x row) []string { return x.folds }},
		{qualityHead, func(x row) []string { return x.quality }},
	} {
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		line := func(cells []string) {
			for i, c := range cells {
				if i == 0 {
					// The engine name reads better flush left.
					c = fmt.Sprintf("%-*s", nameWidth, c)
				}
				fmt.Fprint(tw, c, "\t")
			}
			fmt.Fprintln(tw)
		}
		line(t.head)
		for _, x := range rs {
			line(t.get(x))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		b.WriteByte('\n')
	}
	if head, src := bySource(r); src != nil {
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		all := append([][]string{head}, src...)
		w := 0
		for _, cells := range all {
			w = max(w, len(cells[0]))
		}
		for _, cells := range all {
			// Left-align the source names in a right-aligned table.
			first := fmt.Sprintf("%-*s", w, cells[0])
			fmt.Fprint(tw, first, "\t", strings.Join(cells[1:], "\t"), "\t\n")
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		b.WriteByte('\n')
	}
	b.WriteString(Legend)
	if len(r.Skipped) > 0 {
		fmt.Fprintf(&b, "\nskipped %d:\n", len(r.Skipped))
		for _, s := range r.Skipped {
			fmt.Fprintf(&b, "  %s\n", s)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Legend explains the columns.
const Legend = `Costs are in uncached input tokens; a cache hit costs ρ. Conv: the conversation's own requests. Fold:
the summarizer's LLM calls, each priced as a request (header + the surface up to the end of the span it
summarizes, a prefix of the conversation's request, + a 256-token instruction) through the same cache,
plus its output tokens at the output price (--output-price, default 4× an uncached input token, about
DeepSeek's list prices). Total = conv + fold; EF's leaf checkpoints are deterministic and call no LLM
unless its optional semantic digest is on. DeepSeek model (DS): hits are whole 64-token blocks of the
longest prefix shared with any earlier request. Anthropic model (AN): cache_control breakpoints, every
engine the same placement: the end of the request, the end of the system prompt and the end of the run
of summaries/checkpoints after it; a hit is the longest prefix an earlier request wrote at a breakpoint
(at least 1,024 tokens), writes +0.25. Break-even ρ: where the engine's and basic's total DeepSeek-model
costs are equal. Frozen: prompt prefix byte-identical to the previous request. Inval/fold: the previous
request's tokens after that prefix, per fold. Ckpt load/peak: tokens of the run of summaries or
checkpoints right after the system prompt, mean and peak per request. LLM calls/in/out: summarizer calls (failed folds
included), their prompt and output tokens. Probes: planted facts visible in the context at the end ("+
recall": or found by context_search and exact context_recall), and at every request after planting;
stale: a superseded value shown as current. Recall verified: checkpoints whose bundle verifies and
archives the folded messages byte-exact. Fold latency is wall clock; every other number is reproducible
from the seed.
`
