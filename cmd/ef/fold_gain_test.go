package main

import (
	"testing"

	"github.com/epistemicfold/ef/engine"
)

// TestFoldGainSkipShownOnce: a pressure fold skipped for saving less than
// it costs is shown once per plan, not at every later step it stays so;
// another plan (a different start) is shown again, and so is the same one
// after a fold commits.
func TestFoldGainSkipShownOnce(t *testing.T) {
	a := &foldAccount{}
	root := &engine.FoldReport{Mode: engine.ModeRoot, MinGain: 900, Skipped: "would save 1 token (< minimum 900: …)", Plan: &engine.Plan{Start: 3}}
	leaf := &engine.FoldReport{Mode: engine.ModeLeaf, MinGain: 200, Skipped: "would save 12 tokens (< minimum 200: …)", Plan: &engine.Plan{Start: 40}}
	for i, c := range []struct {
		rep    *engine.FoldReport
		commit bool
		want   bool
	}{
		{root, false, true},
		{root, false, false},
		{leaf, false, true},
		{leaf, false, false},
		{leaf, true, true},
	} {
		if c.commit {
			a.lastGainSkip = ""
		}
		if got := a.newGainSkip(c.rep); got != c.want {
			t.Errorf("step %d (%s at %d): shown %v, want %v", i, c.rep.Mode, c.rep.Plan.Start, got, c.want)
		}
	}
}
