package tokenizer

import (
	"os"
	"testing"
	"time"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/testutil"
)

// benchCorpus returns the surface messages of the first corpus logs that
// add up to 1 MiB of log, and that byte count.
func benchCorpus(b *testing.B) ([]*hostshim.Message, int64) {
	b.Helper()
	var msgs []*hostshim.Message
	var size int64
	for _, f := range testutil.SnapshotLogs(b) {
		if size >= 1<<20 {
			break
		}
		fi, err := os.Stat(f)
		if err != nil {
			b.Fatal(err)
		}
		s, err := hostshim.ReadSession(f, hostshim.LogOptions{Lenient: true})
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
//	go test -run '^$' -bench Meter -benchtime 3x ./tokenizer/
//
// The host's heuristic meter is the baseline measured in the same run.
func BenchmarkMeter(b *testing.B) {
	msgs, size := benchCorpus(b)
	meters := []struct {
		name string
		m    func() hostshim.Meter
	}{
		{"heuristic", func() hostshim.Meter { return hostshim.HeuristicMeter{} }},
		{"o200k", func() hostshim.Meter { return tiktokenMeter(b, O200k) }},
		{"cl100k", func() hostshim.Meter { return tiktokenMeter(b, CL100k) }},
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

// BenchmarkCountText counts the texts of the same messages with the meter
// and with tiktoken-go's encoder as the meter used it before (refMeter),
// side by side: time, bytes and allocations per pass.
//
//	go test -run '^$' -bench CountText -benchtime 3x ./tokenizer/
func BenchmarkCountText(b *testing.B) {
	msgs, size := benchCorpus(b)
	texts := make([]string, len(msgs))
	for i, m := range msgs {
		texts[i] = m.Text()
	}
	for _, enc := range []string{O200k, CL100k} {
		counters := []struct {
			name  string
			count func(string) int
		}{{enc, tiktokenMeter(b, enc).CountText}, {enc + "-reference", refMeters()[enc].CountText}}
		for _, c := range counters {
			b.Run(c.name, func(b *testing.B) {
				b.SetBytes(size)
				b.ReportAllocs()
				tokens := 0
				for range b.N {
					tokens = 0
					for _, s := range texts {
						tokens += c.count(s)
					}
				}
				b.ReportMetric(float64(tokens), "tok/op")
			})
		}
	}
}
