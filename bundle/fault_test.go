package bundle_test

import (
	"errors"
	"fmt"
	"path"
	"strings"
	"sync"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
)

// faultOnce fails the first operation op whose path satisfies match.
type faultOnce struct {
	mu    sync.Mutex
	op    bundletest.Op
	match func(p string) bool
	err   error
	fired bool
}

func (f *faultOnce) fn(op bundletest.Op, p string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fired || op != f.op || !f.match(p) {
		return nil
	}
	f.fired = true
	return f.err
}

// checkAllOrNothing reopens the store on mem and checks that id is either
// complete and byte-exact or entirely absent, that the earlier bundles are
// intact, and that nothing but those is visible. It returns whether id is present.
func checkAllOrNothing(t *testing.T, mem *bundletest.MemFS, session, id string, want bundle.CheckpointV1, earlier map[string]*bundle.CheckpointV1) bool {
	t.Helper()
	s, err := bundle.Open("/store", bundle.Options{FS: mem})
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer s.Close()
	present := false
	got, err := s.Get(ctx, session, id)
	switch {
	case err == nil:
		sameMessages(t, got.Archive.ShadowedMessages, want.Archive.ShadowedMessages)
		present = true
	case errors.Is(err, bundle.ErrUnavailable):
		var ue *bundle.UnavailableError
		if errors.As(err, &ue); ue.Reason != "missing" {
			t.Fatalf("%s is visible but broken: %v", id, err)
		}
	default:
		t.Fatalf("Get(%s): %v", id, err)
	}
	for eid, eb := range earlier {
		got, err := s.Get(ctx, eb.SessionID, eid)
		if err != nil {
			t.Fatalf("earlier bundle %s damaged: %v", eid, err)
		}
		sameMessages(t, got.Archive.ShadowedMessages, eb.Archive.ShadowedMessages)
	}
	visible := bundletest.ListAll(t, s)
	for _, in := range visible {
		if in.Err != nil {
			t.Fatalf("visible broken file %s: %v", in.Path, in.Err)
		}
		if _, ok := earlier[in.CheckpointID]; !ok && in.CheckpointID != id {
			t.Fatalf("unexpected bundle %s visible", in.CheckpointID)
		}
	}
	noTempFiles(t, mem, "/store")
	if n, want := len(visible), len(earlier)+map[bool]int{true: 1}[present]; n != want {
		t.Fatalf("%d bundles visible, want %d", n, want)
	}
	return present
}

