package hostshim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// sessionBuilder appends host-shaped events to a Gen01 session, failing the
// test on any refusal.
type sessionBuilder struct {
	t testing.TB
	s *Session
}

func newBuilder(t testing.TB) *sessionBuilder {
	return &sessionBuilder{t: t, s: NewSession("tx-test", Gen01)}
}

func (b *sessionBuilder) add(typ string, data any, op *SurfaceOp, sources []int) int {
	b.t.Helper()
	e, err := b.s.Append(typ, data, AppendOptions{SurfaceOp: op, SourceEventSeqs: sources})
	if err != nil {
		b.t.Fatalf("append %s: %v", typ, err)
	}
	return e.Seq
}

// userData has createUserMessage's key order.
type userData struct {
	Content []Block `json:"content"`
	Source  *Source `json:"source"`
	Role    Role    `json:"role"`
	ID      string  `json:"id"`
}

func (b *sessionBuilder) turnStart(turn int) int {
	return b.add(TypeTurnStart, map[string]int{"turn": turn}, nil, nil)
}

func (b *sessionBuilder) turnEnd(turn int) int {
	return b.add(TypeTurnEnd, json.RawMessage(fmt.Sprintf(`{"turn":%d,"reason":{"kind":"completed"}}`, turn)), nil, nil)
}

func (b *sessionBuilder) header(system string) int {
	return b.add(TypeRequestHeader, json.RawMessage(fmt.Sprintf(`{"header":{"config":{"provider":"fake","model":"fake-m"},"system":%q},"reason":"initial"}`, system)), nil, nil)
}

func (b *sessionBuilder) user(id, text string) int {
	return b.add(TypeUserMessage, userData{Content: []Block{TextBlock(text)}, Source: &Source{Kind: "user"}, Role: RoleUser, ID: id}, AppendOp, nil)
}

func (b *sessionBuilder) assistant(id, text string, callIDs ...string) int {
	content := []Block{TextBlock(text)}
	for _, c := range callIDs {
		content = append(content, Block{Type: BlockToolCall, ID: c, Name: "read", Arguments: `{"path":"/a"}`})
	}
	msg := Message{ID: id, Role: RoleAssistant, Content: content, Source: &Source{Kind: "model", Provider: "fake", Model: "fake-m"}}
	return b.add(TypeAssistantMessage, map[string]any{"turn": 1, "step": 1, "message": msg}, AppendOp, nil)
}

func (b *sessionBuilder) result(id, callID, text string) int {
	no := false
	msg := Message{ID: id, Role: RoleUser, Source: &Source{Kind: "tool", CallID: callID},
		Content: []Block{{Type: BlockToolResult, ToolCallID: callID, Content: []Block{TextBlock(text)}, IsError: &no}}}
	return b.add(TypeToolResult, map[string]any{"turn": 1, "step": 1, "message": msg}, AppendOp, nil)
}

var bigText = strings.Repeat("Refactor the parser in /src/parse.go and keep the tests green. ", 12)

// scripted is a summarize hook that records its inputs and answers with a
// fixed summary, after running an optional side effect.
type scripted struct {
	summary []Block
	err     error
	during  func(s *Session)
	inputs  []*SummarizationInput
}

func (sc *scripted) Summarize(_ context.Context, in *SummarizationInput, agent *Agent) (*SummaryResult, error) {
	sc.inputs = append(sc.inputs, in)
	if sc.during != nil {
		sc.during(agent.Session)
	}
	if sc.err != nil {
		return nil, sc.err
	}
	summary := sc.summary
	if summary == nil {
		summary = []Block{TextBlock("## Current Work\n- parser")}
	}
	return &SummaryResult{Summary: summary, Provider: "p", Model: "m"}, nil
}

// seqIDs mints id1, id2, …
func seqIDs() func() string {
	n := 0
	return func() string { n++; return fmt.Sprintf("id%d", n) }
}

func newTx(sc Summarizer) *Transaction {
	return &Transaction{Meter: HeuristicMeter{}, Summarizer: sc, NewID: seqIDs()}
}

func encodedFrom(s *Session, from int) []string {
	var out []string
	for _, e := range s.Events()[from:] {
		out = append(out, string(e.Encode()))
	}
	return out
}

