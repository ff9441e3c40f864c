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
		{rfcHead, func(x row) []string { return x.rfc }},
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
	b.WriteString("prompt tokens after the frozen prefix, by cause:\n")
	for i := range r.Totals {
		fmt.Fprintf(&b, "  %-*s  %s\n", nameWidth, r.Totals[i].Engine, missLine(&r.Totals[i]))
	}
	b.WriteByte('\n')
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
	if n := groundTruthNote(r); n != "" {
		b.WriteString("\n" + n + "\n")
	}
	if len(r.Skipped) > 0 {
		fmt.Fprintf(&b, "\nskipped %d:\n", len(r.Skipped))
		for _, s := range r.Skipped {
			fmt.Fprintf(&b, "  %s\n", s)
		}
	}
	if len(r.Notes) > 0 {
		b.WriteString("\nnotes:\n")
		for _, s := range r.Notes {
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
stale: a superseded state shown as current. Recall verified: checkpoints whose bundle verifies and
archives the folded messages byte-exact. Fold latency is wall clock; every other number is reproducible
from the seed.
` + RFCLegend

// RFCLegend defines the EF-RFC-001 §26 figures of the fourth table.
const RFCLegend = `
EF-RFC-001 §26 figures, judged on the text the model would see (every surface message, in order):
- Statement: one sentence of one line of a message, read with its section heading ("Open failures:",
  "Traceback (most recent call last):"). A statement is about a planted item when it names the item's
  subject (the setting's key, the rule's directory, the test, script or target, the decision's
  component, the rejected approach, the suspected file) and says something about it: a value, or a
  state in ordinary words (a rule: never/do not/不要 vs may now/no longer/解除; a failure:
  FAIL/error/traceback/失败 vs PASS/fixed/通过, with "unverified"/"claimed"/未验证 meaning still open;
  a hypothesis: suspect/probably/可能 vs confirmed/root cause/确认; an obligation: remember/must/记得;
  a rejected approach: ruled out/dead end/不可行). A value right after "from", "was", "instead of", 从,
  不再使用, or right before "to", "→", 改成, is marked replaced; any other mention states it as current.
- Authority loss: at every request after an item is planted, each normative (rule in force), decision
  (current decision, rejected approach) or open (failure not fixed by its own passing run, obligation)
  anchor is checked; "lost" counts checks where the message that stated it is no longer on the
  surface (folded, pruned) and no statement shows its current state. Rate = lost / checks; "at end":
  anchors lost in the final context, of those binding at the end.
- Staleness: a check is stale when the last statement about the item states a superseded state and
  not the current one (a replaced value, a rule lifted since, a failure fixed since, or the reverse: a
  failure or hypothesis called fixed/confirmed with no evidence), or when one message states the
  current value and an old one as current without marking the old one replaced ("timeout = 30" beside
  "timeout = 60"). The assistant's own words never move a failure or hypothesis (§15, §17); nor do
  sections an engine labels narrative ("not verified state"); a checkpoint's other text counts in full.
- Proj mem: the engine's projection (hot epistemic state) at its peak over any session, in bytes and
  anchors, and summed at the middle and the end of the sessions (bounded: end ≈ middle; linear in
  history: end ≈ 2 × middle); n/a for engines without one.
- Survival: planted items whose current state the final context states, of all planted.

Prompt tokens after the frozen prefix (what a prefix cache cannot serve), by cause: "new" messages
appended since the previous request; "ckpt/<mode>" nodes the step's folds wrote; "resent/<mode>" nodes
the previous request already held that now follow a changed prefix (the retained tail after a fold
point, the frozen checkpoints after a root merge); "header" a changed system prompt. <mode> is the
costliest fold of the step; "/fold" divides by that mode's folds.
`
