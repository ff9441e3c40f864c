package hostshim

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// A zero Session takes appends as NewSession's does: the same surface, the
// same entry state, no newest event of any kind before the first append.
func TestZeroSessionAppendsLikeNewSession(t *testing.T) {
	var zero Session
	st, err := InspectEntryState(&zero)
	if err != nil || st.LatestEndSeed != -1 || st.UnmatchedStart != -1 || st.OpenTurn != nil {
		t.Fatalf("entry state of an empty zero session: %+v, %v", st, err)
	}
	if _, ok, err := LatestRequestHeader(&zero); ok || err != nil {
		t.Fatalf("latest request header of an empty zero session: %v, %v", ok, err)
	}
	made := NewSession("", Gen01)
	for _, s := range []*Session{&zero, made} {
		tu := NewTurns(s)
		if err := tu.OpenTurn(); err != nil {
			t.Fatal(err)
		}
		if _, err := tu.Append(TypeUserMessage, Message{Role: RoleUser, Content: []Block{TextBlock("hello")}}, true, nil); err != nil {
			t.Fatal(err)
		}
	}
	if zero.Len() != made.Len() || len(zero.Nodes()) != 1 || zero.Nodes()[0] != made.Nodes()[0] {
		t.Fatalf("zero session: len %d nodes %v; new session: len %d nodes %v", zero.Len(), zero.Nodes(), made.Len(), made.Nodes())
	}
	zst, _ := InspectEntryState(&zero)
	mst, _ := InspectEntryState(made)
	if zst.LatestEndSeed != mst.LatestEndSeed || zst.UnmatchedStart != mst.UnmatchedStart || *zst.OpenTurn != *mst.OpenTurn {
		t.Fatalf("entry state: zero session %+v, new session %+v", zst, mst)
	}
	if m, err := zero.Message(zero.Nodes()[0]); err != nil || m.Text() != "hello" {
		t.Fatalf("zero session's message: %v, %v", m, err)
	}
}

// The typed errors of nil and zero values, which callers tell apart with
// errors.Is.
func TestNilAndZeroValuesAreTypedErrors(t *testing.T) {
	var s *Session
	if _, err := s.Append(TypeUserMessage, Message{Role: RoleUser}, AppendOptions{SurfaceOp: AppendOp}); !errors.Is(err, ErrNilSession) {
		t.Errorf("nil Session Append: %v", err)
	}
	if _, err := s.Message(0); !errors.Is(err, ErrNilSession) {
		t.Errorf("nil Session Message: %v", err)
	}
	if _, err := InspectEntryState(nil); !errors.Is(err, ErrNilSession) {
		t.Errorf("InspectEntryState(nil): %v", err)
	}
	if s.Len() != 0 || s.Position(0) != -1 || s.Clone() != nil || s.HasForgotten() {
		t.Errorf("nil Session's zero results: len %d position %d", s.Len(), s.Position(0))
	}

	// The package's functions of a session: an error, no panic, no file.
	if _, err := NodePrices(nil, HeuristicMeter{}); !errors.Is(err, ErrNilSession) {
		t.Errorf("NodePrices(nil): %v", err)
	}
	if _, _, _, err := SelectCompactableRange(nil, []int{1}, 0); !errors.Is(err, ErrNilSession) {
		t.Errorf("SelectCompactableRange(nil): %v", err)
	}
	if _, err := MeasureSurface(nil, HeuristicMeter{}); !errors.Is(err, ErrNilSession) {
		t.Errorf("MeasureSurface(nil): %v", err)
	}
	if _, err := BuildSummarizationInput(nil, []int{0}); !errors.Is(err, ErrNilSession) {
		t.Errorf("BuildSummarizationInput(nil): %v", err)
	}
	if _, err := ValidateRegion(nil, 0, 0); !errors.Is(err, ErrBadRegion) {
		t.Errorf("ValidateRegion(nil): %v", err)
	}
	path := filepath.Join(t.TempDir(), "nil.jsonl")
	if err := WriteSession(path, nil, LogOptions{}); !errors.Is(err, ErrNilSession) {
		t.Errorf("WriteSession(nil): %v", err)
	}
	if _, err := CreateSessionLog(path, nil, LogOptions{}); !errors.Is(err, ErrNilSession) {
		t.Errorf("CreateSessionLog(nil): %v", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a nil session's log was created: %v", err)
	}

	var tu Turns
	if err := tu.OpenTurn(); !errors.Is(err, ErrNilSession) {
		t.Errorf("zero Turns OpenTurn: %v", err)
	}
	if err := tu.CloseTurn(); err != nil || tu.InTurn() {
		t.Errorf("zero Turns CloseTurn: %v (in turn %v)", err, tu.InTurn())
	}
	if err := NewTurns(nil).ForAssistant(); !errors.Is(err, ErrNilSession) {
		t.Errorf("Turns of a nil Session: %v", err)
	}

	var le *LogError
	var r LogReader
	if _, err := r.Next(); !errors.Is(err, ErrNotOpen) || !errors.As(err, &le) || le.Op != "read" {
		t.Errorf("zero LogReader Next: %v", err)
	}
	if _, err := (*LogReader)(nil).ReadSession(); !errors.Is(err, ErrNotOpen) {
		t.Errorf("nil LogReader ReadSession: %v", err)
	}
	if err := r.Close(); err != nil {
		t.Errorf("zero LogReader Close: %v", err)
	}
	var w LogWriter
	if err := w.Append(Event{}); !errors.Is(err, ErrNotOpen) || !errors.As(err, &le) || le.Op != "append" {
		t.Errorf("zero LogWriter Append: %v", err)
	}
	if err := w.Sync(); !errors.Is(err, ErrNotOpen) {
		t.Errorf("zero LogWriter Sync: %v", err)
	}
	if err := w.Close(); err != nil || w.Len() != 0 {
		t.Errorf("zero LogWriter Close: %v", err)
	}

	// A zero Transaction or BasicEngine appends nothing to a real session.
	sess := NewSession("s", Gen01)
	if _, err := sess.Append(TypeUserMessage, Message{Role: RoleUser, Content: []Block{TextBlock("u")}}, AppendOptions{SurfaceOp: AppendOp}); err != nil {
		t.Fatal(err)
	}
	agent := &Agent{Session: sess}
	if _, err := (&Transaction{}).CompactSurfaceRegion(context.Background(), agent, 0, 0, TxOptions{}); !errors.Is(err, ErrNotConfigured) {
		t.Errorf("zero Transaction: %v", err)
	}
	if _, err := (&BasicEngine{}).CompactNow(context.Background(), agent, ""); !errors.Is(err, ErrNotConfigured) {
		t.Errorf("zero BasicEngine: %v", err)
	}
	tx := &Transaction{Meter: HeuristicMeter{}, Summarizer: SummarizerFunc(func(context.Context, *SummarizationInput, *Agent) (*SummaryResult, error) {
		return nil, io.EOF
	})}
	if _, err := (&BasicEngine{Tx: tx}).CompactIfNeeded(context.Background(), nil, TriggerOverflow); !errors.Is(err, ErrNilSession) {
		t.Errorf("BasicEngine with a nil agent: %v", err)
	}
	if sess.Len() != 1 {
		t.Errorf("a refused compaction appended: len %d", sess.Len())
	}
	if (*CompactionResult)(nil).CheckpointSeq() != -1 {
		t.Error("nil CompactionResult has a checkpoint seq")
	}
}
