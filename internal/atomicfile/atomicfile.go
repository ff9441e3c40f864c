// Package atomicfile writes the files the ef command produces (the folded
// log of ef fold --out, bench reports) so that after a crash, a kill or a
// full disk each is either complete or absent, never a torn prefix that a
// reader could take for a valid, shorter file.
//
// A file is written under a temporary name in its own directory, fsynced,
// closed, moved to its name (by rename, or by link(2) when an existing
// file must not be replaced), and the directory is fsynced. This is the
// renameio recipe plus the directory fsync renameio leaves to its callers,
// and a no-replace mode renameio does not offer. A temp file left by a
// killed process is a dot-file beside the target ("."+name+".tmp-*"),
// which RemoveStale removes once its writer is gone (stale.go).
package atomicfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrExists is returned (wrapped, with fs.ErrExist) when the target exists
// and replacing it was not allowed.
var ErrExists = fmt.Errorf("atomicfile: target exists: %w", fs.ErrExist)

// TempPath returns a fresh temporary path beside path.
func TempPath(path string) (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	dir, base := filepath.Split(path)
	return filepath.Join(dir, "."+base+".tmp-"+hex.EncodeToString(b[:])), nil
}

// Publish makes path appear crash-atomically. fill creates and writes the
// file at the temporary path it is given (which does not exist); Publish
// then fsyncs it and moves it to path, failing with ErrExists when path
// exists and replace is false, and fsyncs the directory. On any error the
// temporary file is removed and path is left as it was.
func Publish(path string, replace bool, fill func(tmp string) error) (err error) {
	tmp, err := TempPath(path)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = os.Remove(tmp)
		}
	}()
	if err := fill(tmp); err != nil {
		return err
	}
	if release, err := Hold(tmp); err == nil {
		defer release()
	}
	if err := syncFile(tmp); err != nil {
		return fmt.Errorf("atomicfile: sync %s: %w", tmp, err)
	}
	if replace {
		if err := os.Rename(tmp, path); err != nil {
			return fmt.Errorf("atomicfile: %w", err)
		}
	} else {
		if err := os.Link(tmp, path); err != nil {
			if errors.Is(err, fs.ErrExist) {
				return fmt.Errorf("%w: %s", ErrExists, path)
			}
			return fmt.Errorf("atomicfile: %w", err)
		}
		if err := os.Remove(tmp); err != nil {
			return fmt.Errorf("atomicfile: %w", err)
		}
	}
	if err := SyncDir(filepath.Dir(path)); err != nil {
		return fmt.Errorf("atomicfile: sync directory of %s: %w", path, err)
	}
	return nil
}

// WriteFile writes path crash-atomically with mode perm (exactly, whatever
// the umask), its contents produced by write.
func WriteFile(path string, replace bool, perm fs.FileMode, write func(w io.Writer) error) error {
	return Publish(path, replace, func(tmp string) error {
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if err != nil {
			return err
		}
		if err := f.Chmod(perm); err != nil {
			f.Close()
			return err
		}
		if err := write(f); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	})
}

func syncFile(p string) error {
	f, err := os.OpenFile(p, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	return SyncClose(f)
}

// SyncClose fsyncs f and closes it; the error is the fsync's, else the
// close's. f is closed either way.
func SyncClose(f *os.File) error {
	serr := f.Sync()
	cerr := f.Close()
	if serr != nil {
		return serr
	}
	return cerr
}
