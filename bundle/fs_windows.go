//go:build windows

package bundle

import (
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/windows"
)

// syncDir is a no-op on Windows: directories cannot be opened for
// FlushFileBuffers by os.Open, and NTFS journals renames itself.
func syncDir(name string) error { return nil }

// lockFile takes a non-blocking LockFileEx on name.
func lockFile(name string) (io.Closer, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(0o600); err != nil { // the umask may have narrowed it
		f.Close()
		return nil, err
	}
	ol := new(windows.Overlapped)
	err = windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
	if err != nil {
		f.Close()
		if errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
			return nil, fmt.Errorf("%w: %s", ErrLocked, name)
		}
		return nil, err
	}
	return f, nil
}
