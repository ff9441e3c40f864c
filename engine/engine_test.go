package engine_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
	"github.com/epistemicfold/ef/projection"
	"github.com/epistemicfold/ef/validator"
)

func fixedClock() time.Time { return time.UnixMilli(1_700_000_000_000) }

func newEngine(t testing.TB, a engine.Archive, pol engine.Policy, mut ...func(*engine.Options)) *engine.Engine {
	opts := engine.Options{Archive: a, Policy: pol, Clock: fixedClock, NewID: enginetest.Seq("c")}
	for _, f := range mut {
		f(&opts)
	}
	e, err := engine.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// unfinishedStep opens a turn whose user message is say and leaves its
// step running: a bash call without its result, which no fold may take.
func unfinishedStep(b *enginetest.Builder, say string) {
	b.TurnStart()
	b.User(say)
	b.Assistant("", enginetest.Call{ID: "open1", Name: "bash", Args: `{"command":"go vet ./..."}`})
}

// work appends n turns of realistic work whose closing remark decides
// and asks (enginetest.Builder.Work).
func work(b *enginetest.Builder, from, n int) {
	b.Work(from, n, " Should I also update the docs?")
}

func agentOf(b *enginetest.Builder) *hostshim.Agent {
	return &hostshim.Agent{Session: b.S, Provider: "fake", Model: "fake-m"}
}

func surfaceBytes(t testing.TB, s *hostshim.Session, upto int) [][]byte {
	var out [][]byte
	for _, n := range s.Nodes()[:upto] {
		m, err := s.Message(n)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := validator.RawMessage(m)
		out = append(out, raw)
	}
	return out
}

func leaf(ctx context.Context, t testing.TB, e *engine.Engine, b *enginetest.Builder) (*engine.FoldReport, *hostshim.CompactionResult) {
	if !b.TurnOpen() {
		b.TurnStart()
	}
	rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeLeaf, Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface})
	if err != nil {
		t.Fatalf("leaf fold: %v", err)
	}
	return rep, res
}

func TestLeafFoldKeepsFrozenPrefixAndArchivesExactly(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-leaf", hostshim.Gen017)
	work(b, 1, 6)
	arch := enginetest.NewMemArchive()
	e := newEngine(t, arch, engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500})
	before, _ := validator.SpanMessages(b.S, b.S.Nodes())

	rep1, res1 := leaf(ctx, t, e, b)
	if res1 == nil {
		t.Fatalf("no fold: %s", rep1.Skipped)
	}
	if rep1.Verdict == nil || !rep1.Verdict.Final() || rep1.Recall != "available" {
		t.Fatalf("report %+v", rep1)
	}
	fr, err := engine.LocateFrontier(b.S)
	if err != nil || fr.Ref.LatestFrozenCheckpointID != rep1.CheckpointID || fr.Position != 1 {
		t.Fatalf("frontier %+v %v", fr, err)
	}
	// The bundle holds exactly the shadowed messages, byte for byte.
	got, err := arch.Get(ctx, "sess-leaf", rep1.CheckpointID)
	if err != nil {
		t.Fatal(err)
	}
	want := before[:len(res1.ShadowedSeqs)]
	for i := range want {
		if string(got.Archive.ShadowedMessages[i]) != string(want[i]) {
			t.Fatalf("message %d differs", i)
		}
	}
	if !slices.Equal(got.Source.OrderedSurfaceSeqs, res1.ShadowedSeqs) || got.Mode != bundle.ModeLeaf {
		t.Fatalf("bundle source %+v", got.Source)
	}
	if !strings.HasPrefix(got.Rendered.Text, "[ef-checkpoint id="+rep1.CheckpointID+" mode=leaf seqs=") {
		t.Fatalf("rendered %q", got.Rendered.Text)
	}

	// More work, then a second leaf fold: the first checkpoint stays
	// byte-identical at the head.
	work(b, 7, 6)
	prefix := surfaceBytes(t, b.S, fr.Position)
	rep2, res2 := leaf(ctx, t, e, b)
	if res2 == nil {
		t.Fatalf("no second fold: %s", rep2.Skipped)
	}
	if now := surfaceBytes(t, b.S, fr.Position); !slices.EqualFunc(now, prefix, func(a, b []byte) bool { return string(a) == string(b) }) {
		t.Fatal("leaf fold changed the frozen prefix")
	}
	fr2, _ := engine.LocateFrontier(b.S)
	if fr2.Position != 2 || len(fr2.Frozen) != 2 || fr2.Frozen[1].ID != rep2.CheckpointID {
		t.Fatalf("frontier after second fold %+v", fr2)
	}
	if p, ok := engine.Relocate(b.S, fr.Ref); !ok || p != 1 {
		t.Fatalf("relocate %d %v", p, ok)
	}
}

