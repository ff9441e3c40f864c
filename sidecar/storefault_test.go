package sidecar

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/testutil"
)

// checkpointsOf are the compaction results' checkpoint messages of the
// host session, EF's each (the test fails otherwise).
func efCheckpoints(t *testing.T, host *hostshim.Session) []engine.Marker {
	t.Helper()
	var out []engine.Marker
	for _, n := range host.Nodes() {
		m, _ := host.Message(n)
		if m == nil || !m.IsCheckpoint() {
			continue
		}
		mk, ok := engine.MarkerOf(m)
		if !ok {
			t.Fatalf("checkpoint at seq %d is not EF's: %q", n, m.Text())
		}
		out = append(out, mk)
	}
	return out
}

// verifiedBundles checks that every EF checkpoint on the host's surface
// has its bundle in the store, verified, and returns how many there are.
func (h *serveHarness) verifiedBundles() int {
	h.t.Helper()
	cps := efCheckpoints(h.t, h.host)
	for _, mk := range cps {
		h.verified(mk.ID)
	}
	return len(cps)
}

// verified checks that checkpoint id's bundle is in the store, verified.
func (h *serveHarness) verified(id string) {
	h.t.Helper()
	if err := h.srv.store.Bundles.Verify(context.Background(), h.host.ID, id); err != nil {
		h.t.Fatalf("checkpoint %s: %v", id, err)
	}
}

// TestServeRecreatesARemovedStore: the store directory removed while the
// sidecar runs, before the mirror learned that the last fold committed.
// The next fold/compile makes the directory again (nothing is at its path:
// it is what the next sidecar would do at its start) and archives the
// fold in it; the fold whose bundle went with the directory is archived
// again from the log by session/archive, under its own id; recall finds
// both. (Before, every later fold was compiled without a store and the
// directory never came back.)
func TestServeRecreatesARemovedStore(t *testing.T) {
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
	if h.compiled["archiveError"] != nil {
		t.Fatalf("the store was not made again: %v", h.compiled["archiveError"])
	}
	if _, err := os.Stat(filepath.Join(store, ".recall")); err != nil {
		t.Fatalf("the recreated store has no recall index: %v", err)
	}
	got, err := h.callSynced(MethodSessionArchive, func() map[string]any { return map[string]any{"sessionId": h.host.ID} })
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got["pending"]) != "[]" || len(got["archived"].([]any)) != 1 {
		t.Fatalf("session/archive after the store came back: %v", got)
	}
	if n := h.verifiedBundles(); n != 2 {
		t.Fatalf("%d EF checkpoints on the surface, want 2", n)
	}
	out, err := h.call(MethodToolCall, map[string]any{"name": "context_search", "sessionId": h.host.ID, "arguments": map[string]any{"query": "case_2"}})
	if err != nil || out["isError"] != false || !strings.Contains(fmt.Sprint(out["text"]), "case_2") {
		t.Fatalf("search for the first fold's span after the store came back: %v %v", out, err)
	}
}

