package taskorigin_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/epistemicfold/ef/origin/taskorigin"
)

func fixedStore(t interface{ Fatal(...any) }, dir string) *taskorigin.Store {
	base := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
	var ticks atomic.Int64
	s, err := taskorigin.Open(dir, taskorigin.Options{
		Now: func() time.Time { return base.Add(time.Duration(ticks.Add(1)) * time.Second) },
		Actor: func(now time.Time) taskorigin.Actor {
			return taskorigin.ObserveActor(func(k string) string {
				return map[string]string{"EF_HARNESS": "test", "EF_SESSION_ID": "s1"}[k]
			}, "", now)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func sampleState(id string) *taskorigin.State {
	s := taskorigin.New(id, "write the release doc")
	s.Scope = "project:x"
	s.CurrentState = "half written"
	s.NextSteps = []string{"finish the intro"}
	s.Facts = []taskorigin.Fact{
		{Claim: "the Q2 numbers are in reports/Q2.json", Verified: true, Source: "reports/Q2.json"},
		{Claim: "the build is green", Verified: true, Source: "go test ./...", SourceKind: "command"},
		{Claim: "the reviewers liked it", Verified: false, Source: "hearsay"},
	}
	s.Learnings = []taskorigin.Learning{{Lesson: "release docs need a changelog", Confidence: 0.8}}
	return s
}

func mustDoc(t *testing.T, s *taskorigin.State) taskorigin.Document {
	t.Helper()
	d, err := taskorigin.FromState(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestPutLifecycle(t *testing.T) {
	ctx := context.Background()
	st := fixedStore(t, t.TempDir())
	s := sampleState("demo.task1")

	if _, err := st.Put(ctx, "demo.task1", mustDoc(t, s), ""); !errors.Is(err, taskorigin.ErrNoExpect) {
		t.Fatalf("write without expect: %v, want ErrNoExpect", err)
	}
	r1, err := st.Put(ctx, "demo.task1", mustDoc(t, s), taskorigin.ExpectNew)
	if err != nil {
		t.Fatal(err)
	}
	if r1.Status != taskorigin.Created || r1.Version != 1 {
		t.Fatalf("create: %+v", r1)
	}
	e, err := st.Get("demo.task1")
	if err != nil {
		t.Fatal(err)
	}
	if e.Hash != r1.Hash {
		t.Fatalf("hash on disk %s, put said %s", e.Hash, r1.Hash)
	}
	got, _ := e.Doc.State()
	if got.Learnings[0].Status != taskorigin.LearningCandidate {
		t.Fatalf("learning status %q, want candidate", got.Learnings[0].Status)
	}
	if got.Actor == nil || got.Actor.Harness != "test" || got.Actor.Model != taskorigin.Unobserved || got.Actor.SessionID != "s1" {
		t.Fatalf("actor %+v", got.Actor)
	}
	if got.ContentHash != r1.Hash || got.Version != 1 || got.CreatedAt == "" || got.UpdatedAt == "" {
		t.Fatalf("filled fields: %+v", got)
	}

	// Unchanged content: no byte written, version stays.
	before, _ := os.ReadFile(st.Path("demo.task1"))
	info1, _ := os.Stat(st.Path("demo.task1"))
	r2, err := st.Put(ctx, "demo.task1", e.Doc, r1.Hash)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(st.Path("demo.task1"))
	info2, _ := os.Stat(st.Path("demo.task1"))
	if r2.Status != taskorigin.Unchanged || r2.Version != 1 || string(before) != string(after) || !info1.ModTime().Equal(info2.ModTime()) {
		t.Fatalf("unchanged put: %+v (file changed: %v)", r2, string(before) != string(after))
	}

	// A change moves the version by one.
	got.CurrentState = "intro done"
	r3, err := st.Put(ctx, "demo.task1", mustDoc(t, got), r1.Hash)
	if err != nil {
		t.Fatal(err)
	}
	if r3.Status != taskorigin.Written || r3.Version != 2 || r3.Previous != r1.Hash || r3.Hash == r1.Hash {
		t.Fatalf("second write: %+v", r3)
	}
	// The stale hash is now refused and the file untouched.
	got.CurrentState = "overwritten by a stale writer"
	before, _ = os.ReadFile(st.Path("demo.task1"))
	_, err = st.Put(ctx, "demo.task1", mustDoc(t, got), r1.Hash)
	var ce *taskorigin.ConflictError
	if !errors.As(err, &ce) || ce.Current != r3.Hash || ce.Expected != r1.Hash {
		t.Fatalf("stale write: %v", err)
	}
	after, _ = os.ReadFile(st.Path("demo.task1"))
	if string(before) != string(after) {
		t.Fatal("a refused write changed the file")
	}
	// Creating an existing task is a conflict too.
	if _, err := st.Put(ctx, "demo.task1", mustDoc(t, got), taskorigin.ExpectNew); !errors.Is(err, taskorigin.ErrConflict) {
		t.Fatalf("create over existing: %v", err)
	}
}

func TestPutRefusesBadDocuments(t *testing.T) {
	ctx := context.Background()
	st := fixedStore(t, t.TempDir())
	cases := []struct {
		name string
		edit func(s *taskorigin.State)
		want error
	}{
		{"prose source", func(s *taskorigin.State) { s.Facts[0].Source = "我说的，不信拉倒" }, taskorigin.ErrUnverifiableSource},
		{"declared kind lies", func(s *taskorigin.State) { s.Facts[0].Source, s.Facts[0].SourceKind = "trust me", "file" }, taskorigin.ErrUnverifiableSource},
		{"empty goal", func(s *taskorigin.State) { s.Goal = "" }, taskorigin.ErrMissingField},
		{"wrong kind", func(s *taskorigin.State) { s.Kind = "task.other" }, taskorigin.ErrWrongKind},
		{"wrong id", func(s *taskorigin.State) { s.ID = "other" }, taskorigin.ErrWrongKind},
		{"verified learning first", func(s *taskorigin.State) { s.Learnings[0].Status = "verified" }, taskorigin.ErrLearningNotCandidate},
		{"odd learning status", func(s *taskorigin.State) { s.Learnings[0].Status = "certain" }, taskorigin.ErrLearningNotCandidate},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := sampleState("t1")
			c.edit(s)
			_, err := st.Put(ctx, "t1", mustDoc(t, s), taskorigin.ExpectNew)
			if !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			if _, err := os.Stat(st.Path("t1")); !errors.Is(err, os.ErrNotExist) {
				t.Fatal("a refused create left a file")
			}
		})
	}
	// Missing required members in raw JSON.
	d, err := taskorigin.ParseDocument([]byte(`{"spec":"2origin/0.2","kind":"task.origin","id":"t1","goal":"g"}`))
	if err != nil {
		t.Fatal(err)
	}
	_, err = st.Put(ctx, "t1", d, taskorigin.ExpectNew)
	if !errors.Is(err, taskorigin.ErrMissingField) || !strings.Contains(err.Error(), "current_state") || !strings.Contains(err.Error(), "next_steps") {
		t.Fatalf("missing members: %v", err)
	}
	if _, err := taskorigin.ParseDocument([]byte(`{"id":"a","id":"b"}`)); !errors.Is(err, taskorigin.ErrInvalidDocument) {
		t.Fatalf("duplicate member: %v", err)
	}
	if _, err := st.Put(ctx, "../x", d, taskorigin.ExpectNew); !errors.Is(err, taskorigin.ErrInvalidTaskID) {
		t.Fatalf("escaping id: %v", err)
	}
}

func TestLearningPromotion(t *testing.T) {
	ctx := context.Background()
	st := fixedStore(t, t.TempDir())
	s := sampleState("t1")
	r, err := st.Put(ctx, "t1", mustDoc(t, s), taskorigin.ExpectNew)
	if err != nil {
		t.Fatal(err)
	}
	s.Learnings[0].Status = taskorigin.LearningVerified
	if _, err := st.Put(ctx, "t1", mustDoc(t, s), r.Hash); !errors.Is(err, taskorigin.ErrLearningNotCandidate) {
		t.Fatalf("promotion without evidence: %v", err)
	}
	s.Learnings[0].Evidence = "docs/release-guide.md"
	if _, err := st.Put(ctx, "t1", mustDoc(t, s), r.Hash); err != nil {
		t.Fatalf("promotion with evidence: %v", err)
	}
}

func TestUnknownMembersKept(t *testing.T) {
	ctx := context.Background()
	st := fixedStore(t, t.TempDir())
	raw := `{"spec":"2origin/0.2","kind":"task.origin","id":"t1","goal":"g","current_state":"c","next_steps":[],
	 "facts":[{"claim":"x","verified":true,"source":"a/b.md","when":"2026-01-01","x_note":{"k":[1,2]}}],"x_vendor":"kept"}`
	d, err := taskorigin.ParseDocument([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Put(ctx, "t1", d, taskorigin.ExpectNew); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(st.Path("t1"))
	var back map[string]any
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back["x_vendor"] != "kept" || !strings.Contains(string(data), `"x_note"`) {
		t.Fatalf("unknown members lost:\n%s", data)
	}
}

func TestFindReportsInvalidFiles(t *testing.T) {
	dir := t.TempDir()
	st := fixedStore(t, dir)
	if _, err := st.Put(context.Background(), "good", mustDoc(t, sampleState("good")), taskorigin.ExpectNew); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "nested", "bad", taskorigin.FileName)
	os.MkdirAll(filepath.Dir(bad), 0o755)
	os.WriteFile(bad, []byte(`{"spec":`), 0o644)
	es, err := taskorigin.Find(dir, 6)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 {
		t.Fatalf("found %d entries, want 2", len(es))
	}
	var sawBad bool
	for _, e := range es {
		if e.Path == bad {
			sawBad = errors.Is(e.Err, taskorigin.ErrInvalidDocument)
		}
	}
	if !sawBad {
		t.Fatal("an invalid file was not reported")
	}
}

func TestObserveActorNeverInvents(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	a := taskorigin.ObserveActor(func(string) string { return "" }, "", now)
	if a.Harness != taskorigin.Unobserved || a.Model != taskorigin.Unobserved || a.SessionID != taskorigin.Unobserved || a.At != "2026-01-02T03:04:05Z" {
		t.Fatalf("empty environment: %+v", a)
	}
	env := map[string]string{"CLAUDECODE": "1", "ANTHROPIC_MODEL": "m1"}
	a = taskorigin.ObserveActor(func(k string) string { return env[k] }, "sess", now)
	if a.Harness != "claude-code" || a.Model != "m1" || a.SessionID != "sess" {
		t.Fatalf("claude code: %+v", a)
	}
}

// TestPutSweepsDeadWritersTempFiles: temp files are made only under the
// task's lock, so one found by the next writer is a dead writer's.
func TestPutSweepsDeadWritersTempFiles(t *testing.T) {
	st := fixedStore(t, t.TempDir())
	r, err := st.Put(context.Background(), "t1", mustDoc(t, sampleState("t1")), taskorigin.ExpectNew)
	if err != nil {
		t.Fatal(err)
	}
	stray := filepath.Join(filepath.Dir(st.Path("t1")), "."+taskorigin.FileName+"8237461")
	if err := os.WriteFile(stray, []byte(`{"torn`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Put(context.Background(), "t1", mustDoc(t, sampleState("t1")), r.Hash); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stray); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the dead writer's temp file is still there: %v", err)
	}
}

// TestProblemsSayJSONTypes: a mistyped member is described in JSON terms,
// the type it has and the one it needs, never by a Go type
// ("want taskorigin.Fact", "want []string").
func TestProblemsSayJSONTypes(t *testing.T) {
	base := `"spec":"2origin/0.2","kind":"task.origin","id":"a","goal":"g","version":1,"updated_at":"2026-01-01T00:00:00Z","current_state":"x"`
	for _, c := range []struct{ doc, want string }{
		{`{` + base + `,"next_steps":[],"facts":["tests pass"]}`, "facts: want an object, not string"},
		{`{` + base + `,"next_steps":"none"}`, "next_steps: must be an array"},
		{`{` + base + `,"next_steps":[],"decisions":{"what":"x"}}`, "decisions: want an array, not object"},
		{`{"spec":"2origin/0.2","kind":"task.origin","id":"a","goal":"g","version":1,"updated_at":7,"current_state":"x","next_steps":[]}`, "updated_at: must be a string"},
	} {
		d, err := taskorigin.ParseDocument([]byte(c.doc))
		if err != nil {
			t.Fatal(err)
		}
		var all []string
		for _, p := range d.Check() {
			all = append(all, p.Error())
		}
		text := strings.Join(all, "\n")
		if !strings.Contains(text, c.want) || strings.Contains(text, "taskorigin.") || strings.Contains(text, "[]") || strings.Contains(text, "wrong JSON type") {
			t.Errorf("%s:\n%s\nwant %q in JSON terms", c.doc, text, c.want)
		}
	}
}

// TestRefusedFirstPutLeavesNoDirectory: a first write refused for what is
// wrong with the document itself (an id that is not the task's, a missing
// member, a verified fact citing prose) creates nothing in the store; it
// left the task's directory behind, holding only a lock file. An invalid
// id's refusal says what an id may be.
func TestRefusedFirstPutLeavesNoDirectory(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	st := fixedStore(t, root)
	other := mustDoc(t, sampleState("other"))
	prose := sampleState("t1")
	prose.Facts = append(prose.Facts, taskorigin.Fact{Claim: "it works", Verified: true, Source: "trust me"})
	missing := mustDoc(t, sampleState("t1"))
	delete(missing, "next_steps")
	for name, doc := range map[string]taskorigin.Document{"other id": other, "prose source": mustDoc(t, prose), "no next_steps": missing} {
		if _, err := st.Put(ctx, "t1", doc, taskorigin.ExpectNew); err == nil {
			t.Fatalf("%s: put accepted", name)
		}
		if des, _ := os.ReadDir(root); len(des) != 0 {
			t.Errorf("%s: the refused put left %s in the store", name, des[0].Name())
			os.RemoveAll(filepath.Join(root, des[0].Name())) // so the next case is judged on its own
		}
	}
	// The same document, right, is written.
	if _, err := st.Put(ctx, "t1", mustDoc(t, sampleState("t1")), taskorigin.ExpectNew); err != nil {
		t.Fatal(err)
	}
	_, err := st.Put(ctx, "a b", mustDoc(t, sampleState("a b")), taskorigin.ExpectNew)
	if !errors.Is(err, taskorigin.ErrInvalidTaskID) || !strings.Contains(err.Error(), "letters, digits") {
		t.Errorf("invalid id: %v; want ErrInvalidTaskID saying what an id may be", err)
	}
}

// TestFindReadsLinkedTasks: Find reads a task.origin.json that is a link
// and the file of a linked task directory, as Get does, and reports an
// entry of that name that is not a regular file instead of skipping it (or,
// for a named pipe, waiting for a writer). All were skipped without a
// word, so ef origin verify said "no task.origin.json" of a store ef
// origin show read.
func TestFindReadsLinkedTasks(t *testing.T) {
	ctx := context.Background()
	shared := t.TempDir()
	src := fixedStore(t, shared)
	for _, id := range []string{"b", "c"} {
		if _, err := src.Put(ctx, id, mustDoc(t, sampleState(id)), taskorigin.ExpectNew); err != nil {
			t.Fatal(err)
		}
	}
	root := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Skip("cannot make links here:", err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "b"), 0o755))
	must(os.Symlink(filepath.Join(shared, "b", taskorigin.FileName), filepath.Join(root, "b", taskorigin.FileName)))
	must(os.Symlink(filepath.Join(shared, "c"), filepath.Join(root, "c")))
	must(os.Symlink(root, filepath.Join(root, "loop"))) // a loop is not walked
	must(os.MkdirAll(filepath.Join(root, "d"), 0o755))
	must(os.Symlink(shared, filepath.Join(root, "d", taskorigin.FileName))) // a link to a directory
	es, err := taskorigin.Find(root, 6)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range es {
		rel, _ := filepath.Rel(root, e.Path)
		got[filepath.ToSlash(rel)] = e.ID
		if e.Err != nil {
			got[filepath.ToSlash(rel)] = "error: " + e.Err.Error()
		}
	}
	if got["b/task.origin.json"] != "b" || got["c/task.origin.json"] != "c" || !strings.Contains(got["d/task.origin.json"], "a directory, not a regular file") || len(got) != 3 {
		t.Errorf("Find: %q; want b and c read through their links, d reported as a directory", got)
	}
	st, err := taskorigin.Open(root, taskorigin.Options{})
	if err != nil {
		t.Fatal(err)
	}
	list, err := st.List()
	if err != nil || len(list) != 3 || list[0].ID != "b" || list[1].ID != "c" || list[0].Err != nil || list[1].Err != nil || list[2].Err == nil {
		t.Errorf("List: %d entries, %v; want b and c, and d unreadable", len(list), err)
	}
}

// TestPutThroughLinkedFile: a task.origin.json that is a link to another
// store's file (one task shared by two stores) is written where it leads,
// so both stores see the new version and a writer of either holding the
// old hash is refused. The link was replaced by a copy: the shared file
// kept version 1 and the other store's stale writer went through.
func TestPutThroughLinkedFile(t *testing.T) {
	ctx := context.Background()
	shared, root := t.TempDir(), t.TempDir()
	other := fixedStore(t, shared)
	first, err := other.Put(ctx, "b", mustDoc(t, sampleState("b")), taskorigin.ExpectNew)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "b", taskorigin.FileName)
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(shared, "b", taskorigin.FileName), link); err != nil {
		t.Skip("cannot make links here:", err)
	}
	st := fixedStore(t, root)
	s := sampleState("b")
	s.CurrentState = "intro written"
	r, err := st.Put(ctx, "b", mustDoc(t, s), first.Hash)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a copy (lstat: %v)", err)
	}
	if e, err := other.Get("b"); err != nil || e.Hash != r.Hash {
		t.Errorf("the shared file holds %s (%v), want the new version %s", e.Hash, err, r.Hash)
	}
	stale := sampleState("b")
	stale.CurrentState = "something else"
	if _, err := other.Put(ctx, "b", mustDoc(t, stale), first.Hash); !errors.Is(err, taskorigin.ErrConflict) {
		t.Errorf("a writer of the other store holding the old hash: %v, want ErrConflict", err)
	}
}