func TestArchiveFailureLeavesSurfaceUnchanged(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-fail", hostshim.Gen01)
	work(b, 1, 6)
	arch := enginetest.NewMemArchive()
	arch.FailPuts = 1
	e := newEngine(t, arch, engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500})
	b.TurnStart()
	before := b.S.Surface()
	rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeLeaf, Owner: hostshim.OwnerCurrentTurn})
	if !errors.Is(err, engine.ErrArchive) || !errors.Is(err, enginetest.ErrInjected) || res != nil {
		t.Fatalf("err %v res %v", err, res)
	}
	var fe *engine.FoldError
	if !errors.As(err, &fe) || fe.CheckpointID == "" {
		t.Fatalf("fold error %v", err)
	}
	after := b.S.Surface()
	if !slices.Equal(after.Nodes, before.Nodes) || after.ReplaceGeneration != before.ReplaceGeneration {
		t.Fatal("surface changed")
	}
	if rep.Error == "" {
		t.Fatal("report has no error")
	}
	// The lock is released: the next fold succeeds.
	if _, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeLeaf, Owner: hostshim.OwnerCurrentTurn}); err != nil || res == nil {
		t.Fatalf("retry: %v", err)
	}
}

func TestFailSoftWithoutStore(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-soft", hostshim.Gen017)
	work(b, 1, 6)
	e := newEngine(t, nil, engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500})
	rep, res := leaf(ctx, t, e, b)
	if res == nil {
		t.Fatal(rep.Skipped)
	}
	if rep.Verdict.Status("P") != validator.Waived || !strings.Contains(rep.Text, "unavailable") || rep.Bundle != nil {
		t.Fatalf("report %+v\n%s", rep.Verdict, rep.Text)
	}
}

func TestRootFoldReferencesParents(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-root", hostshim.Gen017)
	arch := enginetest.NewMemArchive()
	e := newEngine(t, arch, engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500})
	work(b, 1, 6)
	r1, _ := leaf(ctx, t, e, b)
	work(b, 7, 6)
	r2, _ := leaf(ctx, t, e, b)
	work(b, 13, 2)
	b.TurnEnd()
	res, err := e.CompactNow(ctx, agentOf(b), "cmd-1")
	if err != nil || res == nil {
		t.Fatalf("compact now: %v", err)
	}
	nodes := b.S.Nodes()
	if len(nodes) != 1 {
		t.Fatalf("root fold left %d nodes", len(nodes))
	}
	m, _ := b.S.Message(nodes[0])
	mk, ok := engine.MarkerOf(m)
	if !ok || mk.Mode != engine.ModeRoot {
		t.Fatalf("marker %+v", mk)
	}
	rb, err := arch.Get(ctx, "sess-root", mk.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(rb.Parents) != 2 || rb.Parents[0].CheckpointID != r1.CheckpointID || rb.Parents[1].CheckpointID != r2.CheckpointID {
		t.Fatalf("parents %+v", rb.Parents)
	}
	p1, _ := arch.Get(ctx, "sess-root", r1.CheckpointID)
	if rb.Parents[0].LogicalHash != p1.Archive.LogicalHash {
		t.Fatal("parent hash")
	}
	if !strings.Contains(rb.Rendered.Text, r1.CheckpointID+" (leaf)") || !strings.Contains(rb.Rendered.Text, "Task 14:") {
		t.Fatalf("root text does not carry its parents:\n%s", rb.Rendered.Text)
	}
	// Manual path inside an open turn is busy.
	work(b, 15, 1)
	b.TurnStart()
	_, err = e.CompactNow(ctx, agentOf(b), "cmd-2")
	var mce *hostshim.ManualCompactionError
	if !errors.As(err, &mce) || mce.Code != hostshim.ManualBusy {
		t.Fatalf("want busy, got %v", err)
	}
}

