// Package testutil holds helpers shared by the tests of several packages.
package testutil

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// RepoRoot returns the module root: the nearest parent directory of the
// working directory that holds go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the working directory")
		}
		dir = parent
	}
}

// SharedDir returns the project's shared folder (../shared beside the
// repository), or the value of EF_SHARED_DIR when set. The test is skipped
// when the folder is absent, except under CI (CI=true), where its absence is
// a failure: CI always has it.
func SharedDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("EF_SHARED_DIR")
	if dir == "" {
		dir = filepath.Join(RepoRoot(t), "..", "shared")
	}
	if _, err := os.Stat(filepath.Join(dir, "corpus")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared folder %s missing under CI: %v", dir, err)
		}
		t.Skipf("shared folder %s not present: %v", dir, err)
	}
	return dir
}

// CorpusDir returns ../shared/corpus/<name>.
func CorpusDir(t testing.TB, name string) string {
	t.Helper()
	return filepath.Join(SharedDir(t), "corpus", name)
}

// CorpusFiles lists the trajectory files under the named corpus folders
// ("" is the whole corpus): every file but the .md and .txt notices and
// licenses, sorted. It fails t when a folder holds none.
func CorpusFiles(t testing.TB, folders ...string) []string {
	t.Helper()
	var out []string
	for _, f := range folders {
		dir := CorpusDir(t, f)
		n := len(out)
		err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if ext := filepath.Ext(p); ext == ".md" || ext == ".txt" {
				return nil
			}
			out = append(out, p)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(out) == n {
			t.Fatalf("no trajectory files under %s", dir)
		}
	}
	sort.Strings(out)
	return out
}

// SnapshotLogs returns the host's session logs of the corpus
// (dsh-snapshots/*.jsonl), sorted; it fails t unless it finds the 157
// the corpus holds (at least 150).
func SnapshotLogs(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(CorpusDir(t, "dsh-snapshots"), "*.jsonl"))
	if err != nil || len(files) < 150 {
		t.Fatalf("expected the 157 snapshot logs, found %d (%v)", len(files), err)
	}
	return files
}
