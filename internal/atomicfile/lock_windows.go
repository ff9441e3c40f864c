//go:build windows

package atomicfile

import (
	"errors"
	"os"
)

// lockNB is not available here: nothing is held, nothing is removed.
func lockNB(f *os.File) error { return errors.ErrUnsupported }
