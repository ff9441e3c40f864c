package report

import (
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bench"
)

// groundTruthNote: a run of real sessions only says the probe columns are
// blank and why; a mixed run says which sessions they count; a run where
// every session has planted facts (and an empty run) says nothing.
func TestGroundTruthNote(t *testing.T) {
	synth := &bench.SessionRun{Name: "synth/a", Probes: 12}
	real := &bench.SessionRun{Name: "claude-code/b"}
	for _, c := range []struct {
		name     string
		sessions []*bench.SessionRun
		want     string
	}{
		{"real only", []*bench.SessionRun{real, real}, "read — here: they need planted ground truth"},
		{"mixed", []*bench.SessionRun{synth, real, real}, "count the 1 of 3 sessions that have planted ground truth"},
		{"synthetic only", []*bench.SessionRun{synth}, ""},
		{"none", nil, ""},
	} {
		got := groundTruthNote(&bench.Report{Sessions: c.sessions})
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
