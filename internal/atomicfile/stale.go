package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// A writer that is killed (SIGKILL, a power cut) leaves its temporary file
// beside the target, and nothing else would ever remove it. Hold marks a
// temporary file as being written by a live process: it takes an exclusive
// advisory lock (flock) on the file, which the kernel drops when the
// process dies, and which follows the file through a rename. RemoveStale,
// run by the next writer of the same target, removes the temporary files
// nobody holds. Every writer of this package holds its temporary file
// (Publish from the moment fill has created it); where flock is missing
// (Windows) nothing is held and nothing is removed.

// Hold locks tmp as being written by this process until release is called.
func Hold(tmp string) (release func(), err error) {
	f, err := os.Open(tmp)
	if err != nil {
		return nil, err
	}
	if err := lockNB(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}

// RemoveStale removes the temporary files beside path that were held by a
// writer that is gone, and returns their names. A file another live
// process holds, or one that cannot be locked, is left.
func RemoveStale(path string) ([]string, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	names, err := filepath.Glob(filepath.Join(dir, "."+globEscape(base)+".tmp-*"))
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		if err := lockNB(f); err != nil {
			f.Close()
			continue // its writer is alive
		}
		// Locked by us: its writer is gone. Remove it while holding the
		// lock, so no other cleaner races us for it.
		err = os.Remove(name)
		f.Close()
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, err
		}
		removed = append(removed, name)
	}
	return removed, nil
}

// globEscape escapes the glob metacharacters of a literal file name.
func globEscape(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '*', '?', '[', '\\':
			out = append(out, '\\')
		}
		out = append(out, s[i])
	}
	return string(out)
}