func TestCompactSurfaceRegionCommit(t *testing.T) {
	b := newBuilder(t)
	b.turnStart(1)
	b.header("You are a coder.")
	u1, u2, u3 := b.user("u1", bigText), b.user("u2", bigText), b.user("u3", "tail")
	prices, err := NodePrices(b.s, HeuristicMeter{})
	if err != nil {
		t.Fatal(err)
	}
	sc := &scripted{summary: []Block{TextBlock("S <b> & c")}}
	tx := newTx(sc)
	agent := &Agent{Session: b.s}
	from := b.s.Len()
	res, err := tx.CompactSurfaceRegion(context.Background(), agent, u1, u2, TxOptions{Owner: OwnerCurrentTurn, Stability: WholeSurface})
	if err != nil {
		t.Fatal(err)
	}
	shadowed := prices[0] + prices[1]
	want := []string{
		`{"type":"compaction/start","data":{"compactionId":"id1","turn":1}}`,
		fmt.Sprintf(`{"type":"compaction/summary","data":{"compactionId":"id1","summary":[{"type":"text","text":"S <b> & c"}],"shadowedRange":{"start":%d,"end":%d},"shadowedSeqs":[%d,%d],"shadowedTokenCount":%d,"provider":"p","model":"m"}}`, u1, u2, u1, u2, shadowed),
		fmt.Sprintf(`{"type":"user/message","data":{"content":[{"type":"text","text":%q},{"type":"text","text":"S <b> & c"},{"type":"text","text":"</compacted-summary>"}],"source":{"kind":"plugin","plugin":"compact","compactionId":"id1"},"role":"user","id":"id2"},"sourceEventSeqs":[%d,%d,%d,%d],"surfaceOp":{"op":"replace","start":%d,"end":%d}}`,
			CheckpointPreamble+"\n\n<compacted-summary>", from, from+1, u1, u2, u1, u2),
		`{"type":"compaction/end","data":{"compactionId":"id1","turn":1}}`,
	}
	if got := encodedFrom(b.s, from); !slices.Equal(got, want) {
		t.Fatalf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	wantRes := CompactionResult{CompactionID: "id1", StartSeq: from, SummarySeq: from + 1, EndSeq: from + 3,
		Summary: []Block{TextBlock("S <b> & c")}, ShadowedRange: ShadowedRange{Start: u1, End: u2}, ShadowedSeqs: []int{u1, u2}, ShadowedTokenCount: shadowed}
	if string(marshalNoEscape(res)) != string(marshalNoEscape(wantRes)) {
		t.Errorf("result %s, want %s", marshalNoEscape(res), marshalNoEscape(wantRes))
	}
	if res.CheckpointSeq() != from+2 {
		t.Errorf("CheckpointSeq %d, want %d", res.CheckpointSeq(), from+2)
	}
	if sf := b.s.Surface(); !slices.Equal(sf.Nodes, []int{from + 2, u3}) || sf.ReplaceGeneration != 1 {
		t.Errorf("surface %v gen %d", sf.Nodes, sf.ReplaceGeneration)
	}
	if m, _ := b.s.Message(from + 2); !m.IsCheckpoint() {
		t.Errorf("checkpoint message not recognised: %s", m.Raw)
	}
	if len(sc.inputs) != 1 {
		t.Fatalf("%d summarize calls", len(sc.inputs))
	}
	in := sc.inputs[0]
	if in.System != "You are a coder." || in.CompactionID != "id1" || !slices.Equal(in.ShadowedSeqs, []int{u1, u2}) ||
		len(in.Messages) != 2 || in.Messages[0].ID != "u1" || in.Messages[1].ID != "u2" {
		t.Errorf("summarization input %+v", in)
	}
	if st, _ := InspectEntryState(b.s); st.Busy() {
		t.Error("lock still held after a committed bracket")
	}
}

func TestCompactSurfaceRegionManualLifecycle(t *testing.T) {
	b := newBuilder(t)
	b.turnStart(1)
	b.header("")
	u1 := b.user("u1", bigText)
	b.user("u2", "tail")
	b.turnEnd(1)
	from := b.s.Len()
	tx := newTx(&scripted{})
	if _, err := tx.CompactSurfaceRegion(context.Background(), &Agent{Session: b.s}, u1, u1, TxOptions{Owner: OwnerManual, Stability: SelectedSpan, SourceCommandID: "cmd-1"}); err != nil {
		t.Fatal(err)
	}
	got := encodedFrom(b.s, from)
	if got[0] != `{"type":"compaction/start","data":{"compactionId":"id1","sourceCommandId":"cmd-1","turn":null}}` ||
		got[3] != `{"type":"compaction/end","data":{"compactionId":"id1","sourceCommandId":"cmd-1","turn":null}}` ||
		!strings.Contains(got[1], `"compactionId":"id1","sourceCommandId":"cmd-1","summary":`) ||
		!strings.Contains(got[2], `"source":{"kind":"plugin","plugin":"compact","compactionId":"id1","sourceCommandId":"cmd-1"}`) {
		t.Errorf("manual bracket:\n%s", strings.Join(got, "\n"))
	}
}

func TestCompactSurfaceRegionFailureLeavesSurface(t *testing.T) {
	for _, tc := range []struct {
		name    string
		sc      *scripted
		wantErr error
		wantEnd string // compaction/end error text, %d for the shadowed price
	}{
		{"summarizer error", &scripted{err: errors.New("boom")}, nil, "boom"},
		{"no shrink", &scripted{summary: []Block{TextBlock(bigText + bigText + bigText)}}, ErrNoShrink, "summary is not smaller than the shadowed content (%d estimated framed tokens >= %d)"},
		{"surface moved", &scripted{during: func(s *Session) {
			if _, err := s.Append(TypeUserMessage, userData{Content: []Block{TextBlock("x")}, Source: &Source{Kind: "user"}, Role: RoleUser, ID: "x"}, AppendOptions{SurfaceOp: AppendOp}); err != nil {
				panic(err)
			}
		}}, ErrSurfaceChanged, "compaction: session surface changed during summarization"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBuilder(t)
			b.turnStart(1)
			b.header("")
			u1, u2 := b.user("u1", bigText), b.user("u2", bigText)
			before := b.s.Surface()
			tx := newTx(tc.sc)
			_, err := tx.CompactSurfaceRegion(context.Background(), &Agent{Session: b.s}, u1, u2, TxOptions{})
			var txe *TxError
			if !errors.As(err, &txe) || txe.Stage != StageSummary || txe.CompactionID != "id1" {
				t.Fatalf("error %v, want a summary-stage TxError", err)
			}
			if tc.wantErr != nil && !errors.Is(err, tc.wantErr) {
				t.Errorf("error %v is not %v", err, tc.wantErr)
			}
			after := b.s.Surface()
			if tc.name == "surface moved" {
				after.Nodes = after.Nodes[:len(after.Nodes)-1]
			}
			if !slices.Equal(after.Nodes, before.Nodes) || after.ReplaceGeneration != before.ReplaceGeneration {
				t.Errorf("surface %v gen %d, want %v gen %d", after.Nodes, after.ReplaceGeneration, before.Nodes, before.ReplaceGeneration)
			}
			last := b.s.Events()[b.s.Len()-1]
			var end CompactionStartData
			if err := last.Decode(&end); err != nil || last.Type != TypeCompactionEnd || end.CompactionID != "id1" || end.Turn == nil || *end.Turn != 1 {
				t.Fatalf("last event %s, want compaction/end of id1", last.Encode())
			}
			want := tc.wantEnd
			if strings.Contains(want, "%d") {
				var framed, shadowed int
				if _, err := fmt.Sscanf(end.Error, tc.wantEnd, &framed, &shadowed); err != nil || framed < shadowed {
					t.Errorf("compaction/end error %q, want %q", end.Error, tc.wantEnd)
				}
				want = fmt.Sprintf(tc.wantEnd, framed, shadowed)
			}
			if end.Error != want {
				t.Errorf("compaction/end error %q, want %q", end.Error, want)
			}
			if st, _ := InspectEntryState(b.s); st.Busy() {
				t.Error("lock still held after a closed failure")
			}
		})
	}
}

