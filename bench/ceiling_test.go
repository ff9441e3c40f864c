package bench_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bench"
	"github.com/epistemicfold/ef/bench/cachesim"
	"github.com/epistemicfold/ef/bench/engines"
	"github.com/epistemicfold/ef/internal/testutil"
)

// TestHitCeilingOfAnyCompaction prints an upper bound on the conversation
// hit rate (DeepSeek model) of any compaction policy on the shared corpus
// at a window W, next to EF's: request i of a session carries at most
// min(P_i, W) tokens, P_i its size with no compaction (a fold replaces a
// span with less, predicate R, so no compaction makes a request larger,
// and a request over W is refused), and misses at least the tokens it
// sends for the first time (EF's "new" and "header": the same messages
// under any fold timing; only emergency folds change them, by under 1%),
// a hit being whole 64-token blocks. So the rate is at most
//
//	Σ ⌊(min(P_i, W) − first_i)/64⌋·64 / Σ min(P_i, W)
//
// over every request. It is slow (the corpus twice per window), so it
// runs only when asked.
func TestHitCeilingOfAnyCompaction(t *testing.T) {
	ws := os.Getenv("EF_HIT_CEILING")
	if ws == "" {
		t.Skip("replays the whole shared corpus with no compaction and with EF at each window (minutes each): run with EF_HIT_CEILING=16384,32768 (the windows)")
	}
	dir := testutil.CorpusDir(t, "")
	for _, f := range strings.Split(ws, ",") {
		w, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || w <= 0 {
			t.Fatalf("EF_HIT_CEILING: window %q", f)
		}
		rep, err := bench.Run(context.Background(), bench.RunOptions{Window: w, CorpusDir: dir, Engines: []string{engines.None, engines.EF},
			Parallel: 1, TempDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		var capped, hits, first, reqs int
		for _, s := range rep.Sessions {
			none, ef := s.Results[0], s.Results[1]
			if len(none.Steps) != len(ef.Steps) {
				t.Fatalf("%s: %d requests with no compaction, %d with EF", s.Name, len(none.Steps), len(ef.Steps))
			}
			for i := range none.Steps {
				p := min(none.Steps[i].Tokens, w)
				n := ef.Steps[i].Misses["new"] + ef.Steps[i].Misses["header"]
				capped += p
				first += n
				hits += max(0, p-n) / cachesim.Unit * cachesim.Unit
				reqs++
			}
		}
		m, _ := rep.Total(engines.EF)
		ceiling := float64(hits) / float64(capped)
		efConv := m.DeepSeek.HitRate()
		t.Logf("window %d: %d requests, Σ min(P, W) %d, first-sent %d: any compaction hits at most %.2f%% of its conversation's prompts; EF (defaults) %.2f%%, its own ceiling (\"hit max\") %.2f%%",
			w, reqs, capped, first, 100*ceiling, 100*efConv, 100*m.HitCeiling())
		if efConv > ceiling {
			t.Errorf("window %d: EF hits %.4f, above the bound %.4f", w, efConv, ceiling)
		}
	}
}
