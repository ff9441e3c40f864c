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

// An emergency fold at an overflow that refused to drop hard state lost
// nothing and left the surface as it was: its line says "refused" and
// why, as the summary counts it, not "FAILED" (trial 14: two "emergency
// FAILED … budget cannot be met" lines in a run that exited 0). Near
// misses: an explicit emergency fold (--mode emergency) that cannot meet
// its budget, and any other failed fold, still say FAILED.
func TestFoldLineRefusedAtOverflow(t *testing.T) {
	why := "the smallest checkpoint, with its 10 lines of hard state (constraints, open failures, obligations), is 720 o200k_base tokens and 706 are left for it; refusing rather than dropping hard state"
	budgetErr := fmt.Errorf("hostshim: compaction c1 failed at summary: %w", fmt.Errorf("%w: %s", engine.ErrBudget, why))
	for _, c := range []struct {
		name string
		rep  *engine.FoldReport
		err  error
		want string
	}{
		{"overflow, over budget", &engine.FoldReport{Mode: engine.ModeEmergency, Trigger: string(hostshim.TriggerOverflow)}, budgetErr,
			"  emergency refused surface left as it was, hard state kept: " + why + "\n"},
		{"explicit emergency", &engine.FoldReport{Mode: engine.ModeEmergency, Trigger: "cli"}, budgetErr,
			"  emergency FAILED  " + budgetErr.Error() + "\n"},
		{"another failure", &engine.FoldReport{Mode: engine.ModeLeaf, Trigger: "pressure"}, errors.New("bundle: write failed"),
			"  leaf      FAILED  bundle: write failed\n"},
	} {
		acc, err := newFoldAccount(false)
		if err != nil {
			t.Fatal(err)
		}
		acc.record(c.rep, c.err)
		if got := acc.entry.String(); got != c.want {
			t.Errorf("%s: line\n %q\nwant %q", c.name, got, c.want)
		}
		acc.close()
	}
}

// A summary in an imported log is its client's own compaction, named by
// the client's format, not "the host's summary" (trial 14: Gemini CLI's
// compression); a DSH log's stays the host's.
func TestFoldLogFoldNamesTheClient(t *testing.T) {
	for _, c := range []struct {
		lf   foldLogFold
		want string
	}{
		{foldLogFold{By: "host", Client: "gemini", Provider: "google", Model: "gemini-2.5-pro", Archive: "stored"}, "the gemini client's own summary (google/gemini-2.5-pro)"},
		{foldLogFold{By: "pruner", Client: "opencode", Archive: "stored"}, "a tool result the opencode client's pruner cut"},
		{foldLogFold{By: "host", Provider: "deepseek-official", Model: "deepseek-chat", Archive: "stored"}, "the host's summary (deepseek-official/deepseek-chat)"},
	} {
		var b bytes.Buffer
		foldPrintLogFold(&b, &c.lf)
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("line %q, want %q in it", b.String(), c.want)
		}
	}
}
