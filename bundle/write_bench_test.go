package bundle_test

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/klauspost/compress/zstd"
)

// The write-path benchmarks run on a 50 MB archive: generated chat
// messages (bundletest.ArchiveOfBytes), or, when EF_BENCH_MESSAGES names
// a JSONL file, its lines as messages, cycled up to 50 MB (each segment
// is an independent frame of 64 KiB, so cycling a real session gives
// real per-segment compression).
const benchArchiveBytes = 50 << 20

func benchArchive(b *testing.B) (msgs []json.RawMessage, raw int64) {
	b.Helper()
	src := os.Getenv("EF_BENCH_MESSAGES")
	if src == "" {
		msgs = bundletest.ArchiveOfBytes(1, benchArchiveBytes)
		return msgs, rawBytes(msgs)
	}
	f, err := os.Open(src)
	if err != nil {
		b.Fatalf("EF_BENCH_MESSAGES: %v", err)
	}
	defer f.Close()
	var lines []json.RawMessage
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		if l := bytes.TrimSpace(sc.Bytes()); len(l) > 0 {
			lines = append(lines, json.RawMessage(bytes.Clone(l)))
		}
	}
	if err := sc.Err(); err != nil || len(lines) == 0 {
		b.Fatalf("EF_BENCH_MESSAGES %s: %d lines, %v", src, len(lines), err)
	}
	for i := 0; raw < benchArchiveBytes; i++ {
		m := lines[i%len(lines)]
		msgs = append(msgs, m)
		raw += int64(len(m))
	}
	return msgs, raw
}

// segmentPayloads frames msgs the way the store does (uvarint length,
// bytes) into payloads of about 64 KiB, the store's default segment.
func segmentPayloads(msgs []json.RawMessage) [][]byte {
	var out [][]byte
	var cur []byte
	for _, m := range msgs {
		cur = binary.AppendUvarint(cur, uint64(len(m)))
		cur = append(cur, m...)
		if len(cur) >= 64<<10 {
			out = append(out, cur)
			cur = nil
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// newBenchEncoder is configured as the store's encoder is (codec.go).
func newBenchEncoder(b *testing.B, level zstd.EncoderLevel, workers int) *zstd.Encoder {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(level), zstd.WithEncoderConcurrency(workers),
		zstd.WithEncoderCRC(true), zstd.WithWindowSize(64<<10))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { enc.Close() })
	return enc
}

// encodeSegments compresses every payload with workers goroutines, one
// EncodeAll per segment, and returns the frames' total size. Frames are
// encoded into the buffers of frames when it holds one per payload (the
// frames of the previous round): memory the process has touched already,
// as a Put's pooled blocks are. Fresh buffers would charge the encoder a
// page fault a page (64 KiB per segment: EncodeAll sizes a nil
// destination by its input), which no store has to pay.
func encodeSegments(enc *zstd.Encoder, payloads [][]byte, workers int, frames [][]byte) (_ [][]byte, n int) {
	if len(frames) != len(payloads) {
		frames = make([][]byte, len(payloads))
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(payloads); i = int(next.Add(1) - 1) {
				frames[i] = enc.EncodeAll(payloads[i], frames[i][:0])
			}
		}()
	}
	wg.Wait()
	for _, f := range frames {
		n += len(f)
	}
	return frames, n
}

var benchLevels = []zstd.EncoderLevel{zstd.SpeedFastest, zstd.SpeedDefault, zstd.SpeedBetterCompression, zstd.SpeedBestCompression}

