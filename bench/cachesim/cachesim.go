package cachesim

import (
	"fmt"
	"slices"
)

// Result is the cache accounting of one request, in tokens.
type Result struct {
	// Tokens is the request's prompt length.
	Tokens int
	// Hit is the prompt prefix read from cache.
	Hit int
	// Miss is Tokens - Hit: the prompt tokens billed at the full input
	// price.
	Miss int
	// Written is the tokens newly written to cache (Anthropic bills them
	// at a premium; DeepSeek does not bill writes, and so reports 0).
	Written int
}

// Add returns the element-wise sum of r and o.
func (r Result) Add(o Result) Result {
	return Result{Tokens: r.Tokens + o.Tokens, Hit: r.Hit + o.Hit, Miss: r.Miss + o.Miss, Written: r.Written + o.Written}
}

// Model is a cache model fed one request at a time.
type Model interface {
	// Request accounts one request's prompt and adds it to the cache.
	Request(tokens []uint32) (Result, error)
}

var (
	_ Model = (*DeepSeek)(nil)
	_ Model = (*Anthropic)(nil)
)

// Run feeds the requests to m in order and returns each one's result and
// their sum.
func Run(m Model, requests [][]uint32) ([]Result, Result, error) {
	out := make([]Result, 0, len(requests))
	var total Result
	for i, r := range requests {
		res, err := m.Request(r)
		if err != nil {
			return nil, Result{}, fmt.Errorf("request %d: %w", i, err)
		}
		out = append(out, res)
		total = total.Add(res)
	}
	return out, total, nil
}

// DeepSeek models DeepSeek context caching: the hit is the longest prefix
// shared with any earlier request, rounded down to whole 64-token units.
// The zero value is an empty cache ready for use. It is not safe for
// concurrent use.
type DeepSeek struct {
	t trie
}

// NewDeepSeek returns an empty DeepSeek cache.
func NewDeepSeek() *DeepSeek { return &DeepSeek{} }

// Request accounts a request given as token ids.
func (d *DeepSeek) Request(tokens []uint32) (Result, error) {
	if err := d.t.mode(false); err != nil {
		return Result{}, err
	}
	return d.request(blocks{hashes: BlockHashes(tokens), tokens: tokens}, len(tokens)), nil
}

// RequestBlocks accounts a request given as the hashes of its full 64-token
// blocks (see BlockHashes) and its total length in tokens, which must lie in
// [64·len(hashes), 64·len(hashes)+63]. Blocks match on hash alone.
func (d *DeepSeek) RequestBlocks(hashes []uint64, tokens int) (Result, error) {
	if tokens < len(hashes)*Unit || tokens >= (len(hashes)+1)*Unit {
		return Result{}, fmt.Errorf("%w: %d blocks, %d tokens", ErrBadBlocks, len(hashes), tokens)
	}
	if err := d.t.mode(true); err != nil {
		return Result{}, err
	}
	return d.request(blocks{hashes: hashes}, tokens), nil
}

func (d *DeepSeek) request(b blocks, n int) Result {
	path := d.t.walk(b)
	hit := (len(path) - 1) * Unit
	d.t.insert(b, path)
	return Result{Tokens: n, Hit: hit, Miss: n - hit}
}

// AnthropicOptions configure the Anthropic model.
type AnthropicOptions struct {
	// MinTokens is the shortest prompt that is cached (Anthropic: 1024 for
	// Sonnet and Opus, 2048 for Haiku). A shorter request writes nothing
	// and can hit nothing. Zero means no minimum.
	MinTokens int
}

// Anthropic models an exact-prefix cache with explicit breakpoints: each
// request writes an entry at each of its breakpoints (Request: one, at its
// end; RequestAt: up to MaxBreakpoints) and hits the longest entry an
// earlier request wrote that is an exact prefix of it (at least MinTokens
// long). Written counts the tokens beyond the hit. It is not safe for
// concurrent use.
type Anthropic struct {
	opts AnthropicOptions
	t    trie
}

// NewAnthropic returns an empty Anthropic cache.
func NewAnthropic(opts AnthropicOptions) *Anthropic { return &Anthropic{opts: opts} }

// MaxBreakpoints is how many cache_control breakpoints one Anthropic
// request may carry.
const MaxBreakpoints = 4

// Request accounts a request given as token ids, with one breakpoint at
// its end.
func (a *Anthropic) Request(tokens []uint32) (Result, error) {
	return a.RequestAt(tokens, nil)
}

// RequestAt accounts a request with explicit cache breakpoints: token
// offsets in (0, len(tokens)] where the request writes a cache entry for
// the prefix that ends there (cache_control on the block ending at that
// offset). The end of the request is always a breakpoint; at most
// MaxBreakpoints are allowed in all (duplicates and the end count once).
// The hit is the longest prefix of the request that an earlier request
// wrote at one of its breakpoints (at least MinTokens long); Written is
// the tokens beyond the hit, written once whatever the number of
// breakpoints.
func (a *Anthropic) RequestAt(tokens []uint32, breakpoints []int) (Result, error) {
	if err := a.t.mode(false); err != nil {
		return Result{}, err
	}
	n := len(tokens)
	bps := make([]int, 0, len(breakpoints)+1)
	for _, b := range append(slices.Clone(breakpoints), n) {
		if b <= 0 || b > n {
			if b == n {
				continue
			}
			return Result{}, fmt.Errorf("%w: breakpoint %d outside (0, %d]", ErrBadBreakpoint, b, n)
		}
		if !slices.Contains(bps, b) {
			bps = append(bps, b)
		}
	}
	if len(bps) > MaxBreakpoints {
		return Result{}, fmt.Errorf("%w: %d breakpoints, at most %d", ErrBadBreakpoint, len(bps), MaxBreakpoints)
	}
	b := blocks{hashes: BlockHashes(tokens), tokens: tokens}
	path := a.t.walk(b)
	hit := 0
	// An earlier entry of length L is a prefix iff its full blocks are on
	// this request's path and its tail equals the tokens that follow.
	for depth, nd := range path {
		off := depth * Unit
		if nd.entry && off > hit {
			hit = off
		}
		for _, tail := range nd.tails {
			if end := off + len(tail); end <= n && end > hit && slices.Equal(tail, tokens[off:end]) {
				hit = end
			}
		}
	}
	if hit < a.opts.MinTokens {
		hit = 0
	}
	res := Result{Tokens: n, Hit: hit, Miss: n - hit}
	if n >= a.opts.MinTokens && n > 0 {
		a.t.insert(b, path)
		full := a.t.walk(b) // every full block of the request, now indexed
		for _, bp := range bps {
			if bp < a.opts.MinTokens {
				continue
			}
			k := bp / Unit
			nd := full[k]
			if tail := tokens[k*Unit : bp]; len(tail) == 0 {
				nd.entry = true
			} else if !hasTail(nd.tails, tail) {
				nd.tails = append(nd.tails, append([]uint32(nil), tail...))
			}
		}
		res.Written = n - hit
	}
	return res, nil
}

func hasTail(tails [][]uint32, t []uint32) bool {
	for _, x := range tails {
		if slices.Equal(x, t) {
			return true
		}
	}
	return false
}
