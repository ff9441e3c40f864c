package engine_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// The golden tests are data-driven: each file in testdata/golden is a
// script of commands, each followed by "----" and its expected output up to
// a blank line. EF_UPDATE=1 rewrites the expected outputs:
//
//	EF_UPDATE=1 go test -count=1 -run TestGolden ./engine/
//
// Commands:
//
//	load <file>                         a session log from testdata/sessions
//	build turns=N [gen=01|017]          a synthetic session (work())
//	engine [window=N] [retain=N] [floor=N] [factor=N] [store=mem|none]
//	surface                             the surface: position, seq, role, tokens
//	frontier                            the fold frontier
//	plan mode=M [budget=N] [pressure]   the planner's decision, without folding
//	fold mode=M [budget=N] [pressure]   fold; print the report and the checkpoint text

type goldenCase struct {
	cmd  string
	out  string
	line int
}

func parseGolden(t *testing.T, path string) (pre []string, cases []goldenCase) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	var cur *goldenCase
	inOut := false
	var out []string
	for sc.Scan() {
		n++
		l := sc.Text()
		switch {
		case inOut && l == "":
			cur.out = strings.Join(out, "\n")
			cases = append(cases, *cur)
			cur, inOut, out = nil, false, nil
		case inOut:
			out = append(out, l)
		case l == "----":
			if cur == nil {
				t.Fatalf("%s:%d: ---- without a command", path, n)
			}
			inOut = true
		case cur == nil && (l == "" || strings.HasPrefix(l, "#")):
			if len(cases) == 0 {
				pre = append(pre, l)
			}
		case cur == nil:
			cur = &goldenCase{cmd: l, line: n}
		default:
			t.Fatalf("%s:%d: command %q not followed by ----", path, n, l)
		}
	}
	if inOut {
		cur.out = strings.Join(out, "\n")
		cases = append(cases, *cur)
	}
	return pre, cases
}

type goldenEnv struct {
	t    *testing.T
	s    *hostshim.Session
	b    *enginetest.Builder
	e    *engine.Engine
	arch *enginetest.MemArchive
}

