package action_test

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/epistemicfold/ef/internal/actiontest"
	"github.com/epistemicfold/ef/origin/action"
)

// errInjected is the fault every faultFS failure returns.
var errInjected = errors.New("injected fault")

// faultFS is the real filesystem with one fault: fail(op, path) decides,
// for each operation, whether it fails. Ops: create, write, sync (a
// file), syncdir, rename, mkdir, openappend. path is the absolute path of
// the entry (for syncdir, of the directory).
type faultFS struct {
	mu   sync.Mutex
	fail func(op, path string) bool
}

func (f *faultFS) check(op, path string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail != nil && f.fail(op, path) {
		return errInjected
	}
	return nil
}

func (f *faultFS) OpenDir(path string) (action.Dir, error) {
	if err := f.check("opendir", path); err != nil {
		return nil, err
	}
	d, err := action.OSFS{}.OpenDir(path)
	if err != nil {
		return nil, err
	}
	return &faultDir{d, f}, nil
}

type faultDir struct {
	action.Dir
	fs *faultFS
}

func (d *faultDir) OpenDir(name string) (action.Dir, error) {
	if err := d.fs.check("opendir", d.path(name)); err != nil {
		return nil, err
	}
	nd, err := d.Dir.OpenDir(name)
	if err != nil {
		return nil, err
	}
	return &faultDir{nd, d.fs}, nil
}

func (d *faultDir) path(name string) string { return filepath.Join(d.Path(), name) }

func (d *faultDir) Create(name string, perm fs.FileMode) (action.File, error) {
	return d.openFile("create", name, perm, d.Dir.Create)
}

func (d *faultDir) OpenAppend(name string, perm fs.FileMode) (action.File, error) {
	return d.openFile("openappend", name, perm, d.Dir.OpenAppend)
}

// openFile opens name with open unless op is to fail there, and wraps the
// file so that its writes and syncs can fail too.
func (d *faultDir) openFile(op, name string, perm fs.FileMode, open func(string, fs.FileMode) (action.File, error)) (action.File, error) {
	p := d.path(name)
	if err := d.fs.check(op, p); err != nil {
		return nil, err
	}
	f, err := open(name, perm)
	if err != nil {
		return nil, err
	}
	return &faultFile{f, d.fs, p}, nil
}

func (d *faultDir) Mkdir(name string, perm fs.FileMode) error {
	if err := d.fs.check("mkdir", d.path(name)); err != nil {
		return err
	}
	return d.Dir.Mkdir(name, perm)
}

func (d *faultDir) Rename(o, n string) error {
	if err := d.fs.check("rename", d.path(n)); err != nil {
		return err
	}
	return d.Dir.Rename(o, n)
}

func (d *faultDir) Sync() error {
	if err := d.fs.check("syncdir", d.Path()); err != nil {
		return err
	}
	return d.Dir.Sync()
}

type faultFile struct {
	action.File
	fs   *faultFS
	path string
}

func (f *faultFile) Write(b []byte) (int, error) {
	if err := f.fs.check("write", f.path); err != nil {
		// Half the bytes reach the file, as a torn write would.
		n, _ := f.File.Write(b[:len(b)/2])
		return n, err
	}
	return f.File.Write(b)
}

func (f *faultFile) Sync() error {
	if err := f.fs.check("sync", f.path); err != nil {
		return err
	}
	return f.File.Sync()
}

var _ io.Writer = (*faultFile)(nil)

// worldSnapshot is the workspace without the kernel's state directory.
func worldSnapshot(t *testing.T, w actiontest.Workspace) map[string]string {
	snap := actiontest.Snapshot(t, w.Base)
	for k := range snap {
		if strings.HasPrefix(k, ".ef"+string(filepath.Separator)) {
			delete(snap, k)
		}
	}
	return snap
}

