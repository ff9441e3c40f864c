package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/origin/northbridge"
)

func runEF(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	old := originStdin
	originStdin = strings.NewReader(stdin)
	defer func() { originStdin = old }()
	code, out, errs := runCLI(t, args...)
	return out, errs, code
}

func TestOriginCommands(t *testing.T) {
	dir := t.TempDir()
	doc := `{"spec":"2origin/0.2","kind":"task.origin","id":"demo","goal":"ship the release doc","scope":"project:x",
	  "current_state":"half written","next_steps":["finish the intro"],
	  "facts":[{"claim":"Q2 sales were 8M","verified":true,"source":"reports/Q2.json"},
	           {"claim":"the build is green","verified":true,"source":"go test ./..."}]}`
	if _, errs, code := runEF(t, doc, "origin", "put", dir, "--task", "demo", "-"); code != 2 || !strings.Contains(errs, "--expect is required") {
		t.Fatalf("put without --expect: %d %s", code, errs)
	}
	out, errs, code := runEF(t, doc, "origin", "put", dir, "--task", "demo", "--expect", "new", "--json")
	if code != 0 {
		t.Fatalf("put: %d %s", code, errs)
	}
	var r struct {
		Status string `json:"status"`
		Hash   string `json:"content_hash"`
	}
	json.Unmarshal([]byte(out), &r)
	if r.Status != "created" || len(r.Hash) != 64 {
		t.Fatalf("put result %s", out)
	}
	out, _, code = runEF(t, "", "origin", "hash", filepath.Join(dir, "demo", "task.origin.json"))
	if code != 0 || strings.TrimSpace(out) != r.Hash {
		t.Fatalf("hash %q, want %s", out, r.Hash)
	}
	// Stale expect: refused, exit 1, file untouched.
	before, _ := os.ReadFile(filepath.Join(dir, "demo", "task.origin.json"))
	changed := strings.Replace(doc, "half written", "done", 1)
	if _, errs, code := runEF(t, changed, "origin", "put", dir, "--task", "demo", "--expect", "0000"); code != 1 || !strings.Contains(errs, "stale expected content hash") {
		t.Fatalf("stale put: %d %s", code, errs)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "demo", "task.origin.json"))
	if !bytes.Equal(before, after) {
		t.Fatal("a refused put changed the file")
	}
	if out, errs, code := runEF(t, changed, "origin", "put", dir, "--task", "demo", "--expect", r.Hash); code != 0 || !strings.HasPrefix(out, "written") {
		t.Fatalf("put with the current hash: %d %s %s", code, out, errs)
	}
	if out, _, code := runEF(t, "", "origin", "show", dir, "--task", "demo"); code != 0 || !strings.Contains(out, `"current_state": "done"`) {
		t.Fatalf("show: %d %s", code, out)
	}

	// verify: the report file does not exist here; that is reported, not failed.
	out, errs, code = runEF(t, "", "origin", "verify", dir, "--root", dir)
	if code != 0 || !strings.Contains(out, "missing") || !strings.Contains(out, "rerunnable") {
		t.Fatalf("verify: %d\n%s%s", code, out, errs)
	}
	// A hand-edited file with a prose source of a verified fact fails.
	p := filepath.Join(dir, "demo", "task.origin.json")
	data, _ := os.ReadFile(p)
	os.WriteFile(p, bytes.Replace(data, []byte(`"go test ./..."`), []byte(`"我说的"`), 1), 0o644)
	out, _, code = runEF(t, "", "origin", "verify", dir)
	if code != 1 || !strings.Contains(out, "unverifiable") || !strings.Contains(out, "edited outside the store") {
		t.Fatalf("verify of an edited file: %d\n%s", code, out)
	}
	os.WriteFile(p, data, 0o644)

	out, errs, code = runEF(t, "", "origin", "bundle", dir, "--budget", "2000")
	if code != 0 || !strings.Contains(out, "loaded 1/1 task(s)") || !strings.Contains(out, "finish the intro") {
		t.Fatalf("bundle: %d\n%s%s", code, out, errs)
	}

	req := `{"kind":"context.request","goal":"sales numbers for the release doc","scope":["project:x"],"budget":{"tokens":3000,"facts":5},"freshness":"latest"}`
	out, errs, code = runEF(t, req, "context", "--store", dir, "-")
	if code != 0 {
		t.Fatalf("context: %d %s", code, errs)
	}
	var b northbridge.Bundle
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	if b.Kind != "context.bundle" || len(b.State) != 1 || len(b.Memory) == 0 || b.Memory[0].Source != "reports/Q2.json" {
		t.Fatalf("bundle %s", out)
	}
	if _, errs, code := runEF(t, `{"goal":"x"}`, "context", "--store", dir, "-"); code != 2 || !strings.Contains(errs, "scope is empty") {
		t.Fatalf("bad request: %d %s", code, errs)
	}
}

