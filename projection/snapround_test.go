package projection

import "testing"

// snapRound writes r's snapshot, reads it back and restores it into a new
// reducer of session "s": what a later reading after a fold starts from.
// It returns the snapshot read back, for tests of its fields, and the
// restored reducer.
func snapRound(t *testing.T, r *Reducer) (*Snapshot, *Reducer) {
	t.Helper()
	raw, err := r.MarshalSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	snap, err := UnmarshalSnapshot(raw)
	if err != nil {
		t.Fatal(err)
	}
	restored := New(Options{SessionID: "s"})
	if err := restored.Restore(snap); err != nil {
		t.Fatal(err)
	}
	return snap, restored
}
