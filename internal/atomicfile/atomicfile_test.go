package atomicfile_test

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/internal/atomicfile"
)

func entries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	if err := atomicfile.WriteFile(p, false, 0o600, func(w io.Writer) error { _, err := io.WriteString(w, "one"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "one" {
		t.Fatalf("content %q", b)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", fi.Mode())
	}
	// No replace: the existing file stays, nothing is left behind.
	err := atomicfile.WriteFile(p, false, 0o600, func(w io.Writer) error { _, err := io.WriteString(w, "two"); return err })
	if !errors.Is(err, atomicfile.ErrExists) || !errors.Is(err, fs.ErrExist) {
		t.Fatalf("no-replace over an existing file: %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "one" {
		t.Fatalf("content after refused write %q", b)
	}
	// A failing writer leaves the target as it was and no temp file.
	boom := errors.New("boom")
	err = atomicfile.WriteFile(p, true, 0o644, func(w io.Writer) error { io.WriteString(w, "half"); return boom })
	if !errors.Is(err, boom) {
		t.Fatalf("failing writer: %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "one" {
		t.Fatalf("content after failed write %q", b)
	}
	q := filepath.Join(dir, "new.txt")
	if err := atomicfile.WriteFile(q, false, 0o600, func(w io.Writer) error { io.WriteString(w, "half"); return boom }); !errors.Is(err, boom) {
		t.Fatal(err)
	}
	if _, err := os.Stat(q); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a failed write left the target: %v", err)
	}
	// Replace.
	if err := atomicfile.WriteFile(p, true, 0o644, func(w io.Writer) error { _, err := io.WriteString(w, "three"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "three" {
		t.Fatalf("content after replace %q", b)
	}
	if got := entries(t, dir); len(got) != 1 || got[0] != "out.txt" {
		t.Fatalf("directory holds %v", got)
	}
}
