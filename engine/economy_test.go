package engine_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// pressure runs one automatic pressure fold as CompactIfNeeded does.
func pressure(ctx context.Context, t *testing.T, e *engine.Engine, b *enginetest.Builder) (*engine.FoldReport, *hostshim.CompactionResult) {
	t.Helper()
	rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeLeaf, Trigger: "pressure", Pressure: true, Threshold: true,
		Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface})
	if err != nil {
		t.Fatal(err)
	}
	return rep, res
}

// TestEconomicPressure: on a large window the pressure fold runs once the
// span after the frontier is worth one economic fold (C0 + √(2nR/ρ)), far
// below 0.8 W; a cheaper cache (smaller ρ) waits longer, and with the
// economic trigger off nothing folds before the window threshold. After
// the fold the surface is below the next trigger (no thrashing), and the
// retained tail is the model's latest answer and what followed it (with a
// W/64 floor, to a balanced cut), not 16% of the window.
func TestEconomicPressure(t *testing.T) {
	ctx := context.Background()
	const window = 64000
	build := func() *enginetest.Builder {
		b := enginetest.NewBuilder(t, "sess-econ", hostshim.Gen017)
		work(b, 1, 14)
		b.TurnStart()
		return b
	}
	for _, tc := range []struct {
		name string
		rho  float64
		fold bool
	}{
		{"off", -1, false},
		{"cheap cache", 0.002, false},
		{"default", 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := build()
			e := newEngine(t, enginetest.NewMemArchive(), engine.Policy{ContextWindow: window, CachePriceRatio: tc.rho})
			rep, res := pressure(ctx, t, e, b)
			if rep.TokensBefore >= window*8/10 {
				t.Fatalf("the session is %d tokens, not below the window threshold", rep.TokensBefore)
			}
			if (res != nil) != tc.fold {
				t.Fatalf("folded %v at %d tokens, want %v (%s)", res != nil, rep.TokensBefore, tc.fold, rep.Skipped)
			}
			if !tc.fold {
				return
			}
			if !strings.HasPrefix(rep.Plan.Reason, "leaf: everything between the frontier and the retained tail") {
				t.Fatalf("economic fold did not take the whole span: %s", rep.Plan.Reason)
			}
			// The retained tail is the model's latest answer and what
			// followed it (what the next request sends uncached anyway),
			// reaching further back only for the W/64 floor.
			v := b.S.Nodes()
			kept := v[indexOf(v, res.CheckpointSeq())+1:]
			tail, unsent, answer := 0, 0, false
			for i := len(kept) - 1; i >= 0; i-- {
				m, _ := b.S.Message(kept[i])
				p := hostshim.HeuristicMeter{}.CountMessage(m)
				tail += p
				if !answer {
					unsent += p
				}
				if ev, _ := b.S.Event(kept[i]); ev.Type == hostshim.TypeAssistantMessage {
					answer = true
				}
			}
			if !answer {
				t.Fatalf("the retained tail (%d nodes) lost the model's latest answer", len(kept))
			}
			if want := max(unsent, window/64); tail > 2*want {
				t.Fatalf("retained tail %d tokens, want about max(latest answer and after %d, W/64 %d)", tail, unsent, window/64)
			}
			again, res2 := pressure(ctx, t, e, b)
			if res2 != nil || !strings.Contains(again.Skipped, "economic") {
				t.Fatalf("folded again right after a fold: %+v", again)
			}
		})
	}
}

