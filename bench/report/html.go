package report

import (
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/epistemicfold/ef/bench"
	"github.com/epistemicfold/ef/bench/replay"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/atomicfile"
)

// HTMLFile is the name of the page HTML writes into its directory.
const HTMLFile = "index.html"

// HTML writes the run as a self-contained page, dir/index.html (creating
// dir), and returns its path.
func HTML(dir string, r *bench.Report) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("report: %w", err)
	}
	p := filepath.Join(dir, HTMLFile)
	// Crash-atomic: the page is the new one, the old one or absent.
	if err := atomicfile.WriteFile(p, true, 0o644, func(w io.Writer) error { return WriteHTML(w, r) }); err != nil {
		return "", fmt.Errorf("report: %w", err)
	}
	return p, nil
}

var palette = map[string]string{"none": "#8c8c8c", "basic": "#d62728", "mask": "#ff7f0e", "ef": "#1f77b4"}

var fallback = []string{"#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf"}

func color(engine string, i int) string {
	if c, ok := palette[engine]; ok {
		return c
	}
	return fallback[i%len(fallback)]
}

const css = `body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222;padding:0 1em}
h1{font-size:1.3em}h2{font-size:1.1em;margin-top:2em}h3{font-size:1em;margin:1.5em 0 .3em}
table{border-collapse:collapse;margin:.5em 0 1em;font-variant-numeric:tabular-nums}
th,td{padding:.25em .6em;border-bottom:1px solid #ddd;text-align:right}th:first-child,td:first-child{text-align:left}
th{background:#f4f4f4;font-weight:600}.legend{color:#555;font-size:.9em;white-space:pre-wrap}
svg{display:block;margin:.4em 0}svg text{font:11px system-ui,sans-serif;fill:#333}
.key span{display:inline-block;margin-right:1.2em}.key i{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:-.1em}
details{margin:.4em 0}summary{cursor:pointer}`

