//go:build windows

package recall

import (
	"os"
	"path/filepath"
	"strconv"
)

// writeGen records the last committed generation (see gen_unix.go); on
// Windows, where renameio is not available, by temp file and rename.
func writeGen(dir string, gen uint64) error {
	p := filepath.Join(dir, genFile)
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, []byte(strconv.FormatUint(gen, 10)+"\n"), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, p)
}
