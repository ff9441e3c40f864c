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
// Summarizer calls. An engine that calls a summarizing LLM (Basic for
// every fold, EF for its optional semantic digest) pays for it; the
// conversation's requests do not show it. A SummaryCallRecorder engine
// lists its calls, and the driver prices each as a request of its own:
// the header and the surface as it was when the call was made, up to and
// including the last message of the summarized span (a competent
// integration sends the conversation so far, so the prompt is a prefix of
// the conversation's own request and mostly hits the cache), then a fixed
// instruction of InstructionTokens. It goes through the same DeepSeek and
// Anthropic simulators as the conversation (and so also warms them). Its
// output tokens are priced at Metrics.OutputPrice uncached input tokens
// each (default 4: DeepSeek's list prices put output at about four times a
// cache-miss input token; Anthropic's ratio is five). Metrics.Cost is the
// total: ConversationCost + FoldCost. Calls whose span the driver cannot
// find (a failed call whose messages are unknown) are priced as the whole
// current surface plus the instruction.
//
// Anthropic breakpoints. Anthropic caches at cache_control breakpoints (at
// most four per request). Every engine gets the placement a competent
// integration uses: the end of the request (the last message), the end of
// the system prompt (the header and any system or developer nodes at the
// head), and the end of the run of checkpoints or summaries right after it
// (Basic's rolling summary, EF's frozen checkpoints, none for masking and
// no compaction). A request hits the longest prefix an earlier request
// wrote at one of its breakpoints. The same rule serves every engine; an
// engine whose head is stable gets credit for it.
//
// How probes are judged. A probe is judged on the text the model would see:
// every surface message, in surface order, split into statements (each
// sentence of each line, read with its section heading, so a bullet under
// "Open failures:" carries that heading). A statement is about a probe
// when it names the probe's subject (Probe.Key; a fact's own identifier)
// and says something about it: a value (superseded settings, replaced
// decisions), or a state in ordinary words of English or Chinese (a rule
// in force or lifted; a failure open or fixed, "unverified" and "claimed"
// meaning still open; a hypothesis hedged or called established; an
// obligation pending; an approach ruled out). Values are matched as whole
// words ("60" is not in "600" or "60.5"); a value right after "from",
// "was", "instead of", 从, 不再使用 or right before "→", "to", 改成 is
// marked replaced, any other mention states it as current. At a check:
//
//   - visible: some statement states the probe's current state (for a
//     lifecycle, the state at that request: a failure is open until its
//     own passing run, a rule in force until its lift);
//   - stale: the last statement that counts states another state and not
//     the current one, or one message states the current value and an
//     old one as current without marking the old one replaced (an old
//     value shown beside the new one without saying which is current).
//     Statements in the assistant's own messages, and in sections a
//     checkpoint labels narrative ("not verified state"), do not count for
//     failures and hypotheses: their state moves only on evidence
//     (EF-RFC-001 §15, §17). A checkpoint's other text counts in full;
//   - authority: a probe with an Authority domain (a rule in force, a
//     current decision or rejected approach, an open failure or
//     obligation) is lost at a check when the message that stated it is
//     no longer on the surface (folded or pruned) and it is not visible.
//
// The RFC §26 figures are Metrics.AuthorityLossRate (lost / binding
// checks), Metrics.StalenessRate (stale / checks), the projection memory
// of ProjectionReporter engines (n/a for the others) and the probes
// visible at the end. The judge accepts any fair rendering and refuses
// the wrong one; it does not look for the generator's sentences.
//
// Summarizer stands in for the LLM that writes a compaction summary. It is
// scripted and deterministic, with personas (faithful, leaky, forgetful), so
// that summary quality is a controlled variable of the benchmark.
//
// Every number the driver records depends only on the session, the engine,
// the configuration and the seed, except fold latency (wall clock).
// Replay holds no state between calls; a Result is plain data.
package replay
