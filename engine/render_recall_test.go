package engine

import (
	"fmt"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
)

// TestRecallLinePendingNoLonger: the planner sizes checkpoints with the
// recall line of a stored span (storeState); a fold compiled without
// writing its bundle (archiveLater) must not render a longer one, or a
// planned fold could fail its shrink check only because the store is full.
func TestRecallLinePendingNoLonger(t *testing.T) {
	m := hostshim.HeuristicMeter{}
	for _, n := range []int{1, 9, 10_000_000} {
		for _, id := range []string{"ef-1", "ef-00000000-0000-4000-8000-000000000000", "ef-" + fmt.Sprint(make([]byte, 40))} {
			stored, later := recallLine(id, n, archiveStored), recallLine(id, n, archiveLater)
			if m.CountText(later) > m.CountText(stored) {
				t.Errorf("%d messages, id %q: the pending recall line (%d tokens) is longer than the stored one (%d):\n%s\n%s", n, id, m.CountText(later), m.CountText(stored), later, stored)
			}
		}
	}
}
