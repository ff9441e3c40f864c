package cachesim_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/epistemicfold/ef/bench/cachesim"
	"github.com/epistemicfold/ef/bench/synth"
	"pgregory.net/rapid"
)

// seq returns n distinct tokens starting at id from.
func seq(from, n int) []uint32 {
	out := make([]uint32, n)
	for i := range out {
		out[i] = uint32(from + i)
	}
	return out
}

func cat(parts ...[]uint32) []uint32 { return slices.Concat(parts...) }

// with returns a copy of s with token i set to v.
func with(s []uint32, i int, v uint32) []uint32 {
	c := slices.Clone(s)
	c[i] = v
	return c
}

// TestHandCases runs small request sequences whose hits were computed by
// hand for both models.
func TestHandCases(t *testing.T) {
	a200 := seq(1000, 200)
	a300 := seq(1000, 300)
	cases := []struct {
		name      string
		reqs      [][]uint32
		deepseek  []int
		anthropic []int
	}{
		{
			// The second request is the first again: DeepSeek drops the
			// partial last unit (200 → 192), Anthropic hits it all.
			name:      "identical repeat",
			reqs:      [][]uint32{a200, a200},
			deepseek:  []int{0, 192},
			anthropic: []int{0, 200},
		},
		{
			// Each request appends to the previous one: the shared prefix
			// is the previous request (130, then 300).
			name:      "growing append",
			reqs:      [][]uint32{seq(1000, 130), a300, seq(1000, 500)},
			deepseek:  []int{0, 128, 256},
			anthropic: []int{0, 130, 300},
		},
		{
			// Token 150 changes: the LCP is 150 (2 whole units); the old
			// request is no longer a prefix.
			name:      "edit in the middle",
			reqs:      [][]uint32{a300, with(a300, 150, 7)},
			deepseek:  []int{0, 128},
			anthropic: []int{0, 0},
		},
		{
			// Token 10 changes: nothing is shared at unit granularity.
			name:      "edit in the first 64 tokens",
			reqs:      [][]uint32{a300, with(a300, 10, 7)},
			deepseek:  []int{0, 0},
			anthropic: []int{0, 0},
		},
		{
			// A 50-token prompt is extended: below one unit DeepSeek hits
			// nothing; the exact prefix hits 50.
			name:      "below-64 prefix",
			reqs:      [][]uint32{seq(1000, 50), seq(1000, 100)},
			deepseek:  []int{0, 0},
			anthropic: []int{0, 50},
		},
		{
			// A(200), then a branch sharing A's first 100 tokens, then A
			// extended by 100: the third request finds A again.
			name:      "divergent then return",
			reqs:      [][]uint32{a200, cat(a200[:100], seq(5000, 150)), cat(a200, seq(9000, 100))},
			deepseek:  []int{0, 64, 192},
			anthropic: []int{0, 0, 200},
		},
		{
			// Several earlier requests are prefixes; the longest wins, and
			// an entry ending on a unit boundary counts.
			name:      "longest of several prefixes",
			reqs:      [][]uint32{seq(1000, 100), seq(1000, 128), seq(1000, 250), cat(seq(1000, 250), seq(7000, 10)), cat(seq(1000, 140), seq(8000, 30))},
			deepseek:  []int{0, 64, 128, 192, 128},
			anthropic: []int{0, 100, 128, 250, 128},
		},
		{
			// The empty request and a fresh request hit nothing.
			name:      "empty and fresh",
			reqs:      [][]uint32{{}, seq(1, 64), seq(2000, 64)},
			deepseek:  []int{0, 0, 0},
			anthropic: []int{0, 0, 0},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			check := func(model string, m cachesim.Model, want []int) {
				res, total, err := cachesim.Run(m, tc.reqs)
				if err != nil {
					t.Fatal(err)
				}
				var got []int
				sum := 0
				for i, r := range res {
					got = append(got, r.Hit)
					sum += r.Hit
					if r.Tokens != len(tc.reqs[i]) || r.Miss != r.Tokens-r.Hit {
						t.Errorf("%s request %d: %+v", model, i, r)
					}
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s hits %v, want %v", model, got, want)
				}
				if total.Hit != sum {
					t.Errorf("%s total hit %d, sum %d", model, total.Hit, sum)
				}
			}
			check("deepseek", cachesim.NewDeepSeek(), tc.deepseek)
			check("anthropic", cachesim.NewAnthropic(cachesim.AnthropicOptions{}), tc.anthropic)
		})
	}
}

