//go:build windows

package atomicfile

// SyncDir is a no-op on Windows: a directory cannot be opened for
// FlushFileBuffers through os.Open, and NTFS journals renames itself.
func SyncDir(dir string) error { return nil }
