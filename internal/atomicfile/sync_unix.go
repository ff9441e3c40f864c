//go:build !windows

package atomicfile

import "os"

// SyncDir makes the entries created or renamed in dir durable: rename(2)
// is atomic but survives a power cut only once its directory is fsynced.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	return SyncClose(d)
}