// TestAnthropicMinTokens: entries shorter than MinTokens are neither written
// nor read.
func TestAnthropicMinTokens(t *testing.T) {
	m := cachesim.NewAnthropic(cachesim.AnthropicOptions{MinTokens: 1024})
	reqs := [][]uint32{seq(1, 500), seq(1, 1100), seq(1, 1200), seq(1, 1200)}
	res, _, err := cachesim.Run(m, reqs)
	if err != nil {
		t.Fatal(err)
	}
	wantHit := []int{0, 0, 1100, 1200}
	wantWritten := []int{0, 1100, 100, 0}
	for i, r := range res {
		if r.Hit != wantHit[i] || r.Written != wantWritten[i] {
			t.Errorf("request %d: hit %d written %d, want %d %d", i, r.Hit, r.Written, wantHit[i], wantWritten[i])
		}
	}
}

// TestDeepSeekBlocks: block-hash input gives the token input's results, and
// the two inputs cannot be mixed in one simulator.
func TestDeepSeekBlocks(t *testing.T) {
	reqs := [][]uint32{seq(1, 300), cat(seq(1, 200), seq(900, 77)), seq(1, 500)}
	tok, blk := cachesim.NewDeepSeek(), cachesim.NewDeepSeek()
	for i, r := range reqs {
		a, err := tok.Request(r)
		if err != nil {
			t.Fatal(err)
		}
		b, err := blk.RequestBlocks(cachesim.BlockHashes(r), len(r))
		if err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Errorf("request %d: tokens %+v, blocks %+v", i, a, b)
		}
	}
	if _, err := tok.RequestBlocks(nil, 10); !errors.Is(err, cachesim.ErrMixedInput) {
		t.Errorf("mixed input: %v", err)
	}
	if _, err := blk.RequestBlocks(make([]uint64, 2), 10); !errors.Is(err, cachesim.ErrBadBlocks) {
		t.Errorf("bad blocks: %v", err)
	}
}

// lcp is the brute-force longest common prefix.
func lcp(a, b []uint32) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// TestAgainstBruteForce compares both models with their O(n²) definitions
// on random request sequences built from shared prefixes, edits and
// appends over a tiny alphabet (so accidental matches are common).
func TestAgainstBruteForce(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		var reqs [][]uint32
		n := rapid.IntRange(1, 12).Draw(rt, "requests")
		for i := range n {
			var r []uint32
			if i > 0 && rapid.Bool().Draw(rt, "derive") {
				base := reqs[rapid.IntRange(0, i-1).Draw(rt, "base")]
				cut := rapid.IntRange(0, len(base)).Draw(rt, "cut")
				r = slices.Clone(base[:cut])
				if len(r) > 0 && rapid.Bool().Draw(rt, "edit") {
					r[rapid.IntRange(0, len(r)-1).Draw(rt, "at")] ^= 1
				}
			}
			extra := rapid.IntRange(0, 200).Draw(rt, "extra")
			for range extra {
				r = append(r, uint32(rapid.IntRange(0, 2).Draw(rt, "tok")))
			}
			reqs = append(reqs, r)
		}
		minTok := rapid.SampledFrom([]int{0, 64, 100}).Draw(rt, "min")
		ds, an := cachesim.NewDeepSeek(), cachesim.NewAnthropic(cachesim.AnthropicOptions{MinTokens: minTok})
		for i, r := range reqs {
			wantDS, wantAN := 0, 0
			for _, p := range reqs[:i] {
				wantDS = max(wantDS, lcp(r, p)/64*64)
				if len(p) >= minTok && len(p) <= len(r) && lcp(r, p) == len(p) {
					wantAN = max(wantAN, len(p))
				}
			}
			got, err := ds.Request(r)
			if err != nil {
				rt.Fatal(err)
			}
			if got.Hit != wantDS {
				rt.Fatalf("deepseek request %d: hit %d, want %d", i, got.Hit, wantDS)
			}
			got, err = an.Request(r)
			if err != nil {
				rt.Fatal(err)
			}
			if got.Hit != wantAN {
				rt.Fatalf("anthropic request %d: hit %d, want %d", i, got.Hit, wantAN)
			}
		}
	})
}

