package bundle_test

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
)

// compatExpect is one bundle of testdata/compat/store-v1.expect.json.
type compatExpect struct {
	SessionID, CheckpointID, FileHash, LogicalHash, MessagesSHA256 string
	Messages                                                       int
}

// copyStore copies a committed store to a private directory (checkouts
// make directories 0755 and files 0644; the store wants them closed).
func copyStore(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "store")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o700)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o600)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func messagesSHA256(msgs []json.RawMessage) string {
	h := sha256.New()
	for _, m := range msgs {
		fmt.Fprintf(h, "%d:", len(m))
		h.Write(m)
	}
	return fmt.Sprintf("sha256:%x", h.Sum(nil))
}

// TestCompatOldStore reads a store written by the bundle package before
// its writes went through renameio and before the zstd level changed
// (testdata/compat): every bundle still reads byte-exact and verifies,
// the audit is clean, and new writes go into the old store beside the old
// bundles without disturbing them.
func TestCompatOldStore(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "compat", "store-v1.expect.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want []compatExpect
	if err := json.Unmarshal(raw, &want); err != nil || len(want) == 0 {
		t.Fatalf("expect file: %v (%d bundles)", err, len(want))
	}
	root := copyStore(t, filepath.Join("testdata", "compat", "store-v1"))
	check := func(s *bundle.Store) {
		t.Helper()
		for _, w := range want {
			b, err := s.Get(ctx, w.SessionID, w.CheckpointID)
			if err != nil {
				t.Fatalf("old bundle %s: %v", w.CheckpointID, err)
			}
			if b.Archive.FileHash != w.FileHash || b.Archive.LogicalHash != w.LogicalHash ||
				len(b.Archive.ShadowedMessages) != w.Messages || messagesSHA256(b.Archive.ShadowedMessages) != w.MessagesSHA256 {
				t.Fatalf("old bundle %s reads as file %s logical %s, %d messages %s; want %+v", w.CheckpointID,
					b.Archive.FileHash, b.Archive.LogicalHash, len(b.Archive.ShadowedMessages), messagesSHA256(b.Archive.ShadowedMessages), w)
			}
			p, err := s.Page(ctx, w.SessionID, w.CheckpointID, 0, 1000)
			if err != nil || messagesSHA256(p.Messages) != w.MessagesSHA256 {
				t.Fatalf("old bundle %s paged: %v", w.CheckpointID, err)
			}
		}
		a, err := s.Audit(ctx)
		if err != nil || len(a.Missing)+len(a.Unlisted)+len(a.Unmanifested)+len(a.Foreign) != 0 {
			t.Fatalf("audit of the old store: %+v, %v", a, err)
		}
	}
	ro, err := bundle.Open(root, bundle.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	check(ro)
	ro.Close()

	s, err := bundle.Open(root, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, w := range want {
		nb := bundletest.Bundle(w.SessionID, "new-"+w.CheckpointID, bundletest.Messages(uint64(w.Messages), 20, 300))
		mustPut(t, s, nb)
		got, err := s.Get(ctx, w.SessionID, nb.CheckpointID)
		if err != nil {
			t.Fatal(err)
		}
		sameMessages(t, got.Archive.ShadowedMessages, nb.Archive.ShadowedMessages)
	}
	check(s)
}
