//go:build unix

package store

import "golang.org/x/sys/unix"

// writable reports whether this process may write in the directory dir.
func writable(dir string) bool { return unix.Access(dir, unix.W_OK) == nil }
