package action

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// FS is the filesystem seam of the kernel. Every operation after the first
// OpenDir is relative to an open directory handle, never to a path name, so
// a directory swapped for a symlink between the kernel's judgement and its
// write cannot redirect the write (the kernel also compares the identity of
// every handle with what it judged). Tests wrap OSFS to inject faults. A nil
// Options.FS means OSFS. Implementations must be safe for concurrent use.
type FS interface {
	// OpenDir opens the directory at an absolute path.
	OpenDir(path string) (Dir, error)
}

// Dir is an open directory. Names passed to its methods are single path
// components, except that "." names the directory itself.
type Dir interface {
	// Path is the absolute path the directory was opened as (for messages
	// and for fault injection; never used to reach the directory again).
	Path() string
	// OpenDir opens a child directory.
	OpenDir(name string) (Dir, error)
	// Lstat describes an entry without following a final symlink.
	Lstat(name string) (fs.FileInfo, error)
	// Open opens an entry for reading.
	Open(name string) (File, error)
	// Create creates a new entry exclusively, for writing.
	Create(name string, perm fs.FileMode) (File, error)
	// OpenAppend opens an entry for appending, creating it if needed.
	OpenAppend(name string, perm fs.FileMode) (File, error)
	// Mkdir creates a child directory.
	Mkdir(name string, perm fs.FileMode) error
	// Rename atomically replaces newname with oldname, both in this
	// directory.
	Rename(oldname, newname string) error
	// Remove removes a file or an empty directory.
	Remove(name string) error
	// ReadDir lists the directory's entries (the kernel sweeps its own
	// leftovers: stale temporary files, backups beyond Options.MaxBackups).
	ReadDir() ([]fs.DirEntry, error)
	// Sync makes the directory's entries (creations, renames, removals)
	// durable; rename(2) alone is atomic but not durable.
	Sync() error
	// Lock takes an exclusive advisory lock on the entry name (created with
	// mode 0600 if needed), waiting for other holders. Closing the returned
	// Closer releases it.
	Lock(name string) (io.Closer, error)
	// Close releases the handle.
	Close() error
}

// File is an open file of a Dir. The kernel uses each File from one
// goroutine at a time.
type File interface {
	io.Reader
	io.Writer
	io.Seeker
	io.Closer
	// Sync makes the file's contents durable.
	Sync() error
	Stat() (fs.FileInfo, error)
	// Truncate changes the file's size (used only to take back an audit
	// line whose write or fsync failed).
	Truncate(size int64) error
}

// OSFS is the operating system's filesystem, through os.Root handles (which
// also refuse any name that would leave the directory). It is safe for
// concurrent use.
type OSFS struct{}

var _ FS = OSFS{}

// OpenDir implements FS.
func (OSFS) OpenDir(path string) (Dir, error) {
	r, err := os.OpenRoot(path)
	if err != nil {
		return nil, err
	}
	return &osDir{r: r, path: path}, nil
}

type osDir struct {
	r    *os.Root
	path string
}

func (d *osDir) Path() string { return d.path }

func (d *osDir) OpenDir(name string) (Dir, error) {
	r, err := d.r.OpenRoot(name)
	if err != nil {
		return nil, err
	}
	return &osDir{r: r, path: filepath.Join(d.path, name)}, nil
}

func (d *osDir) Lstat(name string) (fs.FileInfo, error) { return d.r.Lstat(name) }

func (d *osDir) Open(name string) (File, error) {
	f, err := d.r.Open(name)
	if err != nil {
		return nil, err
	}
	return f, nil
}

func (d *osDir) Create(name string, perm fs.FileMode) (File, error) {
	f, err := d.r.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return nil, err
	}
	return f, nil
}

func (d *osDir) OpenAppend(name string, perm fs.FileMode) (File, error) {
	f, err := d.r.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, perm)
	if err != nil {
		return nil, err
	}
	return f, nil
}

func (d *osDir) Mkdir(name string, perm fs.FileMode) error { return d.r.Mkdir(name, perm) }

func (d *osDir) Rename(oldname, newname string) error { return d.r.Rename(oldname, newname) }

func (d *osDir) Remove(name string) error { return d.r.Remove(name) }

func (d *osDir) ReadDir() ([]fs.DirEntry, error) {
	f, err := d.r.Open(".")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.ReadDir(-1)
}

func (d *osDir) Sync() error { return syncRootDir(d.r) }

func (d *osDir) Lock(name string) (io.Closer, error) {
	f, err := d.r.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := lockWait(f); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil // closing the descriptor releases the lock
}

func (d *osDir) Close() error { return d.r.Close() }
