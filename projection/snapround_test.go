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

// scriptCase is one row of a table of scripts (runScript's format): the
// lines the reduced state must hold and the lines it must not.
type scriptCase struct {
	name, script string
	want, never  []string
}

// runScriptCases reduces each case's script in a subtest of its name and
// checks its want and never lines.
func runScriptCases(t *testing.T, cases []scriptCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, c.script)
			t.Log(out)
			expect(t, out, c.want, c.never)
		})
	}
}