// TestStabilityWholeSurfaceVsSelectedSpan appends a user message while the
// summarizer runs: the automatic bracket (whole surface) fails as changed,
// the manual one (selected span) commits and keeps the new node after the
// checkpoint.
func TestStabilityWholeSurfaceVsSelectedSpan(t *testing.T) {
	interject := func(s *Session) {
		if _, err := s.Append(TypeUserMessage, userData{Content: []Block{TextBlock("late")}, Source: &Source{Kind: "user"}, Role: RoleUser, ID: "late"}, AppendOptions{SurfaceOp: AppendOp}); err != nil {
			panic(err)
		}
	}
	t.Run("automatic", func(t *testing.T) {
		b := newBuilder(t)
		b.turnStart(1)
		u1, u2 := b.user("u1", bigText), b.user("u2", bigText)
		eng := &BasicEngine{Config: BasicConfig{ContextWindow: 1000}, Tx: newTx(&scripted{during: interject})}
		_, err := eng.CompactRegion(context.Background(), u1, u2, &Agent{Session: b.s})
		if !errors.Is(err, ErrSurfaceChanged) {
			t.Fatalf("error %v, want ErrSurfaceChanged", err)
		}
		var me *ManualCompactionError
		if errors.As(err, &me) {
			t.Errorf("automatic failure classified as manual %s", me.Code)
		}
	})
	t.Run("manual", func(t *testing.T) {
		b := newBuilder(t)
		b.turnStart(1)
		u1, u2 := b.user("u1", bigText), b.user("u2", bigText)
		u3 := b.user("u3", "tail")
		b.turnEnd(1)
		eng := &BasicEngine{Config: BasicConfig{ContextWindow: 1000}, Tx: newTx(&scripted{during: interject})}
		res, err := eng.CompactNow(context.Background(), &Agent{Session: b.s}, "cmd")
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.ShadowedSeqs, []int{u1, u2}) {
			t.Errorf("shadowed %v", res.ShadowedSeqs)
		}
		late := res.StartSeq + 1
		if got := b.s.Surface().Nodes; !slices.Equal(got, []int{res.CheckpointSeq(), u3, late}) {
			t.Errorf("surface %v, want checkpoint, u3, the late message", got)
		}
	})
}

