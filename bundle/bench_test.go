package bundle_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/testutil"
)

var benchSizes = []struct {
	name  string
	bytes int
}{{"10KB", 10 << 10}, {"1MB", 1 << 20}, {"50MB", 50 << 20}}

func rawBytes(msgs []json.RawMessage) int64 {
	var n int64
	for _, m := range msgs {
		n += int64(len(m))
	}
	return n
}

// BenchmarkPut measures durable writes: seal, encode (computing the
// logical hash), write, fsync, rename, directory fsync, read back and
// check the file hash, manifest. Throughput is over the raw message
// bytes. BenchmarkPutVsFloor (write_bench_test.go) prints the 50 MB case
// beside its floor.
func BenchmarkPut(b *testing.B) {
	for _, sz := range benchSizes {
		b.Run(sz.name, func(b *testing.B) {
			s, _ := bundletest.MustOpen(b, bundle.Options{})
			msgs := bundletest.ArchiveOfBytes(1, sz.bytes)
			sealed := bundletest.Bundle("bench", "c", msgs)
			b.SetBytes(rawBytes(msgs))
			var r bundle.Receipt
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				var err error
				nb := *sealed
				nb.CheckpointID = fmt.Sprintf("c%d", i)
				r, err = s.Put(ctx, &nb)
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(rawBytes(msgs))/float64(r.Bytes), "ratio")
		})
	}
}

// BenchmarkGet measures fully verified reads (file hash, segment hashes,
// logical hash over the canonical JSON of every message).
func BenchmarkGet(b *testing.B) {
	for _, sz := range benchSizes {
		b.Run(sz.name, func(b *testing.B) {
			s, _ := bundletest.MustOpen(b, bundle.Options{})
			msgs := bundletest.ArchiveOfBytes(1, sz.bytes)
			mustPut(b, s, bundletest.Bundle("bench", "c", msgs))
			b.SetBytes(rawBytes(msgs))
			b.ResetTimer()
			for b.Loop() {
				got, err := s.Get(ctx, "bench", "c")
				if err != nil || len(got.Archive.ShadowedMessages) != len(msgs) {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPage50MB measures reading one 20-message page from the middle
// of a 50 MB archive.
func BenchmarkPage50MB(b *testing.B) {
	s, _ := bundletest.MustOpen(b, bundle.Options{})
	msgs := bundletest.ArchiveOfBytes(1, 50<<20)
	mustPut(b, s, bundletest.Bundle("bench", "c", msgs))
	mid := len(msgs) / 2
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		off := (mid + i*997) % (len(msgs) - 20)
		p, err := s.Page(ctx, "bench", "c", off, 20)
		if err != nil || len(p.Messages) != 20 {
			b.Fatal(err)
		}
	}
}

// BenchmarkMeta measures a header-only read of a 50 MB archive's bundle.
func BenchmarkMeta50MB(b *testing.B) {
	s, _ := bundletest.MustOpen(b, bundle.Options{})
	mustPut(b, s, bundletest.Bundle("bench", "c", bundletest.ArchiveOfBytes(1, 50<<20)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Meta(ctx, "bench", "c"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCanonicalize measures the logical hash (canonical JSON of
// every message, then sha256) of a 1 MB archive, per second of wall time
// and of this process's CPU time (the stable figure on a shared machine).
func BenchmarkCanonicalize(b *testing.B) {
	msgs := bundletest.ArchiveOfBytes(1, 1<<20)
	b.SetBytes(rawBytes(msgs))
	c0 := testutil.CPUTime()
	for b.Loop() {
		if _, err := bundle.LogicalHash(msgs); err != nil {
			b.Fatal(err)
		}
	}
	if cpu := testutil.CPUTime() - c0; cpu > 0 {
		b.ReportMetric(float64(rawBytes(msgs))*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
}
