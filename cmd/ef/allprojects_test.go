package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
)

// TestAllProjects: --all-projects searches every per-project default store
// under EF_HOME and finds the store that holds a recall ref.
func TestAllProjects(t *testing.T) {
	home := t.TempDir()
	t.Setenv("EF_HOME", home)
	if _, _, err := runCmd(t, RunSearch, "--all-projects", "x"); err == nil || !strings.Contains(err.Error(), "no project stores") {
		t.Fatalf("no project stores: %v", err)
	}
	projects := filepath.Join(home, "projects")
	if err := os.MkdirAll(projects, 0o700); err != nil {
		t.Fatal(err)
	}
	root, _, _ := searchFixture(t)
	alpha := filepath.Join(projects, "alpha-0011")
	if err := os.Rename(root, alpha); err != nil {
		t.Fatal(err)
	}
	beta := filepath.Join(projects, "beta-0022") // a project that folded nothing yet
	st, err := bundle.Open(beta, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()

	out, _, err := runCmd(t, RunSearch, "--all-projects", `"No ready issues"`)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Hits in 1 of the 2 project stores") || !strings.Contains(out, "== "+alpha) || strings.Contains(out, beta) ||
		!strings.Contains(out, "ef recall --store "+alpha) {
		t.Fatalf("search output:\n%s", out)
	}
	out, _, err = runCmd(t, RunSearch, "--all-projects", "--json", `"No ready issues"`)
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Stores  int `json:"stores"`
		Results []struct {
			Store  string `json:"store"`
			Result struct {
				Hits []struct {
					Ref string `json:"ref"`
				} `json:"hits"`
			} `json:"result"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || res.Stores != 2 || len(res.Results) != 1 || len(res.Results[0].Result.Hits) == 0 {
		t.Fatalf("json: %v\n%s", err, out)
	}
	ref := res.Results[0].Result.Hits[0].Ref
	if !strings.Contains(ref, "@") {
		t.Fatalf("a project-scope hit's ref names its session: %q", ref)
	}
	rout, rerr, err := runCmd(t, RunRecall, "--all-projects", ref)
	if err != nil || !strings.Contains(rerr, alpha) || !strings.Contains(rout, "No ready issues") {
		t.Fatalf("recall %s: %v\nstdout:\n%s\nstderr:\n%s", ref, err, rout, rerr)
	}
	if _, _, err := runCmd(t, RunRecall, "--all-projects", "ck-nope@en"); err == nil || !strings.Contains(err.Error(), "in none of the 2 project stores") {
		t.Fatalf("missing checkpoint: %v", err)
	}
	for _, args := range [][]string{
		{"--all-projects", "--store", alpha, "x"},
		{"--all-projects", "--session", "en", "x"},
	} {
		if _, _, err := runCmd(t, RunSearch, args...); !errors.Is(err, errUsage) {
			t.Errorf("ef search %v: %v", args, err)
		}
	}
	if _, _, err := runCmd(t, RunRecall, "--all-projects", "--store", alpha, ref); !errors.Is(err, errUsage) {
		t.Errorf("ef recall --all-projects --store: %v", err)
	}
	if _, _, err := runCmd(t, RunRecall, "--all-projects", "ck-1"); !errors.Is(err, errUsage) {
		t.Errorf("ef recall --all-projects without a session: %v", err)
	}
}
