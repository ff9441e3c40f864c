package sidecar

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/storetest"
	"github.com/epistemicfold/ef/recall/bundlesource"
	"github.com/epistemicfold/ef/store"
)

// TestSessionDelete deletes one of two archived sessions through
// session/delete and reads what the recall tools then answer.
func TestSessionDelete(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	st := storetest.MustOpen(t, dir, store.Options{})
	ctx := context.Background()
	for _, s := range []string{"doomed", "kept"} {
		msgs := []json.RawMessage{json.RawMessage(`{"role":"user","content":[{"type":"text","text":"the wombat password of ` + s + `"}]}`)}
		if _, err := st.Bundles.Put(ctx, bundletest.Bundle(s, "c1", msgs)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.Index.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	st.Close()

	h := newServeHarness(t, dir)
	h.initialize()
	search := func() string {
		res, err := h.call(MethodToolCall, map[string]any{"sessionId": "kept", "name": "context_search", "arguments": map[string]any{"query": "wombat", "scope": "project"}})
		if err != nil {
			t.Fatal(err)
		}
		return res["text"].(string)
	}
	if out := search(); !strings.Contains(out, "password of doomed") || !strings.Contains(out, "password of kept") {
		t.Fatalf("before delete, project search should find both sessions:\n%s", out)
	}

	res, err := h.call(MethodSessionDelete, map[string]any{"sessionId": "doomed"})
	if err != nil || res["deleted"] != true || res["bundles"] != 1.0 || res["indexCheckpoints"] != 1.0 {
		t.Fatalf("session/delete: %v, %v", res, err)
	}
	if out := search(); strings.Contains(out, "password of doomed") || !strings.Contains(out, "password of kept") {
		t.Fatalf("after delete, project search should find only the kept session:\n%s", out)
	}
	rec, err := h.call(MethodToolCall, map[string]any{"sessionId": "doomed", "name": "context_recall", "arguments": map[string]any{"ref": "c1"}})
	if err != nil || !strings.Contains(rec["text"].(string), bundlesource.ReasonUnknownSession) {
		t.Fatalf("context_recall in the deleted session: %v, %v", rec, err)
	}

	// Again: a no-op that says so.
	res, err = h.call(MethodSessionDelete, map[string]any{"sessionId": "doomed"})
	if err != nil || res["deleted"] != false || !strings.Contains(res["reason"].(string), "unknown session") {
		t.Fatalf("second session/delete: %v, %v", res, err)
	}
	if _, err := h.call(MethodSessionDelete, map[string]any{"sessionId": ""}); !isCode(err, CodeInvalidParams) {
		t.Fatalf("empty sessionId: %v; want invalid params", err)
	}
	if _, err := h.call(MethodSessionDelete, map[string]any{"session": "kept"}); !isCode(err, CodeInvalidParams) {
		t.Fatalf("unknown field: %v; want invalid params", err)
	}
}

func TestSessionDeleteWithoutStore(t *testing.T) {
	h := newServeHarness(t, "")
	h.initialize()
	if _, err := h.call(MethodSessionDelete, map[string]any{"sessionId": "s"}); !isCode(err, CodeInvalidRequest) {
		t.Fatalf("session/delete without a store: %v; want invalid request", err)
	}
}
