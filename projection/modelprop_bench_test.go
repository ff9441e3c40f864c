package projection

import (
	"fmt"
	"strings"
	"testing"
)

// hostileEvents are a session's large messages a model may cite with
// quotes chosen to make admission slow: a clause repeating its words
// after a negation (every occurrence of the quote is negation-cut), the
// same as lines, and a run of one letter (every occurrence inside a word).
func hostileEvents(size int) map[string]Event {
	rep := func(s string) string { return strings.Repeat(s, size/len(s)) }
	return map[string]Event{
		"negated-clause": {Seq: 2, Role: RoleTool, Text: "do not " + rep("wipe the table and "), Result: &Result{CallID: "c1"}},
		"negated-lines":  {Seq: 2, Role: RoleUser, Text: rep("do not wipe the table\n")},
		"one-letter":     {Seq: 2, Role: RoleTool, Text: rep("a"), Result: &Result{CallID: "c1"}},
	}
}

// hostileQuotes are the quotes BenchmarkAdmitModelLargeEvent proposes
// against each of hostileEvents.
var hostileQuotes = map[string]string{"negated-clause": "wipe the table", "negated-lines": "wipe the table", "one-letter": "a"}

// BenchmarkAdmitModelLargeEvent measures AdmitModel on an answer of 32
// proposals quoting a large event where their quote occurs everywhere but
// is never admissible: the time per MB of the event stays flat as it
// grows.
func BenchmarkAdmitModelLargeEvent(b *testing.B) {
	for _, size := range []int{16 << 10, 64 << 10, 256 << 10, 1 << 20} {
		for name, ev := range hostileEvents(size) {
			evs := []Event{{Seq: 0, Role: RoleUser, Text: "Look at the tables."}, runEv(1, "cat tables.txt"), ev}
			base := New(Options{SessionID: "s"})
			applyAll(base, evs)
			var props []ModelProposal
			for i := range maxModelProposals {
				props = append(props, ModelProposal{Kind: ModelConstraint, Event: "e2", Quote: hostileQuotes[name], Condition: fmt.Sprint(i)})
			}
			b.Run(fmt.Sprintf("%s/%dKiB", name, size>>10), func(b *testing.B) {
				for b.Loop() {
					r := base.Clone()
					r.AdmitModel(&ModelBatch{Provenance: Provenance{Checkpoint: "ef-bench"}, At: 2, Proposals: props}, lookup(evs), nil)
				}
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/(float64(size)/(1<<20)), "ms/MB")
			})
		}
	}
}

// BenchmarkSplitModelAnswer measures cutting the block from answers of 4
// MiB: prose, a run of backticks, and thousands of fenced blocks.
func BenchmarkSplitModelAnswer(b *testing.B) {
	const size = 4 << 20
	line := `{"kind":"decision","event":"e4","quote":"We went with Postgres in the end"}` + "\n"
	for name, answer := range map[string]string{
		"prose":     strings.Repeat("- the exporter runs nightly; see `cmd/export`.\n", size/48),
		"backticks": strings.Repeat("`", size),
		"blocks":    strings.Repeat("```ef-proposals\n"+line+"```\n", size/(len(line)+20)),
		"proposals": "```ef-proposals\n" + strings.Repeat(line, size/len(line)) + "```\n",
	} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				_, block, _, _ := SplitModelAnswer(answer)
				ParseModelProposals(block)
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/4, "ms/MB")
		})
	}
}

// A quote a large message repeats at every line after its "not" is looked
// for at its first maxQuoteLooks occurrences, and each look reads its
// clause, not the whole message again: admitting it allocates a bounded
// amount whatever the message's length (it grew with the number of
// occurrences times the message's words: 3543 allocations at 32 KiB, and
// minutes at 128 KiB for this one proposal). Past the bound the proposal is dropped as oversized,
// with a note saying so, never judged on occurrences not looked at.
func TestModelQuoteLooksBounded(t *testing.T) {
	line := "it is not true that the staging bucket is sacred\n"
	evs := []Event{{Seq: 0, Role: RoleUser, Text: strings.Repeat(line, maxQuoteLooks+1) + "The staging bucket is sacred, by the way."}}
	r := New(Options{SessionID: "s"})
	applyAll(r, evs)
	rep := r.AdmitModel(&ModelBatch{Provenance: Provenance{Checkpoint: "ef-x"}, At: 0, Proposals: []ModelProposal{{Kind: ModelConstraint, Event: "e0", Quote: "staging bucket is sacred"}}}, lookup(evs), nil)
	if len(rep.Admitted) != 0 || rep.Dropped[DropOversized] != 1 || len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], fmt.Sprintf("occurs over %d times in e0", maxQuoteLooks)) {
		t.Errorf("admitted %d, dropped %v, notes %q", len(rep.Admitted), rep.Dropped, rep.Notes)
	}
	// Unbounded, one look per occurrence would allocate at least once for
	// each of the 1,700 and 3,400 occurrences below; bounded, the count
	// stays under maxQuoteLooks (twice that under -race, whose sync.Pool
	// drops items at random: 560-670 measured where 177 without it).
	limit := float64(maxQuoteLooks)
	if raceEnabled {
		limit *= 2
	}
	for _, size := range []int{32 << 10, 64 << 10} {
		evs := []Event{{Seq: 0, Role: RoleUser, Text: "Look at the tables."}, runEv(1, "cat tables.txt"),
			{Seq: 2, Role: RoleTool, Text: "do not " + strings.Repeat("wipe the table and ", size/19), Result: &Result{CallID: "c1"}}}
		base := New(Options{SessionID: "s"})
		applyAll(base, evs)
		b := &ModelBatch{Provenance: Provenance{Checkpoint: "ef-x"}, At: 2, Proposals: []ModelProposal{{Kind: ModelConstraint, Event: "e2", Quote: "wipe the table"}}}
		allocs := testing.AllocsPerRun(1, func() { base.Clone().AdmitModel(b, lookup(evs), nil) })
		t.Logf("%d KiB: %.0f allocations", size>>10, allocs)
		if allocs > limit {
			t.Errorf("%d KiB: admitting one proposal allocated %.0f times", size>>10, allocs)
		}
	}
}
