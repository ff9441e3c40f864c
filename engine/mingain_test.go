package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// mgWork appends n turns of work whose closing remark decides and asks
// nothing (enginetest.Builder.Work).
func mgWork(b *enginetest.Builder, from, n int) { b.Work(from, n, "") }

func mgEngine(t *testing.T, a Archive, pol Policy) *Engine {
	t.Helper()
	e, err := New(Options{Archive: a, Policy: pol, Clock: func() time.Time { return time.Unix(1700000000, 0) }, NewID: enginetest.Seq("c")})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func mgFold(t *testing.T, e *Engine, b *enginetest.Builder, req FoldRequest) (*FoldReport, *hostshim.CompactionResult) {
	t.Helper()
	if !b.TurnOpen() {
		b.TurnStart()
	}
	req.Owner, req.Stability = hostshim.OwnerCurrentTurn, hostshim.WholeSurface
	rep, res, err := e.Fold(context.Background(), &hostshim.Agent{Session: b.S}, req)
	if err != nil {
		t.Fatalf("fold: %v", err)
	}
	return rep, res
}

// TestMinGainMergeSavingOneToken: a merge whose span is priced one token
// above its drafted checkpoint is not made; one that saves exactly the
// minimum is, one token less is not, and the full form is kept when it
// saves the minimum itself. The gate appends nothing to the log.
func TestMinGainMergeSavingOneToken(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-mingain-merge", hostshim.Gen017)
	mgWork(b, 1, 30)
	arch := enginetest.NewMemArchive()
	pol := Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500, MergeRatio: -1}
	e := mgEngine(t, arch, pol)
	for i := range 2 {
		if rep, res := mgFold(t, e, b, FoldRequest{Mode: ModeLeaf}); res == nil {
			t.Fatalf("no leaf fold: %s", rep.Skipped)
		}
		mgWork(b, 100+10*i, 10)
	}
	b.TurnStart()
	pol.MergeRatio = 0.01
	e = mgEngine(t, arch, pol)
	v, err := e.view(b.S)
	if err != nil {
		t.Fatal(err)
	}
	req := FoldRequest{Mode: ModeLeaf, Pressure: true, Threshold: true}
	plan, skip, err := e.plan(v, req)
	if err != nil || plan == nil || plan.Mode != ModeRoot {
		t.Fatalf("want a merge: %+v %q %v", plan, skip, err)
	}
	full, minimal, _, err := e.draftPrices(ctx, v, plan, "")
	if err != nil || minimal >= full {
		t.Fatalf("draft: full %d minimal %d %v", full, minimal, err)
	}
	mg := func(ck int) (int, string) { return e.minGain(v, plan, ck, digestCall{}) }
	mMin, _ := mg(minimal)
	mFull, _ := mg(full)
	if mMin <= 1 || mFull < mMin {
		t.Fatalf("minimum %d (minimal form), %d (full form): want above 1 and growing with the checkpoint", mMin, mFull)
	}
	for _, c := range []struct {
		name   string
		tokens int
		ok     bool
		ckpt   int
	}{
		{"saves one token", minimal + 1, false, minimal},
		{"saves the minimum less one", minimal + mMin - 1, false, minimal},
		{"saves the minimum (minimal form)", minimal + mMin, true, minimal},
		{"full form saves the minimum", full + mFull, true, full},
		{"full form one short: minimal form", full + mFull - 1, true, minimal},
	} {
		g := pickGain(c.tokens, full, minimal, mg)
		if g.ok() != c.ok || g.checkpoint != c.ckpt {
			t.Errorf("%s: ok %v checkpoint %d (saves %d, min %d), want ok %v checkpoint %d", c.name, g.ok(), g.checkpoint, g.saves, g.min, c.ok, c.ckpt)
		}
	}
	// Through the gate: the merge saving one token is refused, and the
	// leaf fold of its span alone, which saves its minimum, runs instead.
	events := len(b.S.Events())
	one := *plan
	one.Tokens = minimal + 1
	rep := &FoldReport{}
	got, _, _, skip, err := e.gainGate(ctx, v, req, &one, rep)
	if err != nil {
		t.Fatal(err)
	}
	if got == nil || got.Mode != ModeLeaf || skip != "" || len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], "a merge would save 1 token (< minimum ") {
		t.Fatalf("merge saving one token: plan %+v skip %q notes %q", got, skip, rep.Notes)
	}
	if n := len(b.S.Events()); n != events {
		t.Fatalf("the gate appended %d events", n-events)
	}
	// The merge as planned saves its minimum and is made.
	rep = &FoldReport{}
	if got, _, _, skip, err := e.gainGate(ctx, v, req, plan, rep); err != nil || got != plan || skip != "" {
		t.Fatalf("merge as planned: %+v %q %v", got, skip, err)
	}
}

