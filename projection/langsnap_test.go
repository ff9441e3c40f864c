package projection

import "testing"

// TestSnapshotKeepsLanguage: the user's language survives a Snapshot's
// JSON, a Restore and a Clone, so a short message without function words
// after them ("Verdopple sie.") is still read in the user's language.
func TestSnapshotKeepsLanguage(t *testing.T) {
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Bitte nie direkt auf main pushen, und die Tests müssen immer grün sein, bevor du etwas mergst."})
	if r.lang != langDE {
		t.Fatalf("lang after a German message = %d, want langDE", r.lang)
	}
	raw, err := r.MarshalSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	snap, err := UnmarshalSnapshot(raw)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Language != "de" {
		t.Errorf("Snapshot.Language = %q, want de", snap.Language)
	}
	restored := New(Options{SessionID: "s"})
	if err := restored.Restore(snap); err != nil {
		t.Fatal(err)
	}
	for name, x := range map[string]*Reducer{"restored": restored, "clone": r.Clone()} {
		x.Apply(Event{Seq: 1, Role: RoleUser, Text: "Verdopple sie."})
		if x.lang != langDE {
			t.Errorf("%s: lang after a short message = %d, want langDE", name, x.lang)
		}
	}
	// English leaves the field out (older snapshots read the same).
	e := New(Options{})
	e.Apply(Event{Seq: 0, Role: RoleUser, Text: "Never push to main directly."})
	if l := e.Snapshot().Language; l != "" {
		t.Errorf("English Snapshot.Language = %q, want empty", l)
	}
}
