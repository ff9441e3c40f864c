package main

import (
	"context"
	"encoding/json"
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

// ef fold --project folds into the project's default store, the one ef
// mcp and the DSH plugin use there; with --store too it is refused.
func TestFoldIntoTheProjectStore(t *testing.T) {
	t.Setenv("EF_HOME", t.TempDir())
	proj := filepath.Join(t.TempDir(), "my project")
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o700); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join("..", "..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl")
	out := filepath.Join(t.TempDir(), "folded.jsonl")
	if code, _, stderr := runCLI(t, "fold", log, "--project", proj, "--out", out, "--window", "2000"); code != 0 {
		t.Fatalf("fold --project: exit %d: %s", code, stderr)
	}
	dir, err := projectStoreDir(proj)
	if err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runCLI(t, "store", "verify", dir); code != 0 || !strings.Contains(stdout, " ok") {
		t.Fatalf("the project's store after fold --project: exit %d: %s%s", code, stdout, stderr)
	}
	if code, _, stderr := runCLI(t, "fold", log, "--project", proj, "--store", dir, "--out", out+"2", "--window", "2000"); code != 2 || !strings.Contains(stderr, "exclude each other") {
		t.Fatalf("--store with --project: exit %d: %s", code, stderr)
	}
	// ef search and ef recall --project read the store fold --project wrote.
	code, stdout, stderr := runCLI(t, "search", "--project", proj, "--json", "the")
	if code != 0 || !strings.Contains(stdout, `"hits"`) {
		t.Fatalf("search --project: exit %d: %s%s", code, stdout, stderr)
	}
	var res struct {
		Hits []struct{ Ref, SessionID string }
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || len(res.Hits) == 0 {
		t.Fatalf("search --project found nothing: %v %s", err, stdout)
	}
	if code, _, stderr := runCLI(t, "recall", "--project", proj, "--session", res.Hits[0].SessionID, res.Hits[0].Ref); code != 0 {
		t.Fatalf("recall --project %s: exit %d: %s", res.Hits[0].Ref, code, stderr)
	}
}

// --rho sizes the pressure folds: a negative ρ folds only at the
// threshold, so never more often than the default's economic folds; a ρ
// over 1 is refused.
func TestFoldRho(t *testing.T) {
	log := filepath.Join("..", "..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl")
	folds := func(rho string) int {
		out := filepath.Join(t.TempDir(), "folded.jsonl")
		code, stdout, stderr := runCLI(t, "fold", log, "--out", out, "--window", "8000", "--rho", rho, "--json")
		if code != 0 {
			t.Fatalf("--rho %s: exit %d: %s", rho, code, stderr)
		}
		var acc struct {
			Folds []json.RawMessage `json:"folds"`
		}
		if err := json.Unmarshal([]byte(stdout), &acc); err != nil {
			t.Fatalf("--rho %s: %v", rho, err)
		}
		return len(acc.Folds)
	}
	eco, thr := folds("0"), folds("-1")
	if eco == 0 || thr > eco {
		t.Fatalf("folds: %d with the default ρ, %d at the threshold only (want some, and no more at the threshold)", eco, thr)
	}
	if code, _, stderr := runCLI(t, "fold", log, "--out", filepath.Join(t.TempDir(), "x.jsonl"), "--window", "8000", "--rho", "2"); code != 2 || !strings.Contains(stderr, "--rho") {
		t.Fatalf("--rho 2: exit %d: %s", code, stderr)
	}
}