func auditRecords(t *testing.T, k *action.Kernel) *action.AuditSummary {
	t.Helper()
	f, err := os.Open(filepath.Join(k.StateDir(), action.AuditFile))
	if errors.Is(err, fs.ErrNotExist) {
		return &action.AuditSummary{}
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := action.ReadAudit(f, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFaults: a failing backup, fsync, rename, mkdir or audit write fails
// the action and leaves the world (the files under the roots) unchanged.
// A failure the kernel can still record is audited as failed; a failing
// audit write is returned as ErrAudit with nothing recorded.
func TestFaults(t *testing.T) {
	overwrite := `{"relpath":"demo/existing.md","content":"new\n","approval":"confirm"}`
	appendTo := `{"relpath":"demo/log.md","content":"more\n","mode":"append"}`
	create := `{"relpath":"demo/x/y/new.md","content":"new\n"}`
	in := func(dir string) func(string) bool {
		return func(p string) bool {
			return strings.Contains(p, string(filepath.Separator)+dir+string(filepath.Separator))
		}
	}
	cases := []struct {
		name      string
		intent    string
		fail      func(op, path string) bool
		auditErr  bool   // Submit returns ErrAudit and no line is written
		reasonHas string // for auditErr, "first": the action is the audit's first
	}{
		{"backup create", overwrite, func(op, p string) bool { return op == "create" && in("backups")(p) }, false, "backup failed"},
		{"backup write", overwrite, func(op, p string) bool { return op == "write" && in("backups")(p) }, false, "backup failed"},
		{"backup fsync", overwrite, func(op, p string) bool { return op == "sync" && in("backups")(p) }, false, "backup failed"},
		{"backup rename", overwrite, func(op, p string) bool { return op == "rename" && in("backups")(p) }, false, "backup failed"},
		{"backup directory fsync", overwrite, func(op, p string) bool { return op == "syncdir" && strings.HasSuffix(p, "backups") }, false, "backup failed"},
		{"backup directory creation", overwrite, func(op, p string) bool { return op == "mkdir" && strings.HasSuffix(p, "backups") }, false, "backup failed"},
		{"temp file fsync", overwrite, func(op, p string) bool { return op == "sync" && in("demo")(p) }, false, "write temporary file"},
		{"temp file write", appendTo, func(op, p string) bool { return op == "write" && in("demo")(p) }, false, "write temporary file"},
		{"rename into place", overwrite, func(op, p string) bool { return op == "rename" && in("demo")(p) }, false, "rename into place"},
		{"directory fsync after the rename", overwrite, once(func(op, p string) bool { return op == "syncdir" && strings.HasSuffix(p, "demo") }), false, "sync directory"},
		{"mkdir of a missing directory", create, func(op, p string) bool { return op == "mkdir" && strings.HasSuffix(p, "y") }, false, "create directory"},
		{"audit open", overwrite, func(op, p string) bool { return op == "openappend" }, true, ""},
		{"audit write (overwrite rolled back)", overwrite, func(op, p string) bool { return op == "write" && strings.HasSuffix(p, action.AuditFile) }, true, ""},
		{"audit fsync (append rolled back)", appendTo, func(op, p string) bool { return op == "sync" && strings.HasSuffix(p, action.AuditFile) }, true, ""},
		{"state directory fsync after the first audit line", create, func(op, p string) bool { return op == "syncdir" && strings.HasSuffix(p, "act") }, true, "first"},
		{"audit write (created file and directories removed)", create, func(op, p string) bool { return op == "write" && strings.HasSuffix(p, action.AuditFile) }, true, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := actiontest.NewWorkspace(t)
			ffs := &faultFS{}
			k := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}, FS: ffs})
			// One good action first, so the audit exists.
			first := tc.reasonHas != "first"
			if first {
				submitJSON(t, k, `{"relpath":"demo/first.md","content":"1"}`)
			}
			before := worldSnapshot(t, w)
			outside := actiontest.Snapshot(t, w.Outside)
			ffs.mu.Lock()
			ffs.fail = tc.fail
			ffs.mu.Unlock()
			in, err := action.ParseIntent([]byte(tc.intent))
			if err != nil {
				t.Fatal(err)
			}
			res, err := k.Submit(context.Background(), in, action.ChannelAPI)
			ffs.mu.Lock()
			ffs.fail = nil
			ffs.mu.Unlock()
			if res == nil || res.Status != action.StatusFailed {
				t.Fatalf("result %+v, want failed", res)
			}
			if d := actiontest.DiffSnapshots(before, worldSnapshot(t, w)); d != "" {
				t.Errorf("world changed:\n%s", d)
			}
			if d := actiontest.DiffSnapshots(outside, actiontest.Snapshot(t, w.Outside)); d != "" {
				t.Errorf("outside changed:\n%s", d)
			}
			sum := auditRecords(t, k)
			if tc.auditErr {
				if !errors.Is(err, action.ErrAudit) {
					t.Errorf("err = %v, want ErrAudit", err)
				}
				if want := map[bool]int{true: 1, false: 0}[first]; sum.Records != want || sum.Torn != 0 {
					t.Errorf("audit has %d records, %d torn; want %d", sum.Records, sum.Torn, want)
				}
			} else {
				if err != nil {
					t.Errorf("err = %v", err)
				}
				if !strings.Contains(res.Reason, tc.reasonHas) {
					t.Errorf("reason %q lacks %q", res.Reason, tc.reasonHas)
				}
				if sum.Records != 2 || sum.Counts[action.ChannelAPI][action.StatusFailed] != 1 {
					t.Errorf("audit %+v, want the failure recorded", sum)
				}
			}
			// The kernel keeps working after the fault.
			if r := submitJSON(t, k, `{"relpath":"demo/after.md","content":"ok"}`); r.Status != action.StatusDone {
				t.Errorf("after the fault: %+v", r)
			}
			if s := auditRecords(t, k); s.Torn != 0 {
				t.Errorf("audit has %d torn lines after recovery", s.Torn)
			}
		})
	}
}

