package bundlesource_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/recall/bundlesource"
)

// TestOverRealStore indexes real corpus sessions written to a real bundle
// store and checks search, byte-exact recall, and unavailability of a
// corrupted and of a deleted bundle.
func TestOverRealStore(t *testing.T) {
	dsh := testutil.CorpusFiles(t, "dsh-snapshots")
	sdk := testutil.CorpusFiles(t, "openagents-autopilot-sdk")
	var files []string
	for _, f := range dsh {
		if bytes.Contains([]byte(f), []byte("goal-multi-turn-actions")) || bytes.Contains([]byte(f), []byte("permission-policy-context")) {
			files = append(files, f)
		}
	}
	files = append(files, sdk[1])
	sessions := recalltest.LoadSessions(t, files...)
	var ckpts []recalltest.Checkpoint
	for i, s := range sessions {
		ckpts = append(ckpts, recalltest.Fold(fmt.Sprintf("session %d/%s", i, s.Name), "ck", s.Messages, 30, recalltest.T0+int64(i)*3_600_000)...)
	}
	store, root := bundletest.MustOpen(t, bundle.Options{})
	paths := recalltest.FillStore(t, store, ckpts)

	src := bundlesource.New(store)
	ctx := context.Background()
	x := recalltest.MustOpenAt(t, recall.StoreIndexDir(root), src, recall.Options{})
	st, err := x.Sync(ctx)
	if err != nil || st.Checkpoints != len(ckpts) || len(st.Unavailable) != 0 {
		t.Fatalf("Sync: %+v, %v", st, err)
	}
	// The index directory inside the store root is not a session.
	ids, err := store.Sessions(ctx)
	if err != nil || len(ids) != len(sessions) {
		t.Fatalf("store sessions %v, %v", ids, err)
	}

	for _, q := range []string{"文件结构", "飞书审批", `"No ready issues available"`, "Cargo.toml"} {
		res, err := x.Search(ctx, recall.SearchRequest{Query: q})
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("Search(%q): %+v, %v", q, res, err)
		}
	}

	// Byte-exact recall of every checkpoint, paged at a small budget.
	for _, c := range ckpts {
		var got [][]byte
		req := recall.RecallRequest{Ref: c.CheckpointID, Depth: recall.DepthExact, SessionID: c.SessionID, Budget: 2000}
		var partial []byte
		for {
			r, err := x.Recall(ctx, req)
			if err != nil || r.Status != recall.StatusOK {
				t.Fatalf("Recall %s: %+v, %v", c.CheckpointID, r, err)
			}
			for _, m := range r.Exact {
				partial = append(partial, m.Raw...)
				if m.Part == nil || m.Part.To == m.Bytes {
					got = append(got, partial)
					partial = nil
				}
			}
			if r.Next == nil {
				break
			}
			req = *r.Next
			req.SessionID, req.Budget = c.SessionID, 2000
		}
		if len(got) != len(c.Archive) {
			t.Fatalf("%s: %d messages, want %d", c.CheckpointID, len(got), len(c.Archive))
		}
		for i := range got {
			if !bytes.Equal(got[i], c.Archive[i]) {
				t.Fatalf("%s#%d differs from the archived bytes", c.CheckpointID, i)
			}
		}
	}

	// Corrupt one bundle and delete another: recall says unavailable, with
	// the store's reason; search still finds them (the index is a cache)
	// and Sync reports them.
	bad, gone := ckpts[0], ckpts[1]
	p := paths[bad.SessionID+"/"+bad.CheckpointID]
	raw, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	raw[len(raw)/2] ^= 0xff
	if err := os.WriteFile(p, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(paths[gone.SessionID+"/"+gone.CheckpointID]); err != nil {
		t.Fatal(err)
	}
	// The summary too: the corrupted byte lies among the messages, so the
	// header still reads, but its text says the exact messages are
	// archived, which they no longer are for certain.
	for _, c := range []recalltest.Checkpoint{bad, gone} {
		for _, d := range []recall.Depth{recall.DepthSummary, recall.DepthDetail, recall.DepthExact} {
			r, err := x.Recall(ctx, recall.RecallRequest{Ref: c.CheckpointID, Depth: d, SessionID: c.SessionID})
			if err != nil || r.Status != recall.StatusUnavailable || r.Reason == "" || r.Summary != "" {
				t.Fatalf("Recall %s %s: %+v, %v", c.CheckpointID, d, r, err)
			}
			t.Logf("%s %s: unavailable: %s", c.CheckpointID, d, r.Reason)
		}
	}
	var ue *recall.UnavailableError
	if _, err := src.Page(ctx, gone.SessionID, gone.CheckpointID, 0, 1); !errors.As(err, &ue) || !errors.Is(err, recall.ErrUnavailable) {
		t.Fatalf("Page of a deleted bundle: %v", err)
	}
	st, err = x.Sync(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Removed != 1 {
		t.Errorf("Sync after delete: %+v, want the deleted bundle removed", st)
	}
	if w := x.Watermark()[gone.SessionID]; slices.Contains(w, gone.CheckpointID) {
		t.Errorf("deleted bundle still in the watermark")
	}
}

// TestNoSuchCheckpoint: a ref to a checkpoint the session never had is
// not a loss. Recall says there is no such checkpoint and names the ones
// the session has; a bundle the store acknowledged and lost stays
// unavailable, and a session the store never had keeps its own reason.
func TestNoSuchCheckpoint(t *testing.T) {
	ctx := context.Background()
	store, root := bundletest.MustOpen(t, bundle.Options{})
	const session = "s 1/☃" // escaped in refs
	var have []string
	var lost string
	for i := range 7 {
		id := fmt.Sprintf("ck-%d", i)
		b := bundletest.Bundle(session, id, bundletest.Messages(uint64(i), 3, 40))
		b.CreatedAt += int64(i) // List orders by creation
		rc, err := store.Put(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		if i == 2 {
			lost = id
			if err := os.Remove(rc.Path); err != nil {
				t.Fatal(err)
			}
			continue
		}
		have = append(have, id)
	}
	x := recalltest.MustOpenAt(t, recall.StoreIndexDir(root), bundlesource.New(store), recall.Options{})
	call := func(checkpointID string, msg *int) (recall.ToolOutput, error) {
		ref := recall.FormatRef(recall.Ref{SessionID: session, CheckpointID: checkpointID, Message: msg}, "")
		return x.CallTool(ctx, "", recall.ToolRecall, fmt.Appendf(nil, `{"ref": %q}`, ref))
	}

	one := 1
	out, err := call("ef-00000000-0000-0000-0000-000000000000", &one)
	var nce *recall.NoCheckpointError
	if !errors.As(err, &nce) || !errors.Is(err, recall.ErrNoCheckpoint) || errors.Is(err, recall.ErrUnavailable) || !out.IsError {
		t.Fatalf("recall of a made-up checkpoint: %v\n%s", err, out.Text)
	}
	if nce.SessionID != session || !slices.Equal(nce.Known, have) {
		t.Errorf("the error names session %q, checkpoints %v; want %q, %v", nce.SessionID, nce.Known, session, have)
	}
	newest := strings.Join(have[len(have)-5:], ", ")
	for _, want := range []string{"no such checkpoint", "holds no checkpoint by that id", "removed by ef store gc", "has 6 checkpoints", newest, "context_search"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("the model's text lacks %q:\n%s", want, out.Text)
		}
	}
	if strings.Contains(out.Text, "unavailable") || strings.Contains(out.Text, "what remains") {
		t.Errorf("a made-up checkpoint reads as a loss:\n%s", out.Text)
	}
	t.Logf("made-up ref: %s", out.Text)

	out, err = call(lost, nil)
	if err != nil || !out.IsError || !strings.Contains(out.Text, "unavailable — missing") {
		t.Errorf("recall of the lost bundle: %v\n%s", err, out.Text)
	}
	r, err := x.Recall(ctx, recall.RecallRequest{Ref: "ck-1", SessionID: "never-seen"})
	if err != nil || r.Status != recall.StatusUnavailable || !strings.HasPrefix(r.Reason, bundlesource.ReasonUnknownSession) {
		t.Errorf("recall in an unknown session: %+v, %v", r, err)
	}
}
