package projection

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// BenchmarkReduce folds a session of 1×, 10× and 100× history (200, 2,000
// and 20,000 steps of four events, every statement new: the worst case for
// memory) and reports reducer throughput (events/s), the live heap after
// the run next to the bytes of history text it read (the baseline a
// history-linear projection would track), and the hot anchors held.
//
//	go test -run '^$' -bench Reduce -benchtime 1x ./projection
func BenchmarkReduce(b *testing.B) {
	for _, steps := range []int{200, 2000, 20000} {
		b.Run(fmt.Sprintf("history=%dx", steps/200), func(b *testing.B) {
			var evs []Event
			text := 0
			for i := 0; i < steps; i++ {
				for _, e := range uniqueStep(i) {
					evs = append(evs, e)
					text += len(e.Text)
				}
			}
			var r *Reducer
			b.ResetTimer()
			for n := 0; n < b.N; n++ {
				r = New(Options{})
				for _, e := range evs {
					r.Apply(e)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(len(evs)*b.N)/b.Elapsed().Seconds(), "events/s")
			var before, after runtime.MemStats
			evs = nil
			runtime.GC()
			runtime.ReadMemStats(&before)
			r = nil
			runtime.GC()
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(before.HeapAlloc-min(before.HeapAlloc, after.HeapAlloc)), "reducer-heap-B")
			b.ReportMetric(float64(text), "history-text-B")
			_ = r
		})
	}
}

// BenchmarkPastedLog reads one user message that pastes a log of 500,
// 1,000 and 2,000 lines alike but for their numbers, each line worded
// like a rule, and reports the bytes read per second: flat across the
// sizes when the reading is linear in the message.
//
//	go test -run '^$' -bench PastedLog -benchtime 3x ./projection
func BenchmarkPastedLog(b *testing.B) {
	for _, n := range []int{500, 1000, 2000} {
		var sb strings.Builder
		sb.WriteString("Here is the log from the failing run:\n")
		for i := range n {
			fmt.Fprintf(&sb, "[%d] line %d: the db port must be 5433, do not modify vendor dir. KEY_%d\n", i%7, i, i*31)
		}
		text := sb.String()
		b.Run(fmt.Sprintf("lines=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				r := New(Options{SessionID: "s"})
				r.Apply(Event{Seq: 1, Role: RoleUser, Text: text})
			}
		})
	}
}