func TestEmergencyFoldMeetsBudgetDeterministically(t *testing.T) {
	ctx := context.Background()
	tok := enginetest.O200k(t)
	build := func() *enginetest.Builder {
		b := enginetest.NewBuilder(t, "sess-emerg", hostshim.Gen017)
		work(b, 1, 30)
		unfinishedStep(b, "URGENT: keep the API stable; do not rename exported functions.")
		return b
	}
	var texts []string
	for _, budget := range []int{3000, 3000, 1500} {
		b := build()
		arch := enginetest.NewMemArchive()
		e := newEngine(t, arch, engine.Policy{}, func(o *engine.Options) { o.TokenMeter = tok })
		rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeEmergency, Budget: budget, Owner: hostshim.OwnerCurrentTurn})
		if err != nil || res == nil {
			t.Fatalf("emergency: %v %+v", err, rep)
		}
		total := 0
		p, _ := hostshim.NodePrices(b.S, tok)
		for _, x := range p {
			total += x
		}
		if total > budget || rep.RealAfter > budget || rep.RealAfter < total {
			t.Fatalf("visible %d > budget %d (report %d)", total, budget, rep.RealAfter)
		}
		if rep.Drop == nil || len(rep.Drop.Dropped) == 0 || rep.Drop.VisibleTokens < total {
			t.Fatalf("drop manifest %+v", rep.Drop)
		}
		if !strings.Contains(rep.Text, "Drop manifest:") || !strings.Contains(rep.Text, "cut for the budget") {
			t.Fatalf("text:\n%s", rep.Text)
		}
		// The unfinished step stays on the surface.
		if !slices.Contains(b.S.Nodes(), b.S.Nodes()[len(b.S.Nodes())-1]) || len(b.Pending) != 1 {
			t.Fatal("pending call lost")
		}
		texts = append(texts, rep.Text)
	}
	if texts[0] != texts[1] {
		t.Fatal("emergency fold is not deterministic")
	}
	if texts[2] == texts[0] {
		t.Fatal("a smaller budget rendered the same checkpoint")
	}
	// A budget below the unfoldable part is refused, surface unchanged.
	b := build()
	e := newEngine(t, nil, engine.Policy{}, func(o *engine.Options) { o.TokenMeter = tok })
	before := b.S.Surface()
	if _, _, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeEmergency, Budget: 100, Owner: hostshim.OwnerCurrentTurn}); !errors.Is(err, engine.ErrBudget) {
		t.Fatalf("want ErrBudget, got %v", err)
	}
	if !slices.Equal(before.Nodes, b.S.Nodes()) {
		t.Fatal("surface changed")
	}
}

type fakeSummarizer struct {
	text string
	err  error
}

func (f fakeSummarizer) Summarize(ctx context.Context, req *engine.DigestRequest) (*engine.Digest, error) {
	if f.err != nil {
		return nil, f.err
	}
	// A summarizer that scribbles on its input must not change the archive.
	for i := range req.Messages {
		req.Messages[i] = []byte(`{"tampered":true}`)
	}
	return &engine.Digest{Text: f.text, Provider: "fake", Model: "m"}, nil
}