// TestPromptAppendOnly: rendering a growing session gives token sequences
// that extend each other, so an append-only host hits on every request, and
// the tokenizer is what Prompt uses.
func TestPromptAppendOnly(t *testing.T) {
	w, err := synth.Generate(synth.Options{Seed: 5, TargetChars: 40_000})
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := w.Session.Messages()
	if err != nil {
		t.Fatal(err)
	}
	ds := cachesim.NewDeepSeek()
	var prev []uint32
	for k := 1; k <= len(msgs); k++ {
		p := cachesim.Prompt("system prompt", msgs[:k], cachesim.ApproxTokens)
		if len(p) <= len(prev) || !slices.Equal(p[:len(prev)], prev) {
			t.Fatalf("prompt of %d messages does not extend the previous one", k)
		}
		r, err := ds.Request(p)
		if err != nil {
			t.Fatal(err)
		}
		if want := len(prev) / 64 * 64; r.Hit != want {
			t.Fatalf("request %d: hit %d, want %d", k, r.Hit, want)
		}
		prev = p
	}
	calls := 0
	counting := func(s string) []int { calls++; return cachesim.ApproxTokens(s) }
	if got := cachesim.Prompt("sys", msgs[:3], counting); calls != 4 || len(got) == 0 {
		t.Errorf("tokenizer called %d times for system + 3 messages", calls)
	}
}

// TestApproxTokens: one token per 4 bytes, equal text equal ids.
func TestApproxTokens(t *testing.T) {
	for _, tc := range []struct {
		s string
		n int
	}{{"", 0}, {"abc", 1}, {"abcd", 1}, {"abcde", 2}, {"部署令牌", 3}} {
		if got := cachesim.ApproxTokens(tc.s); len(got) != tc.n {
			t.Errorf("%q: %d tokens, want %d", tc.s, len(got), tc.n)
		}
	}
	a, b := cachesim.ApproxTokens("abcdabcd"), cachesim.ApproxTokens("abcdabce")
	if a[0] != a[1] || a[1] == b[1] {
		t.Errorf("ids %v %v", a, b)
	}
}

// TestBreakpointHandCases: a stable breakpoint lets a later request hit the
// prefix up to it even when what follows changed, which one end-of-request
// breakpoint cannot credit.
func TestBreakpointHandCases(t *testing.T) {
	sys := seq(1, 300)    // system prompt
	ck := seq(10000, 200) // a checkpoint after it
	tail1 := seq(20000, 700)
	tail2 := seq(30000, 500) // the tail rewritten by a fold
	r1 := cat(sys, ck, tail1)
	r2 := cat(sys, ck, tail2)
	// End-of-request only: r2 shares 500 tokens with r1 but no entry ends
	// there, so nothing hits.
	a := cachesim.NewAnthropic(cachesim.AnthropicOptions{})
	if _, err := a.Request(r1); err != nil {
		t.Fatal(err)
	}
	if res, _ := a.Request(r2); res.Hit != 0 || res.Written != len(r2) {
		t.Fatalf("end only: got %+v, want no hit and everything written", res)
	}
	// With breakpoints after the system prompt and after the checkpoint,
	// r2 hits the 500 tokens r1 wrote at its second breakpoint.
	a = cachesim.NewAnthropic(cachesim.AnthropicOptions{})
	if _, err := a.RequestAt(r1, []int{300, 500}); err != nil {
		t.Fatal(err)
	}
	res, err := a.RequestAt(r2, []int{300, 500})
	if err != nil {
		t.Fatal(err)
	}
	if res.Hit != 500 || res.Miss != 500 || res.Written != 500 {
		t.Fatalf("breakpoints: got %+v, want hit 500, miss 500, written 500", res)
	}
	// A changed checkpoint falls back to the system prompt entry.
	r3 := cat(sys, seq(40000, 100), tail2)
	if res, _ := a.RequestAt(r3, []int{300, 400}); res.Hit != 300 {
		t.Fatalf("changed checkpoint: hit %d, want 300", res.Hit)
	}
	// Entries below MinTokens are not written.
	a = cachesim.NewAnthropic(cachesim.AnthropicOptions{MinTokens: 400})
	a.RequestAt(r1, []int{300, 500})
	if res, _ := a.RequestAt(cat(sys, seq(50000, 600)), []int{300}); res.Hit != 0 {
		t.Fatalf("min tokens: hit %d, want 0", res.Hit)
	}
	// At most four breakpoints, inside the request.
	a = cachesim.NewAnthropic(cachesim.AnthropicOptions{})
	if _, err := a.RequestAt(r1, []int{100, 200, 300, 400}); !errors.Is(err, cachesim.ErrBadBreakpoint) {
		t.Fatalf("five breakpoints: err %v", err)
	}
	if _, err := a.RequestAt(r1, []int{len(r1) + 1}); !errors.Is(err, cachesim.ErrBadBreakpoint) {
		t.Fatalf("breakpoint past the end: err %v", err)
	}
}
