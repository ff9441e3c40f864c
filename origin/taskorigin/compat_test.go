package taskorigin_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/epistemicfold/ef/origin/taskorigin"
)

// rfc0005Example is the task.origin of RFC-0005 §2, member names as
// printed (values abridged).
const rfc0005Example = `{
  "spec": "2origin/0.2", "kind": "task.origin", "id": "demo.task1", "title": "...", "goal": "...",
  "version": 3, "content_hash": "x",
  "actor": { "harness": "claude-code", "model": "deepseek-v4-flash", "session_id": "...", "at": "ISO8601" },
  "scope": "project:x", "created_at": "ISO8601", "updated_at": "ISO8601", "current_state": "...",
  "facts": [{ "claim": "...", "verified": true, "source": "...", "source_kind": "file|command|testcase" }],
  "decisions": [{ "what": "...", "why": "..." }],
  "actions": [{ "verb": "...", "status": "done", "evidence": "..." }],
  "artifacts": ["..."], "verification": "...", "next_steps": ["..."],
  "learnings": [{ "lesson": "...", "confidence": 0.9, "status": "candidate" }]
}`

// TestCompatRFC0005Shape checks that a document EF writes has every member
// of RFC-0005 §2's example (and in facts, decisions, actions, learnings
// and actor every member of theirs), and that Check demands exactly the
// RFC's required members.
func TestCompatRFC0005Shape(t *testing.T) {
	var rfc map[string]any
	if err := json.Unmarshal([]byte(rfc0005Example), &rfc); err != nil {
		t.Fatal(err)
	}
	s := sampleState("demo.task1")
	s.Title, s.Verification = "t", "v"
	s.Facts[0].SourceKind = "file"
	s.Decisions = []taskorigin.Decision{{What: "w", Why: "y"}}
	s.Actions = []taskorigin.Action{{Verb: "write", Status: "done", Evidence: "docs/a.md"}}
	s.Artifacts = []string{"docs/a.md"}
	st := fixedStore(t, t.TempDir())
	if _, err := st.Put(context.Background(), "demo.task1", mustDoc(t, s), taskorigin.ExpectNew); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(st.Path("demo.task1"))
	var ours map[string]any
	if err := json.Unmarshal(data, &ours); err != nil {
		t.Fatal(err)
	}
	for k, v := range rfc {
		got, ok := ours[k]
		if !ok {
			t.Errorf("member %q of RFC-0005 §2 missing", k)
			continue
		}
		if arr, ok := v.([]any); ok && len(arr) > 0 {
			if m, ok := arr[0].(map[string]any); ok {
				garr, _ := got.([]any)
				if len(garr) == 0 {
					t.Errorf("%s: empty", k)
					continue
				}
				gm, _ := garr[0].(map[string]any)
				for kk := range m {
					if _, ok := gm[kk]; !ok {
						t.Errorf("%s[0].%s of RFC-0005 §2 missing", k, kk)
					}
				}
			}
		}
		if m, ok := v.(map[string]any); ok {
			gm, _ := got.(map[string]any)
			for kk := range m {
				if _, ok := gm[kk]; !ok {
					t.Errorf("%s.%s of RFC-0005 §2 missing", k, kk)
				}
			}
		}
	}
	// Required members (RFC-0005 §2): removing any one is a Check problem.
	for _, req := range []string{"spec", "kind", "id", "goal", "version", "updated_at", "current_state", "next_steps"} {
		d, _ := taskorigin.ParseDocument(data)
		delete(d, req)
		ps := d.Check()
		if !slices.ContainsFunc(ps, func(p taskorigin.Problem) bool { return p.Field == req }) {
			t.Errorf("removing required %q: problems %v", req, ps)
		}
	}
	d, _ := taskorigin.ParseDocument(data)
	delete(d, "title")
	delete(d, "decisions")
	if ps := d.Check(); len(ps) != 0 {
		t.Errorf("optional members treated as required: %v", ps)
	}
}

// TestCompatReferenceFile reads a task.origin written by the reference
// implementation: it validates, and EF's RFC 8785 content hash equals the
// hash the reference stored (for documents like this one the reference's
// sorted-key JSON coincides with JCS).
func TestCompatReferenceFile(t *testing.T) {
	e := taskorigin.ReadEntry(filepath.Join("..", "testdata", "reference", "task.origin.json"))
	if e.Err != nil {
		t.Fatal(e.Err)
	}
	if ps := e.Doc.Check(); len(ps) > 0 {
		t.Fatalf("reference file invalid here: %v", ps)
	}
	s, _ := e.Doc.State()
	if s.ContentHash != e.Hash {
		t.Fatalf("content_hash: reference %s, EF %s", s.ContentHash, e.Hash)
	}
	// A write through the EF store keeps the reference's extension members
	// (facts[].when) and, the content being unchanged, writes nothing.
	dir := t.TempDir()
	st := fixedStore(t, dir)
	r, err := st.Put(context.Background(), "demo.task1", e.Doc, taskorigin.ExpectNew)
	if err != nil {
		t.Fatal(err)
	}
	if r.Hash != e.Hash {
		t.Fatalf("EF store hash %s, reference %s", r.Hash, e.Hash)
	}
	back, _ := st.Get("demo.task1")
	var facts []map[string]any
	json.Unmarshal(back.Doc["facts"], &facts)
	if _, ok := facts[0]["when"]; !ok {
		t.Fatal("the reference's facts[].when was dropped")
	}
}
