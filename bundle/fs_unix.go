//go:build unix

package bundle

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/google/renameio/v2"
)

// createPending starts a renameio pending file beside name. The temp
// directory is given explicitly: without it renameio probes $TMPDIR with
// four extra syscalls per write and may put the temp file there, where
// Open's sweep would not find it after a crash. The mode is set through
// the descriptor (as renameio's WithStaticPermissions would) so that a
// failure there still removes the temp file.
func createPending(name string) (PendingFile, error) {
	pf, err := renameio.NewPendingFile(name, renameio.WithTempDir(filepath.Dir(name)), renameio.WithPermissions(0o600))
	if err != nil {
		return nil, err
	}
	if err := pf.Chmod(0o600); err != nil { // the umask may have narrowed it
		_ = pf.Cleanup()
		return nil, err
	}
	return pf, nil
}

// lockFile takes a non-blocking flock(2) on name. flock locks belong to the
// open file description, so they also exclude a second Store in the same
// process and vanish when the process dies (no stale lock after SIGKILL).
//
// The file is opened with O_NOFOLLOW, so a LOCK planted as a symbolic
// link is refused (ELOOP) rather than followed to create or chmod its
// target, and it is chmodded through the descriptor only once fstat says
// it is a regular file of this user.
func lockFile(name string) (io.Closer, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0o600)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) {
			return nil, fmt.Errorf("%w: %s is a symbolic link (remove it; ef never follows a link in a store)", ErrUntrusted, name)
		}
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if why := untrusted(fi, false); why != "" {
		f.Close()
		return nil, fmt.Errorf("%w: %s %s", ErrUntrusted, name, why)
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

// openNoFollow opens name for reading without following a symbolic link
// in its last component.
func openNoFollow(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0)
}

// untrusted says why a file the store is about to use cannot be trusted,
// or "" when it can: it is not a symbolic link, is a directory when dir is
// set and a regular file otherwise, belongs to this user and (for a
// directory) is not writable by the group or others.
func untrusted(fi fs.FileInfo, dir bool) string {
	m := fi.Mode()
	if why := wrongType(m, dir); why != "" {
		return why
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		return fmt.Sprintf("is owned by uid %d, not by you (uid %d): use a store directory you own", st.Uid, os.Geteuid())
	}
	if dir && m.Perm()&0o022 != 0 {
		return fmt.Sprintf("is writable by group or others (mode %#o): run chmod 700 on it, or use a private directory", m.Perm())
	}
	return ""
}
