package engine_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/internal/testutil"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// synth builds a session of about tokens host-heuristic tokens of tool work:
// turns of a request, an assistant step with two parallel calls, their
// results (about 2 KB each) and a remark.
func synth(tb testing.TB, tokens int) *enginetest.Builder {
	b := enginetest.NewBuilder(tb, "bench", hostshim.Gen017)
	out := strings.Repeat("ok   github.com/x/y/pkg/mod  0.123s  coverage: 81.2% of statements\n", 28)
	total, priced := 0, 0
	for i := 0; total < tokens; i++ {
		b.TurnStart()
		b.User(fmt.Sprintf("Step %d: update pkg/mod%d.go and run the tests.", i, i%50))
		c1, c2 := fmt.Sprintf("c%d-a", i), fmt.Sprintf("c%d-b", i)
		b.Assistant("I'll run the tests and read the file.",
			enginetest.Call{ID: c1, Name: "bash", Args: `{"command":"go test ./..."}`},
			enginetest.Call{ID: c2, Name: "read_file", Args: fmt.Sprintf(`{"path":"pkg/mod%d.go"}`, i%50)})
		b.Result(c1, out, i%7 == 3)
		b.Result(c2, out, false)
		b.Assistant(fmt.Sprintf("Decision: keep mod%d as is.", i%50))
		b.TurnEnd()
		for _, n := range b.S.Nodes()[priced:] {
			m, _ := b.S.Message(n)
			total += hostshim.HeuristicMeter{}.CountMessage(m)
		}
		priced = len(b.S.Nodes())
	}
	b.TurnStart()
	b.User("continue")
	return b
}

// BenchmarkLeafFold measures plan + compile + archive (a real bundle store,
// fsync included) + the host's commit for a leaf fold whose span is about
// the given size.
func BenchmarkLeafFold(b *testing.B) {
	for _, size := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("span=%dK", size/1000), func(b *testing.B) {
			base := synth(b, size+300)
			st, err := bundle.Open(b.TempDir(), bundle.Options{})
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			e, err := engine.New(engine.Options{Archive: st, Policy: engine.Policy{RetainTokens: 200}})
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			var span int
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				s := base.S.Clone()
				b.StartTimer()
				rep, res, err := e.Fold(ctx, &hostshim.Agent{Session: s}, engine.FoldRequest{Mode: engine.ModeLeaf, Owner: hostshim.OwnerCurrentTurn})
				if err != nil || res == nil {
					b.Fatalf("fold: %v %s", err, rep.Skipped)
				}
				span = rep.SpanTokens
			}
			b.ReportMetric(float64(span), "span-tokens")
		})
	}
}

// BenchmarkEmergencyFold1M measures an emergency fold of a 1M-token surface
// to a 50K o200k budget (the real tokenizer prices the whole surface).
func BenchmarkEmergencyFold1M(b *testing.B) {
	base := synth(b, 1_000_000)
	tok := enginetest.O200k(b)
	e, err := engine.New(engine.Options{Archive: enginetest.NewMemArchive(), TokenMeter: tok})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s := base.S.Clone()
		b.StartTimer()
		rep, res, err := e.Fold(ctx, &hostshim.Agent{Session: s}, engine.FoldRequest{Mode: engine.ModeEmergency, Budget: 50_000, Owner: hostshim.OwnerCurrentTurn})
		if err != nil || res == nil {
			b.Fatalf("fold: %v %s", err, rep.Skipped)
		}
		if rep.RealAfter > 50_000 {
			b.Fatalf("over budget: %d", rep.RealAfter)
		}
	}
}

// warmEmergencyBase builds a 1M-token surface in the state a live session
// is in when its engine has seen every message as it was appended: each
// node's prices are known (Session.Price, computed once per message and
// meter) and e has read every message once (Engine.Observe: the
// projection's proposals and the fact lines, the live projection current).
// An emergency fold then pays for planning, combining facts, fitting,
// archiving and the commit, not for re-reading the surface.
func warmEmergencyBase(tb testing.TB, e *engine.Engine, tok hostshim.Meter) *hostshim.Session {
	return warmBase(tb, e, tok, 1_000_000)
}

