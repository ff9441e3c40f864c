package cachesim_test

import (
	"fmt"

	"github.com/epistemicfold/ef/bench/cachesim"
)

// A session that appends 100 tokens per request, then compacts: the third
// request replaces the middle of the prompt, so only the prefix before the
// edit can hit.
func ExampleDeepSeek() {
	prompt := make([]uint32, 0, 300)
	for i := range 300 {
		prompt = append(prompt, uint32(i))
	}
	compacted := append(append([]uint32(nil), prompt[:130]...), 9001, 9002, 9003)
	reqs := [][]uint32{prompt[:100], prompt[:200], prompt[:300], compacted}

	ds := cachesim.NewDeepSeek()
	an := cachesim.NewAnthropic(cachesim.AnthropicOptions{})
	for i, r := range reqs {
		d, _ := ds.Request(r)
		a, _ := an.Request(r)
		fmt.Printf("request %d: %3d tokens, deepseek hit %3d, anthropic hit %3d\n", i, len(r), d.Hit, a.Hit)
	}
	// Output:
	// request 0: 100 tokens, deepseek hit   0, anthropic hit   0
	// request 1: 200 tokens, deepseek hit  64, anthropic hit 100
	// request 2: 300 tokens, deepseek hit 192, anthropic hit 200
	// request 3: 133 tokens, deepseek hit 128, anthropic hit 100
}