// BenchmarkZstdLevels prints the table the store's zstd level and encoder
// concurrency are chosen from: for each level and for 1 and GOMAXPROCS
// compressing goroutines, the encode speed over the raw payload of a
// 50 MB archive in 64 KiB segments (one EncodeAll per segment) per second
// of wall time and per second of this process's CPU time, the compression
// ratio, and the single-goroutine decode speed (wall and CPU). On a
// shared machine the CPU columns are the stable ones; the wall columns
// show what the second goroutine buys when the cores are free.
//
//	go test -run '^$' -bench ZstdLevels -benchtime 3x ./bundle
func BenchmarkZstdLevels(b *testing.B) {
	msgs, raw := benchArchive(b)
	payloads := segmentPayloads(msgs)
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		b.Fatal(err)
	}
	defer dec.Close()
	mbs := func(d time.Duration, n int) float64 { return float64(raw) * float64(n) / 1e6 / d.Seconds() }
	var rows []string
	for _, level := range benchLevels {
		for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
			b.Run(fmt.Sprintf("level=%s/workers=%d", level, workers), func(b *testing.B) {
				enc := newBenchEncoder(b, level, workers)
				b.SetBytes(raw)
				frames, n := encodeSegments(enc, payloads, workers, nil)
				c0 := testutil.CPUTime()
				for b.Loop() {
					frames, n = encodeSegments(enc, payloads, workers, frames)
				}
				encCPU := testutil.CPUTime() - c0
				encWall := b.Elapsed()
				start, c1 := time.Now(), testutil.CPUTime()
				for _, f := range frames {
					if _, err := dec.DecodeAll(f, nil); err != nil {
						b.Fatal(err)
					}
				}
				decWall, decCPU := time.Since(start), testutil.CPUTime()-c1
				ratio := float64(raw) / float64(n)
				b.ReportMetric(ratio, "ratio")
				b.ReportMetric(mbs(decWall, 1), "dec-MB/s")
				cpuCols := fmt.Sprintf("%11s %11s", "n/a", "n/a")
				if encCPU > 0 && decCPU > 0 {
					b.ReportMetric(mbs(encCPU, b.N), "enc-MB/cpu-s")
					cpuCols = fmt.Sprintf("%11.1f %11.1f", mbs(encCPU, b.N), mbs(decCPU, 1))
				}
				rows = append(rows, fmt.Sprintf("%-8s %7d %11.1f %11.1f %8.2fx %s", level, workers,
					mbs(encWall, b.N), mbs(decWall, 1), ratio, cpuCols))
			})
		}
	}
	fmt.Printf("zstd on a %d MB archive in 64 KiB segments, GOMAXPROCS=%d (MB/s of raw bytes, per second of wall and of CPU time)\n%-8s %7s %11s %11s %9s %11s %11s\n%s",
		raw>>20, runtime.GOMAXPROCS(0), "level", "workers", "enc MB/s", "dec MB/s", "ratio", "enc MB/cpu", "dec MB/cpu", joinLines(rows))
}

