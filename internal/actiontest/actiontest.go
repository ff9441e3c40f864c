// Package actiontest holds test helpers for the action kernel and its
// adapters: a workspace with files, protected paths and symlinks leading
// out of the root, and the parity table of intents that every adapter must
// answer byte-identically (apart from the channel).
package actiontest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"

	"github.com/epistemicfold/ef/origin/action"
)

// Workspace is a fresh tree for the parity table: Base is the kernel's
// root and base, Outside a sibling directory no action may touch.
type Workspace struct {
	Base    string
	Outside string
}

// Initial contents of the workspace's files (relative to Base).
var Initial = map[string]string{
	"demo/existing.md":      "old\n",
	"demo/existing2.md":     "second\n",
	"demo/twin-a.md":        "twin\n",
	"demo/twin-b.md":        "twin\n",
	"demo/log.md":           "line1\n",
	"demo/approve-me.md":    "pending\n",
	"task.origin.json":      "{\"id\":\"t1\"}\n",
	"lib/util.js":           "export const x = 1;\n",
	".claude/settings.json": "{}\n",
}

// OpenKernel opens a kernel with opts, closed when t ends.
func OpenKernel(t testing.TB, opts action.Options) *action.Kernel {
	t.Helper()
	k, err := action.Open(opts)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { k.Close() })
	return k
}

// NewWorkspace builds the tree in a temporary directory of t:
//
//	base/…                   the files of Initial
//	base/demo/link-out       symlink to ../../outside/secret.txt
//	base/demo/dirlink-out    symlink to ../../outside
//	base/demo/abs-out        absolute symlink to outside/secret.txt
//	base/demo/link-in        symlink to existing2.md (inside)
//	outside/secret.txt       "secret\n"
func NewWorkspace(t testing.TB) Workspace {
	t.Helper()
	dir := t.TempDir()
	w := Workspace{Base: filepath.Join(dir, "base"), Outside: filepath.Join(dir, "outside")}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(w.Outside, 0o755))
	must(os.WriteFile(filepath.Join(w.Outside, "secret.txt"), []byte("secret\n"), 0o644))
	for rel, c := range Initial {
		p := filepath.Join(w.Base, filepath.FromSlash(rel))
		must(os.MkdirAll(filepath.Dir(p), 0o755))
		must(os.WriteFile(p, []byte(c), 0o644))
	}
	must(os.Symlink("../../outside/secret.txt", filepath.Join(w.Base, "demo", "link-out")))
	must(os.Symlink("../../outside", filepath.Join(w.Base, "demo", "dirlink-out")))
	must(os.Symlink(filepath.Join(w.Outside, "secret.txt"), filepath.Join(w.Base, "demo", "abs-out")))
	must(os.Symlink("existing2.md", filepath.Join(w.Base, "demo", "link-in")))
	return w
}

// Snapshot maps every regular file, symlink and directory below dir to its
// content (or "-> target", or "(dir)" under the name with a trailing
// slash).
func Snapshot(t testing.TB, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			l, err := os.Readlink(p)
			if err != nil {
				return err
			}
			out[rel] = "-> " + l
		case d.IsDir():
			out[rel+"/"] = "(dir)"
		case d.Type().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[rel] = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// DiffSnapshots describes how b differs from a, or "".
func DiffSnapshots(a, b map[string]string) string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var buf bytes.Buffer
	for _, k := range keys {
		va, oka := a[k]
		vb, okb := b[k]
		if oka != okb || va != vb {
			fmt.Fprintf(&buf, "%s: %q (%v) -> %q (%v)\n", k, va, oka, vb, okb)
		}
	}
	return buf.String()
}

