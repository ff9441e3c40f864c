package bundle_test

import (
	"os"
	"path"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
)

// TestNamesOpensNoFile: Names lists what List lists (ids, file hashes,
// paths) without opening a bundle, except a bundle whose name is hashed
// (its id is too long for a name), whose header is read once.
func TestNamesOpensNoFile(t *testing.T) {
	mem := bundletest.NewMemFS(nil)
	s, _ := bundletest.MustOpen(t, bundle.Options{FS: mem})
	long := strings.Repeat("X", 100) // "_x" per letter: too long for a name, hashed
	for _, id := range []string{"b", "A", long, "c"} {
		mustPut(t, s, bundletest.Bundle("sess", id, bundletest.Messages(1, 3, 50)))
	}
	var opens atomic.Int64
	mem.SetFault(func(op bundletest.Op, p string) error {
		if op == bundletest.OpOpen && strings.HasSuffix(p, ".efb") {
			opens.Add(1)
		}
		return nil
	})
	list, err := s.List(ctx, "sess")
	if err != nil {
		t.Fatal(err)
	}
	opens.Store(0)
	for round := 0; round < 2; round++ {
		names, err := s.Names(ctx, "sess")
		if err != nil {
			t.Fatal(err)
		}
		if want := int64(1 - round); opens.Swap(0) != want {
			t.Errorf("round %d: Names opened %d bundle files, want %d (the hashed name's, once)", round, opens.Load(), want)
		}
		var got, want []string
		for _, in := range names {
			if in.Err != nil || in.Mode != "" || in.LogicalHash != "" {
				t.Errorf("Names gave more than names: %+v", in)
			}
			got = append(got, in.CheckpointID+" "+in.FileHash+" "+in.Path)
		}
		for _, in := range list {
			want = append(want, in.CheckpointID+" "+in.FileHash+" "+in.Path)
		}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("round %d: Names\n%v\nList\n%v", round, got, want)
		}
	}

	if names, err := s.Names(ctx, "no-such-session"); err != nil || len(names) != 0 {
		t.Errorf("Names of a missing session: %v, %v", names, err)
	}
}

// TestNamesOfUnreadableHashedName: a hashed-name file whose header cannot
// be read is listed with Err and no id, as List lists it, and read again
// by the next call (nothing is remembered of a failure).
func TestNamesOfUnreadableHashedName(t *testing.T) {
	s, root := bundletest.MustOpen(t, bundle.Options{})
	r := mustPut(t, s, bundletest.Bundle("sess", strings.Repeat("Y", 100), bundletest.Messages(1, 3, 50)))
	if err := os.WriteFile(r.Path, []byte("torn"), 0o600); err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 2; round++ {
		names, err := s.Names(ctx, "sess")
		if err != nil {
			t.Fatal(err)
		}
		if len(names) != 1 || names[0].Err == nil || names[0].CheckpointID != "" || path.Dir(names[0].Path) == root {
			t.Fatalf("round %d: Names of a torn hashed-name file: %+v", round, names)
		}
	}
}
