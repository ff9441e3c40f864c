//go:build unix

package action

import (
	"errors"
	"os"
	"syscall"

	"github.com/epistemicfold/ef/internal/atomicfile"
)

// syncRootDir fsyncs the directory a Root holds.
func syncRootDir(r *os.Root) error {
	f, err := r.Open(".")
	if err != nil {
		return err
	}
	return atomicfile.SyncClose(f)
}

// lockWait takes a blocking flock(2) on f. flock locks belong to the open
// file description and vanish when the process dies, so a kill -9 leaves no
// stale lock.
func lockWait(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}
