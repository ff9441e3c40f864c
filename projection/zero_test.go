package projection

import (
	"errors"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
	"pgregory.net/rapid"
)

// TestZeroReducerIsNew: a zero Reducer, proposing through a zero Memo or
// not, reaches the state New(Options{}) does on the same events (from
// seq 0, which a zero Reducer must not take for already applied), and
// a zero one restored from a snapshot or cloned before use does too.
func TestZeroReducerIsNew(t *testing.T) {
	testutil.RapidChecks(t, 25)
	rapid.Check(t, func(t *rapid.T) {
		evs := genEvents(t, rapid.IntRange(1, 30).Draw(t, "steps"))
		made := New(Options{})
		var zero, restored, viaMemo Reducer
		viaMemo.UseProposer(&Memo{})
		cloned := (&Reducer{}).Clone()
		if zero.LastSeq() != -1 {
			t.Fatalf("zero Reducer LastSeq = %d, want -1", zero.LastSeq())
		}
		snap, err := New(Options{}).MarshalSnapshot()
		if err != nil {
			t.Fatal(err)
		}
		s, err := UnmarshalSnapshot(snap)
		if err != nil {
			t.Fatal(err)
		}
		if err := restored.Restore(s); err != nil {
			t.Fatal(err)
		}
		for _, ev := range evs {
			for _, r := range []*Reducer{made, &zero, &restored, &viaMemo, cloned} {
				r.Apply(ev)
			}
		}
		want := snapshotJSON(t, made)
		for name, r := range map[string]*Reducer{"zero": &zero, "restored": &restored, "via a zero Memo": &viaMemo, "cloned": cloned} {
			if got := snapshotJSON(t, r); got != want {
				t.Fatalf("%s Reducer:\n%s\nNew(Options{}):\n%s", name, got, want)
			}
		}
	})
}

// TestNilReducer: a nil *Reducer reads as an empty one and refuses what
// can fail with ErrNilReducer.
func TestNilReducer(t *testing.T) {
	var r *Reducer
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Never touch prod."})
	r.Retire(10)
	if r.LastSeq() != -1 || r.HotSize() != 0 || r.Heads() != nil || r.Snapshot() != nil || r.Clone() != nil || r.ValueCheck() != nil {
		t.Error("a nil Reducer does not read as an empty one")
	}
	if _, err := r.MarshalSnapshot(); !errors.Is(err, ErrNilReducer) {
		t.Errorf("nil MarshalSnapshot = %v, want ErrNilReducer", err)
	}
	if err := r.Restore(New(Options{}).Snapshot()); !errors.Is(err, ErrNilReducer) {
		t.Errorf("nil Restore = %v, want ErrNilReducer", err)
	}
	var m *Memo
	ev := Event{Seq: 0, Role: RoleUser, Text: "Never touch prod."}
	if got, want := len(m.Propose(&ev, &Context{})), len(Deterministic{}.Propose(&ev, &Context{})); got != want || want == 0 {
		t.Errorf("nil Memo proposed %d, Deterministic %d", got, want)
	}
	if got := len(Deterministic{}.Propose(&ev, nil)); got == 0 {
		t.Error("Deterministic with a nil Context proposed nothing")
	}
}
