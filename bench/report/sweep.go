package report

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/epistemicfold/ef/bench"
)

// A sweep is several runs of the same engines over windows × personas ×
// corpora (ef bench --sweep). Each run keeps its own report; the sweep
// table puts one line per run and engine side by side, with every cost
// also relative to basic's in the same run.

// sweepHead are the columns of the sweep table.
var sweepHead = []string{"corpus", "window", "persona", "engine", "total ρ=.1", "vs basic", "hit billed", "hit conv", "hit max", "over W", "folds",
	"probes at end", "authority loss", "staleness"}

// sweepRows returns one row per run and engine.
func sweepRows(runs []*bench.Report) [][]string {
	var out [][]string
	for _, r := range runs {
		base, _ := r.Total(BaseEngine)
		for i := range r.Totals {
			m := &r.Totals[i]
			vs := "—"
			if base != nil && base.Cost(0.1) > 0 {
				vs = fmt.Sprintf("%.3f×", m.Cost(0.1)/base.Cost(0.1))
			}
			out = append(out, []string{corpusName(r.Corpus), fmt.Sprint(r.Window), r.Persona, m.Engine,
				tok(m.Cost(0.1)), vs, pct(m.Billed().Hit, m.Billed().Hit+m.Billed().Miss), pct(m.DeepSeek.Hit, m.DeepSeek.Hit+m.DeepSeek.Miss),
				fmt.Sprintf("%.2f%%", 100*m.HitCeiling()), fmt.Sprint(m.OverWindow), fmt.Sprint(m.TotalFolds()),
				frac(m.ProbesAtEnd, m.Probes), rate(m.AuthorityLost, m.AuthorityChecks), rate(m.CheckStale, m.Checks)})
		}
	}
	return out
}

// SweepGoals are the hit rates whose cost floors the sweep prints (issue
// 13's goals: 93% at 16K, 95% at 32K).
var SweepGoals = []float64{0.93, 0.95}

// floorHead are the columns of the sweep's cost-floor table.
var floorHead = []string{"corpus", "window", "persona", "engine", "first-sent", "total ρ=.1", "vs basic", "floor @93%", "vs basic", "floor @95%", "vs basic"}

// floorRows returns, per run, EF's (or, without EF, every engine's) cost
// floors at SweepGoals next to its cost, each relative to basic's total.
func floorRows(runs []*bench.Report) [][]string {
	var out [][]string
	for _, r := range runs {
		base, _ := r.Total(BaseEngine)
		rel := func(x float64) string {
			if base == nil || base.Cost(0.1) <= 0 {
				return "—"
			}
			return fmt.Sprintf("%.3f×", x/base.Cost(0.1))
		}
		for i := range r.Totals {
			m := &r.Totals[i]
			if m.Engine == BaseEngine || m.Engine == "none" {
				continue
			}
			row := []string{corpusName(r.Corpus), fmt.Sprint(r.Window), r.Persona, m.Engine, tok(float64(m.FirstSent())), tok(m.Cost(0.1)), rel(m.Cost(0.1))}
			for _, h := range SweepGoals {
				f := m.CostFloorAt(h, 0.1)
				row = append(row, tok(f), rel(f))
			}
			out = append(out, row)
		}
	}
	return out
}

// corpusName shortens a corpus directory to its last element.
func corpusName(c string) string {
	if c == "built-in" {
		return c
	}
	return filepath.Base(filepath.Clean(c))
}

