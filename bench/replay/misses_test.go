package replay_test

import (
	"testing"

	"github.com/epistemicfold/ef/bench/engines"
	"github.com/epistemicfold/ef/bench/replay"
)

// TestMissesByCause: every token after a request's frozen prefix has one
// cause; without compaction they are all new messages, and a fold makes a
// checkpoint and re-sends the retained tail after it.
func TestMissesByCause(t *testing.T) {
	const window = 200
	for _, name := range []string{engines.None, engines.Basic} {
		res := replayWords(t, long(t, 14), newEngine(t, name, window), replay.Config{Window: window})
		for _, st := range res.Steps {
			sum := 0
			for _, v := range st.Misses {
				sum += v
			}
			if sum != st.Tokens-st.FrozenPrefix {
				t.Fatalf("%s step %d: misses %v add up to %d, want %d - %d", name, st.Index, st.Misses, sum, st.Tokens, st.FrozenPrefix)
			}
			if st.Folds == 0 && st.Index > 0 && len(st.Misses) > 0 && st.Misses["new"] != sum {
				t.Fatalf("%s step %d without a fold: misses %v", name, st.Index, st.Misses)
			}
		}
		m := replay.Measure(res)
		switch name {
		case engines.None:
			if len(m.Misses) != 1 || m.Misses["new"] == 0 {
				t.Fatalf("none: misses %v", m.Misses)
			}
		case engines.Basic:
			if m.Misses["ckpt/rolling"] == 0 || m.Misses["resent/rolling"] == 0 {
				t.Fatalf("basic: misses %v, want a checkpoint and a re-sent tail", m.Misses)
			}
		}
	}
}