// warmBase is warmEmergencyBase at about tokens host tokens.
func warmBase(tb testing.TB, e *engine.Engine, tok hostshim.Meter, tokens int) *hostshim.Session {
	s := synth(tb, tokens).S
	for _, m := range []hostshim.Meter{hostshim.HeuristicMeter{}, tok} {
		if _, err := hostshim.NodePrices(s, m); err != nil {
			tb.Fatal(err)
		}
	}
	e.Observe(s)
	return s
}

// BenchmarkEmergencyFoldWarm1M measures an emergency fold of a 1M-token
// surface to a 50K o200k budget when the surface was seen as it grew (see
// warmEmergencyBase), next to its floor measured in the same run: one pass
// of the host estimator and a SHA-256 over every message of the surface
// (what any fold that archives and checks the span must at least do).
// The goal is under 50 ms. Each also reports cpu-ms/op, the CPU time the
// process used per operation (the garbage collector's included): on a
// shared machine wall time also counts waits for a core.
//
//	go test -run XXX -bench EmergencyFoldWarm1M -benchtime 20x ./engine/
func BenchmarkEmergencyFoldWarm1M(b *testing.B) {
	tok := enginetest.O200k(b)
	// A fresh in-memory archive per fold (set while the timer is stopped):
	// one that kept every 4 MB span would grow the heap the folds run in.
	arch := &swapArchive{Archive: enginetest.NewMemArchive()}
	e, err := engine.New(engine.Options{Archive: arch, TokenMeter: tok})
	if err != nil {
		b.Fatal(err)
	}
	base := warmEmergencyBase(b, e, tok)
	cpuMS := func(b *testing.B, d time.Duration) {
		if d > 0 {
			b.ReportMetric(float64(d)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		}
	}
	b.Run("floor", func(b *testing.B) {
		c0 := testutil.CPUTime()
		defer func() { cpuMS(b, testutil.CPUTime()-c0) }()
		for i := 0; i < b.N; i++ {
			n := 0
			for _, seq := range base.Nodes() {
				m, _ := base.Message(seq)
				if m == nil {
					continue
				}
				n += hostshim.HeuristicMeter{}.CountMessage(m)
				sum := sha256.Sum256(m.Raw)
				n += int(sum[0])
			}
			if n == 0 {
				b.Fatal("empty surface")
			}
		}
	})
	b.Run("fold", func(b *testing.B) {
		ctx := context.Background()
		var cpu time.Duration
		defer func() { cpuMS(b, cpu) }()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			s := base.Clone()
			arch.Archive = enginetest.NewMemArchive()
			b.StartTimer()
			c0 := testutil.CPUTime()
			rep, res, err := e.Fold(ctx, &hostshim.Agent{Session: s}, engine.FoldRequest{Mode: engine.ModeEmergency, Budget: 50_000, Owner: hostshim.OwnerCurrentTurn})
			cpu += testutil.CPUTime() - c0
			if err != nil || res == nil {
				b.Fatalf("fold: %v %s", err, rep.Skipped)
			}
			if rep.RealAfter > 50_000 {
				b.Fatalf("over budget: %d", rep.RealAfter)
			}
		}
	})
}

// swapArchive is an engine.Archive whose store a test replaces between
// folds, so one engine (and the live state it keeps with a session) folds
// each repetition into an empty store.
type swapArchive struct{ engine.Archive }

// emergencyOutput is the bytes an emergency fold must reproduce exactly:
// the log lines it appended and its drop manifest.
func emergencyOutput(t *testing.T, s *hostshim.Session, from int, rep *engine.FoldReport) []byte {
	t.Helper()
	var out []byte
	for _, ev := range s.Events()[from:] {
		out = append(out, ev.Encode()...)
		out = append(out, '\n')
	}
	man, err := json.Marshal(rep.Drop)
	if err != nil {
		t.Fatal(err)
	}
	return append(out, man...)
}

