package sidecar

import (
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// TestPrunedResultIsArchived: a tool result the host's pruner cut is
// archived whole, from the mirror's log, once: context_search finds what
// only its pruned middle said, context_recall returns it byte-exact, and a
// sidecar that mirrors the session again writes no second bundle.
func TestPrunedResultIsArchived(t *testing.T) {
	store := filepath.Join(t.TempDir(), "store")
	h := startServeHarness(t, store, "pruned", 2)
	// The third round's output, long enough for the pruner, says
	// something only in its middle.
	middle := "the flaky case is case_7 on the ZQ-4471 runner"
	out := "test case_3 ... ok\n" + strings.Repeat("padding line of the build ", 400) + middle + "\n" + strings.Repeat("log line 3 ", 150)
	seq := toolRound(t, h.host, 3, out)
	serveRounds(t, h.host, 4, 5)
	h.sync()
	repl := enginetest.PruneResult(t, h.host, seq, 4096, 1024)
	h.sync()

	search := func(q string) string {
		out, err := h.call("tool/call", map[string]any{"name": "context_search", "sessionId": "pruned", "arguments": map[string]any{"query": q}})
		if err != nil || out["isError"] != false {
			t.Fatalf("context_search %q: %v %v", q, out, err)
		}
		return out["text"].(string)
	}
	found := search(`"ZQ-4471 runner"`)
	ref := regexp.MustCompile(`ref (\S+)`).FindStringSubmatch(found)
	if ref == nil || !strings.Contains(found, engine.PrunedID(repl)) {
		t.Fatalf("the pruned middle is not found: %s", found)
	}
	got, err := h.call("tool/call", map[string]any{"name": "context_recall", "sessionId": "pruned", "arguments": map[string]any{"ref": ref[1], "depth": "exact"}})
	if err != nil || got["isError"] != false || !strings.Contains(got["text"].(string), middle) {
		t.Fatalf("context_recall %s: %v %v", ref[1], got, err)
	}
	// The surface holds the cut result; a new sidecar mirrors the session
	// again and finds the bundle already there.
	for _, n := range h.host.Nodes() {
		if e, _ := h.host.Event(n); strings.Contains(string(e.Data), "ZQ-4471") {
			t.Fatalf("the surface still holds the pruned middle at seq %d", n)
		}
	}
	h.srv.Close()
	h2 := newServeHarness(t, store)
	h2.host = h.host
	h2.initialize()
	h2.sync()
	res, err := h2.call("session/archive", map[string]any{"sessionId": "pruned"})
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := res["archived"].([]any); len(a) != 0 {
		t.Fatalf("a prune reported as an archived fold: %v", res)
	}
	if n := bundleCount(t, store); n != 1 {
		t.Fatalf("%d bundles after the second mirror, want 1", n)
	}
}

// bundleCount counts the checkpoint bundles under a store root.
func bundleCount(t *testing.T, root string) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != root {
			return filepath.SkipDir
		}
		if strings.HasSuffix(p, ".efb") {
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
