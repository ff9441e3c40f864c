package engine

import (
	"testing"

	"github.com/epistemicfold/ef/hostshim"
)

// An item a checkpoint labelled with the event it came from keeps that
// event when a later fold reads the checkpoint: a merge labelled it again
// ("[seq 115] [seq 3] Hello!") and sorted it as of the checkpoint.
func TestCheckpointItemKeepsItsSeq(t *testing.T) {
	m := &hostshim.Message{Role: hostshim.RoleUser, Content: []hostshim.Block{hostshim.TextBlock(
		"[ef-checkpoint id=ef-1 mode=emergency seqs=3-80]\n" + secRecentRaw + ":\n- [seq 3] Hello! Build the ETL.\n- Unlabelled request.\n")}}
	var f Facts
	f.mergeCheckpoint(115, m, map[string]bool{}, map[string]int{}, new([]string))
	want := []Item{{3, "Hello! Build the ETL."}, {115, "Unlabelled request."}}
	if len(f.UserRequests) != len(want) {
		t.Fatalf("user requests %+v, want %+v", f.UserRequests, want)
	}
	for i, it := range want {
		if f.UserRequests[i] != it {
			t.Errorf("item %d = %+v, want %+v", i, f.UserRequests[i], it)
		}
	}
}