// SHA is the hex sha256 of s.
func SHA(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// Step is one intent of the parity table and the verdict it must get.
type Step struct {
	Name     string
	Intent   string // JSON
	Status   string
	Risk     string
	Approval string // "" when the result has none
}

func proof(target, content string) string {
	return fmt.Sprintf(`{"kind":"trust.credential","type":"proof_of_read","target":%q,"value":%q}`, target, SHA(content))
}

// Steps is the parity table: every risk tier, every approval path, stale
// hashes, wrong-path proofs, traversal, symlinks out of the root,
// protected paths, append and idempotent replays. The steps run in order
// on one NewWorkspace; later steps see the writes of earlier ones.
func Steps() []Step {
	return []Step{
		{"create new file", `{"kind":"action.intent","relpath":"demo/new.md","content":"hello"}`, "done", "low", "auto"},
		{"create with missing directories", `{"relpath":"demo/a/b/c.md","content":"deep"}`, "done", "low", "auto"},
		{"overwrite without approval", `{"relpath":"demo/existing.md","content":"new\n"}`, "requires_approval", "medium", "none"},
		{"overwrite with a wrong expect_sha256", `{"relpath":"demo/existing.md","content":"new\n","expect_sha256":"` + SHA("not it") + `"}`, "requires_approval", "medium", "expect_sha256"},
		{"overwrite with a malformed expect_sha256", `{"relpath":"demo/existing.md","content":"new\n","expect_sha256":"abc"}`, "denied", "denied", ""},
		{"overwrite with expect_sha256", `{"relpath":"demo/existing.md","content":"new\n","expect_sha256":"` + SHA("old\n") + `"}`, "done", "medium", "expect_sha256"},
		{"stale expect_sha256 after the overwrite", `{"relpath":"demo/existing.md","content":"newer\n","expect_sha256":"` + SHA("old\n") + `"}`, "requires_approval", "medium", "expect_sha256"},
		{"overwrite with confirm", `{"relpath":"demo/existing.md","content":"confirmed\n","approval":"confirm"}`, "done", "medium", "confirm"},
		{"overwrite with proof_of_read", `{"relpath":"demo/existing.md","content":"proved\n","credentials":[` + proof("demo/existing.md", "confirmed\n") + `]}`, "done", "medium", "proof_of_read"},
		{"stale proof_of_read", `{"relpath":"demo/existing.md","content":"x\n","credentials":[` + proof("demo/existing.md", "confirmed\n") + `]}`, "requires_approval", "medium", "proof_of_read"},
		{"stale proof_of_read with confirm still refused", `{"relpath":"demo/existing.md","content":"x\n","approval":"confirm","credentials":[` + proof("demo/existing.md", "old\n") + `]}`, "requires_approval", "medium", "proof_of_read"},
		{"proof_of_read for another file with the same bytes", `{"relpath":"demo/twin-b.md","content":"x\n","credentials":[` + proof("demo/twin-a.md", "twin\n") + `]}`, "requires_approval", "medium", "proof_of_read"},
		{"proof_of_read through another spelling of the path", `{"relpath":"demo/twin-b.md","content":"b2\n","credentials":[` + proof("demo/../demo/./twin-b.md", "twin\n") + `]}`, "done", "medium", "proof_of_read"},
		{"proof_of_read without target", `{"relpath":"demo/twin-a.md","content":"x\n","credentials":[{"kind":"trust.credential","type":"proof_of_read","value":"` + SHA("twin\n") + `"}]}`, "denied", "denied", ""},
		{"credential with an unknown member", `{"relpath":"demo/twin-a.md","content":"x\n","credentials":[{"kind":"trust.credential","type":"proof_of_read","target":"demo/twin-a.md","value":"` + SHA("twin\n") + `","expires":"2020-01-01"}]}`, "denied", "denied", ""},
		{"credential with a malformed value", `{"relpath":"demo/twin-a.md","content":"x\n","credentials":[{"kind":"trust.credential","type":"proof_of_read","target":"demo/twin-a.md","value":"ABC"}]}`, "denied", "denied", ""},
		{"unsupported credential type", `{"relpath":"demo/twin-a.md","content":"x\n","credentials":[{"kind":"trust.credential","type":"human_ok","target":"demo/twin-a.md","value":"` + SHA("twin\n") + `"}]}`, "denied", "denied", ""},
		{"protected file without approval", `{"relpath":"task.origin.json","content":"{}\n"}`, "requires_approval", "high", "none"},
		{"protected file with expect_sha256 only", `{"relpath":"task.origin.json","content":"{}\n","expect_sha256":"` + SHA("{\"id\":\"t1\"}\n") + `"}`, "requires_approval", "high", "none"},
		{"protected file with confirm", `{"relpath":"task.origin.json","content":"{\"id\":\"t2\"}\n","approval":"confirm"}`, "done", "high", "confirm"},
		{"protected code with proof_of_read only", `{"relpath":"lib/util.js","content":"x","credentials":[` + proof("lib/util.js", "export const x = 1;\n") + `]}`, "requires_approval", "high", "none"},
		{"protected glob .claude", `{"relpath":".claude/settings.json","content":"{\"a\":1}\n","expect_sha256":"` + SHA("{}\n") + `"}`, "requires_approval", "high", "none"},
		{"new protected file is low", `{"relpath":"lib/new.js","content":"export {};\n"}`, "done", "low", "auto"},
		{"traversal", `{"relpath":"../evil.sh","content":"rm -rf /"}`, "denied", "denied", ""},
		{"traversal through a directory", `{"relpath":"demo/../../outside/evil.md","content":"x"}`, "denied", "denied", ""},
		{"absolute path", `{"relpath":"/etc/passwd","content":"x"}`, "denied", "denied", ""},
		{"symlink to a file outside", `{"relpath":"demo/link-out","content":"pwned","approval":"confirm"}`, "denied", "denied", ""},
		{"symlink to a directory outside", `{"relpath":"demo/dirlink-out/new.md","content":"pwned"}`, "denied", "denied", ""},
		{"absolute symlink outside", `{"relpath":"demo/abs-out","content":"pwned"}`, "denied", "denied", ""},
		{"symlink inside the root is judged by its target", `{"relpath":"demo/link-in","content":"via link\n"}`, "requires_approval", "medium", "none"},
		{"symlink inside the root with confirm", `{"relpath":"demo/link-in","content":"via link\n","approval":"confirm"}`, "done", "medium", "confirm"},
		{"append to an existing file", `{"verb":"file.append","relpath":"demo/log.md","content":"line2\n","mode":"append"}`, "done", "low", "auto"},
		{"append creates a file", `{"relpath":"demo/new-log.md","content":"first\n","mode":"append"}`, "done", "low", "auto"},
		{"append with a stale expect_sha256", `{"relpath":"demo/log.md","content":"line3\n","mode":"append","expect_sha256":"` + SHA("line1\n") + `"}`, "requires_approval", "low", "expect_sha256"},
		{"append with a current expect_sha256", `{"relpath":"demo/log.md","content":"line3\n","mode":"append","expect_sha256":"` + SHA("line1\nline2\n") + `"}`, "done", "low", "auto"},
		{"append to a protected file", `{"relpath":"task.origin.json","content":"\n","mode":"append"}`, "requires_approval", "high", "none"},
		{"expect_sha256 for a file that does not exist", `{"relpath":"demo/ghost.md","content":"x","expect_sha256":"` + SHA("x") + `"}`, "requires_approval", "low", "expect_sha256"},
		{"action_id first time", `{"action_id":"job-1","relpath":"demo/job.md","content":"job\n"}`, "done", "low", "auto"},
		{"action_id replayed", `{"action_id":"job-1","relpath":"demo/job.md","content":"job\n"}`, "done", "low", "auto"},
		{"action_id reused for another intent", `{"action_id":"job-1","relpath":"demo/job.md","content":"other\n"}`, "denied", "denied", ""},
		{"action_id refused, then approved under the same id", `{"action_id":"job-2","relpath":"demo/approve-me.md","content":"approved\n"}`, "requires_approval", "medium", "none"},
		{"same action_id with confirm", `{"action_id":"job-2","relpath":"demo/approve-me.md","content":"approved\n","approval":"confirm"}`, "done", "medium", "confirm"},
		{"same action_id replayed after approval", `{"action_id":"job-2","relpath":"demo/approve-me.md","content":"approved\n","approval":"confirm"}`, "done", "medium", "confirm"},
		{"empty relpath", `{"relpath":"","content":"x"}`, "denied", "denied", ""},
		{"unknown mode", `{"relpath":"demo/m.md","content":"x","mode":"truncate"}`, "denied", "denied", ""},
		{"verb contradicts mode", `{"verb":"file.append","relpath":"demo/m.md","content":"x","mode":"write"}`, "denied", "denied", ""},
		{"unknown approval", `{"relpath":"demo/existing.md","content":"x","approval":"yes"}`, "denied", "denied", ""},
		{"directory target", `{"relpath":"demo","content":"x","approval":"confirm"}`, "denied", "denied", ""},
		{"path below a regular file", `{"relpath":"demo/log.md/x","content":"x"}`, "denied", "denied", ""},
		{"kernel state directory", `{"relpath":".ef/act/audit.jsonl","content":"{}\n","approval":"confirm"}`, "denied", "denied", ""},
		{"NUL in relpath", `{"relpath":"demo/a\u0000b","content":"x"}`, "denied", "denied", ""},
		{"empty content creates an empty file", `{"relpath":"demo/empty.md","content":""}`, "done", "low", "auto"},
	}
}

var actorRE = regexp.MustCompile(`"actor":"[^"]*"`)

// Normalize blanks the channel of a result line: what may differ between
// adapters. Results carry no timestamps.
func Normalize(line []byte) []byte {
	return actorRE.ReplaceAll(bytes.TrimSpace(line), []byte(`"actor":""`))
}