// TestHitTargetSizesTheFold: where the economic order size G* gives a
// fold cycle below the hit target, the pressure fold waits for the
// smallest span G_h whose cycle reaches it, as the session's own pace n,
// re-send R and base C0 predict (1 − (n·R + (n+u)·G)/(G·(C0+G/2)), u half
// a cache block); the surface the cost-only policy folds is left whole,
// and the fold comes once the span has grown to G_h. Where the window's
// threshold comes before C0 + G_h, the fold waits for the threshold, the
// largest cycle the window allows, not the cost optimum.
func TestHitTargetSizesTheFold(t *testing.T) {
	ctx := context.Background()
	const window = 64000
	b := enginetest.NewBuilder(t, "sess-hit", hostshim.Gen017)
	work(b, 1, 14)
	b.TurnStart()
	const target = 0.95
	costOnly := newEngine(t, enginetest.NewMemArchive(), engine.Policy{ContextWindow: window})
	thCost, whyCost, err := costOnly.PressureThreshold(b.S)
	if err != nil {
		t.Fatal(err)
	}
	e := newEngine(t, enginetest.NewMemArchive(), engine.Policy{ContextWindow: window, HitTarget: target})
	th, why, err := e.PressureThreshold(b.S)
	if err != nil {
		t.Fatal(err)
	}
	var c0, g, n, r, gStar, gh int
	var rho, h float64
	if _, err := fmt.Sscanf(why, "economic: C0 %d + G_h %d (n %d, R %d, ρ %g, G* %d, G_h %d for hits %g)", &c0, &g, &n, &r, &rho, &gStar, &gh, &h); err != nil {
		t.Fatalf("threshold %d: reason %q does not size the span for hits: %v", th, why, err)
	}
	if h != target || g != gh || gh <= gStar || th != c0+gh || thCost >= th {
		t.Fatalf("hit-sized threshold %d (%s) against the cost-only %d (%s)", th, why, thCost, whyCost)
	}
	rate := func(g int) float64 {
		return 1 - (float64(n)*float64(r)+float64(n+32)*float64(g))/(float64(g)*(float64(c0)+float64(g)/2))
	}
	if rate(gh) < h || rate(gh-1) >= h || rate(gStar) >= h {
		t.Fatalf("cycle hit rate %.4f at G_h %d, %.4f at G_h-1, %.4f at G* %d: want G_h the smallest span reaching %v", rate(gh), gh, rate(gh-1), rate(gStar), gStar, h)
	}
	// A window whose threshold comes before C0 + G_h but after the cost
	// optimum C0 + G*: the window's threshold, not G*.
	small := int(float64(c0+gh) / 0.8 * 0.9)
	if c0+gStar >= small*8/10 {
		t.Fatalf("window %d: C0 + G* = %d is not below its threshold", small, c0+gStar)
	}
	thSmall, whySmall, err := newEngine(t, enginetest.NewMemArchive(), engine.Policy{ContextWindow: small, HitTarget: target}).PressureThreshold(b.S)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(whySmall, "window threshold") || thSmall != int(float64(small)*0.8) {
		t.Fatalf("window %d: threshold %d (%s), want the window's %d", small, thSmall, whySmall, int(float64(small)*0.8))
	}
	// The surface the cost-only policy folds is left whole.
	if rep, res := pressure(ctx, t, e, b); res != nil || !strings.Contains(rep.Skipped, "G_h") {
		t.Fatalf("folded at %d tokens, before C0 + G_h = %d: %+v", rep.TokensBefore, th, rep)
	}
	// Once the span has grown past G_h, the fold comes.
	for i := 0; ; i++ {
		cur, _, err := e.PressureThreshold(b.S)
		if err != nil {
			t.Fatal(err)
		}
		if rep, res := pressure(ctx, t, e, b); rep.TokensBefore >= cur {
			if res == nil {
				t.Fatalf("no fold at %d tokens, past the threshold %d: %s", rep.TokensBefore, cur, rep.Skipped)
			}
			break
		}
		if i > 40 {
			t.Fatal("the surface never reached the threshold")
		}
		b.TurnEnd()
		work(b, 100+i, 1)
		b.TurnStart()
	}
}

func indexOf(xs []int, x int) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

