package bundlesource_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/recall/bundlesource"
)

// TestUnknownSessionRef: a ref whose @session part names a session the
// store never had (a ref typed by the model, or one with text pasted after
// it) is not a damaged bundle. The answer says the session is unknown and
// how to get a good ref, and does not send the model to ef store verify;
// the reason carries no file-system error. A ref of the caller's own
// session (no @) keeps its text: the summary in the caller's context
// remains. A checkpoint of a known session that was lost stays a loss.
func TestUnknownSessionRef(t *testing.T) {
	ctx := context.Background()
	store, root := bundletest.MustOpen(t, bundle.Options{})
	const session = "known-1"
	b := bundletest.Bundle(session, "ck-1", bundletest.Messages(1, 3, 40))
	if _, err := store.Put(ctx, b); err != nil {
		t.Fatal(err)
	}
	x := recalltest.MustOpenAt(t, recall.StoreIndexDir(root), bundlesource.New(store), recall.Options{})

	for _, ref := range []string{"ck-1@never-seen", "ck-1#1@" + session + "#1", "ck-1@known-2"} {
		out, err := x.CallTool(ctx, "", recall.ToolRecall, fmt.Appendf(nil, `{"ref": %q}`, ref))
		if err != nil || !out.IsError {
			t.Fatalf("recall %s: %v\n%s", ref, err, out.Text)
		}
		for _, bad := range []string{"damaged", "file does not exist", "store verify"} {
			if strings.Contains(out.Text, bad) {
				t.Errorf("recall %s: the text says %q, as if a bundle were damaged:\n%s", ref, bad, out.Text)
			}
		}
		for _, want := range []string{bundlesource.ReasonUnknownSession, "holds no checkpoint of session", "@session", recall.ToolSearch} {
			if !strings.Contains(out.Text, want) {
				t.Errorf("recall %s: the text lacks %q:\n%s", ref, want, out.Text)
			}
		}
	}

	r, err := x.Recall(ctx, recall.RecallRequest{Ref: "ck-1@never-seen"})
	if err != nil || r.Status != recall.StatusUnavailable || r.Reason != recall.ReasonUnknownSession {
		t.Errorf("Recall in an unknown session: %+v, %v; want status unavailable, reason %q", r, err, recall.ReasonUnknownSession)
	}

	// The caller's own session, deleted: what remains is the summary in its context.
	out, err := x.CallTool(ctx, "never-seen", recall.ToolRecall, []byte(`{"ref": "ck-1"}`))
	if err != nil || !strings.Contains(out.Text, "what remains") || strings.Contains(out.Text, "holds no checkpoint of session") {
		t.Errorf("recall in the caller's own unknown session: %v\n%s", err, out.Text)
	}
}