// TestEmergencyDeterministic1M is TestEmergencyDeterministic at 1M tokens,
// on the warm path a live session takes (the engine has read every message
// as it was appended; see warmEmergencyBase): 1,000 emergency folds of
// clones of the same 1M-token surface to a 50K budget give byte-identical
// log lines and drop manifests, and the same bytes as a fold by a fresh
// engine that reads the surface cold. The short profile runs 5
// repetitions, on a 20K-token surface under the race detector;
// EF_LONG_TESTS=1 runs 1,000 at 1M (100 under the race detector: .ci/run
// runs it once more without); EF_EMERGENCY_1M=<n> runs n.
func TestEmergencyDeterministic1M(t *testing.T) {
	reps := testutil.Size(t, 5, 1000)
	tokens := 1_000_000
	switch {
	case raceEnabled && !testutil.Long():
		tokens = 20_000
		t.Logf("short profile under the race detector: a %d-token surface (%s=1 runs 1M)", tokens, testutil.LongEnv)
	case raceEnabled:
		reps = 10
		t.Logf("under the race detector: %d repetitions (.ci/run also runs 1,000 without it)", reps)
	}
	reps = testutil.EnvInt(t, "EF_EMERGENCY_1M", reps, 2)
	// 50K at 1M tokens, the budget BenchmarkEmergencyFoldWarm1M folds to.
	budget := tokens / 20
	tok := enginetest.O200k(t)
	ctx := context.Background()
	ids := 0
	newID := func() string { ids++; return fmt.Sprintf("d%d", ids) }
	arch := &swapArchive{}
	fold := func(e *engine.Engine, s *hostshim.Session) []byte {
		ids = 0
		arch.Archive = enginetest.NewMemArchive()
		n := s.Len()
		rep, res, err := e.Fold(ctx, &hostshim.Agent{Session: s}, engine.FoldRequest{Mode: engine.ModeEmergency, Budget: budget, Owner: hostshim.OwnerCurrentTurn})
		if err != nil || res == nil {
			t.Fatalf("fold: %v", err)
		}
		return emergencyOutput(t, s, n, rep)
	}
	opts := engine.Options{Archive: arch, TokenMeter: tok, Clock: fixedClock, NewID: newID}
	e, err := engine.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	base := warmBase(t, e, tok, tokens)
	cold, err := engine.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	want := fold(cold, base.Clone())
	for i := 0; i < reps; i++ {
		if got := fold(e, base.Clone()); !bytes.Equal(got, want) {
			t.Fatalf("repetition %d differs from the cold fold (%d bytes, want %d)", i, len(got), len(want))
		}
	}
	t.Logf("%d warm emergency folds of a %d-token surface byte-identical to a cold one (%d bytes of log and manifest)", reps, tokens, len(want))
}

// TestEmergencyDeterministic runs the same emergency fold (same surface,
// budget and ids) many times and requires byte-identical output: checkpoint
// text, the committed log lines and the drop manifest. 1,000 repetitions
// (100 under -race or -short).
func TestEmergencyDeterministic(t *testing.T) {
	reps := 1000
	if raceEnabled || testing.Short() {
		reps = 100
	}
	reps = testutil.Size(t, 10, reps)
	base := synth(t, 2500)
	tok := enginetest.O200k(t)
	ctx := context.Background()
	var first string
	for i := 0; i < reps; i++ {
		s := base.S.Clone()
		e, err := engine.New(engine.Options{Archive: enginetest.NewMemArchive(), TokenMeter: tok, Clock: fixedClock, NewID: enginetest.Seq("d")})
		if err != nil {
			t.Fatal(err)
		}
		n := s.Len()
		rep, res, err := e.Fold(ctx, &hostshim.Agent{Session: s}, engine.FoldRequest{Mode: engine.ModeEmergency, Budget: 1200, Owner: hostshim.OwnerCurrentTurn})
		if err != nil || res == nil {
			t.Fatalf("fold: %v", err)
		}
		var sb strings.Builder
		for _, ev := range s.Events()[n:] {
			sb.Write(ev.Encode())
			sb.WriteByte('\n')
		}
		man, _ := json.Marshal(rep.Drop)
		sb.Write(man)
		if i == 0 {
			first = sb.String()
			continue
		}
		if sb.String() != first {
			t.Fatalf("repetition %d differs from the first", i)
		}
	}
	t.Logf("%d repetitions byte-identical (%d bytes of log and manifest)", reps, len(first))
}

// BenchmarkLeafPlan measures planning alone (measure the surface, locate
// the frontier, choose the span) for the same sessions as BenchmarkLeafFold.
func BenchmarkLeafPlan(b *testing.B) {
	for _, size := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("span=%dK", size/1000), func(b *testing.B) {
			base := synth(b, size+300)
			e, err := engine.New(engine.Options{Policy: engine.Policy{RetainTokens: 200}})
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p, skip, err := e.Plan(base.S, engine.FoldRequest{Mode: engine.ModeLeaf})
				if err != nil || p == nil {
					b.Fatalf("plan: %v %s", err, skip)
				}
			}
		})
	}
}
