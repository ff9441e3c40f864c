package projection

import (
	"testing"
	"time"

	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/testutil"
)

// BenchmarkReduceCorpus reduces every session of the shared corpus with
// the built-in proposer (a fresh reducer per session, no memo: every
// message read once) and prints the CPU per message beside a baseline
// measured in the same run on the same text: splitting every message
// into sentences, the least any reading of it does. The ratio survives a
// busy machine; the CPU figures include the garbage collector.
//
//	go test -run '^$' -bench ReduceCorpus -benchtime 1x ./projection
func BenchmarkReduceCorpus(b *testing.B) {
	var sessions [][]Event
	msgs, bytes := 0, 0
	for _, f := range testutil.CorpusFiles(b, "") {
		ims, err := importer.Import(f)
		if err != nil {
			continue
		}
		for _, im := range ims {
			s := im.Session
			var evs []Event
			HostEvents(s, 0, s.Len()-1, nil, func(ev Event) {
				evs = append(evs, ev)
				bytes += len(ev.Text)
			})
			msgs += len(evs)
			sessions = append(sessions, evs)
		}
	}
	if msgs == 0 {
		b.Fatal("no messages in the corpus")
	}
	var split, reduce time.Duration
	sentencesSeen := 0
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		c0 := testutil.CPUTime()
		for _, evs := range sessions {
			for i := range evs {
				sentencesSeen += len(sentences(evs[i].Text))
			}
		}
		c1 := testutil.CPUTime()
		for _, evs := range sessions {
			r := New(Options{})
			for _, ev := range evs {
				r.Apply(ev)
			}
		}
		c2 := testutil.CPUTime()
		split += c1 - c0
		reduce += c2 - c1
	}
	per := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(msgs*b.N) }
	b.ReportMetric(per(reduce), "reduce-cpu-µs/msg")
	b.ReportMetric(per(split), "split-cpu-µs/msg")
	if split > 0 {
		b.ReportMetric(float64(reduce)/float64(split), "reduce/split")
	}
	b.ReportMetric(float64(msgs), "msgs")
	b.ReportMetric(float64(bytes)/float64(msgs), "B/msg")
	b.ReportMetric(float64(sentencesSeen)/float64(msgs*b.N), "sentences/msg")
}
