//go:build unix

package bundle

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// syncDir fsyncs a directory so that entries created, renamed or removed in
// it survive a power cut; rename(2) alone is atomic but not durable.
func syncDir(name string) error {
	d, err := os.Open(name)
	if err != nil {
		return err
	}
	serr := d.Sync()
	cerr := d.Close()
	if serr != nil {
		return serr
	}
	return cerr
}

// lockFile takes a non-blocking flock(2) on name. flock locks belong to the
// open file description, so they also exclude a second Store in the same
// process and vanish when the process dies (no stale lock after SIGKILL).
func lockFile(name string) (io.Closer, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(0o600); err != nil { // the umask may have narrowed it
		f.Close()
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w: %s", ErrLocked, name)
		}
		return nil, err
	}
	return f, nil // closing the descriptor releases the lock
}
