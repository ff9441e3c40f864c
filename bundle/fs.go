package bundle

import (
	"io"
	"io/fs"
	"os"

	"github.com/epistemicfold/ef/internal/atomicfile"
)

// FS is the small set of filesystem operations the Store uses. Tests inject
// faults or simulate power cuts by providing their own; a nil Options.FS
// means OSFS. Implementations must be safe for concurrent use.
//
// Paths are slash- or OS-separated paths as built by path/filepath from the
// root given to Open.
type FS interface {
	// MkdirAll creates a directory and any missing parents.
	MkdirAll(path string, perm fs.FileMode) error
	// Chmod sets the permission bits of a file or directory.
	Chmod(name string, mode fs.FileMode) error
	// CreatePending starts a crash-atomic write of the file name: it
	// creates a new, exclusive temporary file in name's directory, named
	// "." + base(name) + decimal digits, with mode 0600 whatever the
	// umask. See PendingFile. OSFS uses renameio's PendingFile.
	CreatePending(name string) (PendingFile, error)
	// Open opens a file for reading. It must not follow a symbolic link
	// in the final component (O_NOFOLLOW where the platform has it).
	Open(name string) (File, error)
	// Rename atomically replaces newpath with oldpath.
	Rename(oldpath, newpath string) error
	// Remove removes a file or empty directory.
	Remove(name string) error
	// RemoveAll removes a path and everything below it.
	RemoveAll(path string) error
	// ReadDir lists a directory, sorted by name.
	ReadDir(name string) ([]fs.DirEntry, error)
	// Stat describes a file.
	Stat(name string) (fs.FileInfo, error)
	// Lstat describes a file without following a final symbolic link, and
	// reports the owner in Sys() where the platform has one (a
	// *syscall.Stat_t on unix). The Store uses it to refuse a root or
	// session directory that is a link, not the user's, or writable by
	// others.
	Lstat(name string) (fs.FileInfo, error)
	// SyncDir makes the directory's entries (creations, renames, removals)
	// durable.
	SyncDir(name string) error
	// Lock takes an exclusive advisory lock on the file name (creating it
	// with mode 0600 if needed) without waiting. It must neither follow
	// nor create through a symbolic link, nor change the mode of a file
	// that is not a regular file of the user. If another holder has it,
	// Lock returns an error wrapping ErrLocked. Closing the returned
	// Closer releases the lock.
	Lock(name string) (io.Closer, error)
}

// File is an open file of an FS. The Store uses each File from one
// goroutine at a time, so implementations need not be safe for concurrent
// use.
type File interface {
	io.Reader
	io.ReaderAt
	io.Writer
	io.Closer
	// Sync makes the file's contents durable.
	Sync() error
	Stat() (fs.FileInfo, error)
	// Name is the path the file was opened or created with.
	Name() string
}

// PendingFile is a file written under a temporary name that then
// atomically replaces its target: the shape of renameio's *PendingFile,
// which OSFS returns. It is used by one goroutine at a time.
type PendingFile interface {
	io.Writer
	// Name is the path of the temporary file.
	Name() string
	// CloseAtomicallyReplace fsyncs the temporary file, closes it and
	// renames it over the target. It does not fsync the directory: the
	// rename is atomic but not yet durable (the Store calls FS.SyncDir
	// after it). The error names the step that failed: an *fs.PathError
	// whose Op is "sync" or "close", or an *os.LinkError (or an
	// *fs.PathError with Op "rename") for the rename.
	CloseAtomicallyReplace() error
	// Cleanup closes and removes the temporary file unless it replaced
	// its target; it is idempotent, so deferring it is always right.
	Cleanup() error
}

// OSFS is the operating system's filesystem. It is safe for concurrent use.
type OSFS struct{}

var _ FS = OSFS{}

// MkdirAll implements FS.
func (OSFS) MkdirAll(path string, perm fs.FileMode) error { return os.MkdirAll(path, perm) }

// Chmod implements FS.
func (OSFS) Chmod(name string, mode fs.FileMode) error { return os.Chmod(name, mode) }

// CreatePending implements FS; see createPending in the OS-specific files.
func (OSFS) CreatePending(name string) (PendingFile, error) { return createPending(name) }

// Open implements FS; see openNoFollow in the OS-specific files.
func (OSFS) Open(name string) (File, error) {
	f, err := openNoFollow(name)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// Rename implements FS.
func (OSFS) Rename(oldpath, newpath string) error { return os.Rename(oldpath, newpath) }

// Remove implements FS.
func (OSFS) Remove(name string) error { return os.Remove(name) }

// RemoveAll implements FS.
func (OSFS) RemoveAll(path string) error { return os.RemoveAll(path) }

// ReadDir implements FS.
func (OSFS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }

// Stat implements FS.
func (OSFS) Stat(name string) (fs.FileInfo, error) { return os.Stat(name) }

// Lstat implements FS.
func (OSFS) Lstat(name string) (fs.FileInfo, error) { return os.Lstat(name) }

// SyncDir implements FS: it fsyncs the directory so that entries created,
// renamed or removed in it survive a power cut (rename(2) alone is atomic
// but not durable); a no-op on Windows (see atomicfile.SyncDir).
func (OSFS) SyncDir(name string) error { return atomicfile.SyncDir(name) }

// Lock implements FS; see lockFile in the OS-specific files.
func (OSFS) Lock(name string) (io.Closer, error) { return lockFile(name) }

// wrongType says why a file of mode m is not what the store expects to
// find (a directory when dir is set, a regular file otherwise, never a
// symbolic link), or "" when it is. Each platform's untrusted adds its own
// ownership checks to it.
func wrongType(m fs.FileMode, dir bool) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "is a symbolic link (ef never follows a link in a store: give the real path)"
	case dir && !m.IsDir():
		return "is not a directory"
	case !dir && !m.IsRegular():
		return "is not a regular file (remove it)"
	}
	return ""
}