// rootAndLeaves builds a session of a few turns, folds `before` leaves, a
// manual root and `after` leaves (a turn of work before each leaf after
// the root, and one after the last), under a policy that never merges by
// itself, and returns the session and that policy.
func rootAndLeaves(t *testing.T, name string, window, before, after int) (*enginetest.Builder, engine.Policy) {
	t.Helper()
	ctx := context.Background()
	b := enginetest.NewBuilder(t, name, hostshim.Gen017)
	work(b, 1, 30)
	pol := engine.Policy{ContextWindow: window, RetainTokens: 1200, FoldFloorTokens: 500, MergeRatio: -1}
	e := newEngine(t, enginetest.NewMemArchive(), pol)
	for i := range before {
		if rep, res := leaf(ctx, t, e, b); res == nil {
			t.Fatalf("no leaf fold: %s", rep.Skipped)
		}
		work(b, 100+10*i, 10)
	}
	if rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeRoot, Owner: hostshim.OwnerManual, Stability: hostshim.SelectedSpan, SourceCommandID: "cmd"}); err != nil || res == nil {
		t.Fatalf("root fold: %v %+v", err, rep)
	}
	for i := range after {
		work(b, 200+10*i, 10)
		if rep, res := leaf(ctx, t, e, b); res == nil {
			t.Fatalf("no leaf fold %d after the root: %s", i, rep.Skipped)
		}
	}
	work(b, 300, 10)
	return b, pol
}

// TestMergeCountsWhatFollowsTheRoot: a merge writes the last root again
// and removes what accumulated after it, so with the economic trigger on,
// a root that alone nears MergeRatio × W is not rewritten to remove one
// leaf checkpoint; the leaves after it are what count, and the whole
// frozen load only past twice the bound. The economic fold size counts a
// leaf checkpoint as the fold's re-send, not the average frozen one (the
// root is several times larger).
func TestMergeCountsWhatFollowsTheRoot(t *testing.T) {
	const window = 8000
	b, pol := rootAndLeaves(t, "sess-merge-root", window, 2, 1)
	fr, err := engine.LocateFrontier(b.S)
	if err != nil || len(fr.Frozen) != 2 || fr.Frozen[0].Mode != engine.ModeRoot || fr.Frozen[1].Mode != engine.ModeLeaf {
		t.Fatalf("frozen %+v %v", fr.Frozen, err)
	}
	prices, err := hostshim.NodePrices(b.S, hostshim.HeuristicMeter{})
	if err != nil {
		t.Fatal(err)
	}
	root, lf := prices[fr.Position-2], prices[fr.Position-1]
	if root <= lf {
		t.Fatalf("root %d tokens, leaf %d: want the root larger", root, lf)
	}
	plan := func(merge float64) *engine.Plan {
		t.Helper()
		pol.MergeRatio = merge
		p, skip, err := newEngine(t, enginetest.NewMemArchive(), pol).Plan(b.S, engine.FoldRequest{Mode: engine.ModeLeaf, Pressure: true})
		if err != nil || p == nil {
			t.Fatalf("merge ratio %v: plan %+v %q %v", merge, p, skip, err)
		}
		return p
	}
	ratio := func(tokens float64) float64 { return tokens / window }
	// The whole load is over the bound, the leaf after the root is not:
	// no merge (the bound alone would rewrite the root for one leaf).
	if p := plan(ratio(float64(lf) + float64(root)/2)); p.Mode != engine.ModeLeaf || p.StartIdx != fr.Position {
		t.Fatalf("root near the bound and one leaf after it: plan %s at %d, want a leaf fold at %d (%s)", p.Mode, p.StartIdx, fr.Position, p.Reason)
	}
	// The leaf after the root is over the bound: merge.
	if p := plan(ratio(float64(lf) / 2)); p.Mode != engine.ModeRoot || !strings.HasPrefix(p.Reason, "merge:") {
		t.Fatalf("leaf after the root over the bound: plan %s (%s)", p.Mode, p.Reason)
	}
	// The whole load is over twice the bound: merge, whatever its mix.
	if p := plan(ratio(float64(root+lf) / 2.2)); p.Mode != engine.ModeRoot {
		t.Fatalf("frozen load over twice the bound: plan %s (%s)", p.Mode, p.Reason)
	}
	// The fold's re-send R is the leaf checkpoint, not the average of the
	// root and the leaf (with a one-node retained tail, which the next
	// request sends uncached anyway, nothing else is re-sent).
	pol.ContextWindow = 8 * window // the economic trigger comes before the window threshold
	pol.RetainTokens = 1
	_, why, err := newEngine(t, enginetest.NewMemArchive(), pol).PressureThreshold(b.S)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(why, "R ")
	var r int
	if i < 0 {
		t.Fatalf("threshold reason %q names no R", why)
	}
	if _, err := fmt.Sscanf(why[i:], "R %d", &r); err != nil {
		t.Fatalf("threshold reason %q: %v", why, err)
	}
	if r != lf {
		t.Fatalf("R %d, want the leaf checkpoint's %d (root %d): %s", r, lf, root, why)
	}
}