// WriteHTML writes the page to w.
func WriteHTML(w io.Writer, r *bench.Report) error {
	var b strings.Builder
	esc := html.EscapeString
	b.WriteString("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ef bench</title><style>")
	b.WriteString(css)
	b.WriteString("</style></head><body>\n")
	fmt.Fprintf(&b, "<h1>%s</h1>\n", esc(headline(r)))
	key(&b, r.Engines)
	if v := verdict(r); v != nil {
		b.WriteString("<ul>\n")
		for _, line := range v {
			fmt.Fprintf(&b, "<li>%s</li>\n", esc(line))
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString("<h2>Totals</h2>\n")
	rs := rows(r, r.Totals)
	table(&b, costHead, rs, func(x row) []string { return x.cost })
	table(&b, foldHead, rs, func(x row) []string { return x.folds })
	table(&b, qualityHead, rs, func(x row) []string { return x.quality })
	b.WriteString("<h3>EF-RFC-001 §26</h3>\n")
	table(&b, rfcHead, rs, func(x row) []string { return x.rfc })
	b.WriteString("<h3>Prompt tokens after the frozen prefix, by cause</h3>\n<ul>\n")
	for i := range r.Totals {
		fmt.Fprintf(&b, "<li><b>%s</b>: %s</li>\n", esc(r.Totals[i].Engine), esc(missLine(&r.Totals[i])))
	}
	b.WriteString("</ul>\n")
	if kr := kindRows(r.Totals); kr != nil {
		b.WriteString("<details><summary>probes by kind</summary>\n")
		plainTable(&b, kindHead, kr)
		b.WriteString("</details>\n")
	}
	if head, src := bySource(r); src != nil {
		b.WriteString("<h3>By source</h3>\n")
		plainTable(&b, head, src)
	}
	fmt.Fprintf(&b, "<p class=\"legend\">%s</p>\n", esc(Legend))
	if n := groundTruthNote(r); n != "" {
		fmt.Fprintf(&b, "<p class=\"legend\">%s</p>\n", esc(n))
	}

	b.WriteString("<h2>Cost against the cache price ratio ρ</h2>\n<p>Input cost over the whole corpus, in uncached-token equivalents (DeepSeek cache model); dots at ρ = 0.02, 0.1, 0.25, 1. The x axis is square-root scaled.</p>\n")
	costChart(&b, r)
	b.WriteString("<p>The same costs divided by basic's: below 1× the engine is cheaper than the host's Basic engine at that ρ; where a line crosses 1× is its break-even ρ.</p>\n")
	relChart(&b, r)
	b.WriteString("<h2>Cache hits</h2>\n<p>Input tokens of every request, split into cache hits (dark) and misses (light), for the DeepSeek (DS) and Anthropic (AN) cache models.</p>\n")
	hitChart(&b, r)

	b.WriteString("<h2>Sessions</h2>\n<p>Context size (tokens sent) at every model request; the dashed lines are the window and the pressure threshold. The scale fits the compacting engines; a line that leaves it is clipped and its peak noted.</p>\n")
	for i, s := range r.Sessions {
		fmt.Fprintf(&b, "<h3>%s <small>(%s, %d events, %d probes)</small></h3>\n", esc(s.Name), esc(s.Source), s.Events, s.Probes)
		contextChart(&b, r, s, i)
		b.WriteString("<details><summary>numbers</summary>\n")
		srs := rows(r, s.Metrics)
		table(&b, costHead, srs, func(x row) []string { return x.cost })
		table(&b, foldHead, srs, func(x row) []string { return x.folds })
		table(&b, qualityHead, srs, func(x row) []string { return x.quality })
		table(&b, rfcHead, srs, func(x row) []string { return x.rfc })
		b.WriteString("</details>\n")
	}
	if len(r.Skipped) > 0 {
		b.WriteString("<h2>Skipped</h2>\n<ul>\n")
		for _, s := range r.Skipped {
			fmt.Fprintf(&b, "<li>%s</li>\n", esc(s))
		}
		b.WriteString("</ul>\n")
	}
	if len(r.Notes) > 0 {
		b.WriteString("<h2>Notes</h2>\n<ul>\n")
		for _, s := range r.Notes {
			fmt.Fprintf(&b, "<li>%s</li>\n", esc(s))
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func key(b *strings.Builder, engines []string) {
	b.WriteString("<p class=\"key\">")
	for i, e := range engines {
		fmt.Fprintf(b, "<span><i style=\"background:%s\"></i>%s</span>", color(e, i), html.EscapeString(e))
	}
	b.WriteString("</p>\n")
}

func table(b *strings.Builder, head []string, rs []row, get func(row) []string) {
	cells := make([][]string, len(rs))
	for i, x := range rs {
		cells[i] = get(x)
	}
	plainTable(b, head, cells)
}

// plainTable writes a table of cells.
func plainTable(b *strings.Builder, head []string, cells [][]string) {
	b.WriteString("<table><tr>")
	for _, h := range head {
		fmt.Fprintf(b, "<th>%s</th>", html.EscapeString(h))
	}
	b.WriteString("</tr>\n")
	for _, row := range cells {
		b.WriteString("<tr>")
		for _, c := range row {
			fmt.Fprintf(b, "<td>%s</td>", html.EscapeString(c))
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>\n")
}

// plot maps data coordinates into an SVG drawing area.
type plot struct {
	w, h, left, right, top, bottom float64
	x0, x1, y0, y1                 float64
	fx                             func(float64) float64 // x axis scale
}

func (p plot) X(x float64) float64 {
	f := p.fx
	if f == nil {
		f = func(v float64) float64 { return v }
	}
	return p.left + (f(x)-f(p.x0))/(f(p.x1)-f(p.x0))*(p.w-p.left-p.right)
}

func (p plot) Y(y float64) float64 {
	return p.h - p.bottom - (y-p.y0)/(p.y1-p.y0)*(p.h-p.top-p.bottom)
}

func (p plot) open(b *strings.Builder, label string) {
	fmt.Fprintf(b, "<svg width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"%s\">\n", p.w, p.h, p.w, p.h, html.EscapeString(label))
	fmt.Fprintf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>\n", p.left, p.h-p.bottom, p.w-p.right, p.h-p.bottom)
	fmt.Fprintf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>\n", p.left, p.top, p.left, p.h-p.bottom)
}

// yTicks draws about four labelled horizontal grid lines.
func (p plot) yTicks(b *strings.Builder) {
	step := niceStep((p.y1 - p.y0) / 4)
	for v := math.Ceil(p.y0/step) * step; v <= p.y1+1e-9; v += step {
		y := p.Y(v)
		fmt.Fprintf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#eee\"/>", p.left, y, p.w-p.right, y)
		fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", p.left-4, y+4, tok(v))
	}
}

func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if raw <= m*mag {
			return m * mag
		}
	}
	return 10 * mag
}

// spread moves label positions apart by at least gap, keeping their order.
func spread(ys []float64, gap float64) []float64 {
	idx := make([]int, len(ys))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return ys[idx[a]] < ys[idx[b]] })
	out := slices.Clone(ys)
	for k := 1; k < len(idx); k++ {
		if prev := out[idx[k-1]]; out[idx[k]] < prev+gap {
			out[idx[k]] = prev + gap
		}
	}
	return out
}

// rhoAxis labels the square-root scaled ρ axis.
func rhoAxis(b *strings.Builder, p plot) {
	for _, rho := range []float64{0, 0.02, 0.1, 0.25, 0.5, 1} {
		fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n", p.X(rho), p.h-p.bottom+16, rho)
	}
	fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">cache price ratio ρ</text>\n", (p.left+p.w-p.right)/2, p.h-4)
}

// curve draws f over ρ in [0, 1], with dots at the reported ρ values, and
// returns the y of its right end.
func curve(b *strings.Builder, p plot, c, name string, f func(float64) float64) float64 {
	var pts []string
	for k := 0; k <= 50; k++ {
		rho := float64(k*k) / 2500
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", p.X(rho), p.Y(f(rho))))
	}
	fmt.Fprintf(b, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>\n", c, strings.Join(pts, " "))
	for _, rho := range replay.Rhos {
		fmt.Fprintf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s ρ=%g: %.4g</title></circle>\n", p.X(rho), p.Y(f(rho)), c, html.EscapeString(name), rho, f(rho))
	}
	return p.Y(f(1))
}

func costChart(b *strings.Builder, r *bench.Report) {
	p := plot{w: 760, h: 310, left: 64, right: 130, top: 12, bottom: 40, x0: 0, x1: 1, fx: math.Sqrt}
	for _, m := range r.Totals {
		p.y1 = math.Max(p.y1, m.Cost(1))
	}
	if p.y1 == 0 {
		p.y1 = 1
	}
	p.open(b, "cost against rho")
	p.yTicks(b)
	rhoAxis(b, p)
	var ends []float64
	for i, m := range r.Totals {
		ends = append(ends, curve(b, p, color(m.Engine, i), m.Engine, m.Cost))
	}
	for i, y := range spread(ends, 13) {
		m := r.Totals[i]
		fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%s %s</text>\n", p.w-p.right+6, y+4, color(m.Engine, i), html.EscapeString(m.Engine), tok(m.Cost(1)))
	}
	b.WriteString("</svg>\n")
}

// relChart draws each engine's cost divided by the base engine's: below 1
// the engine is cheaper; a crossing of 1 is the break-even ρ.
func relChart(b *strings.Builder, r *bench.Report) {
	base := baseOf(r.Totals)
	if base == nil || base.InputTokens == 0 {
		b.WriteString("<p>(no basic engine in this run)</p>\n")
		return
	}
	ratio := func(m *replay.Metrics) func(float64) float64 {
		return func(rho float64) float64 { return m.Cost(rho) / base.Cost(rho) }
	}
	p := plot{w: 760, h: 260, left: 64, right: 130, top: 12, bottom: 40, x0: 0, x1: 1, fx: math.Sqrt, y0: 1, y1: 1}
	for i := range r.Totals {
		f := ratio(&r.Totals[i])
		for _, rho := range []float64{0, 0.02, 0.1, 0.25, 1} {
			p.y0, p.y1 = math.Min(p.y0, f(rho)), math.Max(p.y1, f(rho))
		}
	}
	// Keep the interesting band readable: no engine may squash the others.
	p.y0, p.y1 = math.Max(p.y0, 0)*0.95, math.Min(p.y1, 3)*1.05
	p.open(b, "cost relative to basic against rho")
	fmt.Fprintf(b, "<defs><clipPath id=\"relclip\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/></clipPath></defs>\n", p.left, p.top, p.w-p.left-p.right, p.h-p.top-p.bottom)
	for _, v := range []float64{0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3} {
		if v < p.y0 || v > p.y1 {
			continue
		}
		dash := ""
		if v == 1 {
			dash = " stroke-dasharray=\"4 3\" stroke=\"#555\""
		} else {
			dash = " stroke=\"#eee\""
		}
		fmt.Fprintf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"%s/><text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g×</text>\n", p.left, p.Y(v), p.w-p.right, p.Y(v), dash, p.left-4, p.Y(v)+4, v)
	}
	rhoAxis(b, p)
	var ends []float64
	b.WriteString("<g clip-path=\"url(#relclip)\">\n")
	for i := range r.Totals {
		m := &r.Totals[i]
		y := curve(b, p, color(m.Engine, i), m.Engine, ratio(m))
		ends = append(ends, math.Max(p.top, math.Min(p.h-p.bottom, y)))
	}
	b.WriteString("</g>\n")
	for i, y := range spread(ends, 13) {
		m := &r.Totals[i]
		fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%s %.2f×</text>\n", p.w-p.right+6, y+4, color(m.Engine, i), html.EscapeString(m.Engine), ratio(m)(1))
	}
	b.WriteString("</svg>\n")
}

func hitChart(b *strings.Builder, r *bench.Report) {
	const barH, gap = 14.0, 10.0
	maxIn := 1
	for _, m := range r.Totals {
		maxIn = max(maxIn, m.InputTokens)
	}
	h := float64(len(r.Totals))*(2*barH+gap) + 20
	p := plot{w: 760, h: h, left: 90, right: 150, top: 4, bottom: 16, x0: 0, x1: float64(maxIn), y0: 0, y1: 1}
	fmt.Fprintf(b, "<svg width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"cache hits\">\n", p.w, p.h, p.w, p.h)
	y := p.top
	for i, m := range r.Totals {
		c := color(m.Engine, i)
		fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", p.left-6, y+barH+4, html.EscapeString(m.Engine))
		for k, u := range []struct {
			name      string
			hit, miss int
		}{{"DS", m.DeepSeek.Hit, m.DeepSeek.Miss}, {"AN", m.Anthropic.Hit, m.Anthropic.Miss}} {
			yy := y + float64(k)*barH
			xh := p.X(float64(u.hit))
			xm := p.X(float64(u.hit + u.miss))
			fmt.Fprintf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s hits %s</title></rect>", p.left, yy, xh-p.left, barH-2, c, u.name, tok(float64(u.hit)))
			fmt.Fprintf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" fill-opacity=\".3\"><title>%s misses %s</title></rect>", xh, yy, xm-xh, barH-2, c, u.name, tok(float64(u.miss)))
			fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.1f\">%s %s hit of %s</text>\n", xm+4, yy+barH-3, u.name, pct(u.hit, u.hit+u.miss), tok(float64(u.hit+u.miss)))
		}
		y += 2*barH + gap
	}
	b.WriteString("</svg>\n")
}