// TestManualClassification drives every ManualCompactionErrorCode.
func TestManualClassification(t *testing.T) {
	type setup struct {
		b     *sessionBuilder
		ctx   context.Context
		sc    *scripted
		opts  TxOptions
		start int
		end   int
	}
	base := func(t *testing.T) *setup {
		b := newBuilder(t)
		b.turnStart(1)
		b.header("")
		u1, u2 := b.user("u1", bigText), b.user("u2", bigText)
		b.user("u3", "tail")
		b.turnEnd(1)
		return &setup{b: b, ctx: context.Background(), sc: &scripted{}, opts: TxOptions{Owner: OwnerManual, Stability: SelectedSpan}, start: u1, end: u2}
	}
	for _, tc := range []struct {
		name      string
		prep      func(t *testing.T, st *setup)
		code      ManualCompactionErrorCode
		wantErr   error
		bracket   bool // a compaction/start was written
		closed    bool // … and closed by a compaction/end
		committed bool // … and the checkpoint landed
	}{
		{name: "busy: unmatched compaction/start", code: ManualBusy, prep: func(t *testing.T, st *setup) {
			st.b.add(TypeCompactionStart, map[string]any{"compactionId": "stale", "turn": nil}, nil, nil)
		}},
		{name: "busy: open turn", code: ManualBusy, prep: func(t *testing.T, st *setup) {
			st.b.turnStart(2)
		}},
		{name: "cancelled before the bracket", code: ManualCancelled, wantErr: context.Canceled, prep: func(t *testing.T, st *setup) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			st.ctx = ctx
		}},
		{name: "cancelled while summarizing", code: ManualCancelled, wantErr: context.Canceled, bracket: true, closed: true, prep: func(t *testing.T, st *setup) {
			ctx, cancel := context.WithCancel(context.Background())
			st.ctx = ctx
			st.sc.during = func(*Session) { cancel() }
		}},
		{name: "cancelled after committing", code: ManualCancelled, wantErr: context.Canceled, bracket: true, closed: true, committed: true, prep: func(t *testing.T, st *setup) {
			ctx, cancel := context.WithCancel(context.Background())
			st.ctx = ctx
			st.opts.Flush = func(context.Context) error { cancel(); return nil }
		}},
		{name: "changed: span rewritten", code: ManualChanged, wantErr: ErrSurfaceChanged, bracket: true, closed: true, prep: func(t *testing.T, st *setup) {
			st.sc.during = func(s *Session) {
				if _, err := s.Append(TypeUserMessage, userData{Content: []Block{TextBlock("rewritten")}, Source: &Source{Kind: "user"}, Role: RoleUser, ID: "rw"}, AppendOptions{SurfaceOp: ReplaceOp(Gen01, st.end, st.end), SourceEventSeqs: []int{st.end}}); err != nil {
					panic(err)
				}
			}
		}},
		{name: "summary: no shrink", code: ManualSummary, wantErr: ErrNoShrink, bracket: true, closed: true, prep: func(t *testing.T, st *setup) {
			st.sc.summary = []Block{TextBlock(bigText + bigText + bigText)}
		}},
		{name: "commit: body fails to append", code: ManualCommit, bracket: true, closed: true, prep: func(t *testing.T, st *setup) {
			st.sc.summary = []Block{{Type: BlockImage, Attachment: json.RawMessage(`{bad`)}}
		}},
		{name: "persistence: flush fails", code: ManualPersistence, bracket: true, closed: true, committed: true, prep: func(t *testing.T, st *setup) {
			st.opts.Flush = func(context.Context) error { return errors.New("disk full") }
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := base(t)
			tc.prep(t, st)
			from := st.b.s.Len()
			_, err := newTx(st.sc).CompactSurfaceRegion(st.ctx, &Agent{Session: st.b.s}, st.start, st.end, st.opts)
			var me *ManualCompactionError
			if !errors.As(err, &me) || me.Code != tc.code {
				t.Fatalf("error %v, want manual code %s", err, tc.code)
			}
			if tc.wantErr != nil && !errors.Is(err, tc.wantErr) {
				t.Errorf("error %v is not %v", err, tc.wantErr)
			}
			var types []string
			for _, e := range st.b.s.Events()[from:] {
				types = append(types, e.Type)
			}
			hasStart := slices.Contains(types, TypeCompactionStart)
			hasEnd := slices.Contains(types, TypeCompactionEnd)
			if hasStart != tc.bracket || hasEnd != tc.closed {
				t.Errorf("events %v: bracket %v closed %v, want %v %v", types, hasStart, hasEnd, tc.bracket, tc.closed)
			}
			committed := slices.Contains(types, TypeCompactionSum) && st.b.s.Position(st.start) < 0
			if committed != tc.committed {
				t.Errorf("committed %v, want %v (events %v)", committed, tc.committed, types)
			}
			if tc.closed {
				if es, _ := InspectEntryState(st.b.s); es.Busy() {
					t.Error("lock still held after a closed bracket")
				}
			}
		})
	}
}

