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

// ef search and ef recall without --store, run inside a project, read
// the project's default store, the one ef mcp serves there (they exited 2
// naming that store as the --store to give), and say so on stderr. A
// project without a store is a usage error that names it and --project;
// neither creates it.
func TestSearchReadsTheProjectStore(t *testing.T) {
	t.Setenv("EF_HOME", t.TempDir())
	log, err := filepath.Abs(filepath.Join("..", "..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(t.TempDir(), "my project")
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Chdir(proj)
	store, err := projectStoreDir(".")
	if err != nil {
		t.Fatal(err)
	}
	runs := map[string]func(context.Context, []string, io.Writer, io.Writer) error{"search": RunSearch, "recall": RunRecall}
	for name, run := range runs {
		_, _, err := runCmd(t, run, "deploy")
		if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), store+" (the default store of the working directory's project "+proj+", placed by $EF_HOME) does not exist") ||
			!strings.Contains(err.Error(), "--project DIR") {
			t.Errorf("ef %s without a store, none made yet: %v", name, err)
		}
		if _, err := os.Stat(store); err == nil {
			t.Fatalf("ef %s created the store", name)
		}
	}
	if code, _, stderr := runCLI(t, "fold", log, "--project", ".", "--out", filepath.Join(t.TempDir(), "out.jsonl"), "--window", "2000"); code != 0 {
		t.Fatalf("fold --project .: exit %d: %s", code, stderr)
	}
	note := "reading store " + store + " (the default store of the working directory's project " + proj + ", placed by $EF_HOME)\n"
	out, stderr, err := runCmd(t, RunSearch, "--json", "the")
	if err != nil || stderr != "ef search: "+note {
		t.Fatalf("ef search in the project: %v, stderr %q", err, stderr)
	}
	var res struct {
		Hits []struct{ Ref string }
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Hits) == 0 {
		t.Fatalf("ef search in the project found nothing: %v %s", err, out)
	}
	if _, stderr, err := runCmd(t, RunRecall, res.Hits[0].Ref); err != nil || stderr != "ef recall: "+note {
		t.Errorf("ef recall %s in the project: %v, stderr %q", res.Hits[0].Ref, err, stderr)
	}
	if code, stdout, stderr := runCLI(t, "store", "verify"); code != 0 || stderr != "ef store verify: "+note || !strings.HasPrefix(stdout, store+": ") {
		t.Errorf("ef store verify in the project: exit %d, %s%s", code, stdout, stderr)
	}
}

// The commands that read or change a store take it the same way: ef state
// and ef store verify, gc and delete take --project DIR (they said "flag
// provided but not defined: -project"), the store subcommands --store DIR
// as well as their argument, and a store given twice is refused.
func TestStoreCommandsTakeTheProject(t *testing.T) {
	t.Setenv("EF_HOME", t.TempDir())
	proj := t.TempDir()
	log := sampleLog(t, t.TempDir(), "session.jsonl", 0)
	if code, _, stderr := runCLI(t, "fold", log, "--project", proj, "--out", filepath.Join(t.TempDir(), "out.jsonl"), "--window", "2000"); code != 0 {
		t.Fatalf("fold --project: exit %d: %s", code, stderr)
	}
	store, err := projectStoreDir(proj)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"store", "verify", "--project", proj}, {"store", "verify", "--store", store}, {"store", "verify", store}} {
		if code, stdout, stderr := runCLI(t, args...); code != 0 || !strings.HasPrefix(stdout, store+": ") {
			t.Errorf("%v: exit %d, %s%s", args, code, stdout, stderr)
		}
	}
	if code, stdout, stderr := runCLI(t, "store", "gc", "--project", proj); code != 0 || !strings.HasPrefix(stdout, "no --referenced file") {
		t.Errorf("store gc --project: exit %d, %s%s", code, stdout, stderr)
	}
	code, byProject, stderr := runCLI(t, "state", log, "--project", proj, "--json")
	if code != 0 || !strings.Contains(byProject, `"source": "checkpoints"`) {
		t.Fatalf("state --project: exit %d, %s%s", code, byProject, stderr)
	}
	if code, byStore, _ := runCLI(t, "state", log, "--store", store, "--json"); code != 0 || byStore != byProject {
		t.Errorf("state --project and --store differ:\n%s\n%s", byProject, byStore)
	}
	for _, args := range [][]string{
		{"store", "verify", store, "--project", proj},
		{"store", "verify", store, "--store", store},
		{"store", "gc"},
		{"store", "delete", "--session", "s1"},
		{"state", log, "--store", store, "--project", proj},
	} {
		if code, _, stderr := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want a usage error: %s", args, code, stderr)
		}
	}
	for session := range bundleCounts(t, store) {
		if code, stdout, stderr := runCLI(t, "store", "delete", "--project", proj, "--session", session); code != 0 || !strings.HasPrefix(stdout, store+": deleted session") {
			t.Errorf("store delete --project: exit %d: %s%s", code, stdout, stderr)
		}
	}
	// A project with no store: said, nothing created.
	other := t.TempDir()
	if code, _, stderr := runCLI(t, "state", log, "--project", other); code == 0 || !strings.Contains(stderr, "does not exist: nothing has been folded for this project yet") {
		t.Errorf("state --project of a project without a store: exit %d: %s", code, stderr)
	}
	if dir, _ := projectStoreDir(other); dir != "" {
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("the store of %s was created", other)
		}
	}
}

// The note on which variable placed the project stores names the one
// used: "placed by $HOME, $EF_HOME and $XDG_DATA_HOME unset" read as if
// $HOME were unset too.
func TestEFHomeSourceNamesTheVariableUsed(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		t.Skip("the XDG variables place the stores on Linux and the BSDs only")
	}
	for _, c := range []struct{ ef, xdg, want string }{
		{"/x", "", "placed by $EF_HOME"},
		{"", "/data", "placed by $XDG_DATA_HOME ($EF_HOME is not set)"},
		{"", "data", "placed by $HOME ($EF_HOME is not set; $XDG_DATA_HOME is, but is no absolute path, so it is ignored)"},
		{"", "", "placed by $HOME (neither $EF_HOME nor $XDG_DATA_HOME is set)"},
	} {
		t.Setenv("EF_HOME", c.ef)
		t.Setenv("XDG_DATA_HOME", c.xdg)
		if got := efHomeSource(); got != c.want {
			t.Errorf("EF_HOME=%q XDG_DATA_HOME=%q: %q, want %q", c.ef, c.xdg, got, c.want)
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
