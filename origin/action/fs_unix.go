//go:build unix

package action

import (
	"errors"
	"os"
	"syscall"
)

// syncRootDir fsyncs the directory a Root holds.
func syncRootDir(r *os.Root) error {
	f, err := r.Open(".")
	if err != nil {
		return err
	}
	serr := f.Sync()
	cerr := f.Close()
	if serr != nil {
		return serr
	}
	return cerr
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