// TestServeFoldsOnAfterTheStoreFailsMidSession: the store stops being
// writable after the mirror released the spans earlier folds archived (as
// in a real session, where the plugin syncs each commit before the next
// fold). The compile without the store still states the projection (a
// value changed since the first fold, with what it was): it failed with
// "rebuild the projection at checkpoint seq N (no bundle store): event M:
// hostshim: event forgotten", since it ran on a second engine with no
// projection of the session and no store to rebuild one from, and every
// later fold fell to the host's summarizer. Once the disk has room again,
// session/archive archives every fold compiled meanwhile from the
// mirror, under the checkpoints' own ids.
//
// The store's directory removed the same way is made again at the next
// fold (TestServeRecreatesARemovedStore): the mirror, which released the
// first fold's span, is sent again whole (one resync), and the first
// fold is archived again from the log.
func TestServeFoldsOnAfterTheStoreFailsMidSession(t *testing.T) {
	for _, fault := range []string{"full", "removed"} {
		t.Run(fault, func(t *testing.T) {
			dir := t.TempDir()
			if fault == "full" {
				dir = testutil.SmallFS(t, 4<<20)
			}
			store := filepath.Join(dir, "store")
			h := startServeHarness(t, store, "serve-store-fails-"+fault, 0)
			userMsg(t, h.host, "u-limit-3", "Set the retry limit to 3.")
			serveRounds(t, h.host, 1, 10)
			const window = 4000
			first, plan := h.fold(window)
			if first == nil {
				t.Fatalf("no fold over the threshold: %v", plan)
			}
			ids := []string{engine.CheckpointID(first.CompactionID)}
			h.sync() // the commit reaches the mirror, which releases the span
			if !h.srv.sessions[h.host.ID].released {
				t.Fatal("the mirror released nothing after an archived fold")
			}
			switch fault {
			case "removed":
				if err := os.RemoveAll(store); err != nil {
					t.Fatal(err)
				}
			case "full":
				testutil.Fill(t, dir, 0)
			}
			prev := 3
			for round := 11; round <= 44; round += 11 {
				userMsg(t, h.host, fmt.Sprintf("u-limit-%d", round), fmt.Sprintf("Set the retry limit to %d.", round))
				serveRounds(t, h.host, round, round+10)
				res, plan := h.fold(window)
				if res == nil {
					t.Fatalf("no fold after round %d: %v", round+10, plan)
				}
				m, _ := h.host.Message(res.CheckpointSeq())
				mk, ok := engine.MarkerOf(m)
				if !ok {
					t.Fatalf("the checkpoint is not EF's: %q", m.Text())
				}
				if want := fmt.Sprintf("retry limit = %d (was %d)", round, prev); !strings.Contains(m.Text(), want) {
					t.Fatalf("the checkpoint after round %d does not say %q:\n%s", round+10, want, m.Text())
				}
				prev = round
				ids = append(ids, mk.ID)
				why, _ := h.compiled["archiveError"].(string)
				switch fault {
				case "full":
					if want := "write in " + store + ": no space left on device"; why != want {
						t.Fatalf("archiveError %q", why)
					}
					if !strings.Contains(m.Text(), "are not archived yet (the bundle store cannot be written)") || engine.ArchivedByCompile(m) {
						t.Fatalf("the checkpoint does not say its span waits:\n%s", m.Text())
					}
				case "removed":
					if why != "" || !engine.ArchivedByCompile(m) {
						t.Fatalf("fold %s in the recreated store: archiveError %q", mk.ID, why)
					}
				}
			}
			if fault == "full" {
				if err := os.Remove(filepath.Join(dir, "filler")); err != nil {
					t.Fatal(err)
				}
			}
			h.sync()
			got, err := h.callSynced(MethodSessionArchive, func() map[string]any { return map[string]any{"sessionId": h.host.ID} })
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got["pending"]) != "[]" {
				t.Fatalf("session/archive once the store can be written: %v", got)
			}
			// Every fold's bundle: the first one's, and those of the four
			// after the fault (the last merges the four before it).
			if fault == "removed" && h.resyncs != 1 {
				t.Fatalf("%d resyncs after the store was made again, want 1", h.resyncs)
			}
			for _, id := range ids {
				h.verified(id)
			}
			if n := h.verifiedBundles(); n != 1 {
				t.Fatalf("%d EF checkpoints on the surface, want the last one", n)
			}
			// The last fold (a merge) references the four it folded.
			b, err := h.srv.store.Bundles.Meta(context.Background(), h.host.ID, ids[4])
			if err != nil {
				t.Fatal(err)
			}
			var parents []string
			for _, p := range b.Parents {
				parents = append(parents, p.CheckpointID)
			}
			if fmt.Sprint(parents) != fmt.Sprint(ids[:4]) {
				t.Fatalf("the merge references %v, want %v", parents, ids[:4])
			}
		})
	}
}

// TestServeStoreUnavailableFromTheStart: a store that cannot be opened at
// all (here its path is a file) still lets folds go on, compiled without
// it, and fold/compile says why the span is not archived, so that the
// plugin notes it as waiting (to be archived from the log by a later
// sidecar that can write the store).
func TestServeStoreUnavailableFromTheStart(t *testing.T) {
	store := filepath.Join(t.TempDir(), "not-a-directory")
	if err := os.WriteFile(store, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	h := startServeHarness(t, store, "serve-store-unavailable", 10)
	res, plan := h.fold(4000)
	if res == nil {
		t.Fatalf("no fold: %v", plan)
	}
	why, _ := h.compiled["archiveError"].(string)
	if !strings.HasPrefix(why, "the store could not be opened: ") {
		t.Fatalf("archiveError %q", why)
	}
	m, _ := h.host.Message(res.CheckpointSeq())
	if _, ok := engine.MarkerOf(m); !ok || engine.ArchivedByCompile(m) || !strings.Contains(m.Text(), "are not archived yet (the bundle store cannot be written)") {
		t.Fatalf("checkpoint %q", m.Text())
	}
}
