package action_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/actiontest"
	"github.com/epistemicfold/ef/origin/action"
)

// TestCrashLeavesNoCreatedDirs: a creation that makes directories
// (demo/new/deeper/f.md under the existing demo) is killed at each step
// after its intent line; the next kernel removes the directories it made
// and its temporary file, never demo (which existed before), and keeps a
// made directory that holds something else now (someone wrote there
// between the kill and the recovery) and, with it, its parents. A write
// that happened keeps its directories.
func TestCrashLeavesNoCreatedDirs(t *testing.T) {
	const intent = `{"action_id":"d1","relpath":"demo/new/deeper/f.md","content":"NEW\n"}`
	for _, c := range []struct {
		name      string
		op, under string
		nth       int
		done      bool
	}{
		{"before the first directory", "mkdir", "/demo/new", 1, false},
		{"between the directories", "mkdir", "/demo/new/deeper", 1, false},
		{"after the directories", "create", "/demo/new/deeper/", 1, false},
		{"before the rename", "rename", "f.md", 1, false},
		{"before the record", "write", action.AuditFile, 2, true},
	} {
		for _, other := range []bool{false, true} {
			name := c.name
			if other {
				name += ", another file in demo/new"
			}
			t.Run(name, func(t *testing.T) {
				w := actiontest.NewWorkspace(t)
				n := 0
				ffs := &faultFS{fail: func(op, path string) bool {
					if op == c.op && strings.Contains(filepath.ToSlash(path), c.under) {
						if n++; n == c.nth {
							panic(crashed{})
						}
					}
					return false
				}}
				k1 := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}, FS: ffs})
				if _, crash := submitCrashing(t, k1, intent); !crash {
					t.Fatal("the injected crash did not happen")
				}
				newDir := filepath.Join(w.Base, "demo", "new")
				if other {
					if err := os.MkdirAll(newDir, 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(newDir, "mine.txt"), []byte("x"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				k2 := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
				lines := auditLines(t, k2)
				if len(lines) != 2 || lines[1].Result == nil || (lines[1].Result.Status == action.StatusDone) != c.done {
					t.Fatalf("after recovery the audit holds %+v", lines)
				}
				if got := lines[0].Pending.Mkdirs; strings.Join(got, "/") != "new/deeper" {
					t.Errorf("intent line names the directories %q, want new, deeper", got)
				}
				if fi, err := os.Stat(filepath.Join(w.Base, "demo")); err != nil || !fi.IsDir() {
					t.Fatalf("demo, which existed before, is gone: %v", err)
				}
				_, errNew := os.Stat(newDir)
				_, errDeeper := os.Stat(filepath.Join(newDir, "deeper"))
				switch {
				case c.done:
					if b, err := os.ReadFile(filepath.Join(newDir, "deeper", "f.md")); err != nil || string(b) != "NEW\n" {
						t.Errorf("the done write's file: %q, %v", b, err)
					}
				case other:
					if errNew != nil || !os.IsNotExist(errDeeper) {
						t.Errorf("demo/new holds another file: want it kept and deeper removed; stat new: %v, deeper: %v", errNew, errDeeper)
					}
				default:
					if !os.IsNotExist(errNew) {
						t.Errorf("demo/new, made by the killed write, is still there (%v): %v", errNew, dirTree(t, filepath.Join(w.Base, "demo")))
					}
				}
				if l := leftovers(t, filepath.Join(newDir, "deeper")); len(l) > 0 {
					t.Errorf("temporary files left: %v", l)
				}
			})
		}
	}
}

// TestRecoveryKeepsDirsItDidNotMake: a pending write whose audit names
// directories that are not the end of its directory (a damaged or edited
// audit) removes nothing, and an empty directory that existed before a
// write is kept after that write is killed.
func TestRecoveryKeepsDirsItDidNotMake(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	keep := filepath.Join(w.Base, "demo", "empty")
	if err := os.Mkdir(keep, 0o755); err != nil {
		t.Fatal(err)
	}
	ffs := &faultFS{fail: func(op, path string) bool {
		if op == "create" && strings.Contains(filepath.ToSlash(path), "/demo/empty/sub/") {
			panic(crashed{})
		}
		return false
	}}
	k1 := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}, FS: ffs})
	if _, crash := submitCrashing(t, k1, `{"relpath":"demo/empty/sub/f.md","content":"x"}`); !crash {
		t.Fatal("the injected crash did not happen")
	}
	// An edited intent line: it claims it made demo (which it did not).
	audit := filepath.Join(k1.StateDir(), action.AuditFile)
	b, err := os.ReadFile(audit)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(b), `"mkdirs":["sub"]`, `"mkdirs":["demo","sub"]`, 1)
	if edited == string(b) {
		t.Fatalf("no mkdirs in the intent line: %s", b)
	}
	if err := os.WriteFile(audit, []byte(edited), 0o600); err != nil {
		t.Fatal(err)
	}
	actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
	if _, err := os.Stat(filepath.Join(keep, "sub")); err != nil {
		t.Errorf("an intent line that does not match its directory removed %s: %v", filepath.Join(keep, "sub"), err)
	}

	// The same crash with the audit as written: sub goes, empty stays.
	w2 := actiontest.NewWorkspace(t)
	keep2 := filepath.Join(w2.Base, "demo", "empty")
	if err := os.Mkdir(keep2, 0o755); err != nil {
		t.Fatal(err)
	}
	k3 := actiontest.OpenKernel(t, action.Options{Roots: []string{w2.Base}, FS: ffs})
	if _, crash := submitCrashing(t, k3, `{"relpath":"demo/empty/sub/f.md","content":"x"}`); !crash {
		t.Fatal("the injected crash did not happen")
	}
	actiontest.OpenKernel(t, action.Options{Roots: []string{w2.Base}})
	if _, err := os.Stat(filepath.Join(keep2, "sub")); !os.IsNotExist(err) {
		t.Errorf("sub, made by the killed write, is still there: %v", err)
	}
	if fi, err := os.Stat(keep2); err != nil || !fi.IsDir() {
		t.Errorf("demo/empty, empty but there before the write, was removed: %v", err)
	}
}

// dirTree lists the entries under dir, for messages.
func dirTree(t *testing.T, dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return nil
	})
	return out
}