// parallelSession is u1, a1 (calls c1 c2), r1, r2, a2, u2.
func parallelSession(t *testing.T) (*Session, []int) {
	b := newBuilder(t)
	b.turnStart(1)
	u1 := b.user("u1", "go")
	a1 := b.assistant("a1", "reading", "c1", "c2")
	r1, r2 := b.result("r1", "c1", "one"), b.result("r2", "c2", "two")
	a2 := b.assistant("a2", "done")
	u2 := b.user("u2", "next")
	return b.s, []int{u1, a1, r1, r2, a2, u2}
}

func TestSelectCompactableRange(t *testing.T) {
	s, n := parallelSession(t)
	prices := []int{10, 10, 10, 10, 10, 10}
	for _, tc := range []struct {
		retain     int
		start, end int
		ok         bool
	}{
		{0, n[0], n[4], true},  // keep only the last node
		{15, n[0], n[3], true}, // keep a2, u2
		{25, n[0], n[0], true}, // keep would start at r2, then r1: both split a1's calls; cut before a1
		{45, n[0], n[0], true}, // keep from a1
		{55, 0, 0, false},      // the tail needs everything
		{1000, 0, 0, false},    // more than there is
	} {
		start, end, ok, err := SelectCompactableRange(s, prices, tc.retain)
		if err != nil || ok != tc.ok || (ok && (start != tc.start || end != tc.end)) {
			t.Errorf("retain %d: %d..%d ok=%v err=%v, want %d..%d ok=%v", tc.retain, start, end, ok, err, tc.start, tc.end, tc.ok)
		}
	}
	if _, _, ok, err := SelectCompactableRange(s, nil, 0); ok || err != nil {
		t.Errorf("no prices: ok=%v err=%v", ok, err)
	}
	if _, _, _, err := SelectCompactableRange(s, prices[:3], 0); err == nil {
		t.Error("prices that do not match the surface were accepted")
	}

	// Every cut inside an open tool pair: nothing to fold.
	b := newBuilder(t)
	b.turnStart(1)
	b.assistant("a1", "reading", "c1")
	b.result("r1", "c1", "one")
	if _, _, ok, err := SelectCompactableRange(b.s, []int{10, 10}, 0); ok || err != nil {
		t.Errorf("only cut is 0: ok=%v err=%v", ok, err)
	}
}

