package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCLI runs one ef command line in process and returns its exit code,
// stdout and stderr.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

// Flags may follow the positional argument in inspect and act, as they do
// in fold, search, recall, store, origin and context.
func TestFlagsAfterPositional(t *testing.T) {
	code, out, errs := runCLI(t, "inspect", inspectSample, "--json")
	if code != 0 {
		t.Fatalf("ef inspect LOG --json: exit %d: %s", code, errs)
	}
	var rep inspectReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Nodes) == 0 {
		t.Fatalf("ef inspect LOG --json: not the JSON report (%v): %.200s", err, out)
	}

	base := t.TempDir()
	intent := filepath.Join(t.TempDir(), "intent.json")
	if err := os.WriteFile(intent, []byte(`{"kind":"action.intent","relpath":"notes.txt","content":"hello\n"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCLI(t, "act", intent, "--root", base)
	if code != 0 || !strings.Contains(out, `"status":"done"`) {
		t.Fatalf("ef act INTENT --root DIR: exit %d: %s%s", code, out, errs)
	}
	if b, err := os.ReadFile(filepath.Join(base, "notes.txt")); err != nil || string(b) != "hello\n" {
		t.Fatalf("the intent was not carried out: %q %v", b, err)
	}
}

// Bad numbers are refused with a message about the number, before any
// work is done.
func TestBadNumbersAreNamed(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.jsonl")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"fold", inspectSample, "--out", out, "--window", "-5"}, "--window and --budget must not be negative"},
		{[]string{"fold", inspectSample, "--out", out, "--mode", "emergency", "--budget", "-3"}, "--window and --budget must not be negative"},
		{[]string{"fold", inspectSample, "--out", out}, "--mode auto (the default) needs --window N"},
		{[]string{"search", "--store", dir, "--budget", "-1", "word"}, "--budget must not be negative"},
		{[]string{"recall", "--store", dir, "--budget", "-1", "ckpt-1@s"}, "--budget must not be negative"},
	}
	for _, c := range cases {
		code, _, errs := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("ef %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(c.args, " "), code, errs, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused fold wrote its --out")
	}
}

// ef bench checks --corpus and --html before the replay (which takes
// minutes), so a typo costs nothing and is named.
func TestBenchChecksPathsFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x"), 0o600)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--corpus", filepath.Join(dir, "missing")}, "--corpus: stat " + filepath.Join(dir, "missing")},
		{[]string{"bench", "--corpus", file}, "--corpus " + file + ": not a directory"},
		{[]string{"bench", "--html", filepath.Join(file, "report")}, "--html: mkdir " + file + ": not a directory"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(t, c.args...)
		if code != 1 || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("ef %s: exit %d, stdout %.100q, stderr %q; want exit 1, no report and %q", strings.Join(c.args, " "), code, out, errs, c.want)
		}
	}
}

// ef origin hash answers -h like every other command, instead of reading
// a file named "-h".
func TestOriginHashHelp(t *testing.T) {
	code, out, errs := runCLI(t, "origin", "hash", "-h")
	if code != 0 || out != "" || !strings.Contains(errs, "usage: ef origin hash") {
		t.Fatalf("ef origin hash -h: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, _, errs = runCLI(t, "origin", "hash", "--bogus")
	if code != 2 || !strings.Contains(errs, "-bogus") {
		t.Fatalf("ef origin hash --bogus: exit %d, stderr %q", code, errs)
	}
	code, out, errs = runCLI(t, "origin", "hash", "../../origin/testdata/reference/task.origin.json")
	if code != 0 || len(strings.TrimSpace(out)) != 64 {
		t.Fatalf("ef origin hash FILE: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// ef state --store reads a store: a missing one is an error, not a new
// empty store whose "checkpoints" the state is then said to come from.
func TestStateMissingStore(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-store")
	code, out, errs := runCLI(t, "state", inspectSample, "--store", missing)
	if code != 1 || !strings.Contains(errs, "--store: stat "+missing) || out != "" {
		t.Fatalf("ef state --store MISSING: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Fatal("ef state created the missing store")
	}
}
