package engine_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// TestCompileHostedWithoutArchive: a hosted fold compiled while the store
// cannot be written (HostedFold.NoArchive), on a session whose earlier
// spans were released once their bundles held them (as the sidecar's
// mirror releases them). The engine's own projection carries the state
// (a value changed since the first fold, with what it was), nothing is
// written, and the checkpoint says the span waits in the session log.
//
// The cause of the failure this replaced: the sidecar compiled such a
// fold on a second engine without the store, which had no projection of
// the session and nothing to rebuild one from (the snapshots are in the
// store, the released spans nowhere), and every fold failed with
// hostshim.ErrForgotten. That engine still fails so here.
func TestCompileHostedWithoutArchive(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-noarchive", hostshim.Gen017)
	b.TurnStart()
	b.User("Set the retry limit to 3.")
	b.TurnEnd()
	work(b, 1, 6)
	arch := enginetest.NewMemArchive()
	pol := engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500}
	e := newEngine(t, arch, pol)
	if rep, res := leaf(ctx, t, e, b); res == nil {
		t.Fatalf("no first fold: %s", rep.Skipped)
	}
	b.TurnEnd()
	released := b.S.Release(b.S.Len(), func(repl hostshim.Event, _ []int) bool {
		m, err := b.S.Message(repl.Seq)
		if err != nil {
			return false
		}
		_, ok := engine.MarkerOf(m)
		return ok
	})
	if released == 0 || firstForgotten(b.S) < 0 {
		t.Fatal("the archived span was not released")
	}
	b.TurnStart()
	b.User("Set the retry limit to 9.")
	b.TurnEnd()
	work(b, 7, 6)
	b.TurnStart()
	puts := arch.Puts

	compile := func(e *engine.Engine, noArchive string) (*engine.FoldReport, *hostshim.CompactionResult, error) {
		plan, skip, err := e.Plan(b.S, engine.FoldRequest{Mode: engine.ModeLeaf})
		if err != nil || plan == nil {
			t.Fatalf("no plan: %v %s", err, skip)
		}
		var rep *engine.FoldReport
		var cerr error
		tx := &hostshim.Transaction{Meter: hostshim.HeuristicMeter{}, Summarizer: hostshim.SummarizerFunc(func(ctx context.Context, in *hostshim.SummarizationInput, agent *hostshim.Agent) (*hostshim.SummaryResult, error) {
			var res *hostshim.SummaryResult
			rep, res, cerr = e.CompileHosted(ctx, agent, engine.HostedFold{Mode: engine.ModeLeaf, Seqs: in.ShadowedSeqs, CompactionID: in.CompactionID, Owner: hostshim.OwnerCurrentTurn, NoArchive: noArchive})
			return res, cerr
		})}
		res, err := tx.CompactSurfaceRegion(ctx, agentOf(b), plan.Start, plan.End, hostshim.TxOptions{})
		if err == nil {
			return rep, res, nil
		}
		return rep, nil, errors.Join(cerr, err)
	}

	// The engine made without the store, as the sidecar's second engine.
	if _, _, err := compile(newEngine(t, nil, pol), ""); !errors.Is(err, hostshim.ErrForgotten) {
		t.Fatalf("an engine without the session's projection and the store: %v, want ErrForgotten", err)
	}
	rep, res, err := compile(e, "bundle: write …: no space left on device")
	if err != nil {
		t.Fatal(err)
	}
	m, err := b.S.Message(res.CheckpointSeq())
	if err != nil {
		t.Fatal(err)
	}
	text := m.Text()
	for _, want := range []string{"retry limit = 9 (was 3)", "are not archived yet (the bundle store cannot be written)"} {
		if !strings.Contains(text, want) {
			t.Fatalf("the checkpoint does not say %q:\n%s", want, text)
		}
	}
	if engine.ArchivedByCompile(m) {
		t.Fatal("ArchivedByCompile of a checkpoint compiled without writing its bundle")
	}
	if arch.Puts != puts || rep.Bundle != nil || !strings.HasPrefix(rep.Recall, "pending: the bundle store cannot be written") {
		t.Fatalf("puts %d → %d, report bundle %v recall %q", puts, arch.Puts, rep.Bundle, rep.Recall)
	}
	if rep.Verdict == nil || !rep.Verdict.Final() {
		t.Fatalf("verdict %+v", rep.Verdict)
	}
}

// firstForgotten is the first seq whose event the session no longer holds
// whole (-1: none).
func firstForgotten(s *hostshim.Session) int {
	for seq := range s.Len() {
		if e, ok := s.Event(seq); ok && e.Forgotten() {
			return seq
		}
	}
	return -1
}