func TestSemanticDigestAndFallback(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		sum  fakeSummarizer
		want string
	}{
		{"ok", fakeSummarizer{text: "We were fixing tests."}, "ok"},
		{"error", fakeSummarizer{err: errors.New("llm down")}, "fallback: llm down"},
		{"too long", fakeSummarizer{text: strings.Repeat("blah ", 5000)}, "fallback: digest of"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := enginetest.NewBuilder(t, "sess-sem", hostshim.Gen017)
			work(b, 1, 6)
			arch := enginetest.NewMemArchive()
			e := newEngine(t, arch, engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500, DigestLeaves: true}, func(o *engine.Options) { o.Summarizer = tc.sum })
			want, _ := validator.SpanMessages(b.S, b.S.Nodes())
			rep, res := leaf(ctx, t, e, b)
			if res == nil || !strings.HasPrefix(rep.Semantic, tc.want) {
				t.Fatalf("semantic %q", rep.Semantic)
			}
			if tc.want == "ok" != strings.Contains(rep.Text, "We were fixing tests.") {
				t.Fatalf("text:\n%s", rep.Text)
			}
			got, _ := arch.Get(ctx, "sess-sem", rep.CheckpointID)
			for i, m := range got.Archive.ShadowedMessages {
				if string(m) != string(want[i]) {
					t.Fatal("archive altered by the summarizer")
				}
			}
		})
	}
}

func TestFrontierSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-restart", hostshim.Gen017)
	work(b, 1, 6)
	e := newEngine(t, enginetest.NewMemArchive(), engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500})
	rep, _ := leaf(ctx, t, e, b)
	path := filepath.Join(t.TempDir(), "session.jsonl")
	b.S.Header = hostshim.Header{ID: "sess-restart"}
	if err := hostshim.WriteSession(path, b.S, hostshim.LogOptions{}); err != nil {
		t.Fatal(err)
	}
	s2, err := hostshim.ReadSession(path, hostshim.LogOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fr, err := engine.LocateFrontier(s2)
	if err != nil || fr.Ref.LatestFrozenCheckpointID != rep.CheckpointID {
		t.Fatalf("frontier after restart %+v %v", fr, err)
	}
}

func TestVetoLeavesLogUntouched(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-veto", hostshim.Gen017)
	work(b, 1, 3)
	b.TurnStart()
	b.Log(hostshim.TypeCompactionStart, map[string]any{"compactionId": "foreign", "turn": 4})
	n := b.S.Len()
	e := newEngine(t, nil, engine.Policy{ContextWindow: 4000, RetainTokens: 200, FoldFloorTokens: 100})
	rep, _, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeLeaf, Owner: hostshim.OwnerCurrentTurn})
	var ve *validator.VetoError
	if !errors.Is(err, engine.ErrVetoed) || !errors.As(err, &ve) || ve.Verdict.Status("T") != validator.Fail {
		t.Fatalf("err %v", err)
	}
	if b.S.Len() != n || rep.Verdict == nil {
		t.Fatal("veto appended events")
	}
}

func toRaw(bs [][]byte) []json.RawMessage {
	out := make([]json.RawMessage, len(bs))
	for i, b := range bs {
		out[i] = b
	}
	return out
}

func TestSystemHeadIsNeverFolded(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-sys", hostshim.Gen017)
	sys := hostshim.Message{ID: "sys", Role: hostshim.RoleSystem, Content: []hostshim.Block{hostshim.TextBlock("You are a coder.")}, Source: &hostshim.Source{Kind: "system-prompt"}}
	if _, err := b.S.Append(hostshim.TypeSystemMessage, map[string]any{"turn": 0, "step": 0, "message": sys}, hostshim.AppendOptions{SurfaceOp: hostshim.AppendOp}); err != nil {
		t.Fatal(err)
	}
	head := b.S.Nodes()[0]
	work(b, 1, 6)
	arch := enginetest.NewMemArchive()
	e := newEngine(t, arch, engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500}, func(o *engine.Options) { o.TokenMeter = enginetest.O200k(t) })
	if fr, _ := engine.LocateFrontier(b.S); fr.Position != 1 {
		t.Fatalf("frontier %d, want 1 (after the system head)", fr.Position)
	}
	leaf(ctx, t, e, b)
	b.TurnEnd()
	if _, err := e.CompactNow(ctx, agentOf(b), ""); err != nil {
		t.Fatal(err)
	}
	b.TurnStart()
	work(b, 7, 6)
	b.TurnStart()
	if _, _, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeEmergency, Budget: 1500, Owner: hostshim.OwnerCurrentTurn}); err != nil {
		t.Fatal(err)
	}
	if b.S.Nodes()[0] != head {
		t.Fatal("a fold replaced the system head")
	}
}

