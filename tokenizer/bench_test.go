package tokenizer

import (
	"os"
	"runtime"
	"runtime/metrics"
	"slices"
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
// tok/cpu-s divides by the process's CPU time, which a busy machine
// inflates less than wall time.
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
			start, cpu := time.Now(), testutil.CPUTime()
			b.ResetTimer()
			for range b.N {
				tokens = 0
				for _, msg := range msgs {
					tokens += m.CountMessage(msg)
				}
			}
			el, elCPU := time.Since(start), testutil.CPUTime()-cpu
			b.ReportMetric(float64(tokens), "tok/op")
			b.ReportMetric(float64(tokens)*float64(b.N)/el.Seconds(), "tok/s")
			b.ReportMetric(float64(tokens)*float64(b.N)/elCPU.Seconds(), "tok/cpu-s")
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
				cpu := testutil.CPUTime()
				for range b.N {
					tokens = 0
					for _, s := range texts {
						tokens += c.count(s)
					}
				}
				b.ReportMetric(float64(tokens), "tok/op")
				b.ReportMetric(float64(testutil.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// BenchmarkRankTableGC prices what the o200k_base rank table costs every
// garbage collection of a process that holds it, beside the baseline of
// nothing loaded and the map[string]int of the same ranks the meter held
// before, all measured in the same run. table-scan-MB and map-scan-MB are
// the scannable heap each adds (runtime/metrics /gc/scan/heap:bytes): the
// bytes every collection reads for pointers. gc-none/table/map-cpu-ms are
// the process CPU time (testutil.CPUTime) of a forced runtime.GC() with nothing,
// the table and the map live, taken in turn, the least of b.N each: CPU
// time because a busy machine inflates wall time with waits, the least
// because it inflates CPU time too. *-MB and *-objs are the live heap and
// heap objects each adds; load-ms and load-cpu-ms the median wall and CPU
// time to load the table from the embedded file, the meter's first-use
// latency.
//
//	go test -run '^$' -bench RankTableGC -benchtime 20x ./tokenizer/
func BenchmarkRankTableGC(b *testing.B) {
	spec, _ := specOf(O200k)
	load := func() *rankTable {
		table, err := loadRanks(spec.file)
		if err != nil {
			b.Fatal(err)
		}
		return table
	}
	tableHeap := heapAfter(func() any { return load() })
	mapHeap := heapAfter(func() any { return load().toMap() })
	// gcCPU collects the garbage of what came before, then times a
	// collection with only live reachable.
	gcCPU := func(live any) time.Duration {
		runtime.GC()
		before := testutil.CPUTime()
		runtime.GC()
		el := testutil.CPUTime() - before
		runtime.KeepAlive(live)
		return el
	}
	var none, withTable, withMap, loads, loadCPU []time.Duration
	b.ResetTimer()
	for range b.N {
		none = append(none, gcCPU(nil))
		start, cpu := time.Now(), testutil.CPUTime()
		table := load()
		loads = append(loads, time.Since(start))
		loadCPU = append(loadCPU, testutil.CPUTime()-cpu)
		withTable = append(withTable, gcCPU(table))
		ranks := table.toMap()
		table = nil
		withMap = append(withMap, gcCPU(ranks))
	}
	b.StopTimer()
	ms := func(d time.Duration) float64 { return d.Seconds() * 1e3 }
	median := func(d []time.Duration) time.Duration {
		slices.Sort(d)
		return d[len(d)/2]
	}
	b.ReportMetric(ms(slices.Min(none)), "gc-none-cpu-ms")
	b.ReportMetric(ms(slices.Min(withTable)), "gc-table-cpu-ms")
	b.ReportMetric(ms(slices.Min(withMap)), "gc-map-cpu-ms")
	b.ReportMetric(ms(median(loads)), "load-ms")
	b.ReportMetric(ms(median(loadCPU)), "load-cpu-ms")
	b.ReportMetric(tableHeap.scanMB, "table-scan-MB")
	b.ReportMetric(mapHeap.scanMB, "map-scan-MB")
	b.ReportMetric(tableHeap.mb, "table-MB")
	b.ReportMetric(mapHeap.mb, "map-MB")
	b.ReportMetric(tableHeap.objects, "table-objs")
	b.ReportMetric(mapHeap.objects, "map-objs")
}

type heapGrowth struct{ mb, scanMB, objects float64 }

// heapAfter returns the live and scannable heap that what build returns
// adds, measured after a collection on each side.
func heapAfter(build func() any) heapGrowth {
	scan := []metrics.Sample{{Name: "/gc/scan/heap:bytes"}}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	metrics.Read(scan)
	scanBefore := scan[0].Value.Uint64()
	live := build()
	runtime.GC()
	runtime.ReadMemStats(&after)
	metrics.Read(scan)
	runtime.KeepAlive(live)
	const mb = 1 << 20
	return heapGrowth{
		mb:      float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / mb,
		scanMB:  float64(int64(scan[0].Value.Uint64())-int64(scanBefore)) / mb,
		objects: float64(int64(after.HeapObjects) - int64(before.HeapObjects)),
	}
}
