package northbridge_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/origin/northbridge"
	"github.com/epistemicfold/ef/origin/taskorigin"
)

// The request and response of RFC-0006 §1.1 and §1.2, as printed.
const (
	rfc0006Request = `{
  "kind": "context.request",
  "goal": "write a release doc",
  "scope": ["project:x"],
  "budget": { "tokens": 30000, "facts": 10 },
  "freshness": "latest"
}`
	rfc0006Bundle = `{
  "kind": "context.bundle",
  "goal": "write a release doc",
  "scope": ["project:x"],
  "state": [
    { "id": "task.1", "file": ".../task.origin.json",
      "current_state": "half written", "next_steps": ["finish intro"] }
  ],
  "memory": [ { "claim": "...", "verified": true, "source": "..." } ],
  "skills": ["skills/xxx"],
  "evidence": ["reports/Q2.json"],
  "token_estimate": 18320,
  "budget": 30000,
  "over_budget": false,
  "note": "only the relevant part of 本境 entered context, not the whole disk"
}`
)

// sameShape reports members of want (recursively, first array element)
// missing from got or of another JSON type.
func sameShape(t *testing.T, path string, want, got any) {
	t.Helper()
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			t.Errorf("%s: %T, want an object", path, got)
			return
		}
		for k, v := range w {
			gv, ok := g[k]
			if !ok {
				t.Errorf("%s.%s: missing", path, k)
				continue
			}
			sameShape(t, path+"."+k, v, gv)
		}
	case []any:
		g, ok := got.([]any)
		if !ok {
			t.Errorf("%s: %T, want an array", path, got)
			return
		}
		if len(w) > 0 && len(g) > 0 {
			sameShape(t, path+"[0]", w[0], g[0])
		}
	case string, bool, float64:
		if wt, gt := typeName(w), typeName(got); wt != gt {
			t.Errorf("%s: %s, want %s", path, gt, wt)
		}
	}
}

func typeName(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case bool:
		return "bool"
	case float64:
		return "number"
	}
	return "other"
}

// TestCompatRFC0006Shapes: the RFC's request parses as is, and the bundle
// EF answers it with has every member of the RFC's bundle with the same
// JSON types, in state[] and memory[] too.
func TestCompatRFC0006Shapes(t *testing.T) {
	req, err := northbridge.ParseRequest([]byte(rfc0006Request))
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	s := taskorigin.New("task.1", "write a release doc")
	s.Scope, s.CurrentState, s.NextSteps = "project:x", "half written", []string{"finish intro"}
	s.Facts = []taskorigin.Fact{{Claim: "the release doc template is docs/release.md", Verified: true, Source: "docs/release.md"}}
	put(t, root, s)
	b, err := northbridge.Build(context.Background(), []string{root}, req, northbridge.Options{Tokenizer: tokenizer(t)})
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	json.Unmarshal(b.Marshal(), &got)
	json.Unmarshal([]byte(rfc0006Bundle), &want)
	if len(b.Memory) == 0 || len(b.State) == 0 || len(b.Evidence) == 0 {
		t.Fatalf("bundle too empty to compare: %s", b.Marshal())
	}
	// skills[] is always empty here (EF keeps no skills directory), so
	// only its presence and type are compared.
	sameShape(t, "bundle", want, got)
}

// TestCompatReferenceBundle: every member the reference implementation
// emits in a context.bundle, EF emits too (same JSON type).
func TestCompatReferenceBundle(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "reference", "context.bundle.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ref map[string]any
	if err := json.Unmarshal(data, &ref); err != nil {
		t.Fatal(err)
	}
	// The reference's facts carry its own extension "when"; EF's memory
	// entries are the RFC's claim/verified/source plus source_kind, task
	// and score.
	for _, m := range ref["memory"].([]any) {
		delete(m.(map[string]any), "when")
	}
	root := t.TempDir()
	src, _ := os.ReadFile(filepath.Join("..", "testdata", "reference", "task.origin.json"))
	os.MkdirAll(filepath.Join(root, "demo.task1"), 0o755)
	os.WriteFile(filepath.Join(root, "demo.task1", taskorigin.FileName), src, 0o644)
	req, _ := northbridge.ParseRequest([]byte(`{"kind":"context.request","goal":"release doc build","scope":["project:x"],"budget":{"tokens":30000,"facts":10},"freshness":"latest"}`))
	b, err := northbridge.Build(context.Background(), []string{root}, req, northbridge.Options{Tokenizer: tokenizer(t)})
	if err != nil {
		t.Fatal(err)
	}
	var got any
	json.Unmarshal(b.Marshal(), &got)
	sameShape(t, "bundle", ref, got)
	if len(b.State) != 1 || b.State[0].ID != "demo.task1" || len(b.Memory) == 0 {
		t.Fatalf("the reference's task file was not read: %s", b.Marshal())
	}
}
