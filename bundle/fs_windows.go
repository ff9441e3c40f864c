//go:build windows

package bundle

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"golang.org/x/sys/windows"
)

// createPending is renameio's PendingFile for Windows, where renameio does
// not build: a temp file named like renameio's beside name, replaced by
// os.Rename (MoveFileEx with MOVEFILE_REPLACE_EXISTING).
func createPending(name string) (PendingFile, error) {
	prefix := filepath.Join(filepath.Dir(name), "."+filepath.Base(name))
	seed := time.Now().UnixNano()
	for attempt := int64(0); ; attempt++ {
		tmp := prefix + strconv.FormatInt(seed+attempt, 10)
		f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			return &pendingFile{File: f, target: name}, nil
		}
		if !os.IsExist(err) || attempt > 10000 {
			return nil, err
		}
	}
}

type pendingFile struct {
	*os.File
	target       string
	closed, done bool
}

func (p *pendingFile) CloseAtomicallyReplace() error {
	if err := p.Sync(); err != nil {
		return err
	}
	p.closed = true
	if err := p.File.Close(); err != nil {
		return err
	}
	if err := os.Rename(p.Name(), p.target); err != nil {
		return err
	}
	p.done = true
	return nil
}

func (p *pendingFile) Cleanup() error {
	if p.done {
		return nil
	}
	var cerr error
	if !p.closed {
		p.closed = true
		cerr = p.File.Close()
	}
	if err := os.Remove(p.Name()); err != nil {
		return err
	}
	p.done = true
	return cerr
}

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

// openNoFollow opens name for reading. Windows has no O_NOFOLLOW; the
// trust checks of the store's directories (Lstat) still apply.
func openNoFollow(name string) (*os.File, error) { return os.Open(name) }

// untrusted refuses symbolic links and wrong file types; Windows ACLs are
// not inspected.
func untrusted(fi fs.FileInfo, dir bool) string { return wrongType(fi.Mode(), dir) }
