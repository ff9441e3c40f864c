// Package stats holds the small statistics the benchmark reports: percentiles
// of per-request measures, input cost at a cache price ratio, and the
// break-even cache price ratio between two engines.
//
// Prices are normalised to the provider's uncached input price: a missed
// token costs 1, a cache hit costs ρ (DeepSeek: about 0.1; Anthropic cache
// reads: 0.1), and a token written to cache may cost a premium on top of 1
// (Anthropic 5-minute writes: 0.25; DeepSeek: 0).
//
// All functions are pure and safe for concurrent use.
package stats
