//go:build unix

package taskorigin

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/epistemicfold/ef/internal/atomicfile"
	"github.com/google/renameio/v2"
)

// writeFileDurable replaces path with data atomically and durably:
// renameio writes a temp file beside it, fsyncs it and renames it over
// path (atomic, so a reader or a crash sees the old or the new file, never
// a torn one); the directory fsync afterwards makes the rename itself
// survive a power cut, which renameio leaves to the caller.
func writeFileDurable(path string, data []byte) error {
	dir := filepath.Dir(path)
	pf, err := renameio.NewPendingFile(path, renameio.WithTempDir(dir), renameio.WithStaticPermissions(0o644))
	if err != nil {
		return err
	}
	defer pf.Cleanup()
	if _, err := pf.Write(data); err != nil {
		return err
	}
	if err := pf.CloseAtomicallyReplace(); err != nil {
		return err
	}
	return atomicfile.SyncDir(dir)
}

// lockTask takes an exclusive flock(2) on name, polling until timeout or
// ctx ends. flock belongs to the open file description, so it excludes
// other goroutines of this process as well as other processes, and the
// kernel drops it when the holder dies (no stale lock after kill -9).
func lockTask(ctx context.Context, name string, timeout time.Duration) (func(), error) {
	return pollLock(ctx, name, timeout,
		func(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) },
		func(err error) bool { return errors.Is(err, syscall.EWOULDBLOCK) || errors.Is(err, syscall.EINTR) })
}
