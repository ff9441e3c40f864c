package engine_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// rivalArchive is a real store with an injected rival writer: just before
// each Put it stores the same compaction itself, as another process (a
// second ef fold of the same log, a restarted sidecar) would in between
// the engine's look for a stored checkpoint and its own Put. The rival's
// copy differs only in its createdAt, which every writer sets from its
// own clock.
type rivalArchive struct {
	*bundle.Store
	rivals map[string]int64 // checkpoint id → the rival's createdAt
}

func (a *rivalArchive) Put(ctx context.Context, b *bundle.CheckpointV1) (bundle.Receipt, error) {
	if _, done := a.rivals[b.CheckpointID]; !done {
		rival := *b
		rival.CreatedAt = b.CreatedAt + 1000
		if _, err := a.Store.Put(ctx, &rival); err != nil {
			return bundle.Receipt{}, err
		}
		a.rivals[b.CheckpointID] = rival.CreatedAt
	}
	return a.Store.Put(ctx, b)
}

// A compaction another writer stored first, between the engine's look and
// its Put, is this fold's answer: the fold commits with the rival's
// checkpoint instead of failing with "checkpoint exists with different
// content" (two ef fold runs of one log into one store failed 42 folds of
// 280 so).
func TestFoldAdoptsTheCheckpointARivalStoredFirst(t *testing.T) {
	ctx := context.Background()
	st, err := bundle.Open(filepath.Join(t.TempDir(), "store"), bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	arch := &rivalArchive{Store: st, rivals: map[string]int64{}}
	b := enginetest.NewBuilder(t, "sess-rival", hostshim.Gen017)
	work(b, 1, 6)
	e := newEngine(t, arch, engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500})
	rep, res := leaf(ctx, t, e, b)
	if res == nil {
		t.Fatalf("no fold: %s", rep.Skipped)
	}
	if !slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.HasPrefix(n, "concurrent compile:") }) {
		t.Errorf("notes %q do not say the rival's checkpoint answered", rep.Notes)
	}
	got, err := st.Get(ctx, "sess-rival", rep.CheckpointID)
	if err != nil {
		t.Fatal(err)
	}
	if want := arch.rivals[rep.CheckpointID]; got.CreatedAt != want {
		t.Errorf("stored createdAt %d, want the rival's %d", got.CreatedAt, want)
	}
	if rep.Bundle == nil || rep.Bundle.FileHash != got.Archive.FileHash {
		t.Errorf("report's bundle %+v is not the stored one (%s)", rep.Bundle, got.Archive.FileHash)
	}
	if rep.Text != got.Rendered.Text {
		t.Errorf("checkpoint text differs from the stored one:\n%s\n%s", rep.Text, got.Rendered.Text)
	}
	infos, err := st.List(ctx, "sess-rival")
	if err != nil || len(infos) != 1 {
		t.Fatalf("store holds %d bundles (%v), want the one", len(infos), err)
	}
}
