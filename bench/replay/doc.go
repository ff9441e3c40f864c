// Package replay plays a recorded or generated session, step by step,
// against one compaction engine inside the hostshim model of the host, and
// records what the model would have seen at every request.
//
// A fresh session is built by re-appending the source's events in order
// (sourceEventSeqs remapped through an old→new seq map). The source's own
// compaction artifacts (compaction/start, summary, end, prune and every
// surface replacement) are skipped and counted: the engine under test does
// its own compaction. A model request happens right before each
// assistant/message append, because that is when the model saw the
// surface. Before each request the engine runs its automatic path as the
// host runs it: pressure first (the engine checks its own threshold), and
// overflow when the request is still larger than the window.
//
// At every request the driver prices the request (the latest request
// header's system prompt and tools plus every surface message) with the
// configured meter (a real tokenizer), turns it into a token stream for the
// prompt-cache simulators (package cachesim, DeepSeek and Anthropic
// models), measures how much of it stayed byte-identical since the previous
// request, and checks which planted facts (Probe) are visible.
//
// Token streams. The hostshim tokenizer counts tokens but does not expose
// token ids, so a message of n tokens is represented by n pseudo-token ids
// derived from a hash of the message's exact bytes. Identical messages give
// identical ids and different messages give different ids, so a cache hit
// is found exactly where a real tokenizer would find one at message
// granularity; what is lost is a partial hit inside a message whose bytes
// changed (at most one 64-token block per changed message, on the DeepSeek
// model).
//
// Summarizer stands in for the LLM that writes a compaction summary. It is
// scripted and deterministic, with personas (faithful, leaky, forgetful), so
// that summary quality is a controlled variable of the benchmark.
//
// Every number the driver records depends only on the session, the engine,
// the configuration and the seed, except fold latency (wall clock).
// Replay holds no state between calls; a Result is plain data.
package replay
