package replay_test

import (
	"context"
	"testing"

	"github.com/epistemicfold/ef/bench/engines"
	"github.com/epistemicfold/ef/bench/replay"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// scripted is the host's Basic engine with a summarizer that always
// writes the same text: a compaction engine whose checkpoint says exactly
// what a test wants it to say.
type scripted struct{ b *hostshim.BasicEngine }

func newScripted(window int, text string) scripted {
	n := 0
	tx := &hostshim.Transaction{Meter: hostshim.HeuristicMeter{}, NewID: func() string { n++; return "s" + string(rune('a'+n)) },
		Summarizer: hostshim.SummarizerFunc(func(context.Context, *hostshim.SummarizationInput, *hostshim.Agent) (*hostshim.SummaryResult, error) {
			return &hostshim.SummaryResult{Summary: []hostshim.Block{hostshim.TextBlock(text)}}, nil
		})}
	return scripted{&hostshim.BasicEngine{Config: hostshim.BasicConfig{ContextWindow: window, CompactionRetries: 1}, Tx: tx, Measure: hostshim.SurfaceMeasure(wordMeter{})}}
}

func (scripted) Name() string { return "scripted" }

func (s scripted) Compact(ctx context.Context, agent *hostshim.Agent, trigger hostshim.Trigger) error {
	_, err := s.b.CompactIfNeeded(ctx, agent, trigger)
	return err
}

// planted is a session that states a rule and a setting changed from 30
// to 60 early, then runs long enough that a compacting engine folds both.
func planted(t *testing.T) (*hostshim.Session, []replay.Probe) {
	b := enginetest.NewBuilder(t, "planted", hostshim.Gen01)
	b.TurnStart()
	rule := b.User("Never modify anything under vendor/.")
	b.Assistant("reading", enginetest.Call{ID: "c0", Name: "read_file", Args: `{"path":"config/app.toml"}`})
	b.Result("c0", "   2\ttimeout = 30", false)
	b.TurnEnd()
	b.TurnStart()
	change := b.User("Please change timeout in config/app.toml from 30 to 60.")
	longSteps(b, 14)
	return b.S, []replay.Probe{
		{ID: "rule", Kind: replay.KindConstraint, Key: "vendor/", Answer: "vendor/", PlantedAt: rule, Authority: replay.AuthNormative},
		{ID: "timeout", Kind: replay.KindSuperseded, Key: "timeout", Answer: "60", Old: []string{"30"}, PlantedAt: change},
	}
}

// TestAuthorityLossAndStaleness: an engine whose checkpoint drops the rule
// loses authority, one that shows the old value as current (or beside the
// new one without a mark) is stale, an honest one is neither, and so is
// no compaction at all.
func TestAuthorityLossAndStaleness(t *testing.T) {
	const window = 200
	s, probes := planted(t)
	none, _ := engines.New(engines.None, engines.Config{})
	cases := []struct {
		name        string
		eng         replay.Engine
		lost, stale bool
	}{
		{"none", none, false, false},
		{"honest", newScripted(window, "Rules: never modify vendor/.\nCurrent values:\n- timeout = 60 (was 30)"), false, false},
		{"drops the rule", newScripted(window, "Current values:\n- timeout = 60 (was 30)"), true, false},
		{"old value as current", newScripted(window, "Rules: never modify vendor/.\n- timeout = 30"), false, true},
		{"old beside new", newScripted(window, "Rules: never modify vendor/.\n- timeout = 30\n- timeout = 60"), false, true},
	}
	for _, tc := range cases {
		res := replayWords(t, s, tc.eng, replay.Config{Window: window, Probes: probes})
		m := replay.Measure(res)
		if tc.name != "none" && m.TotalFolds() == 0 {
			t.Fatalf("%s: no fold, nothing measured", tc.name)
		}
		if m.AuthorityChecks == 0 {
			t.Fatalf("%s: no authority checks", tc.name)
		}
		if lost := m.AuthorityLost > 0; lost != tc.lost || m.AuthorityLostAtEnd > 0 != tc.lost {
			t.Errorf("%s: authority lost %d/%d (at end %d/%d), want lost %v", tc.name, m.AuthorityLost, m.AuthorityChecks, m.AuthorityLostAtEnd, m.AuthorityAtEnd, tc.lost)
		}
		if stale := m.CheckStale > 0; stale != tc.stale || m.StaleAtEnd > 0 != tc.stale {
			t.Errorf("%s: stale %d/%d (at end %d), want stale %v", tc.name, m.CheckStale, m.Checks, m.StaleAtEnd, tc.stale)
		}
		if tc.lost && m.AuthorityLossRate() <= 0 || tc.stale && m.StalenessRate() <= 0 {
			t.Errorf("%s: rates %v %v", tc.name, m.AuthorityLossRate(), m.StalenessRate())
		}
		if m.Projection.Reported {
			t.Errorf("%s: projection reported by an engine without one", tc.name)
		}
	}
}

// sized is no compaction with a projection that grows by one anchor per
// request: the driver samples it after every request.
type sized struct {
	replay.Engine
	n int
}

func (s *sized) Compact(ctx context.Context, a *hostshim.Agent, tr hostshim.Trigger) error {
	if tr == hostshim.TriggerPressure {
		s.n++
	}
	return nil
}

func (s *sized) ProjectionMemory() (replay.ProjectionSize, bool) {
	return replay.ProjectionSize{Anchors: s.n, Bytes: 100 * s.n}, true
}

func TestProjectionMemorySampled(t *testing.T) {
	s, _ := planted(t)
	none, _ := engines.New(engines.None, engines.Config{})
	res := replayWords(t, s, &sized{Engine: none}, replay.Config{Window: 10000})
	pj := res.Projection
	n := len(res.Steps)
	if !pj.Reported || pj.PeakAnchors != n || pj.FinalBytes != 100*n || pj.HalfBytes != 100*(n/2+1) {
		t.Fatalf("projection %+v over %d requests", pj, n)
	}
}
