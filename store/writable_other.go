//go:build !unix

package store

// unwritable says why this process may not write in the directory dir, or
// "" when it may; without a cheap check here it answers "" (the note it
// decides is then left out).
func unwritable(string) string { return "" }
