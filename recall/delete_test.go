package recall_test

import (
	"context"
	"errors"
	"testing"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

func TestIndexDeleteSession(t *testing.T) {
	x, _, _ := indexedSmall(t, recall.Options{})
	ctx := context.Background()
	before := x.Watermark()
	if len(before) < 2 {
		t.Fatalf("fixture has %d sessions, want at least 2", len(before))
	}
	var doomed string
	for s := range before {
		doomed = s
		break
	}
	found := 0
	for _, ck := range before[doomed] {
		found += len(search(t, x, recall.SearchRequest{Query: ck, SessionID: doomed}).Hits)
	}
	if found == 0 {
		t.Fatalf("session %s: no checkpoint found by its id before the delete", doomed)
	}
	st, err := x.DeleteSession(ctx, doomed)
	if err != nil || st.Removed != len(before[doomed]) {
		t.Fatalf("DeleteSession: %+v, %v; want %d removed", st, err, len(before[doomed]))
	}
	after := x.Watermark()
	if _, ok := after[doomed]; ok || len(after) != len(before)-1 {
		t.Fatalf("watermark after delete: %d sessions (had %d), deleted one present: %v", len(after), len(before), ok)
	}
	for s, ids := range before {
		if s != doomed && len(after[s]) != len(ids) {
			t.Fatalf("session %s lost checkpoints: %d of %d", s, len(after[s]), len(ids))
		}
	}
	for _, ck := range before[doomed] {
		if res := search(t, x, recall.SearchRequest{Query: ck, SessionID: doomed}); len(res.Hits) != 0 {
			t.Fatalf("deleted session still searchable: %+v", res.Hits)
		}
	}
	if st, err := x.DeleteSession(ctx, doomed); err != nil || st.Removed != 0 {
		t.Fatalf("second DeleteSession: %+v, %v; want a no-op", st, err)
	}
	if _, err := x.DeleteSession(ctx, ""); !errors.Is(err, recall.ErrInvalidID) {
		t.Fatalf("empty id: %v; want ErrInvalidID", err)
	}
	// The bundles are the truth: a session still in the Source comes back
	// at the next Sync (delete the bundles first).
	if st := recalltest.MustSync(t, x); st.Checkpoints != len(before[doomed]) {
		t.Fatalf("Sync after an index-only delete: %+v; want %d checkpoints back", st, len(before[doomed]))
	}
}
