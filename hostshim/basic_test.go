package hostshim

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestBasicConfigResolve(t *testing.T) {
	for _, tc := range []struct {
		cfg  BasicConfig
		want Spec
		err  bool
	}{
		{cfg: BasicConfig{ContextWindow: 1000}, want: Spec{ThresholdTokens: 800, RetainTokens: 160}},
		{cfg: BasicConfig{ContextWindow: 1000, ThresholdRatio: 0.5, RetainTokens: 100, CompactionRetries: 1}, want: Spec{ThresholdTokens: 500, RetainTokens: 100, Retries: 1}},
		{cfg: BasicConfig{ContextWindow: 999, RetainRatio: 0.1}, want: Spec{ThresholdTokens: 799, RetainTokens: 99}},
		{cfg: BasicConfig{}, err: true},
		{cfg: BasicConfig{ContextWindow: 1000, RetainTokens: 800}, err: true},
	} {
		got, err := tc.cfg.Resolve()
		if tc.err {
			if !errors.Is(err, ErrPressureConfig) {
				t.Errorf("%+v: error %v, want ErrPressureConfig", tc.cfg, err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%+v: %+v %v, want %+v", tc.cfg, got, err, tc.want)
		}
	}
}

// shrinking answers each call with a shorter summary, so that re-folding a
// checkpoint always shrinks it.
type shrinking struct{ calls int }

func (s *shrinking) Summarize(context.Context, *SummarizationInput, *Agent) (*SummaryResult, error) {
	s.calls++
	return &SummaryResult{Summary: s.summary(s.calls), Provider: "p", Model: "m"}, nil
}

func (*shrinking) summary(call int) []Block {
	return []Block{TextBlock(strings.Repeat("fact; ", max(1, 20-5*call)))}
}

// pressureSession has an open turn, a request header and the given user
// messages.
func pressureSession(t *testing.T, texts ...string) (*Session, []int) {
	b := newBuilder(t)
	b.turnStart(1)
	b.header("")
	var seqs []int
	for i, x := range texts {
		seqs = append(seqs, b.user("u"+string(rune('a'+i)), x))
	}
	return b.s, seqs
}

func brackets(s *Session) (starts, ends int) {
	for _, e := range s.Events() {
		switch e.Type {
		case TypeCompactionStart:
			starts++
		case TypeCompactionEnd:
			ends++
		}
	}
	return
}

func TestBasicCompactIfNeeded(t *testing.T) {
	ctx := context.Background()
	t.Run("no request header", func(t *testing.T) {
		b := newBuilder(t)
		b.turnStart(1)
		b.user("u1", bigText)
		sc := &shrinking{}
		eng := &BasicEngine{Config: BasicConfig{ContextWindow: 100}, Tx: newTx(sc)}
		res, err := eng.CompactIfNeeded(ctx, &Agent{Session: b.s}, TriggerPressure)
		if res != nil || err != nil || sc.calls != 0 {
			t.Errorf("res %v err %v calls %d, want nothing", res, err, sc.calls)
		}
	})
	t.Run("below threshold", func(t *testing.T) {
		s, _ := pressureSession(t, bigText, bigText, "tail")
		n := s.Len()
		eng := &BasicEngine{Config: BasicConfig{ContextWindow: 1000, RetainTokens: 10}, Tx: newTx(&shrinking{})}
		res, err := eng.CompactIfNeeded(ctx, &Agent{Session: s}, TriggerPressure)
		if res != nil || err != nil || s.Len() != n {
			t.Errorf("res %v err %v, %d new events; want nothing", res, err, s.Len()-n)
		}
	})
	t.Run("above threshold", func(t *testing.T) {
		s, u := pressureSession(t, bigText, bigText, bigText, "tail")
		total, _, _ := SurfaceMeasure(HeuristicMeter{})(s)
		eng := &BasicEngine{Config: BasicConfig{ContextWindow: total + 1, ThresholdRatio: 0.9, RetainTokens: 150, CompactionRetries: 1}, Tx: newTx(&shrinking{})}
		res, err := eng.CompactIfNeeded(ctx, &Agent{Session: s}, TriggerPressure)
		if err != nil || res == nil {
			t.Fatalf("res %v err %v", res, err)
		}
		// The tail kept is the last big message and "tail" (>= 150).
		if !slices.Equal(res.ShadowedSeqs, u[:2]) {
			t.Errorf("shadowed %v, want %v", res.ShadowedSeqs, u[:2])
		}
		if st, en := brackets(s); st != 1 || en != 1 {
			t.Errorf("%d brackets opened, %d closed; want 1", st, en)
		}
	})
	t.Run("retries then gives up", func(t *testing.T) {
		// The retained tail alone is above the threshold: every attempt
		// folds the head (the second re-folds the first checkpoint) and
		// the total stays above.
		huge := strings.Repeat(bigText, 5)
		s, u := pressureSession(t, bigText, bigText, huge)
		sc := &shrinking{}
		eng := &BasicEngine{Config: BasicConfig{ContextWindow: 1000, RetainTokens: 150, CompactionRetries: 1}, Tx: newTx(sc)}
		_, err := eng.CompactIfNeeded(ctx, &Agent{Session: s}, TriggerPressure)
		if err == nil || !strings.HasPrefix(err.Error(), "compaction still above threshold after 2 compaction attempts (") ||
			!strings.HasSuffix(err.Error(), "estimated tokens >= threshold 800)") {
			t.Fatalf("error %v", err)
		}
		if st, en := brackets(s); st != 2 || en != 2 || sc.calls != 2 {
			t.Errorf("%d brackets opened, %d closed, %d summaries; want 2", st, en, sc.calls)
		}
		nodes := s.Nodes()
		if len(nodes) != 2 || nodes[1] != u[2] {
			t.Fatalf("surface %v, want [checkpoint, huge]", nodes)
		}
		first := s.Events()[len(u)+2 : len(u)+2+4] // the first bracket
		var sum CompactionSummaryData
		if err := first[1].Decode(&sum); err != nil || !slices.Equal(sum.ShadowedSeqs, u[:2]) {
			t.Errorf("first fold %v (%v)", sum.ShadowedSeqs, err)
		}
		second := s.Events()[len(s.Events())-3]
		if err := second.Decode(&sum); err != nil || !slices.Equal(sum.ShadowedSeqs, []int{first[2].Seq}) {
			t.Errorf("second fold %v, want the first checkpoint %d (%v)", sum.ShadowedSeqs, first[2].Seq, err)
		}
	})
	t.Run("retries until below", func(t *testing.T) {
		// The first fold leaves the total just above the threshold; the
		// retry re-folds the first checkpoint with a shorter summary, which
		// brings it below.
		s, u := pressureSession(t, bigText, bigText, bigText, "tail")
		m := HeuristicMeter{}
		price := func(seq int) int { msg, _ := s.Message(seq); return m.CountMessage(msg) }
		first := (&shrinking{}).summary(1)
		cp1 := m.CountMessage(&Message{Role: RoleUser, Content: FrameSummary(first)})
		after1 := cp1 + price(u[2]) + price(u[3])
		eng := &BasicEngine{Config: BasicConfig{ContextWindow: after1 - 3, ThresholdRatio: 1, RetainTokens: price(u[3]) + 1, CompactionRetries: 2}, Tx: newTx(&shrinking{})}
		res, err := eng.CompactIfNeeded(ctx, &Agent{Session: s}, TriggerPressure)
		if err != nil || res == nil {
			t.Fatalf("res %v err %v", res, err)
		}
		if st, en := brackets(s); st != 2 || en != 2 {
			t.Errorf("%d brackets opened, %d closed; want 2", st, en)
		}
		if got, _, _ := SurfaceMeasure(m)(s); got >= after1-3 {
			t.Errorf("total %d still above threshold %d", got, after1-3)
		}
		if nodes := s.Nodes(); !slices.Equal(nodes[1:], u[2:]) || !slices.Equal(res.ShadowedSeqs, []int{res.StartSeq - 2}) {
			t.Errorf("surface %v, last fold %v: want the retry to re-fold only the first checkpoint", nodes, res.ShadowedSeqs)
		}
	})
	t.Run("overflow ignores the threshold", func(t *testing.T) {
		s, u := pressureSession(t, bigText, bigText, "tail")
		eng := &BasicEngine{Config: BasicConfig{ContextWindow: 1 << 20}, Tx: newTx(&shrinking{})}
		res, err := eng.CompactIfNeeded(ctx, &Agent{Session: s}, TriggerOverflow)
		if err != nil || res == nil || !slices.Equal(res.ShadowedSeqs, u[:2]) {
			t.Fatalf("res %+v err %v, want %v folded", res, err, u[:2])
		}
	})
	t.Run("busy lock", func(t *testing.T) {
		s, _ := pressureSession(t, bigText, bigText, "tail")
		if _, err := s.Append(TypeCompactionStart, map[string]any{"compactionId": "stale", "turn": 1}, AppendOptions{}); err != nil {
			t.Fatal(err)
		}
		eng := &BasicEngine{Config: BasicConfig{ContextWindow: 100}, Tx: newTx(&shrinking{})}
		_, err := eng.CompactIfNeeded(ctx, &Agent{Session: s}, TriggerPressure)
		var me *ManualCompactionError
		if !errors.As(err, &me) || me.Code != ManualBusy || errorChain(me.Err) != "automatic pressure compaction: compaction already in progress; the session compaction lock is already active" {
			t.Errorf("error %v, want busy", err)
		}
	})
	t.Run("pressure config", func(t *testing.T) {
		s, _ := pressureSession(t, bigText)
		eng := &BasicEngine{Tx: newTx(&shrinking{})}
		if _, err := eng.CompactIfNeeded(ctx, &Agent{Session: s}, TriggerPressure); !errors.Is(err, ErrPressureConfig) {
			t.Errorf("error %v, want ErrPressureConfig", err)
		}
	})
	t.Run("no open turn", func(t *testing.T) {
		s, _ := pressureSession(t, bigText, "tail")
		if _, err := s.Append(TypeTurnEnd, map[string]any{"turn": 1, "reason": map[string]string{"kind": "completed"}}, AppendOptions{}); err != nil {
			t.Fatal(err)
		}
		eng := &BasicEngine{Config: BasicConfig{ContextWindow: 1 << 20}, Tx: newTx(&shrinking{})}
		if _, err := eng.CompactIfNeeded(ctx, &Agent{Session: s}, TriggerOverflow); !errors.Is(err, ErrNoOpenTurn) {
			t.Errorf("error %v, want ErrNoOpenTurn", err)
		}
	})
}

func TestBasicCompactNow(t *testing.T) {
	ctx := context.Background()
	b := newBuilder(t)
	eng := &BasicEngine{Config: BasicConfig{ContextWindow: 1000}, Tx: newTx(&shrinking{})}
	if res, err := eng.CompactNow(ctx, &Agent{Session: b.s}, "cmd-0"); res != nil || err != nil {
		t.Errorf("empty session: %v %v", res, err)
	}
	b.turnStart(1)
	b.header("")
	u1 := b.user("u1", bigText)
	// The last node is always retained: one node is nothing to do, and the
	// range is chosen before the bracket looks at the turn.
	if res, err := eng.CompactNow(ctx, &Agent{Session: b.s}, "cmd-0"); res != nil || err != nil {
		t.Errorf("one node (always retained): %v %v", res, err)
	}
	b.user("u2", "tail")
	var me *ManualCompactionError
	if res, err := eng.CompactNow(ctx, &Agent{Session: b.s}, "cmd-1"); res != nil || !errors.As(err, &me) || me.Code != ManualBusy {
		t.Errorf("open turn: %v %v, want busy", res, err)
	}
	b.turnEnd(1)
	res, err := eng.CompactNow(ctx, &Agent{Session: b.s}, "cmd-2")
	if err != nil || res == nil || res.SourceCommandID != "cmd-2" || !slices.Equal(res.ShadowedSeqs, []int{u1}) {
		t.Fatalf("%+v %v", res, err)
	}
	var start CompactionStartData
	if err := b.s.Events()[res.StartSeq].Decode(&start); err != nil || start.Turn != nil || start.SourceCommandID != "cmd-2" {
		t.Errorf("compaction/start %s", b.s.Events()[res.StartSeq].Data)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := eng.CompactNow(cancelled, &Agent{Session: b.s}, "cmd-3"); !errors.As(err, &me) || me.Code != ManualCancelled {
		t.Errorf("cancelled: %v", err)
	}
}
