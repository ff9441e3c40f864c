// Package cachesim estimates provider prompt-cache hits for a sequence of
// requests, at token level, so that engines which rewrite the context can be
// compared on what they cost, not only on what they keep.
//
// Two models are provided:
//
//   - DeepSeek (context caching on disk): a request hits the longest prefix
//     it shares with any earlier request, counted in whole 64-token units:
//     hit = floor(LCP(request, any earlier request) / 64) * 64.
//   - Anthropic (explicit prefix cache): every request writes a cache entry
//     at each of its cache_control breakpoints: always one at the end of the
//     prompt (the usual placement on the last message) and, with RequestAt,
//     up to three more at stable positions the caller declares (the end of
//     the system prompt, the end of a summary or of a frozen checkpoint
//     prefix); a request hits the longest entry written by an earlier
//     request that is an exact prefix of it, if that entry is at least
//     MinTokens long. Partial matches hit nothing.
//
// Both run in O(tokens) per request (plus, for Anthropic, the earlier
// entries ending inside the matched prefix): requests are indexed in a trie
// of 64-token blocks whose contents are compared on every step, so results
// are exact, not subject to hash collisions. Requests may also be given as
// pre-computed block hashes (RequestBlocks); then blocks match on hash alone.
//
// Not modelled: time-to-live and eviction (every entry lives forever), cache
// write latency, and the 20-block lookback of Anthropic breakpoints (a hit
// may be any earlier entry on the request's path, not only one within 20
// blocks of one of its own breakpoints).
//
// A simulator is not safe for concurrent use.
package cachesim