// maxPoints bounds the points of one line of a context chart.
const maxPoints = 400

func contextChart(b *strings.Builder, r *bench.Report, s *bench.SessionRun, id int) {
	// Scale to the compacting engines: no compaction grows far past the
	// window and would flatten every other line; it is clipped and its
	// peak written instead.
	n, top, offTop := 0, float64(r.Window), map[string]int{}
	for _, res := range s.Results {
		n = max(n, len(res.Steps))
		if res.Engine == "none" {
			continue
		}
		for _, st := range res.Steps {
			top = math.Max(top, float64(st.Tokens))
		}
	}
	for _, res := range s.Results {
		for _, st := range res.Steps {
			if float64(st.Tokens) > top*1.05 {
				offTop[res.Engine] = max(offTop[res.Engine], st.Tokens)
			}
		}
	}
	if n < 2 {
		b.WriteString("<p>(fewer than two requests)</p>\n")
		return
	}
	p := plot{w: 760, h: 230, left: 64, right: 16, top: 22, bottom: 28, x0: 0, x1: float64(n - 1), y0: 0, y1: top * 1.05}
	p.open(b, "context size over requests: "+s.Name)
	p.yTicks(b)
	for _, v := range []float64{float64(r.Window), hostshim.PressureRatio * float64(r.Window)} {
		fmt.Fprintf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#555\" stroke-dasharray=\"4 3\"/>\n", p.left, p.Y(v), p.w-p.right, p.Y(v))
	}
	fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">request (1–%d)</text>\n", (p.left+p.w-p.right)/2, p.h-6, n)
	clip := fmt.Sprintf("ctx%d", id)
	fmt.Fprintf(b, "<defs><clipPath id=\"%s\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/></clipPath></defs><g clip-path=\"url(#%s)\">\n", clip, p.left, p.top, p.w-p.left-p.right, p.h-p.top-p.bottom, clip)
	for i, res := range s.Results {
		stride := max(1, (len(res.Steps)+maxPoints-1)/maxPoints)
		var pts []string
		for k := 0; k < len(res.Steps); k += stride {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", p.X(float64(k)), p.Y(float64(res.Steps[k].Tokens))))
		}
		if last := len(res.Steps) - 1; last%stride != 0 {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", p.X(float64(last)), p.Y(float64(res.Steps[last].Tokens))))
		}
		fmt.Fprintf(b, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"%s\"><title>%s</title></polyline>\n", color(res.Engine, i), strings.Join(pts, " "), html.EscapeString(res.Engine))
	}
	b.WriteString("</g>\n")
	x := p.w - p.right
	for i := len(s.Results) - 1; i >= 0; i-- {
		res := s.Results[i]
		if peak, ok := offTop[res.Engine]; ok {
			label := fmt.Sprintf("%s off scale, peak %s", res.Engine, tok(float64(peak)))
			fmt.Fprintf(b, "<text x=\"%.1f\" y=\"12\" text-anchor=\"end\" fill=\"%s\">%s</text>\n", x, color(res.Engine, i), html.EscapeString(label))
			x -= 7*float64(len(label)) + 12
		}
	}
	b.WriteString("</svg>\n")
}
