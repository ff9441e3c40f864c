//go:build windows

package action

import (
	"os"

	"golang.org/x/sys/windows"
)

// syncRootDir is a no-op on Windows: directories cannot be flushed through
// os.File, and NTFS journals renames itself.
func syncRootDir(*os.Root) error { return nil }

// lockWait takes a blocking LockFileEx on f.
func lockWait(f *os.File) error {
	return windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK, 0, 1, 0, new(windows.Overlapped))
}
