package hostshim

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// benchCorpus returns the surface messages of the first corpus logs that
// add up to 1 MiB of log, and that byte count.
func benchCorpus(b *testing.B) ([]*Message, int64) {
	b.Helper()
	var msgs []*Message
	var size int64
	for _, f := range corpusLogs(b) {
		if size >= 1<<20 {
			break
		}
		fi, err := os.Stat(f)
		if err != nil {
			b.Fatal(err)
		}
		s, err := ReadSession(f, LogOptions{Lenient: true})
		if err != nil {
			b.Fatal(err)
		}
		m, err := s.Messages()
		if err != nil {
			b.Fatal(err)
		}
		msgs = append(msgs, m...)
		size += fi.Size()
	}
	return msgs, size
}

// BenchmarkMeter prices every surface message of 1 MiB of corpus logs;
// MB/s is relative to the log bytes.
//
//	go test -run '^$' -bench 'Meter|LogRead' -benchtime 3x ./hostshim/
func BenchmarkMeter(b *testing.B) {
	msgs, size := benchCorpus(b)
	meters := []struct {
		name string
		m    func() Meter
	}{
		{"heuristic", func() Meter { return HeuristicMeter{} }},
		{"o200k", func() Meter { return tiktokenMeter(b, EncodingO200k) }},
		{"cl100k", func() Meter { return tiktokenMeter(b, EncodingCL100k) }},
	}
	for _, mm := range meters {
		b.Run(mm.name, func(b *testing.B) {
			m := mm.m()
			b.SetBytes(size)
			b.ReportAllocs()
			tokens := 0
			start := time.Now()
			b.ResetTimer()
			for range b.N {
				tokens = 0
				for _, msg := range msgs {
					tokens += m.CountMessage(msg)
				}
			}
			el := time.Since(start)
			b.ReportMetric(float64(tokens), "tok/op")
			b.ReportMetric(float64(tokens)*float64(b.N)/el.Seconds(), "tok/s")
			b.ReportMetric(float64(len(msgs)), "msgs/op")
		})
	}
}

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
