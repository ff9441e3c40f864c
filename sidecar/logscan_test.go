package sidecar

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
)

// hostFoldTo commits a fold of the host's own summarizer (the sidecar down)
// over the surface from its first node to the message with id end.
func hostFoldTo(t *testing.T, s *hostshim.Session, end string) *hostshim.CompactionResult {
	t.Helper()
	last := -1
	for _, n := range s.Nodes() {
		if m, _ := s.Message(n); m != nil && m.ID == end {
			last = n
		}
	}
	tx := &hostshim.Transaction{Meter: hostshim.HeuristicMeter{}, Summarizer: hostshim.SummarizerFunc(func(context.Context, *hostshim.SummarizationInput, *hostshim.Agent) (*hostshim.SummaryResult, error) {
		return &hostshim.SummaryResult{Summary: []hostshim.Block{hostshim.TextBlock("## Current Work\n- host summary")}, Provider: "fake", Model: "fake-m"}, nil
	})}
	res, err := tx.CompactSurfaceRegion(context.Background(), &hostshim.Agent{Session: s}, s.Nodes()[0], last, hostshim.TxOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// writeHostLog writes s as DSH persists it, <dir>/<session id>/session.jsonl.zstd,
// with the plugin's note when noted; it returns the session's directory.
func writeHostLog(t *testing.T, dir string, s *hostshim.Session, noted bool) string {
	t.Helper()
	sd := filepath.Join(dir, s.ID)
	if err := os.MkdirAll(sd, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := hostshim.WriteSession(filepath.Join(sd, "session.jsonl.zstd"), s, hostshim.LogOptions{}); err != nil {
		t.Fatal(err)
	}
	if noted {
		if err := os.WriteFile(filepath.Join(sd, PendingMarker), []byte(`{"folds":1}`), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return sd
}

// TestServeArchivesNotedSessionsFromTheirLogs: sessions that ended with
// folds not archived (the sidecar missing for the whole session, or down
// when it ended) are archived from their logs by the next sidecar of the
// project, in the background, once a session/open names a log in the same
// project directory: only the sessions the plugin noted (PendingMarker),
// only what no bundle holds and EF did not archive when it compiled (an EF
// checkpoint whose bundle is gone was deleted, and stays so), under the
// ids a live mirror gives them; the note is removed, and a second sidecar
// archives nothing again.
func TestServeArchivesNotedSessionsFromTheirLogs(t *testing.T) {
	tmp := t.TempDir()
	store, logs := filepath.Join(tmp, "store"), filepath.Join(tmp, "sessions", "--project--")

	// Noted: two folds of the host's summarizer (the second re-folds the
	// first checkpoint).
	down := serveHostSession(t, "session-down", 10)
	f1 := hostFoldTo(t, down, "t-5")
	serveRounds(t, down, 11, 14)
	f2 := hostFoldTo(t, down, "t-12")
	downDir := writeHostLog(t, logs, down, true)
	// Not noted: its host fold stays as it is (the session may have been
	// deleted from the store on purpose).
	other := serveHostSession(t, "session-other", 10)
	hostFoldTo(t, other, "t-5")
	writeHostLog(t, logs, other, false)
	// Noted: an EF fold archived into another store (so its bundle is
	// missing here, as after a delete), then the host's fold over it.
	mixed := startServeHarness(t, filepath.Join(tmp, "elsewhere"), "session-mixed", 10)
	efFold, plan := mixed.fold(4000)
	if efFold == nil {
		t.Fatalf("no EF fold: %v", plan)
	}
	mixed.srv.Close()
	serveRounds(t, mixed.host, 11, 14)
	f3 := hostFoldTo(t, mixed.host, "t-12")
	mixedDir := writeHostLog(t, logs, mixed.host, true)

	for run := range 2 {
		h := newServeHarness(t, store)
		h.initialize()
		live := serveHostSession(t, "session-live", 2)
		if _, err := h.call(MethodSessionOpen, map[string]any{"sessionId": live.ID, "events": serveEvents(live, 0), "logPath": filepath.Join(logs, live.ID, "session.jsonl.zstd")}); err != nil {
			t.Fatal(err)
		}
		if h.srv.scan == nil {
			t.Fatal("session/open with a log path started no background archive")
		}
		<-h.srv.scan.done
		ctx := context.Background()
		ids := func(sid string) []string {
			infos, err := h.srv.store.Bundles.List(ctx, sid)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, in := range infos {
				out = append(out, in.CheckpointID)
			}
			return out
		}
		want := map[string][]string{
			down.ID:        {engine.CheckpointID(f1.CompactionID), engine.CheckpointID(f2.CompactionID)},
			other.ID:       nil,
			mixed.host.ID:  {engine.CheckpointID(f3.CompactionID)},
			"session-live": nil,
		}
		for sid, w := range want {
			got := ids(sid)
			if len(got) != len(w) {
				t.Fatalf("run %d: session %s has bundles %v, want %v", run, sid, got, w)
			}
			for _, id := range w {
				if err := h.srv.store.Bundles.Verify(ctx, sid, id); err != nil {
					t.Fatalf("run %d: %v", run, err)
				}
			}
		}
		for _, d := range []string{downDir, mixedDir} {
			if _, err := os.Lstat(filepath.Join(d, PendingMarker)); !os.IsNotExist(err) {
				t.Fatalf("run %d: the note in %s stays: %v", run, d, err)
			}
		}
		h.srv.Close()
		if run == 0 {
			// The notes again, as a plugin that noted another fold
			// would: the second sidecar finds everything archived.
			for _, d := range []string{downDir, mixedDir} {
				os.WriteFile(filepath.Join(d, PendingMarker), nil, 0o600)
			}
		}
	}
}