// SweepTable writes one aligned line per run and engine, and a legend.
func SweepTable(w io.Writer, runs []*bench.Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "ef bench --sweep: %d runs\n\n", len(runs))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	for _, row := range append([][]string{sweepHead}, sweepRows(runs)...) {
		fmt.Fprint(tw, strings.Join(row, "\t"), "\t\n")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	b.WriteString("\n" + SweepLegend + "\n")
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	for _, row := range append([][]string{floorHead}, floorRows(runs)...) {
		fmt.Fprint(tw, strings.Join(row, "\t"), "\t\n")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	b.WriteString("\n" + FloorLegend)
	_, err := io.WriteString(w, b.String())
	return err
}

// SweepLegend explains the sweep table.
const SweepLegend = `Total ρ=.1: the DeepSeek-model total cost (conversation and summarizer calls) at a cache price ratio of 0.1,
in uncached input tokens; vs basic: divided by basic's in the same run. Hit billed: the DeepSeek-model
cache hit rate as a provider reports it, cached prompt tokens over all prompt tokens billed, summed over
every request of every session, the summarizer's calls included (a hit is the longest prefix shared with
any earlier request, in whole 64-token blocks); hit conv: the same over the conversation's own requests;
hit max: the conversation's hit rate if folds cost no misses at all (each prompt less its first-sent
tokens, in whole 64-token blocks).
Over W: requests still larger than the window. Authority loss and staleness are the EF-RFC-001 §26
figures of a single run (see its report); probes at end: planted items current in the final context.
`

// FloorLegend explains the cost-floor table.
const FloorLegend = `First-sent: the conversation's prompt tokens no policy can serve from cache (messages sent for the first
time, a changed request header). A conversation whose hit rate is at least h sends at least
first-sent/(1−h) prompt tokens, h of them cached, so it costs at least first-sent·(1 + ρ·h/(1−h)) at ρ
(floor @h, summarizer calls left out). Where a floor is above a cost goal, no fold policy meets the hit
goal and the cost goal together on that run: a higher hit rate is bought with more context.
`

// SweepJSON writes the runs as a JSON array of run documents (see
// ReportJSON).
func SweepJSON(w io.Writer, runs []*bench.Report) error {
	docs := make([]*ReportJSON, 0, len(runs))
	for _, r := range runs {
		docs = append(docs, Build(r))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(docs)
}

// SweepHTML writes dir/index.html with the sweep table and a cost chart per
// corpus and persona, and each run's own page under dir/<run>/index.html,
// linked from the table. It returns the index's path.
func SweepHTML(dir string, runs []*bench.Report) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("report: %w", err)
	}
	var b strings.Builder
	esc := html.EscapeString
	b.WriteString("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ef bench --sweep</title><style>")
	b.WriteString(css)
	b.WriteString("</style></head><body>\n")
	fmt.Fprintf(&b, "<h1>ef bench --sweep: %d runs</h1>\n", len(runs))
	var engines []string
	if len(runs) > 0 {
		engines = runs[0].Engines
	}
	key(&b, engines)
	b.WriteString("<table><tr>")
	for _, h := range append(sweepHead, "report") {
		fmt.Fprintf(&b, "<th>%s</th>", esc(h))
	}
	b.WriteString("</tr>\n")
	rows := sweepRows(runs)
	k := 0
	for i, r := range runs {
		sub := runDir(r, i)
		if _, err := HTML(filepath.Join(dir, sub), r); err != nil {
			return "", err
		}
		for range r.Totals {
			b.WriteString("<tr>")
			for _, c := range rows[k] {
				fmt.Fprintf(&b, "<td>%s</td>", esc(c))
			}
			fmt.Fprintf(&b, "<td><a href=\"%s/%s\">run</a></td></tr>\n", esc(sub), HTMLFile)
			k++
		}
	}
	b.WriteString("</table>\n")
	fmt.Fprintf(&b, "<p class=\"legend\">%s</p>\n", esc(SweepLegend))
	b.WriteString("<h2>Cost floors of the hit-rate goals</h2>\n")
	plainTable(&b, floorHead, floorRows(runs))
	fmt.Fprintf(&b, "<p class=\"legend\">%s</p>\n", esc(FloorLegend))
	sweepCharts(&b, runs)
	b.WriteString("</body></html>\n")
	p := filepath.Join(dir, HTMLFile)
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		return "", fmt.Errorf("report: %w", err)
	}
	return p, nil
}

// runDir names a run's subdirectory.
func runDir(r *bench.Report, i int) string {
	name := fmt.Sprintf("%02d-%s-%d-%s", i+1, corpusName(r.Corpus), r.Window, r.Persona)
	return strings.Map(func(c rune) rune {
		if c == '/' || c == '\\' || c == ' ' {
			return '_'
		}
		return c
	}, name)
}

// sweepCharts draws, per corpus and persona, each engine's cost relative
// to basic's against the window.
func sweepCharts(b *strings.Builder, runs []*bench.Report) {
	type group struct{ corpus, persona string }
	var order []group
	by := map[group][]*bench.Report{}
	for _, r := range runs {
		g := group{corpusName(r.Corpus), r.Persona}
		if _, ok := by[g]; !ok {
			order = append(order, g)
		}
		by[g] = append(by[g], r)
	}
	for _, g := range order {
		rs := by[g]
		if len(rs) < 2 {
			continue
		}
		fmt.Fprintf(b, "<h3>%s, %s: total cost at ρ = 0.1 relative to basic, by window</h3>\n", html.EscapeString(g.corpus), html.EscapeString(g.persona))
		p := plot{w: 760, h: 240, left: 64, right: 130, top: 12, bottom: 40, x0: 0, x1: float64(len(rs) - 1), y0: 0, y1: 1.2}
		ratios := map[string][]float64{}
		for _, r := range rs {
			base, ok := r.Total(BaseEngine)
			for i := range r.Totals {
				m := &r.Totals[i]
				v := 0.0
				if ok && base.Cost(0.1) > 0 {
					v = m.Cost(0.1) / base.Cost(0.1)
				}
				ratios[m.Engine] = append(ratios[m.Engine], v)
				p.y1 = max(p.y1, v*1.05)
			}
		}
		p.y1 = min(p.y1, 3)
		if p.x1 == 0 {
			p.x1 = 1
		}
		p.open(b, "cost relative to basic by window")
		p.yTicks(b)
		for i, r := range rs {
			fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", p.X(float64(i)), p.h-p.bottom+16, tok(float64(r.Window)))
		}
		for ei, e := range rs[0].Engines {
			vs := ratios[e]
			var pts []string
			for i, v := range vs {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", p.X(float64(i)), p.Y(min(v, p.y1))))
			}
			c := color(e, ei)
			fmt.Fprintf(b, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>\n", c, strings.Join(pts, " "))
			if len(vs) > 0 {
				fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%s %.2f×</text>\n", p.w-p.right+6, p.Y(min(vs[len(vs)-1], p.y1))+4, c, html.EscapeString(e), vs[len(vs)-1])
			}
		}
		b.WriteString("</svg>\n")
	}
}
