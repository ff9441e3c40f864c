package engine

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// countingSummarizer answers every digest request with a short digest and
// counts the calls.
type countingSummarizer struct{ calls atomic.Int32 }

func (c *countingSummarizer) Summarize(ctx context.Context, req *DigestRequest) (*Digest, error) {
	c.calls.Add(1)
	return &Digest{Text: "### Context\n- (none)\n### Rationale\n- (none)\n### Alternatives\n- (none)\n### Outcomes\n- (none)", Provider: "test", Model: "t"}, nil
}

func dcEngine(t *testing.T, pol Policy, sum Summarizer) *Engine {
	t.Helper()
	e, err := New(Options{Archive: enginetest.NewMemArchive(), Policy: pol, Summarizer: sum, Clock: func() time.Time { return time.Unix(1700000000, 0) }, NewID: enginetest.Seq("c")})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// dcPolicy asks for a digest on leaf folds too; floor is the fold floor
// (which caps the minimum).
func dcPolicy(w, floor int, rho float64) Policy {
	return Policy{ContextWindow: w, RetainTokens: 1200, FoldFloorTokens: floor, CachePriceRatio: rho, DigestLeaves: true}
}

// TestMinGainCountsTheSummarizerCall: a fold that asks the summarizer for
// a digest must pay for the call's input too (the conversation up to the
// span's end at ρ, the proposals instruction in full): its minimum is
// higher than the same fold's without the call. A fold that saves the
// minimum only without the call is made without it; one that saves the
// higher minimum makes it; an engine without a summarizer, or a mode
// without a digest, counts no call.
func TestMinGainCountsTheSummarizerCall(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-digestcost", hostshim.Gen017)
	mgWork(b, 1, 30)
	probe, err := mgEngine(t, nil, Policy{ContextWindow: 1 << 20}).view(b.S)
	if err != nil {
		t.Fatal(err)
	}
	w := probe.total * 6 / 5
	e := dcEngine(t, dcPolicy(w, 8000, 0.3), &countingSummarizer{})
	v, err := e.view(b.S)
	if err != nil {
		t.Fatal(err)
	}
	req := FoldRequest{Mode: ModeLeaf, Pressure: true, Threshold: true}
	plan, skip, err := e.plan(v, req)
	if err != nil || plan == nil || plan.Mode != ModeLeaf {
		t.Fatalf("want a leaf plan: %+v %q %v", plan, skip, err)
	}
	_, minimal, call, err := e.draftPrices(ctx, v, plan, "")
	if err != nil {
		t.Fatal(err)
	}
	if call.cached <= plan.Tokens || call.fresh <= 0 {
		t.Fatalf("the call's input: %+v, want the conversation through the span (> %d) and the instruction", call, plan.Tokens)
	}
	// The minimal form: the one a fold that saves little is made in.
	without, _ := e.minGain(v, plan, minimal, digestCall{})
	with, why := e.minGain(v, plan, minimal, call)
	if with <= without || !strings.Contains(why, "summarizer call") {
		t.Fatalf("minimum with the call %d (%s), without %d: want it higher and said", with, why, without)
	}
	for _, c := range []struct {
		name           string
		saves          int
		ok, digest, no bool
	}{
		{"saves the minimum without the call only", without, true, false, true},
		{"saves the minimum with the call less one", with - 1, true, false, true},
		{"saves the minimum with the call", with, true, true, false},
		{"saves less than either", without - 1, false, false, false},
	} {
		one := *plan
		one.Tokens = minimal + c.saves
		g, err := e.checkGain(ctx, v, &one, "")
		if err != nil {
			t.Fatal(err)
		}
		if g.ok() != c.ok || g.digest != c.digest || g.noCall != c.no {
			t.Errorf("%s: ok %v digest %v noCall %v (saves %d, min %d: %s), want %v %v %v", c.name, g.ok(), g.digest, g.noCall, g.saves, g.min, g.why, c.ok, c.digest, c.no)
		}
	}
	// Near misses: no summarizer, or leaf folds without a digest: no call.
	pol := dcPolicy(w, 8000, 0.3)
	for name, e := range map[string]*Engine{"no summarizer": dcEngine(t, pol, nil), "no leaf digest": dcEngine(t, Policy{ContextWindow: w, RetainTokens: 1200, FoldFloorTokens: 8000, CachePriceRatio: 0.3}, &countingSummarizer{})} {
		v, err := e.view(b.S)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, call, err := e.draftPrices(ctx, v, plan, ""); err != nil || call != (digestCall{}) {
			t.Errorf("%s: a call of %+v counted (%v)", name, call, err)
		}
	}
}

// TestFoldSkipsTheSummarizerCallThatDoesNotPay: through Fold and through
// the hosted path (PlanContext, then CompileHosted with Pressure), a
// pressure fold that saves its minimum only without the summarizer call
// is made without asking for a digest, and says so; at a dearer cache
// (where the fold repays the call) the call is made. A hosted compile
// without Pressure (an explicit fold, /compact) asks as before.
func TestFoldSkipsTheSummarizerCallThatDoesNotPay(t *testing.T) {
	ctx := context.Background()
	build := func() *enginetest.Builder {
		b := enginetest.NewBuilder(t, "sess-digestskip", hostshim.Gen017)
		mgWork(b, 1, 30)
		return b
	}
	probe, err := mgEngine(t, nil, Policy{ContextWindow: 1 << 20}).view(build().S)
	if err != nil {
		t.Fatal(err)
	}
	w := probe.total * 6 / 5
	// The fold floor is the span: the minimum is capped there, and a
	// fold whose call raises it to the floor saves too little with it.
	p, _, err := dcEngine(t, dcPolicy(w, 500, 0.5), nil).Plan(build().S, FoldRequest{Mode: ModeLeaf, Pressure: true})
	if err != nil || p == nil {
		t.Fatal("no plan")
	}
	floor := p.Tokens
	// Find a ρ at which the fold pays without the call only, and one at
	// which it pays for the call too.
	var cheap, dear float64
	for _, rho := range []float64{0.008, 0.01, 0.012, 0.014, 0.017, 0.02, 0.03, 0.05, 0.07, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9} {
		b := build()
		e := dcEngine(t, dcPolicy(w, floor, rho), &countingSummarizer{})
		v, err := e.view(b.S)
		if err != nil {
			t.Fatal(err)
		}
		plan, _, err := e.plan(v, FoldRequest{Mode: ModeLeaf, Pressure: true, Threshold: true})
		if err != nil || plan == nil {
			t.Fatalf("ρ %g: no plan: %v", rho, err)
		}
		g, err := e.checkGain(ctx, v, plan, "")
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case g.noCall && cheap == 0:
			cheap = rho
		case g.digest && dear == 0:
			dear = rho
		}
	}
	if cheap == 0 || dear == 0 {
		t.Fatalf("no ρ where the fold pays without the call only (%g) or with it (%g)", cheap, dear)
	}
	for _, c := range []struct {
		rho  float64
		call bool
	}{{cheap, false}, {dear, true}} {
		// Fold.
		b := build()
		sum := &countingSummarizer{}
		e := dcEngine(t, dcPolicy(w, floor, c.rho), sum)
		rep, res := mgFold(t, e, b, FoldRequest{Mode: ModeLeaf, Pressure: true, Threshold: true})
		if res == nil {
			t.Fatalf("ρ %g: no fold: %+v", c.rho, rep)
		}
		noted := strings.Contains(strings.Join(rep.Notes, "\n"), "no semantic digest: the fold saves its minimum")
		if (sum.calls.Load() > 0) != c.call || noted == c.call {
			t.Errorf("Fold at ρ %g: %d summarizer calls, notes %q; want a call: %v", c.rho, sum.calls.Load(), rep.Notes, c.call)
		}

		// The hosted path: plan, then compile the bracket the host opens.
		for _, pressure := range []bool{true, false} {
			b := build()
			sum := &countingSummarizer{}
			e := dcEngine(t, dcPolicy(w, floor, c.rho), sum)
			req := FoldRequest{Mode: ModeLeaf, Pressure: true, Threshold: pressure}
			plan, skip, err := e.PlanContext(ctx, b.S, req)
			if err != nil || plan == nil {
				t.Fatalf("ρ %g: no hosted plan: %q %v", c.rho, skip, err)
			}
			b.TurnStart()
			var hrep *FoldReport
			tx := &hostshim.Transaction{Meter: hostshim.HeuristicMeter{}, Summarizer: hostshim.SummarizerFunc(func(ctx context.Context, in *hostshim.SummarizationInput, agent *hostshim.Agent) (*hostshim.SummaryResult, error) {
				var res *hostshim.SummaryResult
				var err error
				hrep, res, err = e.CompileHosted(ctx, agent, HostedFold{Mode: plan.Mode, Seqs: in.ShadowedSeqs, CompactionID: in.CompactionID, Owner: hostshim.OwnerCurrentTurn, Pressure: pressure})
				return res, err
			})}
			if _, err := tx.CompactSurfaceRegion(ctx, &hostshim.Agent{Session: b.S, TurnOpen: b.TurnOpen}, plan.Start, plan.End, hostshim.TxOptions{}); err != nil {
				t.Fatalf("ρ %g: hosted fold: %v", c.rho, err)
			}
			want := c.call || !pressure
			if (sum.calls.Load() > 0) != want {
				t.Errorf("hosted at ρ %g, Pressure %v: %d summarizer calls (notes %q), want a call: %v", c.rho, pressure, sum.calls.Load(), hrep.Notes, want)
			}
			if pressure && hrep.MinGain <= 0 {
				t.Errorf("hosted at ρ %g: no minimum in the report", c.rho)
			}
		}
	}
}

