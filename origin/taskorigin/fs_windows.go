//go:build windows

package taskorigin

import (
	"context"
	"errors"
	"os"
	"time"

	"golang.org/x/sys/windows"
)

// writeFileDurable writes a synced temp file beside path and renames it
// over path (MoveFileEx replaces atomically on NTFS).
func writeFileDurable(path string, data []byte) error {
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	serr := f.Sync()
	cerr := f.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// lockTask takes an exclusive LockFileEx on name, polling until timeout.
func lockTask(ctx context.Context, name string, timeout time.Duration) (func(), error) {
	return pollLock(ctx, name, timeout,
		func(f *os.File) error {
			return windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, new(windows.Overlapped))
		},
		func(err error) bool { return errors.Is(err, windows.ERROR_LOCK_VIOLATION) })
}