func args(fields []string) map[string]string {
	m := map[string]string{}
	for _, f := range fields {
		k, v, _ := strings.Cut(f, "=")
		m[k] = v
	}
	return m
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

func (g *goldenEnv) run(cmd string) string {
	fields := strings.Fields(cmd)
	a := args(fields[1:])
	switch fields[0] {
	case "load":
		s, err := hostshim.ReadSession(filepath.Join("testdata", "sessions", fields[1]), hostshim.LogOptions{Lenient: true})
		if err != nil {
			return "error: " + err.Error()
		}
		g.s, g.b = s, nil
		return fmt.Sprintf("%d events, %d surface nodes", s.Len(), len(s.Nodes()))
	case "build":
		gen := hostshim.Gen017
		if a["gen"] == "01" {
			gen = hostshim.Gen01
		}
		g.b = enginetest.NewBuilder(g.t, "golden", gen)
		work(g.b, 1, atoi(a["turns"]))
		g.s = g.b.S
		return fmt.Sprintf("%d events, %d surface nodes", g.s.Len(), len(g.s.Nodes()))
	case "engine":
		pol := engine.Policy{ContextWindow: atoi(a["window"]), RetainTokens: atoi(a["retain"]), FoldFloorTokens: atoi(a["floor"]), FloorOverheadFactor: atoi(a["factor"])}
		g.arch = enginetest.NewMemArchive()
		var arch engine.Archive = g.arch
		if a["store"] == "none" {
			arch = nil
		}
		e, err := engine.New(engine.Options{Archive: arch, TokenMeter: enginetest.O200k(g.t), Clock: fixedClock, NewID: enginetest.Seq("g"), Policy: pol})
		if err != nil {
			return "error: " + err.Error()
		}
		g.e = e
		p := e.Policy()
		retain := fmt.Sprint(p.RetainTokens)
		if p.RetainTokens == 0 {
			retain = fmt.Sprintf("%g-requests", p.RetainRequests)
		}
		return fmt.Sprintf("window=%d threshold=%.2f target=%.2f rho=%g retain=%s floor=%d factor=%d budget=%d", p.ContextWindow, p.ThresholdRatio, p.TargetRatio, p.CachePriceRatio, retain, p.FoldFloorTokens, p.FloorOverheadFactor, p.EmergencyBudget)
	case "surface":
		var sb strings.Builder
		prices, _ := hostshim.NodePrices(g.s, hostshim.HeuristicMeter{})
		for i, n := range g.s.Nodes() {
			m, _ := g.s.Message(n)
			role, preview := "-", ""
			if m != nil {
				role = string(m.Role)
				preview = strings.ReplaceAll(m.Text(), "\n", " ")
				if r := []rune(preview); len(r) > 50 {
					preview = string(r[:50]) + "…"
				}
			}
			fmt.Fprintf(&sb, "%3d %5d %-9s %6d %s\n", i, n, role, prices[i], preview)
		}
		return strings.TrimRight(sb.String(), "\n")
	case "frontier":
		fr, err := engine.LocateFrontier(g.s)
		if err != nil {
			return "error: " + err.Error()
		}
		var ids []string
		for _, m := range fr.Frozen {
			ids = append(ids, m.String())
		}
		return fmt.Sprintf("position=%d latest=%q seq=%d\nfrozen: %s", fr.Position, fr.Ref.LatestFrozenCheckpointID, fr.Ref.LatestFrozenSurfaceSeq, strings.Join(ids, " "))
	case "plan":
		p, skip, err := g.e.Plan(g.s, g.req(a))
		switch {
		case err != nil:
			return "error: " + err.Error()
		case p == nil:
			return "skip: " + skip
		}
		return fmt.Sprintf("%s span seqs %d..%d positions %d..%d (%d nodes, %d tokens)\nfrontier position=%d\n%s", p.Mode, p.Start, p.End, p.StartIdx, p.EndIdx, len(p.Seqs), p.Tokens, p.FrontierPos, p.Reason)
	case "fold":
		rep, res, err := g.e.Fold(context.Background(), &hostshim.Agent{Session: g.s}, g.req(a))
		switch {
		case err != nil:
			return "error: " + err.Error()
		case res == nil:
			return "skip: " + rep.Skipped
		}
		v := rep.Verdict
		head := fmt.Sprintf("%s %s shadowed %d nodes (%d..%d) tokens %d → %d, checkpoint %d; verdict %s; recall %s",
			rep.Mode, rep.CheckpointID, len(rep.ShadowedSeqs), res.ShadowedRange.Start, res.ShadowedRange.End, rep.TokensBefore, rep.TokensAfter, rep.CheckpointTokens, v.Summary(), rep.Recall)
		if rep.Drop != nil {
			d := rep.Drop
			head += fmt.Sprintf("\nbudget %d: head %d + tail %d (%d nodes) + checkpoint %d = %d; kept %d facts, dropped %d", d.Budget, d.HeadTokens, d.TailTokens, d.TailNodes, d.CheckpointTokens, d.VisibleTokens, len(d.Kept), len(d.Dropped))
		}
		return head + "\n" + rep.Text
	}
	return "error: unknown command " + fields[0]
}

func (g *goldenEnv) req(a map[string]string) engine.FoldRequest {
	r := engine.FoldRequest{Mode: engine.Mode(a["mode"]), Budget: atoi(a["budget"]), Trigger: "golden"}
	_, r.Pressure = a["pressure"]
	st, _ := hostshim.InspectEntryState(g.s)
	if st.OpenTurn != nil {
		r.Owner, r.Stability = hostshim.OwnerCurrentTurn, hostshim.WholeSurface
	} else {
		r.Owner, r.Stability = hostshim.OwnerManual, hostshim.SelectedSpan
	}
	return r
}

func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*"))
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	update := os.Getenv("EF_UPDATE") == "1"
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			pre, cases := parseGolden(t, path)
			g := &goldenEnv{t: t}
			var sb strings.Builder
			for _, l := range pre {
				sb.WriteString(l + "\n")
			}
			for _, c := range cases {
				got := g.run(c.cmd)
				if !update && got != c.out {
					t.Errorf("%s:%d: %s\n--- got\n%s\n--- want\n%s", path, c.line, c.cmd, got, c.out)
				}
				fmt.Fprintf(&sb, "%s\n----\n%s\n\n", c.cmd, got)
			}
			if update {
				if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