// TestHitTargetKeepsFrozenCheckpoints: with a hit target the window cannot
// give a cycle, the frozen checkpoints are the only part of the request
// after a fold that the cache still holds, so the leaves after the last
// root are merged only once they pass MergeRatio × W (or the whole frozen
// load twice that); the cost-only policy merges them once they outweigh
// one economic fold.
func TestHitTargetKeepsFrozenCheckpoints(t *testing.T) {
	const window = 8000
	b, pol := rootAndLeaves(t, "sess-hit-merge", window, 1, 4)
	fr, err := engine.LocateFrontier(b.S)
	if err != nil || len(fr.Frozen) != 5 || fr.Frozen[0].Mode != engine.ModeRoot {
		t.Fatalf("frozen %+v %v", fr.Frozen, err)
	}
	prices, err := hostshim.NodePrices(b.S, hostshim.HeuristicMeter{})
	if err != nil {
		t.Fatal(err)
	}
	root, leaves := prices[fr.Position-5], 0
	for q := fr.Position - 4; q < fr.Position; q++ {
		leaves += prices[q]
	}
	// A bound above the leaves, and twice it above the whole load.
	pol.MergeRatio = float64(max(leaves, (root+leaves)/2)+50) / window
	pol.CachePriceRatio = 1 // G* small: the leaves outweigh one economic fold
	plan := func(p engine.Policy) *engine.Plan {
		t.Helper()
		pl, skip, err := newEngine(t, enginetest.NewMemArchive(), p).Plan(b.S, engine.FoldRequest{Mode: engine.ModeLeaf, Pressure: true})
		if err != nil || pl == nil {
			t.Fatalf("plan %+v %q %v", pl, skip, err)
		}
		return pl
	}
	if p := plan(pol); p.Mode != engine.ModeRoot {
		t.Fatalf("cost-only, leaves %d after a root of %d, bound %v W: plan %s (%s), want a merge", leaves, root, pol.MergeRatio, p.Mode, p.Reason)
	}
	pol.HitTarget = 0.99
	if _, why, err := newEngine(t, enginetest.NewMemArchive(), pol).PressureThreshold(b.S); err != nil || !strings.Contains(why, "does not fit") {
		t.Fatalf("threshold reason %q %v: want a target the window cannot give", why, err)
	}
	if p := plan(pol); p.Mode != engine.ModeLeaf || p.StartIdx != fr.Position {
		t.Fatalf("hit target, leaves %d under the bound %v W: plan %s at %d (%s), want a leaf fold at the frontier %d", leaves, pol.MergeRatio, p.Mode, p.StartIdx, p.Reason, fr.Position)
	}
	// Past the bound, the hit target merges too.
	pol.MergeRatio = float64(leaves-50) / window
	if p := plan(pol); p.Mode != engine.ModeRoot {
		t.Fatalf("hit target, leaves %d over the bound %v W: plan %s (%s), want a merge", leaves, pol.MergeRatio, p.Mode, p.Reason)
	}
}
