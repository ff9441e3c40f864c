package store_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/epistemicfold/ef/store"
)

// TestOpenRefusesADirectoryThatIsNotAStore: a directory holding other
// files (a checkout given by mistake) is refused with ErrNotAStore, for
// writing and for reading, and nothing is written in it; a missing or
// empty directory becomes a store, and an existing store opens again.
func TestOpenRefusesADirectoryThatIsNotAStore(t *testing.T) {
	project := t.TempDir()
	for _, name := range []string{"README.md", "go.mod"} {
		if err := os.WriteFile(filepath.Join(project, name), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, opts := range []store.Options{{}, {ReadOnly: true}, {NoIndex: true}} {
		st, err := store.Open(project, opts)
		if !errors.Is(err, store.ErrNotAStore) || st != nil {
			t.Errorf("Open(project, %+v): %v; want ErrNotAStore", opts, err)
			st.Close()
		}
	}
	names := func(dir string) []string {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range entries {
			out = append(out, e.Name())
		}
		return out
	}
	if got := names(project); !slices.Equal(got, []string{".git", "README.md", "go.mod"}) {
		t.Errorf("Open wrote in the directory it refused: %v", got)
	}

	// Near misses: a missing directory, an empty one, a store made by an
	// earlier Open, a store whose index alone is there.
	missing := filepath.Join(t.TempDir(), "new-store")
	empty := t.TempDir()
	indexOnly := t.TempDir()
	if err := os.Mkdir(filepath.Join(indexOnly, ".recall"), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{missing, empty, missing, indexOnly} {
		st, err := store.Open(dir, store.Options{})
		if err != nil {
			t.Fatalf("Open(%s): %v", dir, err)
		}
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
