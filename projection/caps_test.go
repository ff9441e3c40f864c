package projection

import "testing"

// TestDefaultCapsAsDocumented: Caps's doc names the defaults.
func TestDefaultCapsAsDocumented(t *testing.T) {
	want := Caps{Constraints: 48, Values: 64, Obligations: 32, Decisions: 24, Negative: 16, Hypotheses: 16, Guesses: 4, OpenFailures: 48, Closed: 16, Evidence: 32, Artifacts: 32, Pending: 512}
	if got := DefaultCaps(); got != want {
		t.Errorf("DefaultCaps() = %+v, want %+v (update Caps's doc)", got, want)
	}
}