// TestFaultInjection fails each step of the write path, in both the
// "operation did not happen" and (for fsync and rename) "operation happened
// but reported failure" variants, for a Put into an existing and into a new
// session. After each fault the target id is complete or absent, both with
// the store still running and after a simulated power cut; earlier
// bundles are intact; the error names the step; fsync/rename failures
// fail-stop the store.
func TestFaultInjection(t *testing.T) {
	isTemp := func(p string) bool { return bundletest.IsTempName(path.Base(p)) }
	isBundle := func(p string) bool { return strings.HasSuffix(p, ".efb") }
	isSessionDir := func(p string) bool { return strings.HasPrefix(path.Base(p), "s-") }
	isRoot := func(p string) bool { return p == "/store" }
	steps := []struct {
		name     string
		op       bundletest.Op
		match    func(string) bool
		err      error
		wantOp   string
		failStop bool
		newOnly  bool // only meaningful when the session directory is new
	}{
		{"create", bundletest.OpCreate, isSessionDir, bundletest.ErrInjected, "create", false, false},
		{"chmod-temp", bundletest.OpChmod, isTemp, bundletest.ErrInjected, "create", false, false},
		{"write", bundletest.OpWrite, isTemp, bundletest.ErrInjected, "write", false, false},
		{"fsync", bundletest.OpSync, isTemp, bundletest.ErrInjected, "sync", true, false},
		{"fsync-applied", bundletest.OpSync, isTemp, bundletest.ErrApplied, "sync", true, false},
		{"close", bundletest.OpClose, isTemp, bundletest.ErrInjected, "close", true, false},
		{"rename", bundletest.OpRename, isBundle, bundletest.ErrInjected, "rename", true, false},
		{"rename-applied", bundletest.OpRename, isBundle, bundletest.ErrApplied, "rename", true, false},
		{"dir-fsync", bundletest.OpSyncDir, isSessionDir, bundletest.ErrInjected, "syncdir", true, false},
		{"dir-fsync-applied", bundletest.OpSyncDir, isSessionDir, bundletest.ErrApplied, "syncdir", true, false},
		{"readback-open", bundletest.OpOpen, isBundle, bundletest.ErrInjected, "readback", true, false},
		{"readback-read", bundletest.OpRead, isBundle, bundletest.ErrInjected, "readback", true, false},
		{"mkdir", bundletest.OpMkdir, isSessionDir, bundletest.ErrInjected, "mkdir", false, true},
		{"chmod-dir", bundletest.OpChmod, isSessionDir, bundletest.ErrInjected, "chmod", false, true},
		{"root-fsync", bundletest.OpSyncDir, isRoot, bundletest.ErrInjected, "syncdir", true, true},
	}
	for _, newSession := range []bool{false, true} {
		for _, st := range steps {
			if st.newOnly && !newSession {
				continue
			}
			for _, crash := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/new=%v/crash=%v", st.name, newSession, crash), func(t *testing.T) {
					mem := bundletest.NewMemFS(nil)
					s, err := bundle.Open("/store", bundle.Options{FS: mem, SegmentBytes: 1024})
					if err != nil {
						t.Fatal(err)
					}
					earlier := map[string]*bundle.CheckpointV1{}
					for i := 0; i < 3; i++ {
						b := bundletest.Bundle("old", fmt.Sprintf("e%d", i), bundletest.Messages(uint64(i), 20, 200))
						mustPut(t, s, b)
						earlier[b.CheckpointID] = b
					}
					session := "old"
					if newSession {
						session = "new"
					}
					target := bundletest.Bundle(session, "target", bundletest.Messages(99, 50, 300))
					f := &faultOnce{op: st.op, match: st.match, err: st.err}
					mem.SetFault(f.fn)
					_, err = s.Put(ctx, target)
					mem.SetFault(nil)
					if !f.fired {
						t.Fatalf("fault %s never fired", st.name)
					}
					var be *bundle.Error
					if !errors.As(err, &be) || be.Op != st.wantOp {
						t.Fatalf("Put error %v does not name step %q", err, st.wantOp)
					}
					if got := errors.Is(err, bundle.ErrFailStopped); got != st.failStop {
						t.Fatalf("errors.Is(err, ErrFailStopped) = %v, want %v (err %v)", got, st.failStop, err)
					}
					next := bundletest.Bundle("old", "after", bundletest.Messages(7, 2, 20))
					_, err = s.Put(ctx, next)
					if st.failStop {
						if !errors.Is(err, bundle.ErrFailStopped) {
							t.Fatalf("Put after fail-stop: %v, want ErrFailStopped", err)
						}
						if s.FailStopped() == nil {
							t.Fatal("FailStopped() is nil")
						}
					} else {
						if err != nil {
							t.Fatalf("Put after a non-fatal fault: %v", err)
						}
						earlier["after"] = next
					}
					// Reads keep working either way.
					if err := s.Verify(ctx, "old", "e1"); err != nil {
						t.Fatal(err)
					}
					if crash {
						mem.Crash()
					} else {
						s.Close()
					}
					checkAllOrNothing(t, mem, session, "target", *target, earlier)
				})
			}
		}
	}
}

// lyingFS returns corrupted bytes when a bundle file is read: a
// filesystem that acknowledges writes it did not keep. Put's read-back
// must catch it.
type lyingFS struct {
	bundle.FS
	lie bool
}