// TestOriginVerifyStatesEachProblemOnce: a document that does not decode
// (a fact written as a bare string) gets one problem line, not the same
// line twice (Check already reports what State refuses).
func TestOriginVerifyStatesEachProblemOnce(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a", "task.origin.json")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte(`{"spec":"2origin/0.2","kind":"task.origin","id":"a","goal":"g","version":1,"updated_at":"2026-01-01T00:00:00Z","current_state":"x","next_steps":[],"facts":["tests pass"]}`), 0o644)
	out, _, code := runEF(t, "", "origin", "verify", dir)
	if code != 1 || strings.Count(out, "problem:") != 1 || !strings.Contains(out, "facts: want an object, not string") {
		t.Fatalf("verify: exit %d\n%s", code, out)
	}
	// It has no version to show: not "v0", which reads as a real version.
	if strings.Contains(out, " v0 ") || !strings.Contains(out, "no version (does not decode)") {
		t.Errorf("verify of an undecodable document shows a version:\n%s", out)
	}
	out, _, _ = runEF(t, "", "origin", "verify", "--json", dir)
	if !strings.Contains(out, `"version":null`) {
		t.Errorf("verify --json of an undecodable document: %s", out)
	}
}

// TestStdinOverLimitSaysSo: a document or intent piped in over the stdin
// limit is refused as too large, for every command that reads one, and nothing is
// written; it was cut at the limit and reported as the document's own
// syntax error ("unterminated string", "unexpected end of JSON input").
func TestStdinOverLimitSaysSo(t *testing.T) {
	// The limit made 1 MiB: the same refusal, without 64 MiB documents
	// (which took minutes under -race).
	old := maxStdinDoc
	maxStdinDoc = 1 << 20
	defer func() { maxStdinDoc = old }()
	dir := t.TempDir()
	big := `{"spec":"2origin/0.2","kind":"task.origin","id":"demo","goal":"g","current_state":"` +
		strings.Repeat("x", maxStdinDoc) + `","next_steps":[]}`
	for _, args := range [][]string{
		{"origin", "hash", "-"},
		{"origin", "put", dir, "--task", "demo", "--expect", "new", "-"},
		// ef context has its own, smaller limit (TestContextRequestOverLimit).
	} {
		_, errs, code := runEF(t, big, args...)
		if code == 0 || !strings.Contains(errs, "over 1 MiB") || strings.Contains(errs, "unterminated") || strings.Contains(errs, "unexpected end") {
			t.Errorf("%s: exit %d, stderr %.300s; want a refusal saying the input is over 1 MiB", strings.Join(args[:2], " "), code, errs)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "demo")); err == nil {
		t.Error("a refused put left the task's directory")
	}
	intent := `{"relpath":"big.txt","content":"` + strings.Repeat("x", maxStdinDoc) + `"}`
	var out, errb bytes.Buffer
	err := runAct(context.Background(), []string{"--root", dir, "-"}, strings.NewReader(intent), &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "over 1 MiB") {
		t.Errorf("act: %v; want a refusal saying the input is over 1 MiB", err)
	}
}

