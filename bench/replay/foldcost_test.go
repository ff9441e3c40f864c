package replay_test

import (
	"testing"

	"github.com/epistemicfold/ef/bench/engines"
	"github.com/epistemicfold/ef/bench/replay"
	"github.com/epistemicfold/ef/bench/stats"
)

// TestSummarizerCallsArePricedAsRequests: each summarizer call is priced
// as a request of its own — the header and the surface up to the end of
// the summarized span (a prefix of the previous request, so it hits the
// cache) plus the fixed instruction — through the same cache simulators,
// and its output at the output price.
func TestSummarizerCallsArePricedAsRequests(t *testing.T) {
	const window = 200 // threshold 160, retained tail 32; the first fold runs before request 6
	res := replayWords(t, long(t, 14), newEngine(t, engines.Basic, window), replay.Config{Window: window, MaxSteps: 7, AnthropicMinTokens: -1})
	if len(res.Folds) != 1 || res.SummaryCalls != 1 {
		t.Fatalf("folds %d, summarizer calls %d: want one of each", len(res.Folds), res.SummaryCalls)
	}
	p := res.SummaryInputTokens - replay.InstructionTokens
	if res.SummaryDeepSeek.Tokens != res.SummaryInputTokens || p <= 0 {
		t.Fatalf("call prompt %d tokens, simulated %+v", res.SummaryInputTokens, res.SummaryDeepSeek)
	}
	// The span ends before the retained tail, inside the previous request
	// (request 5: 18 + 24·5 = 138 tokens), so the prompt's prefix up to
	// there is a prefix of that request: DeepSeek hits its whole blocks.
	prev := 18 + 24*5
	if p > prev {
		t.Fatalf("call prefix %d tokens longer than the previous request %d", p, prev)
	}
	if want := p / 64 * 64; res.SummaryDeepSeek.Hit != want {
		t.Fatalf("DeepSeek hit %d, want %d", res.SummaryDeepSeek.Hit, want)
	}
	// Anthropic: the longest earlier entry that is a prefix of the prompt:
	// the end of an earlier request (18 + 24k) or of the header (8).
	want := 8
	for k := 0; 18+24*k <= p; k++ {
		want = 18 + 24*k
	}
	if res.SummaryAnthropic.Hit != want {
		t.Fatalf("Anthropic hit %d, want %d", res.SummaryAnthropic.Hit, want)
	}
	if res.SummaryOutputTokens <= 0 {
		t.Fatal("no output tokens counted")
	}
	m := replay.Measure(res)
	m.OutputPrice = 4
	wantFold := stats.Cost(m.FoldDeepSeek, stats.Price{Rho: 0.1}) + 4*float64(res.SummaryOutputTokens)
	if got := m.FoldCost(0.1); got != wantFold {
		t.Fatalf("fold cost %v, want %v", got, wantFold)
	}
	if m.Cost(0.1) != m.ConversationCost(0.1)+m.FoldCost(0.1) {
		t.Fatal("total cost is not conversation + fold")
	}
	// The conversation's own requests exclude the call.
	conv := 0
	for _, st := range res.Steps {
		conv += st.Tokens
	}
	if m.InputTokens != conv {
		t.Fatalf("input tokens %d include more than the requests %d", m.InputTokens, conv)
	}
}