// TestMinGainSkipsCleanly: a pressure fold that would save less than it
// costs at ρ is skipped before the host's transaction opens (no event
// appended, no bundle stored, "would save N tokens (< minimum M: …)");
// the same surface at a dearer cache folds. Explicit folds are not held
// to the rule. On a cheap cache the minimum is the fold floor, so a span
// of the floor's size, which saves less, is the fold skipped, unless the
// next request would overflow the window.
func TestMinGainSkipsCleanly(t *testing.T) {
	for _, c := range []struct {
		rho  float64
		room int // the window is the surface × room/5
		fold bool
	}{{0.0005, 6, false}, {0.5, 6, true}, {0.0005, 5, true}} {
		b := enginetest.NewBuilder(t, "sess-mingain-skip", hostshim.Gen017)
		mgWork(b, 1, 30)
		probe, err := mgEngine(t, nil, Policy{ContextWindow: 1 << 20}).view(b.S)
		if err != nil {
			t.Fatal(err)
		}
		// The surface is over the window's threshold (0.8 W) whatever ρ
		// says, and (room 6) leaves room for the next request or (room 5)
		// does not: then the fold buys room and is made. The fold floor is the span: on a cheap cache the minimum
		// is the floor, which a span of the floor's size cannot save.
		w := probe.total * c.room / 5
		pol := Policy{ContextWindow: w, RetainTokens: 1200, FoldFloorTokens: 500, CachePriceRatio: c.rho}
		p, skip, err := mgEngine(t, nil, pol).Plan(b.S, FoldRequest{Mode: ModeLeaf, Pressure: true})
		if err != nil || p == nil {
			t.Fatalf("ρ %g: no plan: %q %v", c.rho, skip, err)
		}
		pol.FoldFloorTokens = p.Tokens
		arch := enginetest.NewMemArchive()
		e := mgEngine(t, arch, pol)
		b.TurnStart()
		events := len(b.S.Events())
		rep, res := mgFold(t, e, b, FoldRequest{Mode: ModeLeaf, Pressure: true, Threshold: true})
		if rep.MinGain <= 0 {
			t.Fatalf("ρ %g: no minimum in the report: %+v", c.rho, rep)
		}
		if !c.fold {
			if res != nil || !strings.HasPrefix(rep.Skipped, "would save ") || !strings.Contains(rep.Skipped, fmt.Sprintf("(< minimum %d: ", rep.MinGain)) {
				t.Fatalf("ρ %g: want a skip for saving too little: %+v", c.rho, rep)
			}
			if n := len(b.S.Events()); n != events {
				t.Fatalf("ρ %g: a skipped fold appended %d events", c.rho, n-events)
			}
			if ids := arch.IDs(bundleSessionID(b.S)); len(ids) != 0 {
				t.Fatalf("ρ %g: a skipped fold stored %v", c.rho, ids)
			}
			// An explicit leaf fold of the same surface is the caller's
			// choice: made.
			if rep, res := mgFold(t, e, b, FoldRequest{Mode: ModeLeaf}); res == nil || rep.MinGain != 0 {
				t.Fatalf("explicit leaf fold: %+v", rep)
			}
			continue
		}
		if res == nil || rep.SpanTokens-rep.CheckpointTokens < rep.MinGain {
			t.Fatalf("ρ %g: want a fold saving at least %d: %+v", c.rho, rep.MinGain, rep)
		}
	}
}
