package sidecar

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
)

// TestServeFoldsOnWhenTheStoreCannotBeWritten: the store directory removed
// while the sidecar runs (as a full or read-only disk does, every archive
// write fails): fold/compile compiles the checkpoint without the store and
// says why in archiveError, instead of failing the host's compaction at
// every fold (the context then never shrank).
func TestServeFoldsOnWhenTheStoreCannotBeWritten(t *testing.T) {
	store := filepath.Join(t.TempDir(), "store")
	h := startServeHarness(t, store, "serve-store-gone", 10)
	const window = 4000
	if first, plan := h.fold(window); first == nil {
		t.Fatalf("no fold over the threshold: %v", plan)
	}
	if h.compiled["archiveError"] != nil {
		t.Fatalf("archiveError on a writable store: %v", h.compiled)
	}
	if err := os.RemoveAll(store); err != nil {
		t.Fatal(err)
	}
	serveRounds(t, h.host, 11, 22)
	second, plan := h.fold(window)
	if second == nil {
		t.Fatalf("no second fold: %v", plan)
	}
	why, _ := h.compiled["archiveError"].(string)
	if !strings.Contains(why, "archive write failed") {
		t.Fatalf("archiveError %q", why)
	}
	m, _ := h.host.Message(second.CheckpointSeq())
	if _, ok := engine.MarkerOf(m); !ok {
		t.Fatalf("the checkpoint is not EF's: %q", m.Text())
	}
	if _, err := hostshim.MeasureSurface(h.host, hostshim.HeuristicMeter{}); err != nil {
		t.Fatal(err)
	}
}
