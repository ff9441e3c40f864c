package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
)

// An emergency fold at an overflow that cannot fit its checkpoint in the
// budget fails ef fold only when the surface ends over the window, and the
// error says why; when later folds brought the surface within it, a note
// says so and the run succeeds (trial4: session B at window 1500 exited 1
// with its final surface at 1290 tokens). Any other failure still fails.
func TestFoldOutcomeOverBudget(t *testing.T) {
	why := "the smallest checkpoint, with its 11 lines of hard state (constraints, open failures, obligations), is 766 o200k_base tokens and 750 are left for it; refusing rather than dropping hard state"
	budgetErr := fmt.Errorf("hostshim: compaction c1 failed at summary: %w", fmt.Errorf("%w: %s", engine.ErrBudget, why))
	overflow := func() *engine.FoldReport {
		return &engine.FoldReport{Mode: engine.ModeEmergency, Trigger: string(hostshim.TriggerOverflow)}
	}
	account := func(t *testing.T, errs ...error) *foldAccount {
		acc, err := newFoldAccount(false)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(acc.close)
		acc.record(&engine.FoldReport{Mode: engine.ModeLeaf, Trigger: "pressure", CheckpointID: "ef-1"}, nil)
		for _, e := range errs {
			rep := overflow()
			if !errors.Is(e, engine.ErrBudget) {
				rep = &engine.FoldReport{Mode: engine.ModeLeaf, Trigger: "pressure"}
			}
			acc.record(rep, e)
		}
		return acc
	}

	var stderr bytes.Buffer
	if err := account(t, budgetErr).outcome(&stderr, 1500, 1290, ""); err != nil {
		t.Errorf("fits the window after an over-budget emergency fold: %v, want success", err)
	}
	if note := stderr.String(); !strings.Contains(note, "note: 1 of 2 folds (an emergency fold at an overflow) could not fit its checkpoint") ||
		!strings.Contains(note, why) || !strings.Contains(note, "1290 o200k tokens, within the window") {
		t.Errorf("note: %q", note)
	}

	stderr.Reset()
	err := account(t, budgetErr, budgetErr).outcome(&stderr, 1500, 2607, "")
	if err == nil || !strings.Contains(err.Error(), "the folded surface (2607 o200k tokens) ends over --window 1500:\n  2 of 3 folds") ||
		!strings.Contains(err.Error(), why) || strings.Contains(err.Error(), "hostshim: compaction") {
		t.Errorf("ends over the window: %v, want the error to say why", err)
	}
	if stderr.Len() != 0 {
		t.Errorf("ends over the window: stderr %q, want the error alone", stderr.String())
	}

	stderr.Reset()
	if err := account(t, budgetErr, errors.New("bundle: write failed")).outcome(&stderr, 1500, 1290, ""); err == nil || !strings.Contains(err.Error(), "2 of 3 folds failed") {
		t.Errorf("another failure beside an over-budget fold: %v, want it to fail the run", err)
	}
	// An explicit emergency fold (--mode emergency, trigger cli) that cannot
	// meet its budget is no overflow fold: it fails the run.
	acc := account(t)
	acc.record(&engine.FoldReport{Mode: engine.ModeEmergency, Trigger: "cli"}, budgetErr)
	if err := acc.outcome(&stderr, 1500, 1290, ""); err == nil {
		t.Error("an explicit emergency fold that failed: success, want an error")
	}
}

// A run that fails after writing its new log says the log was written
// (trial 13: "exit 1, yet the log is there"), and the summary counts an
// emergency fold that refused to drop hard state apart from the failed
// ones (trial 13: "8 failed" with exit 0 read as an error). Near misses:
// a run that succeeds says nothing of the log; no --out names none.
func TestFoldOutcomeSaysTheLogIsWritten(t *testing.T) {
	why := "the smallest checkpoint is 766 o200k_base tokens and 750 are left for it"
	budgetErr := fmt.Errorf("hostshim: compaction c1 failed at summary: %w", fmt.Errorf("%w: %s", engine.ErrBudget, why))
	account := func(t *testing.T) *foldAccount {
		acc, err := newFoldAccount(false)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(acc.close)
		acc.record(&engine.FoldReport{Mode: engine.ModeLeaf, Trigger: "pressure", CheckpointID: "ef-1"}, nil)
		acc.record(&engine.FoldReport{Mode: engine.ModeEmergency, Trigger: string(hostshim.TriggerOverflow)}, budgetErr)
		return acc
	}
	var stderr bytes.Buffer
	err := account(t).outcome(&stderr, 1500, 2607, "out/folded.jsonl")
	if err == nil || !strings.Contains(err.Error(), "the new log was written all the same (out/folded.jsonl)") {
		t.Errorf("over the window with a new log: %v, want it to say the log was written", err)
	}
	if err := account(t).outcome(&stderr, 1500, 2607, ""); err == nil || strings.Contains(err.Error(), "written all the same") {
		t.Errorf("over the window, no new log: %v, want no word of a log", err)
	}
	if err := account(t).outcome(&stderr, 1500, 1290, "out/folded.jsonl"); err != nil {
		t.Errorf("within the window: %v, want success", err)
	}

	acc := account(t)
	var summary bytes.Buffer
	if err := acc.print(&summary); err != nil {
		t.Fatal(err)
	}
	if s := summary.String(); !strings.Contains(s, "0 failed, 1 refused at an overflow (the hard state did not fit their budget))") {
		t.Errorf("summary %q: want the refused fold counted apart from failed ones", s)
	}
}
