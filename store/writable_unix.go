//go:build unix

package store

import (
	"errors"

	"golang.org/x/sys/unix"
)

// unwritable says why this process may not write in the directory dir
// ("is on a read-only filesystem", "is not writable by this user"), or ""
// when it may.
func unwritable(dir string) string {
	err := unix.Access(dir, unix.W_OK)
	switch {
	case err == nil:
		return ""
	case errors.Is(err, unix.EROFS):
		return "is on a read-only filesystem"
	}
	return "is not writable by this user"
}