// TestExportReadsWhatStateReads: ef origin export takes the logs ef state
// and ef fold take, not only a DSH log: another agent's trajectory was
// refused as 'bad session log header: want "session"'. The task carries
// the trajectory's objective and its failure as the next step.
func TestExportReadsWhatStateReads(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ file, task, goal, step string }{
		{"codex-rollout.jsonl", "codex", "Why does `make lint` fail?", "Error 1"},
		{"claude-code-rewind.jsonl", "claude", "Make the CSV export stream rows", ""},
		{"anthropic-messages.json", "messages", "The deploy fails on staging", `relation "users_v2" does not exist`},
	} {
		log := filepath.Join("..", "..", "importer", "testdata", c.file)
		if _, errs, code := runEF(t, "", "origin", "export", log, "--out", dir, "--task", c.task); code != 0 {
			t.Errorf("%s: exit %d: %s", c.file, code, errs)
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, c.task, "task.origin.json"))
		if err != nil {
			t.Fatal(err)
		}
		var st struct {
			Goal      string   `json:"goal"`
			NextSteps []string `json:"next_steps"`
		}
		if err := json.Unmarshal(data, &st); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(st.Goal, c.goal) || c.step != "" && !strings.Contains(strings.Join(st.NextSteps, "\n"), c.step) {
			t.Errorf("%s: goal %q, next steps %q; want %q and a step naming %q", c.file, st.Goal, st.NextSteps, c.goal, c.step)
		}
	}
}

// TestExportKeepsWhatOthersWrote: exporting a session over a task another
// writer made keeps what the export does not restate: the document's
// extension members, a kept fact's own members, its actions and
// artifacts; the decisions and next steps it replaces are named on
// stderr. All of these were dropped without a word.
func TestExportKeepsWhatOthersWrote(t *testing.T) {
	dir := t.TempDir()
	doc := `{"spec":"2origin/0.2","kind":"task.origin","id":"m","goal":"fix the deploy","scope":"project:x",
	  "current_state":"started","next_steps":["ask ops about the migration"],"x_owner":{"team":"docs"},
	  "facts":[{"claim":"staging runs postgres 15","verified":true,"source":"ops/versions.md","confidence":0.9}],
	  "decisions":[{"what":"use markdown","why":"renders on GitHub"}],
	  "actions":[{"verb":"file.write","status":"done","evidence":"notes/plan.md","by":"ops-bot"}],
	  "artifacts":["notes/plan.md"]}`
	out, errs, code := runEF(t, doc, "origin", "put", dir, "--task", "m", "--expect", "new", "--json")
	if code != 0 {
		t.Fatalf("put: %s", errs)
	}
	var r struct {
		Hash string `json:"content_hash"`
	}
	json.Unmarshal([]byte(out), &r)
	log := filepath.Join("..", "..", "importer", "testdata", "anthropic-messages.json")
	_, errs, code = runEF(t, "", "origin", "export", log, "--out", dir, "--task", "m", "--expect", r.Hash)
	if code != 0 {
		t.Fatalf("export: %d %s", code, errs)
	}
	if !strings.Contains(errs, `decision "use markdown"`) || !strings.Contains(errs, `next step "ask ops about the migration"`) {
		t.Errorf("stderr %q does not name the replaced decision and next step", errs)
	}
	data, err := os.ReadFile(filepath.Join(dir, "m", "task.origin.json"))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Owner     map[string]string   `json:"x_owner"`
		Facts     []map[string]any    `json:"facts"`
		Actions   []map[string]string `json:"actions"`
		Artifacts []string            `json:"artifacts"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	conf := false
	for _, f := range got.Facts {
		if f["claim"] == "staging runs postgres 15" && f["confidence"] == 0.9 {
			conf = true
		}
	}
	if got.Owner["team"] != "docs" || !conf || len(got.Actions) != 1 || got.Actions[0]["by"] != "ops-bot" || !slices.Contains(got.Artifacts, "notes/plan.md") {
		t.Errorf("export dropped what another writer wrote: x_owner %v, fact confidence kept %v, actions %v, artifacts %v", got.Owner, conf, got.Actions, got.Artifacts)
	}
}