// once wraps a fault so it fires only the first time.
func once(f func(op, path string) bool) func(op, path string) bool {
	fired := false
	return func(op, path string) bool {
		if !fired && f(op, path) {
			fired = true
			return true
		}
		return false
	}
}

// TestSwappedPathCannotEscape swaps a directory or the target for a symlink
// leading out of the root at the moments between the kernel's judgement by
// name and its write: the open-time checks refuse it (or the write lands
// in the directory that was judged), and nothing outside changes.
func TestSwappedPathCannotEscape(t *testing.T) {
	swapDir := func(w actiontest.Workspace) {
		os.Rename(filepath.Join(w.Base, "demo"), filepath.Join(w.Base, "demo.real"))
		os.Symlink(w.Outside, filepath.Join(w.Base, "demo"))
	}
	swapFile := func(w actiontest.Workspace) {
		p := filepath.Join(w.Base, "demo", "existing.md")
		os.Remove(p)
		os.Symlink(filepath.Join(w.Outside, "secret.txt"), p)
	}
	cases := []struct {
		name   string
		op     string // the operation at which the swap happens
		swap   func(actiontest.Workspace)
		intent string
		status action.Status
	}{
		{"directory swapped before the open", "opendir", swapDir, `{"relpath":"demo/existing.md","content":"pwned","approval":"confirm"}`, action.StatusFailed},
		{"directory swapped before a create", "opendir", swapDir, `{"relpath":"demo/fresh.md","content":"pwned"}`, action.StatusFailed},
		{"target swapped before the open", "opendir", swapFile, `{"relpath":"demo/existing.md","content":"pwned","approval":"confirm"}`, action.StatusFailed},
		{"directory swapped after the open", "create", swapDir, `{"relpath":"demo/existing.md","content":"safe","approval":"confirm"}`, action.StatusDone},
		{"target swapped before the rename", "rename", swapFile, `{"relpath":"demo/existing.md","content":"safe","approval":"confirm"}`, action.StatusDone},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := actiontest.NewWorkspace(t)
			outside := actiontest.Snapshot(t, w.Outside)
			ffs := &faultFS{}
			k := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}, FS: ffs})
			submitJSON(t, k, `{"relpath":"first.md","content":"1"}`)
			ffs.mu.Lock()
			ffs.fail = func(op, p string) bool {
				if op == tc.op && !strings.Contains(p, ".ef") {
					tc.swap(w)
					ffs.fail = nil
				}
				return false
			}
			ffs.mu.Unlock()
			res := submitJSON(t, k, tc.intent)
			if res.Status != tc.status {
				t.Errorf("status %s (%s), want %s", res.Status, res.Reason, tc.status)
			}
			if d := actiontest.DiffSnapshots(outside, actiontest.Snapshot(t, w.Outside)); d != "" {
				t.Errorf("outside changed:\n%s", d)
			}
		})
	}
}
