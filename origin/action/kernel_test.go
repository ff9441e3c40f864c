package action_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/internal/actiontest"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/origin/action"
)

func submitJSON(t testing.TB, k *action.Kernel, intent string) *action.Result {
	t.Helper()
	in, err := action.ParseIntent([]byte(intent))
	if err != nil {
		t.Fatalf("ParseIntent(%s): %v", intent, err)
	}
	res, err := k.Submit(context.Background(), in, action.ChannelAPI)
	if err != nil {
		t.Fatalf("Submit(%s): %v", intent, err)
	}
	return res
}

// TestParityTable runs the parity table through the library and checks
// each verdict, that nothing outside the root changed, that the audit has
// one line per action (replays add none), and the result lines against
// testdata/parity.golden (EF_UPDATE=1 regenerates it).
func TestParityTable(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	outside := actiontest.Snapshot(t, w.Outside)
	k := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
	var golden bytes.Buffer
	replays := 0
	steps := actiontest.Steps()
	for _, s := range steps {
		res := submitJSON(t, k, s.Intent)
		if string(res.Status) != s.Status || string(res.Risk) != s.Risk || string(res.Approval) != s.Approval {
			t.Errorf("%s: status/risk/approval = %s/%s/%s, want %s/%s/%s (reason %q)", s.Name,
				res.Status, res.Risk, res.Approval, s.Status, s.Risk, s.Approval, res.Reason)
		}
		if res.Actor != action.ChannelAPI {
			t.Errorf("%s: actor %q", s.Name, res.Actor)
		}
		if res.Replayed {
			replays++
		}
		line, err := res.MarshalLine()
		if err != nil {
			t.Fatal(err)
		}
		golden.WriteString("# " + s.Name + "\n")
		golden.Write(actiontest.Normalize(line))
		golden.WriteString("\n")
	}
	if d := actiontest.DiffSnapshots(outside, actiontest.Snapshot(t, w.Outside)); d != "" {
		t.Errorf("outside the root changed:\n%s", d)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(w.Base), "evil.sh")); err == nil {
		t.Errorf("traversal wrote ../evil.sh")
	}
	if sum, want := auditRecords(t, k), len(steps)-replays; sum.Records != want || sum.Torn != 0 {
		t.Errorf("audit: %d records, %d torn; want %d records (%d steps, %d replays)", sum.Records, sum.Torn, want, len(steps), replays)
	}
	if replays != 2 {
		t.Errorf("replays = %d, want 2", replays)
	}
	testutil.Golden(t, filepath.Join("testdata", "parity.golden"), golden.Bytes())
}

// TestResultShape checks the wire shape of a done overwrite against the
// reference's field names.
func TestResultShape(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	k := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
	res := submitJSON(t, k, `{"relpath":"demo/existing.md","content":"new\n","approval":"confirm"}`)
	line, _ := res.MarshalLine()
	var m map[string]any
	if err := json.Unmarshal(line, &m); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"spec", "kind", "action_id", "status", "risk", "approval", "evidence", "state_diff", "reversible", "backup_path", "undo_hint", "actor"} {
		if _, ok := m[f]; !ok {
			t.Errorf("result lacks %q: %s", f, line)
		}
	}
	if m["spec"] != "2origin/0.1" || m["kind"] != "action.result" || !strings.HasPrefix(m["action_id"].(string), "act:") {
		t.Errorf("header: %s", line)
	}
	bp := filepath.Join(w.Base, filepath.FromSlash(*res.BackupPath))
	if b, err := os.ReadFile(bp); err != nil || string(b) != "old\n" {
		t.Errorf("backup %s = %q, %v; want the old content", bp, b, err)
	}
	if b, _ := os.ReadFile(filepath.Join(w.Base, "demo", "existing.md")); string(b) != "new\n" {
		t.Errorf("target = %q", b)
	}
}

