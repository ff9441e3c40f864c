package replay_test

import (
	"context"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bench/engines"
	"github.com/epistemicfold/ef/bench/replay"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// wordMeter prices a message at the number of words of its text and a
// text at its number of words: token counts a reader can check by hand.
type wordMeter struct{}

func (wordMeter) Name() string                         { return "words" }
func (wordMeter) CountMessage(m *hostshim.Message) int { return len(strings.Fields(m.Text())) }
func (wordMeter) CountText(s string) int               { return len(strings.Fields(s)) }

func words(w string, n int) string { return strings.TrimSpace(strings.Repeat(w+" ", n)) }

// tiny is a session of two requests: header "You are a coder." (4 words
// plus the meter's 4 of framing = 8), a user message of 10 words, an
// assistant step with 2 words and a call "read {}" (2), a result of 20
// words, and a closing assistant message of 1 word.
func tiny(t *testing.T) *hostshim.Session {
	b := enginetest.NewBuilder(t, "tiny", hostshim.Gen01)
	b.TurnStart()
	b.User(words("u", 10))
	b.Assistant("a1 a2", enginetest.Call{ID: "c1", Name: "read", Args: "{}"})
	b.Result("c1", words("r", 20), false)
	b.Assistant("done")
	b.TurnEnd()
	return b.S
}

func TestNoCompactionTotalsByHand(t *testing.T) {
	eng, _ := engines.New(engines.None, engines.Config{})
	res := replayWords(t, tiny(t), eng, replay.Config{Window: 1000, AnthropicMinTokens: -1})
	// Request 1: header 8 + user 10 = 18. Request 2: 18 + assistant 4 +
	// result 20 = 42. The final surface adds the closing message: 43.
	if len(res.Steps) != 2 || res.Steps[0].Tokens != 18 || res.Steps[1].Tokens != 42 || res.FinalTokens != 43 {
		t.Fatalf("steps %+v final %d, want tokens 18, 42 and final 43", res.Steps, res.FinalTokens)
	}
	m := replay.Measure(res)
	if m.InputTokens != 60 || m.PeakContext != 42 || m.TotalFolds() != 0 {
		t.Fatalf("metrics %+v", m)
	}
	// Request 2 keeps all 18 tokens of request 1: the frozen prefix.
	if res.Steps[1].FrozenPrefix != 18 || res.Steps[1].Invalidated != 0 {
		t.Fatalf("step 2 frozen %d invalidated %d, want 18 and 0", res.Steps[1].FrozenPrefix, res.Steps[1].Invalidated)
	}
	// Anthropic (no minimum): request 2 hits the whole of request 1.
	if res.Steps[1].Anthropic.Hit != 18 || res.Steps[1].DeepSeek.Hit != 0 {
		t.Fatalf("cache %+v / %+v: want Anthropic hit 18, DeepSeek 0 (under one 64-token block)", res.Steps[1].Anthropic, res.Steps[1].DeepSeek)
	}
}

// long is a session of n steps, each an assistant call (2 words + call
// "run {}" = 4) and a result of 20 words, after a user message of 10.
func long(t *testing.T, n int) *hostshim.Session {
	b := enginetest.NewBuilder(t, "long", hostshim.Gen01)
	b.TurnStart()
	b.User(words("u", 10))
	longSteps(b, n)
	return b.S
}

// longSteps appends n steps of an assistant call and its result of 20
// words, then "done" and the turn's end.
func longSteps(b *enginetest.Builder, n int) {
	for i := range n {
		id := "c" + string(rune('a'+i))
		b.Assistant("a1 a2", enginetest.Call{ID: id, Name: "run", Args: "{}"})
		b.Result(id, words("output-of-the-long-running-command", 20), false)
	}
	b.Assistant("done")
	b.TurnEnd()
}

func newEngine(t *testing.T, name string, window int) engines.Instance {
	eng, err := engines.New(name, engines.Config{Window: window, Meter: wordMeter{}, Summarizer: &replay.Summarizer{Persona: replay.Faithful}})
	if err != nil {
		t.Fatal(err)
	}
	return eng
}

// replayWords replays s through eng as cfg says, priced by wordMeter, and
// fails t on an error.
func replayWords(t *testing.T, s *hostshim.Session, eng replay.Engine, cfg replay.Config) *replay.Result {
	t.Helper()
	cfg.Meter = wordMeter{}
	res, err := replay.Replay(context.Background(), s, eng, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestBasicFoldsWhenCrossingThreshold(t *testing.T) {
	const window = 200 // threshold 160, retained tail 32
	res := replayWords(t, long(t, 14), newEngine(t, engines.Basic, window), replay.Config{Window: window})
	if res.FoldErrors != 0 {
		t.Fatalf("fold errors: %v", res.FoldErrorSample)
	}
	// Without compaction request k (0-based) costs 18 + 24k: 18, 42, …,
	// 138, 162. The first request at or over 160 is k=6, so the first
	// fold runs right before it, and none before.
	const first = 6
	for i, st := range res.Steps {
		if i < first && (st.Folds != 0 || st.Tokens != 18+24*i) {
			t.Fatalf("step %d: %d tokens, %d folds; want %d tokens, no fold", i, st.Tokens, st.Folds, 18+24*i)
		}
		if st.Tokens >= 160 {
			t.Fatalf("step %d: %d tokens reached the model at or over the threshold", i, st.Tokens)
		}
	}
	if res.Steps[first].Folds == 0 {
		t.Fatalf("no fold at step %d: %+v", first, res.Steps[first])
	}
	f := res.Folds[0]
	if f.Step != first || f.Mode != "rolling" || f.Trigger != "pressure" || f.ReplacementTokens >= f.ShadowedTokens {
		t.Fatalf("first fold %+v", f)
	}
	// A fold rewrites the head, so the request after it keeps only the
	// header (8 tokens) of the previous one.
	if st := res.Steps[first]; st.FrozenPrefix != 8 || st.Invalidated != res.Steps[first-1].Tokens-8 {
		t.Fatalf("step %d frozen %d invalidated %d", first, st.FrozenPrefix, st.Invalidated)
	}
	if len(res.Folds) < 2 {
		t.Fatalf("only %d fold", len(res.Folds))
	}
	// Later folds re-fold the previous checkpoint: the surface starts
	// with one checkpoint and holds no other.
	s := res.Replayed
	for i, n := range s.Nodes() {
		m, _ := s.Message(n)
		if m.IsCheckpoint() != (i == 0) {
			t.Fatalf("node %d (position %d): checkpoint %v", n, i, m.IsCheckpoint())
		}
	}
	m := replay.Measure(res)
	if m.Folds["rolling"] != len(res.Folds) || m.InvalidatedPerFold <= 0 || m.PeakContext >= 160 {
		t.Fatalf("metrics %+v", m)
	}
}

func TestMaskingReplacesOldToolOutputs(t *testing.T) {
	const window = 200
	res := replayWords(t, long(t, 12), newEngine(t, engines.Mask, window), replay.Config{Window: window})
	if res.FoldErrors != 0 {
		t.Fatalf("fold errors: %v", res.FoldErrorSample)
	}
	if len(res.Folds) == 0 || res.Folds[0].Mode != "prune" || res.Folds[0].Step != 6 {
		t.Fatalf("folds %+v", res.Folds)
	}
	s := res.Replayed
	var results, masked int
	unmaskedSeen := false
	nodes := s.Nodes()
	for _, n := range nodes {
		ev, _ := s.Event(n)
		if ev.Type != hostshim.TypeToolResult {
			continue
		}
		results++
		m, _ := s.Message(n)
		if strings.Contains(m.Text(), "pruned") {
			masked++
			if unmaskedSeen {
				t.Fatalf("masked result at seq %d after an unmasked one", n)
			}
			if ev.SurfaceOp == nil || !ev.SurfaceOp.Replace || len(ev.SourceEventSeqs) != 1 || ev.SourceEventSeqs[0] != ev.SurfaceOp.Start {
				t.Fatalf("masked node %d: op %+v sources %v", n, ev.SurfaceOp, ev.SourceEventSeqs)
			}
			prev, _ := s.Event(n - 1)
			if prev.Type != hostshim.TypeCompactionPrune {
				t.Fatalf("masked node %d not preceded by compaction/prune (%s)", n, prev.Type)
			}
		} else {
			unmaskedSeen = true
		}
	}
	if results != 12 || masked == 0 || masked == results {
		t.Fatalf("%d results, %d masked: want the old ones masked, the recent ones not", results, masked)
	}
	// Masking keeps every message: the surface has all 26 nodes.
	if len(nodes) != 26 {
		t.Fatalf("%d nodes, want 26", len(nodes))
	}
}

func TestReplaySkipsSourceCompactions(t *testing.T) {
	// Compact the source with Basic, then replay it without compaction:
	// the replay must show the original messages, not the checkpoint.
	const window = 100
	first := replayWords(t, long(t, 6), newEngine(t, engines.Basic, window), replay.Config{Window: window})
	if len(first.Folds) == 0 {
		t.Fatal("no folds in the source")
	}
	none, _ := engines.New(engines.None, engines.Config{})
	again := replayWords(t, first.Replayed, none, replay.Config{Window: window})
	if again.SkippedCompactions == 0 {
		t.Fatal("no source compaction skipped")
	}
	plain := replayWords(t, long(t, 6), none, replay.Config{Window: window})
	if again.FinalTokens != plain.FinalTokens || len(again.Steps) != len(plain.Steps) {
		t.Fatalf("replay of a compacted log: final %d steps %d, want %d and %d", again.FinalTokens, len(again.Steps), plain.FinalTokens, len(plain.Steps))
	}
}

func TestProbesVisibleAndStale(t *testing.T) {
	b := enginetest.NewBuilder(t, "probes", hostshim.Gen01)
	b.TurnStart()
	b.User("The deploy token is K7-QX-9931.")
	b.Assistant("ok", enginetest.Call{ID: "c1", Name: "read_file", Args: `{"path":"config/app.toml"}`})
	b.Result("c1", "   2\ttimeout = 30\n   3\tname = \"x\"", false)
	planted := b.User("Please change timeout in config/app.toml from 30 to 60.")
	b.Assistant("done")
	b.TurnEnd()
	probes := []replay.Probe{
		{ID: "fact", Answer: "K7-QX-9931", PlantedAt: 0},
		{ID: "sup", Answer: "60", Old: []string{"30"}, Key: "timeout", PlantedAt: planted},
	}
	none, _ := engines.New(engines.None, engines.Config{})
	res := replayWords(t, b.S, none, replay.Config{Window: 1000, Probes: probes})
	fact, sup := res.Probes[0], res.Probes[1]
	if !fact.VisibleAtEnd || fact.Checks != 2 || fact.Visible != 2 {
		t.Fatalf("fact %+v", fact)
	}
	// Both values are visible; the last statement is the change to 60.
	if !sup.VisibleAtEnd || sup.StaleAtEnd || sup.Checks != 1 {
		t.Fatalf("superseded %+v", sup)
	}
}

func TestMaxStepsTruncatesAndDropsUnseenProbes(t *testing.T) {
	s := long(t, 8)
	last := s.Len() - 1
	none, _ := engines.New(engines.None, engines.Config{})
	probes := []replay.Probe{{ID: "early", Answer: "u u u", PlantedAt: 0}, {ID: "late", Answer: "done", PlantedAt: last}}
	res := replayWords(t, s, none, replay.Config{Window: 1000, MaxSteps: 3, Probes: probes})
	if len(res.Steps) != 3 || !res.Truncated {
		t.Fatalf("%d steps, truncated %v; want 3 and true", len(res.Steps), res.Truncated)
	}
	if len(res.Probes) != 1 || res.Probes[0].ID != "early" || !res.Probes[0].VisibleAtEnd {
		t.Fatalf("probes %+v: want only the early one, visible", res.Probes)
	}
}