// movingSummarizer appends a message to the session while the digest is
// written: the surface moves during summarization, as it can in the host.
type movingSummarizer struct{ b *enginetest.Builder }

func (m movingSummarizer) Summarize(ctx context.Context, req *engine.DigestRequest) (*engine.Digest, error) {
	m.b.User("a message that arrives while the fold is compiling")
	return &engine.Digest{Text: "digest"}, nil
}

func TestBundleDurableThenCompactionFailureLeavesOrphan(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-orphan", hostshim.Gen017)
	work(b, 1, 6)
	b.TurnStart()
	arch := enginetest.NewMemArchive()
	e := newEngine(t, arch, engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500, DigestLeaves: true}, func(o *engine.Options) { o.Summarizer = movingSummarizer{b} })
	before := b.S.Surface()
	rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeLeaf, Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface})
	if !errors.Is(err, hostshim.ErrSurfaceChanged) || res != nil {
		t.Fatalf("want a surface-changed failure, got %v", err)
	}
	// The bundle was durable before the surface could change: it stays as
	// an orphan for GC, and the surface only gained the concurrent message.
	if ids := arch.IDs("sess-orphan"); len(ids) != 1 || ids[0] != rep.CheckpointID {
		t.Fatalf("orphan bundles %v", ids)
	}
	after := b.S.Nodes()
	if !slices.Equal(after[:len(before.Nodes)], before.Nodes) || len(after) != len(before.Nodes)+1 || b.S.Surface().ReplaceGeneration != before.ReplaceGeneration {
		t.Fatal("the failed fold changed the surface")
	}
}