// TestLimits: content over MaxContentBytes and a target over MaxFileBytes
// are denied, and nothing is written.
func TestLimits(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	k := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}, MaxContentBytes: 8, MaxFileBytes: 4})
	for _, intent := range []string{
		`{"relpath":"demo/big.md","content":"123456789"}`,
		`{"relpath":"demo/existing2.md","content":"x","approval":"confirm"}`, // 7 bytes > 4
	} {
		if r := submitJSON(t, k, intent); r.Status != action.StatusDenied || !strings.Contains(r.Reason, "over the limit") {
			t.Errorf("%s: %s %q", intent, r.Status, r.Reason)
		}
	}
	if _, err := os.Stat(filepath.Join(w.Base, "demo", "big.md")); err == nil {
		t.Error("over-limit content was written")
	}
}

// TestDefaultProtectsRepositoryAndCredentials: a file under .git (a hook or
// config there runs code) or a credential file is protected by default, so
// an existing one needs a human confirm; a hash read from it is not enough.
func TestDefaultProtectsRepositoryAndCredentials(t *testing.T) {
	protectedFiles(t, map[string]string{".git/config": "[core]\n", ".git/hooks/pre-commit": "#!/bin/sh\n", ".env": "TOKEN=x\n", "deploy/server.pem": "---\n"})
}