func (l *lyingFS) Open(name string) (bundle.File, error) {
	f, err := l.FS.Open(name)
	if err != nil || !l.lie || !strings.HasSuffix(name, ".efb") {
		return f, err
	}
	return &lyingFile{File: f}, nil
}

type lyingFile struct{ bundle.File }

func (f *lyingFile) Read(p []byte) (int, error) {
	n, err := f.File.Read(p)
	if n > 100 {
		p[100] ^= 1
	}
	return n, err
}

func TestReadBackCatchesLyingFS(t *testing.T) {
	mem := bundletest.NewMemFS(nil)
	lfs := &lyingFS{FS: mem}
	s, err := bundle.Open("/store", bundle.Options{FS: lfs})
	if err != nil {
		t.Fatal(err)
	}
	early := bundletest.Bundle("s", "early", bundletest.Messages(1, 10, 100))
	mustPut(t, s, early)
	lfs.lie = true
	target := bundletest.Bundle("s", "target", bundletest.Messages(2, 10, 100))
	_, err = s.Put(ctx, target)
	var be *bundle.Error
	if !errors.As(err, &be) || be.Op != "readback" || !errors.Is(err, bundle.ErrFailStopped) {
		t.Fatalf("Put on a lying filesystem: %v", err)
	}
	lfs.lie = false
	s.Close()
	if checkAllOrNothing(t, mem, "s", "target", *target, map[string]*bundle.CheckpointV1{"early": early}) {
		t.Fatal("a bundle that failed read-back is still visible")
	}
}

// noTempFiles fails if any temp file or tombstone is left under dir.
func noTempFiles(t *testing.T, mem *bundletest.MemFS, dir string) {
	t.Helper()
	ents, err := mem.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if bundletest.IsTempName(e.Name()) || strings.HasPrefix(e.Name(), ".del-") {
			t.Fatalf("%s survived reopen", path.Join(dir, e.Name()))
		}
		if e.IsDir() {
			noTempFiles(t, mem, path.Join(dir, e.Name()))
		}
	}
}

// tornFS keeps one byte less of each bundle file written than it
// acknowledges: a torn write that reports success. Put's read-back of
// the file hash must catch it.
type tornFS struct{ bundle.FS }

func (t tornFS) CreatePending(name string) (bundle.PendingFile, error) {
	pf, err := t.FS.CreatePending(name)
	if err != nil || !strings.HasSuffix(name, ".efb") {
		return pf, err
	}
	return tornPending{pf}, nil
}

type tornPending struct{ bundle.PendingFile }

func (p tornPending) Write(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	_, err := p.PendingFile.Write(b[:len(b)-1])
	return len(b), err
}

func TestReadBackCatchesTornWrite(t *testing.T) {
	mem := bundletest.NewMemFS(nil)
	s, err := bundle.Open("/store", bundle.Options{FS: mem})
	if err != nil {
		t.Fatal(err)
	}
	early := bundletest.Bundle("s", "early", bundletest.Messages(1, 10, 100))
	mustPut(t, s, early)
	s.Close()
	s, err = bundle.Open("/store", bundle.Options{FS: tornFS{mem}})
	if err != nil {
		t.Fatal(err)
	}
	target := bundletest.Bundle("s", "target", bundletest.Messages(2, 300, 400))
	_, err = s.Put(ctx, target)
	var be *bundle.Error
	if !errors.As(err, &be) || be.Op != "readback" || !errors.Is(err, bundle.ErrHashMismatch) || !errors.Is(err, bundle.ErrFailStopped) {
		t.Fatalf("Put with a torn write: %v", err)
	}
	s.Close()
	if checkAllOrNothing(t, mem, "s", "target", *target, map[string]*bundle.CheckpointV1{"early": early}) {
		t.Fatal("a torn bundle is visible")
	}
}