// TestPlanContextHoldsPressureToTheGain: the hosted path's plan (the
// sidecar's fold/plan) is held to the rule the engine's own pressure folds
// are: a fold that would save less than it costs at ρ is no plan, with
// the reason; the same surface without Threshold (an explicit leaf fold)
// or at a dearer cache is planned.
func TestPlanContextHoldsPressureToTheGain(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-plangain", hostshim.Gen017)
	mgWork(b, 1, 30)
	probe, err := mgEngine(t, nil, Policy{ContextWindow: 1 << 20}).view(b.S)
	if err != nil {
		t.Fatal(err)
	}
	w := probe.total * 6 / 5
	pol := Policy{ContextWindow: w, RetainTokens: 1200, FoldFloorTokens: 500, CachePriceRatio: 0.0005}
	p, _, err := mgEngine(t, nil, pol).Plan(b.S, FoldRequest{Mode: ModeLeaf, Pressure: true})
	if err != nil || p == nil {
		t.Fatal("no plan without the rule")
	}
	pol.FoldFloorTokens = p.Tokens
	e := mgEngine(t, nil, pol)
	plan, skip, err := e.Plan(b.S, FoldRequest{Mode: ModeLeaf, Pressure: true, Threshold: true})
	if err != nil || plan != nil || !strings.HasPrefix(skip, "would save ") || !strings.Contains(skip, "(< minimum ") {
		t.Fatalf("a pressure plan that saves too little: %+v %q %v", plan, skip, err)
	}
	if plan, skip, err := e.PlanContext(ctx, b.S, FoldRequest{Mode: ModeLeaf, Pressure: true}); err != nil || plan == nil {
		t.Fatalf("without Threshold: %q %v", skip, err)
	}
	pol.CachePriceRatio = 0.5
	if plan, skip, err := mgEngine(t, nil, pol).PlanContext(ctx, b.S, FoldRequest{Mode: ModeLeaf, Pressure: true, Threshold: true}); err != nil || plan == nil {
		t.Fatalf("at ρ 0.5: %q %v", skip, err)
	}
}
