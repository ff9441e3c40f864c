//go:build !windows

package recall

import (
	"path/filepath"
	"strconv"

	"github.com/google/renameio/v2"
)

// writeGen records the last committed generation atomically: renameio
// writes a temp file beside the target (so a crash leaves the old value or
// the new one, never a torn one, and strays stay in our directory) with
// mode 0600 whatever the umask or an older file's mode. It is not made
// durable with a directory fsync: a lost update only makes the staleness
// check weaker, never a false alarm, since the file then lags the index.
func writeGen(dir string, gen uint64) error {
	p := filepath.Join(dir, genFile)
	pf, err := renameio.NewPendingFile(p, renameio.WithTempDir(dir), renameio.WithStaticPermissions(0o600))
	if err != nil {
		return err
	}
	defer pf.Cleanup()
	if _, err := pf.WriteString(strconv.FormatUint(gen, 10) + "\n"); err != nil {
		return err
	}
	return pf.CloseAtomicallyReplace()
}
