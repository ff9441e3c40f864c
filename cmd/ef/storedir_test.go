package main

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestProjectStoreDir(t *testing.T) {
	home := t.TempDir()
	t.Setenv("EF_HOME", home)
	work := t.TempDir()
	proj := filepath.Join(work, "my project")
	sub := filepath.Join(proj, "src", "pkg")
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	a, err := projectStoreDir(proj)
	if err != nil {
		t.Fatal(err)
	}
	b, err := projectStoreDir(sub)
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Fatalf("a subdirectory of the project has another store: %s, %s", a, b)
	}
	if !strings.HasPrefix(a, filepath.Join(home, "projects")+string(filepath.Separator)) || !strings.Contains(filepath.Base(a), "my_project-") {
		t.Fatalf("store %s not under EF_HOME/projects or badly named", a)
	}
	// Another project with the same name has another store.
	other := filepath.Join(work, "elsewhere", "my project")
	os.MkdirAll(filepath.Join(other, ".git"), 0o700)
	c, err := projectStoreDir(other)
	if err != nil || c == a {
		t.Fatalf("same-named projects share a store: %s %v", c, err)
	}
	// Without EF_HOME the store is under the user's data directory, never
	// a temporary one.
	t.Setenv("EF_HOME", "")
	t.Setenv("XDG_DATA_HOME", filepath.Join(home, "data"))
	d, err := projectStoreDir(proj)
	if err != nil {
		t.Fatal(err)
	}
	if got := filepath.Dir(filepath.Dir(d)); runtime.GOOS == "linux" && got != filepath.Join(home, "data", "epistemic-fold") {
		t.Fatalf("store %s not under XDG_DATA_HOME", d)
	}
	if s, _ := resolveStore("given", proj); s != "given" {
		t.Fatalf("--store ignored: %s", s)
	}
}

// ef search and ef recall without --store, run inside a project whose
// default store exists (DSH filled it; ef mcp reads it without --store),
// name that store in their usage error, so a user learns where the folds
// went; elsewhere they say only that --store is required.
func TestSearchWithoutStoreNamesTheProjectStore(t *testing.T) {
	t.Setenv("EF_HOME", t.TempDir())
	proj := filepath.Join(t.TempDir(), "my project")
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Chdir(proj)
	store, err := projectStoreDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, exists := range []bool{false, true} {
		if exists {
			if err := os.MkdirAll(store, 0o700); err != nil {
				t.Fatal(err)
			}
		}
		for name, run := range map[string]func(context.Context, []string, io.Writer, io.Writer) error{"search": RunSearch, "recall": RunRecall} {
			_, _, err := runCmd(t, run, "deploy")
			if !errors.Is(err, errUsage) {
				t.Fatalf("ef %s without --store: %v, want a usage error", name, err)
			}
			if named := strings.Contains(err.Error(), shellQuote(store)); named != exists {
				t.Errorf("ef %s without --store (store exists: %v): %v", name, exists, err)
			}
		}
	}
}
