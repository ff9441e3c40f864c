package hostshim

import (
	"io"
	"path/filepath"
	"testing"
)

// BenchmarkLogRead streams a synthetic 16 MiB log (plain and zstd) through
// LogReader, and through ReadSession (which also validates every append).
func BenchmarkLogRead(b *testing.B) {
	for _, compress := range []bool{false, true} {
		name := "plain"
		file := "bench.jsonl"
		if compress {
			name, file = "zstd", "bench.jsonl.zstd"
		}
		path := filepath.Join(b.TempDir(), file)
		_, plain := writeSyntheticLog(b, path, 16<<20, compress)
		b.Run(name+"/next", func(b *testing.B) {
			b.SetBytes(plain)
			for range b.N {
				r, err := OpenLog(path, LogOptions{})
				if err != nil {
					b.Fatal(err)
				}
				for {
					if _, err := r.Next(); err == io.EOF {
						break
					} else if err != nil {
						b.Fatal(err)
					}
				}
				r.Close()
			}
		})
		b.Run(name+"/session", func(b *testing.B) {
			b.SetBytes(plain)
			for range b.N {
				if _, err := ReadSession(path, LogOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