// TestNoSessionIsAnError: a nil agent, an agent without a session or a nil
// session is ErrNoSession from every entry point that folds or plans, not a
// nil-pointer panic in the caller's process.
func TestNoSessionIsAnError(t *testing.T) {
	e, err := engine.New(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for name, call := range map[string]func() error{
		"Fold(nil)": func() error { _, _, err := e.Fold(ctx, nil, engine.FoldRequest{Mode: engine.ModeLeaf}); return err },
		"Fold(&Agent{})": func() error {
			_, _, err := e.Fold(ctx, &hostshim.Agent{}, engine.FoldRequest{Mode: engine.ModeLeaf})
			return err
		},
		"CompactNow(nil)":     func() error { _, err := e.CompactNow(ctx, nil, "c1"); return err },
		"CompactRegion(nil)":  func() error { _, err := e.CompactRegion(ctx, 1, 2, nil); return err },
		"Plan(nil)":           func() error { _, _, err := e.Plan(nil, engine.FoldRequest{Mode: engine.ModeLeaf}); return err },
		"PressureThreshold()": func() error { _, _, err := e.PressureThreshold(nil); return err },
	} {
		if err := call(); !errors.Is(err, engine.ErrNoSession) {
			t.Errorf("%s = %v, want ErrNoSession", name, err)
		}
	}
}

// TestNilInputsAreErrors: the package's functions given a nil session,
// message or store read an empty one (hostshim's rule), and the entry
// points given a nil context refuse it with ErrNilContext, never a panic
// (a library user's first program found four).
func TestNilInputsAreErrors(t *testing.T) {
	e, err := engine.New(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := hostshim.NewSession("s1", hostshim.Gen01)
	agent := &hostshim.Agent{Session: s}
	var nilCtx context.Context
	for name, call := range map[string]func() error{
		"Fold": func() error {
			_, _, err := e.Fold(nilCtx, agent, engine.FoldRequest{Mode: engine.ModeLeaf})
			return err
		},
		"CompactIfNeeded": func() error { _, err := e.CompactIfNeeded(nilCtx, agent, hostshim.TriggerPressure); return err },
		"CompactNow":      func() error { _, err := e.CompactNow(nilCtx, agent, "c1"); return err },
		"CompactRegion":   func() error { _, err := e.CompactRegion(nilCtx, 0, 1, agent); return err },
		"CompileHosted":   func() error { _, _, err := e.CompileHosted(nilCtx, agent, engine.HostedFold{}); return err },
		"ProjectSurface":  func() error { _, _, err := engine.ProjectSurface(nilCtx, s, nil, projection.Options{}); return err },
		"ArchiveFolded": func() error {
			_, err := engine.ArchiveFolded(nilCtx, enginetest.NewMemArchive(), nil, s, hostshim.Event{}, nil, time.Time{})
			return err
		},
	} {
		if err := call(); !errors.Is(err, engine.ErrNilContext) {
			t.Errorf("%s(nil context) = %v, want ErrNilContext", name, err)
		}
	}
	if r := engine.ProjectLog(nil, projection.Options{}); r == nil || len(r.Heads()) != 0 {
		t.Errorf("ProjectLog(nil) = %v, want an empty projection", r)
	}
	if r, _, err := engine.ProjectSurface(context.Background(), nil, nil, projection.Options{}); err != nil || len(r.Heads()) != 0 {
		t.Errorf("ProjectSurface(nil session) = %v, want an empty projection", err)
	}
	if id := engine.BundleSessionID(nil); id != "session" {
		t.Errorf("BundleSessionID(nil) = %q, want the default", id)
	}
	if _, err := engine.LocateFrontier(nil); err != nil {
		t.Logf("LocateFrontier(nil): %v", err)
	}
	engine.Relocate(nil, engine.FrontierRef{})
	engine.MarkerOf(nil)
	engine.PrunedResult(nil, hostshim.Event{}, nil)
	engine.ApplyEvents(projection.New(projection.Options{}), nil, 0, 10)
}

// TestPolicyOutOfRange: New refuses each knob out of its range, NaN and
// infinities included (NaN passed every comparison, and a NaN threshold
// made every pressure check fire), naming the knob.
func TestPolicyOutOfRange(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for name, pol := range map[string]engine.Policy{
		"ContextWindow":        {ContextWindow: -1},
		"ThresholdRatio":       {ContextWindow: 16384, ThresholdRatio: nan},
		"TargetRatio":          {ContextWindow: 16384, TargetRatio: nan},
		"MergeRatio":           {ContextWindow: 16384, MergeRatio: inf},
		"CachePriceRatio":      {ContextWindow: 16384, CachePriceRatio: nan},
		"HitTarget":            {ContextWindow: 16384, HitTarget: -inf},
		"RetainRequests":       {ContextWindow: 16384, RetainRequests: nan},
		"EmergencyTailRatio":   {ContextWindow: 16384, EmergencyTailRatio: nan},
		"TargetRatio (":        {ContextWindow: 16384, TargetRatio: 0.9, ThresholdRatio: 0.5},
		"HitTarget 1":          {ContextWindow: 16384, HitTarget: 1},
		"EmergencyTailRatio 2": {ContextWindow: 16384, EmergencyTailRatio: 2},
	} {
		_, err := engine.New(engine.Options{Policy: pol})
		if !errors.Is(err, engine.ErrPolicy) || !strings.Contains(err.Error(), strings.Fields(name)[0]) {
			t.Errorf("%s: New = %v, want ErrPolicy naming it", name, err)
		}
	}
	if _, err := engine.New(engine.Options{Policy: engine.Policy{ContextWindow: 16384, ThresholdRatio: 0.8, TargetRatio: 0.5}}); err != nil {
		t.Errorf("a policy in range: %v", err)
	}
}
