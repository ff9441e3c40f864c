package bench_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/epistemicfold/ef/bench"
	"github.com/epistemicfold/ef/bench/engines"
	"github.com/epistemicfold/ef/bench/replay"
	"github.com/epistemicfold/ef/bench/synth"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// smallRun replays the first 20 requests of the first built-in session at
// a window small enough that Basic and EF must fold.
func smallRun(t *testing.T, seed uint64, names ...string) *bench.Report {
	t.Helper()
	rep, err := bench.Run(context.Background(), bench.RunOptions{Window: 6000, Seed: seed, LimitSessions: 1, MaxSteps: 20,
		Engines: names, Meter: enginetest.O200k(t), TempDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// withoutLatency returns the metrics as JSON with the wall-clock fields
// zeroed.
func withoutLatency(t *testing.T, ms []replay.Metrics) string {
	t.Helper()
	out := make([]replay.Metrics, len(ms))
	for i, m := range ms {
		m.FoldLatencyP50, m.FoldLatencyP99 = 0, 0
		out[i] = m
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRunIsReproducibleAndConsistent(t *testing.T) {
	a, b := smallRun(t, 0), smallRun(t, 0)
	if len(a.Sessions) != 1 || len(a.Totals) != len(engines.Names()) {
		t.Fatalf("%d sessions, %d totals", len(a.Sessions), len(a.Totals))
	}
	if x, y := withoutLatency(t, a.Totals), withoutLatency(t, b.Totals); x != y {
		t.Fatalf("two runs with the same seed differ:\n%s\n%s", x, y)
	}
	none, _ := a.Total(engines.None)
	for _, m := range a.Totals {
		if m.Requests != none.Requests || m.Requests == 0 {
			t.Fatalf("%s: %d requests, none made %d", m.Engine, m.Requests, none.Requests)
		}
		for _, u := range []struct {
			name            string
			hit, miss, sent int
		}{{"deepseek", m.DeepSeek.Hit, m.DeepSeek.Miss, m.InputTokens}, {"anthropic", m.Anthropic.Hit, m.Anthropic.Miss, m.InputTokens}} {
			if u.hit < 0 || u.hit > u.sent || u.hit+u.miss != u.sent {
				t.Fatalf("%s %s: hit %d miss %d of %d input tokens", m.Engine, u.name, u.hit, u.miss, u.sent)
			}
		}
		if m.PeakContext > m.InputTokens || m.FrozenPrefixPeak > m.PeakContext {
			t.Fatalf("%s: peak %d, frozen peak %d, input %d", m.Engine, m.PeakContext, m.FrozenPrefixPeak, m.InputTokens)
		}
		if m.Engine == engines.None {
			continue
		}
		if m.TotalFolds() == 0 || m.PeakContext >= none.PeakContext || m.InputTokens >= none.InputTokens {
			t.Fatalf("%s did not compact: %+v", m.Engine, m)
		}
	}
	ef, _ := a.Total(engines.EF)
	if ef.RecallChecked == 0 || ef.RecallVerified != ef.RecallChecked {
		t.Fatalf("ef recall verified %d of %d checkpoints", ef.RecallVerified, ef.RecallChecked)
	}
	if none.ProbesAtEnd != none.Probes || none.Probes == 0 {
		t.Fatalf("no compaction keeps %d of %d probes visible", none.ProbesAtEnd, none.Probes)
	}
	if ef.ProbesAtEnd+ef.ProbesRecover > ef.Probes {
		t.Fatalf("ef probes: %d visible + %d recoverable of %d", ef.ProbesAtEnd, ef.ProbesRecover, ef.Probes)
	}
}

func TestRunSeedChangesSyntheticSessions(t *testing.T) {
	a, b := smallRun(t, 0, engines.None), smallRun(t, 7, engines.None)
	na, _ := a.Total(engines.None)
	nb, _ := b.Total(engines.None)
	if na.InputTokens == nb.InputTokens {
		t.Fatalf("seed 0 and 7 replay the same session (%d input tokens)", na.InputTokens)
	}
}

func TestProbesRecoverSettingKeys(t *testing.T) {
	w, err := synth.Generate(synth.Options{Seed: 3, TargetChars: 20_000, Superseded: 8, Chinese: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range bench.Probes(w.Probes) {
		if p.Kind != string(synth.KindSuperseded) {
			continue
		}
		n++
		if p.Key == "" || len(p.Old) == 0 {
			t.Fatalf("superseded probe %+v: no key or no old values", p)
		}
	}
	if n == 0 {
		t.Fatal("no superseded probes generated")
	}
}

func TestRunRejectsBadOptions(t *testing.T) {
	if _, err := bench.Run(context.Background(), bench.RunOptions{Persona: "chatty"}); err == nil {
		t.Fatal("unknown persona accepted")
	}
	if _, err := bench.Run(context.Background(), bench.RunOptions{CorpusDir: t.TempDir()}); err == nil {
		t.Fatal("empty corpus directory accepted")
	}
}

// TestNoCompactionSeesEveryPlant: replayed without compaction, every
// planted item of every kind is visible and current at the end, none is
// stale and no anchor is lost: the judge reads every phrasing the
// generator writes, in both languages. (The engines' own numbers are in
// the replay package's tests and in ef bench.)
func TestNoCompactionSeesEveryPlant(t *testing.T) {
	ctx := context.Background()
	meter := enginetest.O200k(t)
	for _, o := range []synth.Options{
		{Seed: 31, TargetChars: 60_000, Chinese: -1, Lifted: 3, Unflagged: 6, Unverified: 3, Decisions: 4, Rejected: 4, Hypotheses: 3},
		{Seed: 32, TargetChars: 60_000, Chinese: 1, Lifted: 3, Unflagged: 6, Unverified: 3, Decisions: 4, Rejected: 4, Hypotheses: 3},
		{Seed: 33, TargetChars: 60_000, Chinese: 0.5, Lifted: 3, Unflagged: 6, Unverified: 3, Decisions: 4, Rejected: 4, Hypotheses: 3},
	} {
		w, err := synth.Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		none, _ := engines.New(engines.None, engines.Config{})
		res, err := replay.Replay(ctx, w.Session, none, replay.Config{Window: 1 << 30, Meter: meter, Probes: bench.Probes(w.Probes)})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range res.Probes {
			if !p.VisibleAtEnd || p.StaleAtEnd || p.Stale > 0 || p.Lost > 0 || p.Visible != p.Checks {
				t.Errorf("seed %d %s (%s %q): visible %d/%d at end %v, stale %d at end %v, lost %d", o.Seed, p.ID, p.Kind, p.Key, p.Visible, p.Checks, p.VisibleAtEnd, p.Stale, p.StaleAtEnd, p.Lost)
			}
		}
	}
}
