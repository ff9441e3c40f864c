package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/storetest"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/recall/bundlesource"
	"github.com/epistemicfold/ef/store"
)

// openTwoSessions opens a store holding two sessions that both mention
// "quokka", each with two checkpoints, indexed through Add.
func openTwoSessions(t *testing.T, dir string) *store.Store {
	t.Helper()
	st := storetest.MustOpen(t, dir, store.Options{})
	ctx := context.Background()
	for _, s := range []string{"doomed", "kept"} {
		for _, c := range []string{"c1", "c2"} {
			msgs := []json.RawMessage{json.RawMessage(`{"role":"user","content":[{"type":"text","text":"the quokka token of ` + s + ` ` + c + `"}]}`)}
			if _, err := st.Bundles.Put(ctx, bundletest.Bundle(s, c, msgs)); err != nil {
				t.Fatal(err)
			}
			if _, err := st.Index.Add(ctx, s, c); err != nil {
				t.Fatal(err)
			}
		}
	}
	return st
}

// sessionsFound returns the sessions a project-scope context_search for
// "quokka" names, counted by hit.
func sessionsFound(t *testing.T, ix *recall.Index) map[string]int {
	t.Helper()
	res, err := ix.Search(context.Background(), recall.SearchRequest{Query: "quokka", Scope: recall.ScopeProject})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, h := range res.Hits {
		out[h.SessionID]++
	}
	return out
}

// checkDeleted checks what a model sees of a deleted session through the
// two recall tools, and that the other session is untouched.
func checkDeleted(t *testing.T, ix *recall.Index) {
	t.Helper()
	ctx := context.Background()
	if got := sessionsFound(t, ix); got["doomed"] != 0 || got["kept"] != 2 {
		t.Fatalf("hits by session after delete: %v; want none of doomed, 2 of kept", got)
	}
	out, _ := ix.CallTool(ctx, "doomed", recall.ToolSearch, json.RawMessage(`{"query":"quokka","scope":"session"}`))
	if strings.Contains(out.Text, "quokka token of doomed") {
		t.Fatalf("context_search in the deleted session still finds it:\n%s", out.Text)
	}
	out, _ = ix.CallTool(ctx, "doomed", recall.ToolRecall, json.RawMessage(`{"ref":"c1"}`))
	if !strings.Contains(out.Text, bundlesource.ReasonUnknownSession) || strings.Contains(out.Text, "quokka") {
		t.Fatalf("context_recall of a deleted session's checkpoint does not say the session is gone:\n%s", out.Text)
	}
	r, err := ix.Recall(ctx, recall.RecallRequest{Ref: "c2", SessionID: "kept", Depth: recall.DepthExact})
	if err != nil || r.Status != recall.StatusOK || len(r.Exact) != 1 || !strings.Contains(r.Exact[0].Raw, "quokka token of kept c2") {
		t.Fatalf("recall of the kept session: %+v, %v", r, err)
	}
}

func TestDeleteSession(t *testing.T) {
	st := openTwoSessions(t, filepath.Join(t.TempDir(), "store"))
	ctx := context.Background()
	if got := sessionsFound(t, st.Index); got["doomed"] != 2 || got["kept"] != 2 {
		t.Fatalf("hits by session before delete: %v", got)
	}
	rep, err := st.DeleteSession(ctx, "doomed")
	if err != nil || rep.Bundles != 2 || rep.IndexCheckpoints != 2 || rep.IndexSkipped != "" {
		t.Fatalf("DeleteSession: %+v, %v", rep, err)
	}
	if ids, err := st.Bundles.Sessions(ctx); err != nil || len(ids) != 1 || ids[0] != "kept" {
		t.Fatalf("sessions left: %q, %v", ids, err)
	}
	if wm := st.Index.Watermark(); len(wm["doomed"]) != 0 || len(wm["kept"]) != 2 {
		t.Fatalf("index watermark after delete: %v", wm)
	}
	checkDeleted(t, st.Index)

	// Deleting it again, or a session never seen, says so and deletes nothing.
	for _, id := range []string{"doomed", "never-seen"} {
		rep, err := st.DeleteSession(ctx, id)
		if !errors.Is(err, store.ErrUnknownSession) || rep.Bundles != 0 || rep.IndexCheckpoints != 0 {
			t.Fatalf("DeleteSession(%q) again: %+v, %v; want ErrUnknownSession", id, rep, err)
		}
	}
	if _, err := st.DeleteSession(ctx, ""); err == nil || errors.Is(err, store.ErrUnknownSession) {
		t.Fatalf("empty session id: %v; want an invalid-id error", err)
	}
	if got := sessionsFound(t, st.Index); got["kept"] != 2 {
		t.Fatalf("the kept session lost hits: %v", got)
	}

	// The index reopened from disk agrees.
	dir := st.Dir
	st.Close()
	again := storetest.MustOpen(t, dir, store.Options{})
	if wm := again.Index.Watermark(); len(wm["doomed"]) != 0 || len(wm["kept"]) != 2 {
		t.Fatalf("reopened watermark: %v", wm)
	}
}

// TestDeleteInterruptedHeals removes the bundles alone, as a crash between
// the two deletes would leave the store, and checks that the next open's
// catch-up drops the index entries whose bundles are gone.
func TestDeleteInterruptedHeals(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	st := openTwoSessions(t, dir)
	ctx := context.Background()
	if err := st.Bundles.DeleteSession(ctx, "doomed"); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	again := storetest.MustOpen(t, dir, store.Options{})
	if wm := again.Index.Watermark(); len(wm["doomed"]) != 2 {
		t.Fatalf("the interrupted delete should have left the index entries: %v", wm)
	}
	sst, err := again.Index.Sync(ctx)
	if err != nil || sst.Removed != 2 {
		t.Fatalf("Sync after an interrupted delete: %+v, %v; want 2 removed", sst, err)
	}
	checkDeleted(t, again.Index)

	// Finishing the delete by hand finds the index already clean.
	if _, err := again.DeleteSession(ctx, "doomed"); !errors.Is(err, store.ErrUnknownSession) {
		t.Fatalf("delete after the heal: %v; want ErrUnknownSession", err)
	}
}

// TestDeleteLeftoverIndexEntries: when the bundles are gone but the index
// was not yet synced, DeleteSession still removes the entries and does not
// call the session unknown.
func TestDeleteLeftoverIndexEntries(t *testing.T) {
	st := openTwoSessions(t, filepath.Join(t.TempDir(), "store"))
	ctx := context.Background()
	if err := st.Bundles.DeleteSession(ctx, "doomed"); err != nil {
		t.Fatal(err)
	}
	rep, err := st.DeleteSession(ctx, "doomed")
	if err != nil || rep.Bundles != 0 || rep.IndexCheckpoints != 2 {
		t.Fatalf("DeleteSession of index leftovers: %+v, %v", rep, err)
	}
	checkDeleted(t, st.Index)
}

func TestDeleteSessionReadOnly(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	st := openTwoSessions(t, dir)
	st.Close()
	ro := storetest.MustOpen(t, dir, store.Options{ReadOnly: true, NoIndex: true})
	if _, err := ro.DeleteSession(context.Background(), "doomed"); err == nil {
		t.Fatal("a read-only store deleted a session")
	}
	if ids, err := ro.Bundles.Sessions(context.Background()); err != nil || len(ids) != 2 {
		t.Fatalf("sessions after a refused delete: %q, %v", ids, err)
	}
}
