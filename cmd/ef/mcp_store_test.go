package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mcpScript runs ef mcp in process on the given arguments with a client
// that initializes and searches for query, and returns the search
// answer's line and stderr.
func mcpScript(t *testing.T, query string, args ...string) (string, string) {
	t.Helper()
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"context_search","arguments":{"query":"` + query + `"}}}`,
	}, "\n") + "\n"
	var out, stderr bytes.Buffer
	if err := runMCP(t.Context(), args, io.NopCloser(strings.NewReader(in)), nopWriteCloser{&out}, &stderr); err != nil {
		t.Fatalf("ef mcp %v: %v\n%s", args, err, stderr.String())
	}
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.Contains(l, `"id":2`) {
			return l, stderr.String()
		}
	}
	t.Fatalf("ef mcp %v: no answer to the search:\n%s", args, out.String())
	return "", ""
}

// TestMCPSaysWhichStoreItServes: ef mcp writes one line at start naming the
// store it serves, how it was chosen and how many sessions it holds; a
// client that passed a reduced environment got an empty default store
// without a word. A search of a store that holds no folded session says
// so, with the store and how to fold into it, where it read like a miss
// ("try other words"); a miss in a store that holds sessions reads as
// before.
func TestMCPSaysWhichStoreItServes(t *testing.T) {
	root, ckpts, _ := searchFixture(t)
	sessions := map[string]bool{}
	for _, c := range ckpts {
		sessions[c.SessionID] = true
	}
	answer, stderr := mcpScript(t, "zzqxnothing", "--store", root, "--session", "en")
	want := "ef mcp: serving store " + root + " (--store): " + count(len(sessions), "session") + "; calls are made from session en; tools: "
	if !strings.HasPrefix(stderr, want) || strings.Count(stderr, "ef mcp: serving") != 1 {
		t.Errorf("stderr %q, want it to start with %q", stderr, want)
	}
	if !strings.Contains(answer, "no matches") || strings.Contains(answer, "nothing has been folded") {
		t.Errorf("a miss in a store with sessions: %s", answer)
	}

	// The project's default store, placed by EF_HOME, not made yet: served
	// as empty, and not created (a client started in /tmp left an empty
	// store keyed by /tmp behind).
	home, project := t.TempDir(), t.TempDir()
	t.Setenv("EF_HOME", home)
	answer, stderr = mcpScript(t, "zzqxnothing", "--project", project)
	dir, err := projectStoreDir(project)
	if err != nil {
		t.Fatal(err)
	}
	root2, _ := projectRoot(project)
	want = "ef mcp: serving store " + dir + " (the default store of --project's project " + root2 + " (no .git above it, so the directory itself), placed by $EF_HOME): " +
		"0 sessions: it does not exist yet, nothing has been folded for this project; served as empty until the DSH plugin or ef fold --project creates it" +
		"; tools: context_search, context_recall; action_submit off (no --act-root); context_request off (no --origin)\n"
	if stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("ef mcp created the store %s it only reads", dir)
	}
	for _, w := range []string{"no matches, because the store this server reads, " + filepath.ToSlash(dir), "holds no folded sessions", "nothing has been folded into it yet",
		"ef fold LOG --out NEW --store " + dir, "ef fold LOG --out NEW --project DIR", "--store (or --project)"} {
		if !strings.Contains(filepath.ToSlash(answer), w) {
			t.Errorf("the answer to a search of an empty store lacks %q:\n%s", w, answer)
		}
	}
	if strings.Contains(answer, "Try other words") {
		t.Errorf("the answer reads like a miss:\n%s", answer)
	}
	// A store that exists and holds no session.
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if _, stderr = mcpScript(t, "x", "--project", project); strings.Contains(stderr, "does not exist") || !strings.Contains(stderr, "0 sessions: nothing has been folded into it yet") {
		t.Errorf("second start: %q", stderr)
	}
}

// ef mcp started where the project's store does not exist yet serves it as
// empty and, once the DSH plugin (here another writer) creates it, serves
// what it holds, in the same session: a client started before the first
// fold of a fresh project is not left with an empty store.
func TestMCPServesAProjectStoreThatAppearsLater(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	t.Setenv("EF_HOME", home)
	dir, err := projectStoreDir(project)
	if err != nil {
		t.Fatal(err)
	}
	how, err := storeChoice("", project)
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	p, err := newPendingRecall(t.Context(), dir, how, &stderr, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer p.close()
	t.Cleanup(removeTempIndexes)
	search := func() string {
		out, err := p.CallTool(t.Context(), "", "context_search", json.RawMessage(`{"query":"quokkafold","scope":"project"}`))
		if err != nil {
			t.Fatal(err)
		}
		return out.Text
	}
	if got := search(); !strings.Contains(got, "holds no folded sessions") {
		t.Errorf("before the store exists: %s", got)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Fatalf("a search created the store %s", dir)
	}
	putForeignBundle(t, dir)
	if got := search(); !strings.Contains(got, "ref ") {
		t.Errorf("after the store appeared: %s", got)
	}
	if !strings.Contains(stderr.String(), "ef mcp: store "+dir+" exists now; serving it") {
		t.Errorf("stderr: %q", stderr.String())
	}
}

// TestMCPUsageNamesTheStoreVariables: ef mcp -h says which variables place
// the default store (read by efHome) and that ef mcp names its store at
// start.
func TestMCPUsageNamesTheStoreVariables(t *testing.T) {
	var out, stderr bytes.Buffer
	runMCP(t.Context(), []string{"-h"}, io.NopCloser(strings.NewReader("")), nopWriteCloser{&out}, &stderr)
	for _, w := range []string{"$EF_HOME", "XDG_DATA_HOME", "HOME", "--project DIR", "working directory", "writes one line to stderr"} {
		if !strings.Contains(stderr.String(), w) {
			t.Errorf("ef mcp -h lacks %q:\n%s", w, stderr.String())
		}
	}
}

// TestMCPSaysWhichLanesItServes: the serving line names the tools ef mcp
// serves, and for action_submit and context_request whether the flag
// turned them on and over what: the kernel's resolved roots and state
// directory, the origin directories. An operator who started it without
// --act-root read the same line as one who had, and could not tell that
// the model may write files.
func TestMCPSaysWhichLanesItServes(t *testing.T) {
	root, _, _ := searchFixture(t)
	_, stderr := mcpScript(t, "x", "--store", root)
	if !strings.Contains(stderr, "; tools: context_search, context_recall; action_submit off (no --act-root); context_request off (no --origin)\n") {
		t.Errorf("without lanes: %q", stderr)
	}
	act, orig := t.TempDir(), t.TempDir()
	realAct, err := filepath.EvalSymlinks(act)
	if err != nil {
		t.Fatal(err)
	}
	_, stderr = mcpScript(t, "x", "--store", root, "--act-root", act, "--origin", orig)
	for _, w := range []string{
		"; tools: context_search, context_recall, action_submit, context_request;",
		"; action_submit on (--act-root): writes under " + realAct + ", audit and backups in " + filepath.Join(realAct, ".ef", "act") + ";",
		"; context_request on (--origin): task.origin files in " + orig + "\n",
	} {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr %q lacks %q", stderr, w)
		}
	}
	if strings.Count(stderr, "ef mcp: serving") != 1 || strings.Contains(stderr, " off (") {
		t.Errorf("with both lanes: %q", stderr)
	}
	// One lane without the other.
	_, stderr = mcpScript(t, "x", "--store", root, "--origin", orig)
	if !strings.Contains(stderr, "; tools: context_search, context_recall, context_request; action_submit off (no --act-root); context_request on (--origin)") {
		t.Errorf("with --origin only: %q", stderr)
	}
}
