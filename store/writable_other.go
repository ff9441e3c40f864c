//go:build !unix

package store

// writable reports whether this process may write in the directory dir;
// without a cheap check here it answers yes (the note it decides is then
// left out).
func writable(string) bool { return true }