// protectedFiles writes files (relative path: content) under a new root,
// opens a kernel on it, and checks that an overwrite of each with the hash
// of its content needs a human confirm and leaves it as it was; it
// returns the root and the kernel.
func protectedFiles(t *testing.T, files map[string]string) (string, *action.Kernel) {
	t.Helper()
	base := t.TempDir()
	for rel, c := range files {
		p := filepath.Join(base, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	k := actiontest.OpenKernel(t, action.Options{Roots: []string{base}})
	for rel, c := range files {
		res := submitJSON(t, k, `{"relpath":"`+rel+`","content":"changed\n","expect_sha256":"`+actiontest.SHA(c)+`"}`)
		if res.Risk != "high" || res.Status != "requires_approval" {
			t.Errorf("%s: risk %s status %s, want high requires_approval", rel, res.Risk, res.Status)
		}
		if got, err := os.ReadFile(filepath.Join(base, filepath.FromSlash(rel))); err != nil || string(got) != c {
			t.Errorf("%s changed: %q %v", rel, got, err)
		}
	}
	return base, k
}

// TestProtectionIgnoresCase: on the case-insensitive file systems of macOS
// and Windows "MAIN.GO" is main.go and ".EF/act/audit.jsonl" is the audit
// (and Windows drops a name's trailing dots: "lib./util.js" is lib/util.js),
// so a protected path spelled in another case is still protected, and the
// state directory spelled so is still the kernel's. Here on a
// case-sensitive file system the files are distinct, and the judgement is
// the strict one.
func TestProtectionIgnoresCase(t *testing.T) {
	base, k := protectedFiles(t, map[string]string{"demo/MAIN.GO": "package main\n", "Task.Origin.JSON": "{}\n", ".Git/config": "[core]\n", "LIB./util.txt": "x\n", "deploy/Server.PEM ": "---\n"})
	for _, rel := range []string{".EF/act/audit.jsonl", ".ef/ACT/backups/x", ".ef./act/x"} {
		res := submitJSON(t, k, `{"relpath":"`+rel+`","content":"forged\n"}`)
		if res.Status != "denied" || !strings.Contains(res.Reason, "state directory") {
			t.Errorf("%s: status %s (%s), want denied inside the state directory", rel, res.Status, res.Reason)
		}
		if _, err := os.Stat(filepath.Join(base, filepath.FromSlash(rel))); err == nil {
			t.Errorf("%s was written", rel)
		}
	}
}

// A crash between a temporary file's creation and its rename leaves it
// behind: the kernel's next write in that directory removes it once it is
// stale (a fresh one may belong to a write in progress). Backups beyond
// MaxBackups are removed oldest first.
func TestSweepsTempsAndPrunesBackups(t *testing.T) {
	base := t.TempDir()
	stale := filepath.Join(base, ".ef-act-7-123.tmp")
	fresh := filepath.Join(base, ".ef-act-8-456.tmp")
	other := filepath.Join(base, ".editor.tmp")
	for _, p := range []string{stale, fresh, other} {
		if err := os.WriteFile(p, []byte("left over"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	k := actiontest.OpenKernel(t, action.Options{Roots: []string{base}, MaxBackups: 2})
	content := "v0\n"
	for i := 1; i <= 4; i++ {
		next := fmt.Sprintf("v%d\n", i)
		intent := `{"relpath":"notes.txt","content":"` + strings.TrimSuffix(next, "\n") + `\n"}`
		if i > 1 {
			intent = `{"relpath":"notes.txt","content":"` + strings.TrimSuffix(next, "\n") + `\n","expect_sha256":"` + actiontest.SHA(content) + `"}`
		}
		if res := submitJSON(t, k, intent); res.Status != "done" {
			t.Fatalf("write %d: %s %s", i, res.Status, res.Reason)
		}
		content = next
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale temporary file kept: %v", err)
	}
	for _, p := range []string{fresh, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed: %v", filepath.Base(p), err)
		}
	}
	es, err := os.ReadDir(filepath.Join(k.StateDir(), "backups"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	// Three overwrites made three backups (of v1, v2, v3); two are kept.
	if len(names) != 2 || !strings.HasPrefix(names[0], "00000003-") || !strings.HasPrefix(names[1], "00000004-") {
		t.Errorf("backups %v, want the two newest (seq 3 and 4)", names)
	}
}

// A malformed intent is worded in JSON terms for whoever sent it (a model
// through MCP or DSH, a script through ef act), never with Go's types.
func TestParseIntentWordsErrorsInJSON(t *testing.T) {
	for _, c := range []struct{ in, says string }{
		{`"write it"`, "want an object, not string"},
		{`{"relpath":5}`, `"relpath" must be a string, not number`},
		{`{"op":"write"}`, `unknown field "op"`},
		{``, "the input is empty"},
		{`{"relpath":`, "unexpected end of JSON input"},
		// The schema's required members: missing, a malformed intent
		// (it was a denied, audited action, answered over MCP with
		// isError false where every other schema violation is an error).
		{`{"relpath":"demo/m.md"}`, "content is missing"},
		{`{"relpath":"demo/m.md","content":null}`, "content is missing"},
		{`{"content":"x"}`, "relpath is missing"},
	} {
		_, err := action.ParseIntent([]byte(c.in))
		if !errors.Is(err, action.ErrIntent) || !strings.Contains(err.Error(), c.says) || strings.Contains(err.Error(), "Go ") || strings.Contains(err.Error(), "json: ") {
			t.Errorf("ParseIntent(%s) = %v, want ErrIntent saying %q", c.in, err, c.says)
		}
	}
}

// TestNotARegularFileSaysWhat: a target that is a directory (or a link, a
// pipe) is denied in words, not as a bare file-mode string ("d---------").
func TestNotARegularFileSaysWhat(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	if err := os.MkdirAll(filepath.Join(w.Base, "demo", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	k := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
	r := submitJSON(t, k, `{"relpath":"demo/sub","content":"x"}`)
	if r.Status != action.StatusDenied || !strings.Contains(r.Reason, "is a directory, not a regular file") || strings.Contains(r.Reason, "---") {
		t.Errorf("directory target: %s %q", r.Status, r.Reason)
	}
}

// A malformed hash is malformed input wherever it stands: an expect_sha256
// or a credential's value that is not 64 hex digits is denied with a
// reason naming the member and the form of a sha256, never judged as a lock
// that did not match. A credential member the envelope does not have is
// judged the same way (denied, naming it), not a malformed intent.
func TestMalformedProofsAreDeniedNamingTheMember(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	k := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
	good := actiontest.SHA("old\n")
	cred := func(members string) string {
		return `{"relpath":"demo/existing.md","content":"new\n","credentials":[{"kind":"trust.credential","type":"proof_of_read","target":"demo/existing.md",` + members + `}]}`
	}
	for _, c := range []struct{ intent, says string }{
		{`{"relpath":"demo/existing.md","content":"new\n","expect_sha256":"ABC"}`, `expect_sha256 "ABC" is not a sha256 (64 hex digits`},
		{`{"relpath":"demo/existing.md","content":"new\n","expect_sha256":"` + good + `0"}`, `expect_sha256 "` + good + `0" is not a sha256`},
		{cred(`"value":"ABC"`), `credentials[0]: trust: malformed credential: value "ABC" is not a sha256 (64 hex digits`},
		{cred(`"value":"` + good + `","expires":"2020-01-01"`), `credentials[0]: trust: malformed credential: unknown member "expires"`},
		{cred(`"value":"` + good + `","Scope":1,"note":null`), `unknown member "Scope", "note"`},
		{cred(`"value":5`), `member "value" is not a string`},
	} {
		res := submitJSON(t, k, c.intent)
		if res.Status != action.StatusDenied || !strings.Contains(res.Reason, c.says) {
			t.Errorf("%s: %s %q, want denied saying %q", c.intent, res.Status, res.Reason, c.says)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(w.Base, "demo", "existing.md")); string(b) != "old\n" {
		t.Errorf("existing.md = %q after refused intents", b)
	}
}

// An intent of a spec version this kernel does not speak is refused as
// malformed, as a task.origin of another version is; no spec, or Spec, is
// read.
func TestParseIntentRefusesAnotherSpec(t *testing.T) {
	for _, spec := range []string{"2origin/9.9", "2origin/0.2", "1"} {
		_, err := action.ParseIntent([]byte(`{"spec":"` + spec + `","relpath":"a","content":"x"}`))
		if !errors.Is(err, action.ErrIntent) || !strings.Contains(err.Error(), spec) {
			t.Errorf("spec %q: ParseIntent = %v, want ErrIntent naming it", spec, err)
		}
	}
	for _, in := range []string{`{"relpath":"a","content":"x"}`, `{"spec":"` + action.Spec + `","relpath":"a","content":"x"}`} {
		if _, err := action.ParseIntent([]byte(in)); err != nil {
			t.Errorf("ParseIntent(%s) = %v", in, err)
		}
	}
	if _, err := action.ParseIntent([]byte(`{"relpath":"a","content":"x","credentials":["proof"]}`)); !errors.Is(err, action.ErrIntent) {
		t.Errorf("a credential that is not an object: %v, want ErrIntent", err)
	}
	if _, err := action.DecodeIntent(nil, 0); !errors.Is(err, action.ErrIntent) {
		t.Errorf("DecodeIntent(nil, 0) = %v, want ErrIntent", err)
	}
}

// TestProofTargetThatNamesNoFileSaysWhy: a proof_of_read whose target is
// not a relpath (absolute, or leading out of the roots) is refused saying
// what is wrong with it, not only that it names another file.
func TestProofTargetThatNamesNoFileSaysWhy(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	k := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
	abs := filepath.ToSlash(filepath.Join(w.Base, "demo", "existing.md"))
	res := submitJSON(t, k, `{"relpath":"demo/existing.md","content":"new\n","credentials":[{"kind":"trust.credential","type":"proof_of_read","target":"`+abs+`","value":"`+actiontest.SHA("old\n")+`"}]}`)
	if res.Status != "requires_approval" || !strings.Contains(res.Reason, "is absolute; it must be relative to the base") {
		t.Errorf("status %s, reason %q; want a refusal saying the proof's target is absolute", res.Status, res.Reason)
	}
}