func joinLines(rows []string) string {
	var sb bytes.Buffer
	for _, r := range rows {
		sb.WriteString(r)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// BenchmarkPutVsFloor measures a durable Put of a 50 MB bundle (seal with
// the logical hash, encode, write, fsync, rename, directory fsync, read
// back, manifest) beside its floor measured in the same iteration on the
// same disk: zstd encoding of the same archive at the same level with the
// same goroutines, plus write and fsync of the compressed bytes. It
// reports both in MB/s of raw message bytes and their ratio, and the same
// per second of the process's CPU time (the honest number on a shared
// machine, where wall time depends on the other loads), per zstd
// level; "level=default(…)" is the store's default. The floor does none
// of Put's hashing; a Put computes the logical hash (canonical JSON of
// every message, then sha256) unless the bundle carries its messages
// hashed already, as a fold's bundle does (bundle.Content: the fold
// hashes the span once, for the validator and the store) — the
// "+content" row. The "+hash" columns add to the floor's CPU time that
// hashing, done alone in the same iteration (hashWork): "(+hash)/put"
// near or above 1 says Put costs what its floor and its hashes cost, and
// the rest of the gap to the floor is the hashing the format requires.
// Both benchmarks end with their table on stdout.
//
//	go test -run '^$' -bench PutVsFloor -benchtime 3x ./bundle
func BenchmarkPutVsFloor(b *testing.B) {
	msgs, raw := benchArchive(b)
	payloads := segmentPayloads(msgs)
	defLevel, workers := bundle.DefaultEncoder()
	// Each case is a zstd level (0: the store's default) and whether
	// the bundle carries its messages hashed already (bundle.Content, as
	// a fold's bundle does: the fold hashes the span once, for the
	// validator and the store) or Put hashes their canonical form.
	type benchCase struct {
		level   zstd.EncoderLevel
		content bool
	}
	cases := []benchCase{{0, false}, {0, true}}
	for _, l := range benchLevels[:3] {
		cases = append(cases, benchCase{l, false})
	}
	var rows []string
	for _, bc := range cases {
		level := bc.level
		name := level.String()
		if level == 0 {
			name = "default(" + defLevel.String() + ")"
		}
		if bc.content {
			name += "+content"
		}
		b.Run("level="+name, func(b *testing.B) {
			s, root := bundletest.MustOpen(b, bundle.WithEncoder(bundle.Options{}, level, 0))
			floorLevel := level
			if level == 0 {
				floorLevel = defLevel
			}
			enc := newBenchEncoder(b, floorLevel, workers)
			sealed := bundletest.Bundle("bench", "c", msgs)
			if bc.content {
				sealed.Archive.Content = bundle.NewContent(msgs)
			}
			frames, _ := encodeSegments(enc, payloads, workers, nil)
			var putT, floorT, putCPU, floorCPU, hashCPU time.Duration
			var r bundle.Receipt
			for i := 0; b.Loop(); i++ {
				t0, c0 := time.Now(), testutil.CPUTime()
				nb := *sealed
				nb.CheckpointID = fmt.Sprintf("c%d", i)
				var err error
				if r, err = s.Put(ctx, &nb); err != nil {
					b.Fatal(err)
				}
				t1, c1 := time.Now(), testutil.CPUTime()
				frames = floorWrite(b, enc, payloads, workers, frames, filepath.Join(root, fmt.Sprintf("floor-%d", i)))
				t2, c2 := time.Now(), testutil.CPUTime()
				hashWork(b, sealed, frames)
				c3 := testutil.CPUTime()
				putT += t1.Sub(t0)
				floorT += t2.Sub(t1)
				putCPU += c1 - c0
				floorCPU += c2 - c1
				hashCPU += c3 - c2
			}
			mbs := func(d time.Duration) float64 { return float64(raw) / 1e6 / (d.Seconds() / float64(b.N)) }
			putMBs, floorMBs := mbs(putT), mbs(floorT)
			b.ReportMetric(putMBs, "put-MB/s")
			b.ReportMetric(floorMBs, "floor-MB/s")
			b.ReportMetric(putMBs/floorMBs, "put/floor")
			b.ReportMetric(float64(raw)/float64(r.Bytes), "ratio")
			cpuCol := fmt.Sprintf("%10s %12s %9s %11s", "n/a", "n/a", "n/a", "n/a")
			if putCPU > 0 && floorCPU > 0 && hashCPU > 0 {
				b.ReportMetric(mbs(putCPU), "put-MB/cpu-s")
				b.ReportMetric(mbs(floorCPU), "floor-MB/cpu-s")
				b.ReportMetric(mbs(floorCPU+hashCPU), "floor+hash-MB/cpu-s")
				cpuCol = fmt.Sprintf("%10.1f %12.1f %9.1f %11.2f", mbs(putCPU), mbs(floorCPU), mbs(floorCPU+hashCPU),
					float64(floorCPU+hashCPU)/float64(putCPU))
			}
			rows = append(rows, fmt.Sprintf("%-24s %9.1f %10.1f %9.2f %s %7.2fx", name, putMBs, floorMBs, putMBs/floorMBs, cpuCol, float64(raw)/float64(r.Bytes)))
		})
	}
	fmt.Printf("durable Put of a %d MB bundle beside its floor (zstd encode + write + fsync), %d goroutines, GOMAXPROCS=%d\n"+
		"(MB/s of raw message bytes per second of wall time, and per second of this process's CPU time;\n"+
		"+hash: the floor's CPU plus the hashing the format asks of a Put, done alone: logical hash or\n"+
		"content check, segment hashes and file hash)\n"+
		"%-24s %9s %10s %9s %10s %12s %9s %11s %8s\n%s",
		raw>>20, workers, runtime.GOMAXPROCS(0), "level", "put MB/s", "floor MB/s", "put/floor",
		"put MB/cpu", "floor MB/cpu", "+hash", "(+hash)/put", "ratio", joinLines(rows))
}

// hashWork is the hashing a Put must do beyond its floor, one pass each
// on one goroutine: the logical hash (canonical JSON and sha256), or for
// a bundle that carries its Content the check that it holds the
// messages; sha256 of every segment's frame (the container's segment
// hashes) and of the file (its name). The read-back compares bytes and
// hashes nothing.
func hashWork(b *testing.B, sealed *bundle.CheckpointV1, frames [][]byte) {
	msgs := sealed.Archive.ShadowedMessages
	if c := sealed.Archive.Content; c != nil {
		if !c.Holds(msgs) {
			b.Fatal("content does not hold the messages")
		}
	} else if lh, err := bundle.LogicalHash(msgs); err != nil || lh != sealed.Archive.LogicalHash {
		b.Fatalf("logical hash %s, %v", lh, err)
	}
	file := sha256.New()
	for _, fr := range frames {
		_ = sha256.Sum256(fr)
		file.Write(fr)
	}
	_ = file.Sum(nil)
}

// floorWrite is the floor of a durable write: compress the payloads
// (into the buffers of frames, see encodeSegments), write the frames to a
// new file and fsync it. It returns the frames.
func floorWrite(b *testing.B, enc *zstd.Encoder, payloads [][]byte, workers int, frames [][]byte, path string) [][]byte {
	frames, _ = encodeSegments(enc, payloads, workers, frames)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		b.Fatal(err)
	}
	for _, fr := range frames {
		if _, err := f.Write(fr); err != nil {
			b.Fatal(err)
		}
	}
	if err := f.Sync(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return frames
}