func TestValidateRegionAndBalance(t *testing.T) {
	s, n := parallelSession(t)
	wantBefore := []bool{true, true, false, false, true, true}
	wantAfter := []bool{true, false, false, true, true, true}
	for i, seq := range n {
		bb, err1 := s.BalancedBefore(seq)
		ba, err2 := s.BalancedAfter(seq)
		if err1 != nil || err2 != nil || bb != wantBefore[i] || ba != wantAfter[i] {
			t.Errorf("node %d: before %v after %v (%v %v), want %v %v", seq, bb, ba, err1, err2, wantBefore[i], wantAfter[i])
		}
	}
	for _, tc := range []struct {
		start, end int
		want       error
		text       string
	}{
		{n[0], n[2], ErrUnbalanced, fmt.Sprintf("compactRegion: end seq %d is not a balanced boundary (would split a step, or the step is still open)", n[2])},
		{n[2], n[4], ErrUnbalanced, fmt.Sprintf("compactRegion: start seq %d is not a balanced boundary (would split a step's tool-call/result pair)", n[2])},
		{n[3], n[0], ErrBadRegion, fmt.Sprintf("compactRegion: start seq %d (position 3) is after end seq %d (position 0) on the surface", n[3], n[0])},
		{0, n[1], ErrBadRegion, "compactRegion: start seq 0 not found in surface"},
		{n[0], 99, ErrBadRegion, "compactRegion: end seq 99 not found in surface"},
	} {
		_, err := ValidateRegion(s, tc.start, tc.end)
		if !errors.Is(err, tc.want) || errorChain(err) != tc.text {
			t.Errorf("%d..%d: %v (host text %q), want %v %q", tc.start, tc.end, err, errorChain(err), tc.want, tc.text)
		}
	}
	sel, err := ValidateRegion(s, n[1], n[3])
	if err != nil || !slices.Equal(sel.ShadowedSeqs, n[1:4]) || sel.StartIdx != 1 || sel.EndIdx != 3 {
		t.Errorf("valid span: %+v %v", sel, err)
	}
}

func TestInspectEntryState(t *testing.T) {
	b := newBuilder(t)
	st, _ := InspectEntryState(b.s)
	if st.OpenTurn != nil || st.Busy() || st.UnmatchedStart != -1 || st.LatestEndSeed != -1 {
		t.Errorf("empty log: %+v", st)
	}
	b.turnStart(3)
	start := b.add(TypeCompactionStart, map[string]any{"compactionId": "a", "turn": 3}, nil, nil)
	st, _ = InspectEntryState(b.s)
	if st.OpenTurn == nil || *st.OpenTurn != 3 || !st.Busy() || st.UnmatchedStart != start {
		t.Errorf("open turn and unmatched start: %+v", st)
	}
	b.add(TypeSessionEndSeed, map[string]any{}, nil, nil)
	if st, _ = InspectEntryState(b.s); st.Busy() {
		t.Errorf("an end-seed after the start releases the lock: %+v", st)
	}
	b.add(TypeCompactionStart, map[string]any{"compactionId": "b", "turn": 3}, nil, nil)
	if st, _ = InspectEntryState(b.s); !st.Busy() {
		t.Errorf("a start after the end-seed holds the lock: %+v", st)
	}
	b.add(TypeCompactionEnd, map[string]any{"compactionId": "b", "turn": 3}, nil, nil)
	b.turnEnd(3)
	if st, _ = InspectEntryState(b.s); st.Busy() || st.OpenTurn != nil {
		t.Errorf("closed: %+v", st)
	}
}
