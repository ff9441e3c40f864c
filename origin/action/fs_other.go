//go:build !unix && !windows

package action

import "os"

// syncRootDir is a no-op where directories cannot be synced.
func syncRootDir(*os.Root) error { return nil }

// lockWait is a no-op where advisory locks are unavailable: the kernel then
// serialises actions only within one process.
func lockWait(*os.File) error { return nil }
