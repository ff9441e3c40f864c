//go:build windows

package atomicfile

// syncDir is a no-op on Windows: a directory cannot be opened for
// FlushFileBuffers through os.Open, and NTFS journals renames itself.
func syncDir(dir string) error { return nil }
