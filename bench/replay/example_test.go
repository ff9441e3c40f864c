package replay_test

import (
	"context"
	"fmt"

	"github.com/epistemicfold/ef/bench/engines"
	"github.com/epistemicfold/ef/bench/replay"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// A session replayed through the host's Basic engine: every model request
// is priced, cache-simulated and compared with the one before it.
func ExampleReplay() {
	b := enginetest.NewBuilder(nil, "example", hostshim.Gen01)
	b.TurnStart()
	b.User("Find why the build fails.")
	for i := range 12 {
		id := fmt.Sprintf("c%d", i)
		b.Assistant("Looking.", enginetest.Call{ID: id, Name: "bash", Args: `{"command":"make"}`})
		b.Result(id, words("compiler-output-line", 60), false)
	}
	b.Assistant("Found it.")
	b.TurnEnd()

	meter := hostshim.HeuristicMeter{}
	eng, _ := engines.New(engines.Basic, engines.Config{Window: 4000, Meter: meter, Summarizer: &replay.Summarizer{Persona: replay.Faithful}})
	defer eng.Close()
	res, err := replay.Replay(context.Background(), b.S, eng, replay.Config{Window: 4000, Meter: meter})
	if err != nil {
		fmt.Println(err)
		return
	}
	m := replay.Measure(res)
	fmt.Printf("%d requests, %d input tokens, peak %d, folds %v\n", m.Requests, m.InputTokens, m.PeakContext, m.Folds)
	// Output:
	// 13 requests, 19340 input tokens, peak 3146, folds map[rolling:1]
}
