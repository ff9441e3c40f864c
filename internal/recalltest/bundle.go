package recalltest

import (
	"context"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
)

// FillStore writes checkpoints into a bundle store as sealed bundles and
// returns the path of each bundle file by checkpoint id (ids are unique
// per session; the key is "<session>/<checkpoint>").
func FillStore(t testing.TB, s *bundle.Store, ckpts []Checkpoint) map[string]string {
	t.Helper()
	paths := make(map[string]string, len(ckpts))
	for _, c := range ckpts {
		b := &bundle.CheckpointV1{
			CheckpointID: c.CheckpointID,
			SessionID:    c.SessionID,
			CreatedAt:    c.CreatedAt,
			Mode:         bundle.Mode(c.Mode),
			Source:       bundle.Source{SourceDigest: "sha256:" + strings.Repeat("0", 64)},
			Archive:      bundle.Archive{ShadowedMessages: c.Archive},
			Rendered:     bundle.Rendered{Text: c.Rendered},
		}
		if err := bundle.Seal(b); err != nil {
			t.Fatalf("seal %s/%s: %v", c.SessionID, c.CheckpointID, err)
		}
		r, err := s.Put(context.Background(), b)
		if err != nil {
			t.Fatalf("put %s/%s: %v", c.SessionID, c.CheckpointID, err)
		}
		paths[c.SessionID+"/"+c.CheckpointID] = r.Path
	}
	return paths
}
