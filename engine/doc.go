// Package engine is the EpistemicFoldEngine (EF-RFC-001 §9, §10, §19): a
// hostshim.CompactionEngine that folds spans of a session out of the active
// context into immutable checkpoints, inside the host's own compaction
// transaction, keeping the frozen prefix byte-stable for the provider's
// prompt cache.
//
// # Which call folds
//
// An Engine is a hostshim.CompactionEngine; which method to call depends on
// who decides that a fold happens. A host loop that appends events to a
// live session calls CompactIfNeeded after each append: it folds only under
// pressure, which needs
// Policy.ContextWindow (else ErrNoWindow), or at a provider-confirmed
// overflow, and returns nil, nil when no fold was due; the package store's
// Example_hostLoop shows that loop. CompactNow is the user's manual
// /compact: one root fold of everything after the system head, earlier
// checkpoints included ("Root fold" below), outside a turn.
// CompactRegion folds an exact span [start, end] the caller names. Fold is
// the general call beneath them, one fold of an explicit FoldRequest (the
// mode, owner and budget chosen by the caller, as ef fold does at the end of
// a finished log; Plan shows the span it would take without folding).
// CompileHosted is for the other direction, when the host itself opened the
// compaction bracket (DSH's plugin protocol, served by package sidecar):
// it only compiles the checkpoint for the host's span and returns the
// summary the host commits.
//
// # Flow
//
// Every fold is plan → pre-validate → host bracket → compile → commit:
//
//  1. Plan (policy chooses). The planner measures the surface with the host
//     meter, re-locates the fold frontier from the surface (LocateFrontier)
//     and picks a span for the mode (leaf, root, emergency).
//  2. Pre-validate (validator vetoes). B, T and G run against the surface
//     before any event is appended; a veto leaves the log untouched.
//  3. The host's transaction (hostshim.Transaction) validates the region,
//     appends compaction/start (the lock) and calls the summarize hook.
//  4. Compile is that hook. It extracts the shadowed messages byte-exact,
//     renders the deterministic checkpoint text (and appends a semantic
//     digest when a Summarizer is set and it fits; the same call's
//     proposals are admitted into the state only as the projection
//     verifies them against the log, modelprop.go), checks R, writes and
//     verifies the bundle (Archive.Put), re-runs the validator with the
//     receipt (P) and only then returns the summary. Nothing is visible
//     before the hook returns, so BundleDurable ≺ SurfaceLoss (§6).
//  5. The host frames the summary, checks shrink and stability and commits
//     compaction/summary, the checkpoint user/message and compaction/end.
//
// An archive failure makes the hook fail: the bracket closes with an error
// and the surface is unchanged. A failure after Put (a final veto, the
// host's shrink or stability check) leaves an orphan bundle for GC. Without
// an Archive the fold still runs (fail soft, §24): P is waived and the
// checkpoint says exact recall is unavailable. The session log never depends
// on EF's files.
//
// # Frontier
//
// Each checkpoint text starts with a marker line
//
//	[ef-checkpoint id=<checkpoint id> mode=<mode> seqs=<first>-<last>]
//
// The frozen prefix is the run of head nodes that are system/developer
// messages or checkpoints; the frontier is the position after it, and
// FrontierRef names it by identity (latest frozen checkpoint id and its
// surface seq). It is recomputed from the surface on every plan, never
// stored as a position, so restarts, root folds and other engines'
// compactions cannot leave it stale.
//
// # Leaf fold (§9.1), pressure
//
// With W = ContextWindow and total = the host's estimated request (the
// latest request header's system prompt and tools plus every surface node,
// by the host meter, as the host's TokenMeter.measure prices it):
//
//	threshold = ⌊W × ThresholdRatio⌋              (0.8)  fold when total ≥ threshold
//	target    = ⌊W × TargetRatio⌋                 (0.2, see "Choosing the target")
//	need      = total − target
//	overhead  = host price of an empty framed checkpoint (preamble, marker,
//	            header and recall lines)
//	floor     = max(FoldFloorTokens (W/32), FloorOverheadFactor (4) × overhead)
//	goal      = max(floor, need)
//
// The span starts at the frontier and grows node by node; it ends at the
// first balanced cut where it reaches goal, but never enters the retained
// tail (the shortest suffix worth the retained tokens, see "Holding the
// prompt cache") or an unfinished step. A span below floor is not folded: it would reclaim less than a few
// checkpoints' worth and still break the prompt cache after its start.
// Earlier checkpoints stay byte-identical: the replacement is positional and
// starts after them.
//
// Leaf checkpoints accumulate: each fold adds one checkpoint right after
// the frozen prefix, so the prefix up to it stays cached.
//
// # Holding the prompt cache
//
// A provider's prompt cache serves the longest prefix a request shares
// with an earlier one. Between folds every request hits all of the
// previous one and misses only what is new; a fold rewrites the surface
// after its start, so the request after it misses the new checkpoint and
// whatever follows it. The bench (ef bench, "prompt tokens after the
// frozen prefix, by cause") splits the misses: messages sent for the
// first time ("new"), which no policy can serve from cache, checkpoints,
// and nodes the cache held that a fold moved ("resent").
//
// Every request sends, after the cached prefix, the messages appended
// since the model's previous request: its latest answer and what followed
// it (tool results, a new user message). Those miss whether or not a fold
// runs. So a retained tail that starts at the model's latest answer
// (RetainRequests 1) costs a fold nothing beyond its checkpoint: the tail
// is re-sent only in the sense that it is sent for the first time. Each
// earlier answer kept in the tail is re-sent uncached by every fold and
// carried by every request until the next. The tail is at least
// min(W/64, 256 tokens) (continuity when the latest answer is tiny: that
// need does not grow with the window, while what the floor holds beyond
// the answer is re-sent behind every leaf fold's checkpoint; at 64K, W/64
// re-sent 409 tokens a fold, as much as the checkpoint) and at most 16% W
// (the host's retainRatio); RetainTokens fixes it.
//
// The pressure policy is an economic order quantity. With n the pace
// (surface tokens per request since the frontier), R what a fold makes
// the next request miss that it would not have missed anyway (the
// checkpoint, about the size of the frozen leaf checkpoints, and the part
// of the retained tail the cache held), C0 the
// request right after a fold (header, system head, frozen checkpoints,
// checkpoint, tail) and ρ = CachePriceRatio, a fold cycle that lets the
// span grow by G costs, per new token,
//
//	1 + R/G + ρ·(C0 + G/2)/n
//
// (the new token itself, the fold's misses spread over the cycle, and the
// cached prefix every request carries). It is smallest at
//
//	G* = √(2·n·R/ρ)
//
// so a pressure fold runs when the surface reaches C0 + G* (at least the
// fold floor past C0), or ThresholdRatio × W if that comes first (the
// hysteresis between folds is G*: the fold takes everything between the
// frontier and the retained tail, so the next one waits until G* has
// grown again), and it folds everything between the frontier and the
// retained tail: one large fold, not several small ones. A smaller ρ
// gives fewer, larger folds; on a small window the threshold comes first;
// on a large one EF folds long before 0.8 W, because a request that
// carries 50K cached tokens pays for them every time.
//
// Checkpoints go right after the frozen prefix, so everything before the
// fold point stays byte-identical; merges (below) are the only folds that
// start at the system head. The frozen checkpoints ride along in every
// request too: they are merged once what accumulated after the largest of
// them (the last root, about what a merge writes again) outweighs one
// economic fold, max(G*, floor), or MergeRatio × W, whichever is less, or
// once all of them pass 2 × MergeRatio × W. A root restates its parents,
// so roots grow over a long session; bounding the whole load by
// MergeRatio × W made a root grown near the bound be rewritten to remove
// a single leaf checkpoint, merge after merge. R counts a leaf
// checkpoint, not the average frozen one: a root is several times a leaf
// and rarer, and counting it sized every leaf fold for a root's re-send.
// A semantic digest is an LLM call whose output costs about four
// uncached tokens per token, as much as a leaf fold's whole re-send; only
// root folds (merges, /compact) ask for one unless DigestLeaves is set.
//
// A hit-rate goal is not a cost goal. A conversation whose hit rate is h
// sends at least N/(1−h) prompt tokens, N the tokens sent for the first
// time, so it costs at least N·(1 + ρ·h/(1−h)): keeping more of the
// context cached means carrying more context. The bench's sweep prints
// that floor beside every run (ef bench --sweep, "cost floors").
//
// HitTarget h sizes folds for a hit rate instead. A cycle of span G sends
// G/n requests of C0 + j·n tokens and misses the G new tokens, the fold's
// R and, since a provider's cache hits whole blocks (64 tokens), about
// half a block a request (u = 32), so its hit rate is
// 1 − (n·R + (n + u)·G)/(G·(C0 + G/2)), growing with G; the smallest G_h
// that reaches h is the positive root of
// (1−h)/2·G² + ((1−h)·C0 − (n + u))·G − n·R = 0, from the session's own n,
// R and C0. The fold waits for C0 + max(G*, G_h) when that fits under the
// threshold; when it does not, it waits for the threshold: the largest
// cycle the window allows is the nearest the frontier lets a session come
// to the target. (Until this change it fell back to G*, the cost optimum,
// and the session stayed far below a target it had asked for.)
//
// A target is per session; a goal over a corpus is not. On the real bench
// corpus at 32K the sessions with a slow pace (n ≈ 200-500 tokens a
// request) reach h = 0.95 with a G_h fold and stop there (94.8-95.1%),
// while the long sessions with a fast pace (n ≈ 1,000-1,200), which carry
// most of the prompt tokens, stay at 91-93% even when they fold only at
// the threshold; the corpus lands at 93.2%. A corpus-wide rate needs every
// session to fold as late as it can: h close to 1 (0.99) folds at the
// threshold everywhere, and the frozen checkpoints are then the only part
// of C0 that stays cached. Measured in docs/bench-sweep.md ("Holding the
// prompt cache, and what the frontier allows"): 32K reaches 95% only with
// the threshold raised to 0.85 W, at about 0.80 × Basic; 16K stays near
// 91%, and the forgetful persona's cost there passes 0.7 × Basic. So the
// target is off by default.
//
// What the frontier forbids, and why EF keeps it (§9.1, §10). A leaf fold
// starts at the frontier, the end of the run of checkpoints after the
// system head, and leaves everything before it byte-identical. Two
// guarantees rest on that: prefix locality (no leaf fold changes a byte
// before its checkpoint) and recency (the verbatim part of the surface is
// one contiguous suffix of the history, the newest; everything older is
// in checkpoints, and the projection's hot tail (§3.3, §4.3) is exactly
// that suffix). The hit rate a window allows is bounded by how much
// cached context each request carries: by the cycle model, 93% at 16K
// (n ≈ 650) needs about 7K of it ahead of every cycle. Checkpoints
// appended after a stable block of older verbatim messages (system,
// checkpoints, raw block, new checkpoint, tail), or a fold that replaces a
// span in the middle, would keep prefix locality — better than today — but
// break recency: the model would see old messages verbatim while newer
// ones are folded, the frontier would no longer divide folded history from
// verbatim, and the next leaf fold "from the frontier" would have to fold
// the old block and the checkpoint after it together. Where the measured
// economics and the spec pull apart, the spec wins: EF does not build that
// layout. What the frontier allows is used instead: the frozen checkpoints
// are the stable block (cached by every request until a merge), folds take
// everything up to the retained tail so nothing is re-sent, and a hit
// target moves the fold point as late as the window allows. Where the
// target's cycle does not fit, the frozen checkpoints are also the only
// part of the request after a fold that the cache still holds, so the
// leaves after the last root are merged only past MergeRatio × W (or the
// whole frozen load past twice that), not past one economic fold: on the
// real corpus at 16K (faithful, HitTarget 0.99, threshold 0.85 W) 91.27%
// → 91.54% billed, merges 35 → 21 (docs/bench-sweep.md).
//
// Measured (ef bench, seed 0, total cost at ρ = 0.1 in uncached input
// tokens, summarizer calls included; the real corpus is the shared one,
// 194 sessions, forgetful persona, window 16K; "before" is a retained tail
// of two requests' worth at the session's pace and merges at min(0.25 W,
// G*)):
//
//	                              before                  after
//	real  EF / Basic              9.15M / 11.11M = 0.82   7.98M / 11.11M = 0.72
//	      prompt tokens           42.24M                  33.40M
//	      re-sent per leaf fold   803                     60
//	      checkpoint per leaf     461                     432
//	      cache hit (conv)        87.5%                   85.3%
//	built-in (faithful) EF / mask 752K / 841K             622K / 841K
//	      planted items at end    140 of 159              140 of 159
//
// The misses after the change are the first-sent messages (4.12M, the
// same for every policy), the leaf and root checkpoints (0.28M, 0.25M)
// and almost nothing re-sent; the cached rest is the context every
// request carries, half of it the frozen checkpoints (2.4K tokens a
// request). The hit rate falls where the cost falls: the first-sent
// messages are a larger share of a smaller prompt. --ef-rho 0.02 sizes
// folds for a cheaper cache: larger prompts, a higher hit rate, a higher
// cost at ρ = 0.1.
//
// Roots restate their parents, so on a long session they grow (on the
// real corpus at 16K, from 0.6K to 3.5-4.5K tokens by the fifth merge).
// While merges were due when the whole frozen load passed min(0.25 W,
// r + G*), a root near 0.25 W was rewritten after one or two leaf folds
// ("…RlRllRlR"), and R, the average frozen checkpoint, counted the root,
// so leaf folds were sized for a root's re-send. Counting what follows
// the root, and a leaf checkpoint as R (same corpus and persona, 16K):
//
//	                              before                  after
//	real  EF / Basic              7.97M / 11.11M = 0.717  7.64M / 11.11M = 0.688
//	      folds leaf / root       645 / 113               898 / 125
//	      span per leaf fold      5.3K (median 4.6K)      4.0K (median 3.3K)
//	      prompt tokens           33.29M                  29.37M
//	      frozen checkpoints      2.41K a request         2.57K a request
//	      summarizer calls cost   0.21M                   0.19M
//	      cache hit (conv)        85.2%                   82.9%
//
// The sweep over windows, personas and corpora is in docs/bench-sweep.md.
//
// # A fold must pay for itself
//
// The fold floor bounds a span's size, not what folding it saves: a merge
// restates its parents, and at a small window one came to 2044 → 2043
// tokens, one token saved for a summarizer call and the prompt cache after
// the system head. So every pressure fold (leaf or merge; CompactIfNeeded,
// ef fold's replay, and inside DSH the sidecar's fold/plan through
// PlanContext with Threshold and its fold/compile through CompileHosted
// with HostedFold.Pressure) drafts its deterministic checkpoint before the
// host's transaction opens, as compile will render it, and must save at
// least
//
//	R = the checkpoint + what follows the span that the cache held
//	    (not the model's latest answer and what followed it: those
//	    miss the next request anyway)
//	S = the input of the fold's summarizer call, when it makes one (a
//	    root, or a leaf with DigestLeaves, on an engine with a
//	    Summarizer): ρ · the conversation up to the span's end, which
//	    the integration sends again as a prefix the cache holds, + the
//	    instruction the engine adds (the request for the model's
//	    proposals), which it does not
//	M = ⌈((1 − ρ) · R + S) · n / (ρ · W)⌉
//
// The fold makes the next request miss R tokens it would have read at ρ,
// (1 − ρ)·R more, and its summarizer call reads S; each later request
// carries the saving g fewer tokens,
// ρ·g less. A saving stays until a later fold rewrites it (leaf
// checkpoints stay frozen, a root restates them), and M counts one
// window's worth of requests at the session's pace, W/n: a fold that does
// not repay its misses while the session fills the window once is not
// worth them. M is at most the fold floor: on a cheap cache (ρ → 0) it
// would grow without bound and put every fold off until an overflow,
// whose answer is the lossy emergency fold; a fold that saves a floor's
// worth is made. When the next request would overflow the window (the
// request plus one more at the pace n is over W) the fold buys room, whose
// other answer is the emergency fold, and M is the price of an empty
// checkpoint, as it is without the economics (ρ ≤ 0, no window, no pace):
// a fold must at least save its own frame. A fold that saves its M only
// without the summarizer call (S = 0) is made without it: no digest is
// asked for, and the report says why. The call's output, unknown before
// it is made, is not counted.
//
// A checkpoint whose full form saves less than M is rendered in its
// minimal form (the state section stays); a merge that still saves too
// little gives way to the leaf fold of its span alone, which must pass
// the rule too; otherwise the fold is skipped before any event is
// appended or any bundle written (FoldReport.Skipped: "would save N
// tokens (< minimum M: …)", FoldReport.MinGain). A digest or the
// summarizer's proposals, known only inside the transaction, are kept
// only while the fold still saves its M; else the deterministic
// checkpoint, which the draft measured, is committed. Explicit folds (a
// root fold or /compact, a region, a leaf fold without pressure), the
// leaf folds at an overflow and emergency folds are the caller's or the
// window's decision and are not held to M.
//
// # Merge (rare rebase)
//
// Accumulated checkpoints would grow without bound on a long session (on
// the real bench corpus their load reached 13K of a 16K window and forced
// emergency folds). So, with merge = ⌊W × MergeRatio⌋ (0.25): when the
// frozen checkpoints (at least two) are worth more than merge (with the
// economic trigger on: those after the largest, the last root, or all of
// them past 2 × merge; see above), the next pressure fold starts at the
// system head and folds them, with its span, into one root checkpoint
// (the rare rebase of §9.2: "极低频 rebase"). It invalidates the cache
// after the system prompt once; the root restates its parents' sections
// (user messages: the first ones and the newest), so the frozen prefix
// stays bounded by about one root + merge, and 2 × merge in all.
//
// # Overflow
//
// A context overflow first runs pressure leaf folds (at most MaxLeafFolds)
// and stops when the whole request, by the TokenMeter, is within W. Only
// when leaf folds cannot make room (a recent message nearly as large as
// the window, an unfinished step, a vetoed fold) does the emergency fold
// below run.
//
// # Choosing the target and the merge
//
// TargetRatio trades a smaller mean context (cheaper misses) against more
// folds; MergeRatio trades a bounded frozen prefix against rebases. The
// bench (ef bench, EF alone, window 16,384, faithful persona, semantic
// digest on) swept them; cost is the total at ρ = 0.1 in uncached input
// tokens (conversation + summarizer calls, output at 4×); "built-in" is
// the default corpus (probes visible at the end of 110), "real" the shared
// corpus (194 sessions). Rows were measured over successive commits of
// this change; the ones marked * with the final checkpoint text.
//
//	target merge | built-in cost probes | real cost  emergency ckpt-load peak
//	0.60   off   |  993K    95          | 15.79M     59
//	0.50   off   |  955K    95          | 14.92M     57
//	0.45   off   |  936K    95          | 14.55M     56
//	0.40   off   |  936K   102          | 14.27M     57        13.4K
//	0.35   off   |  921K   102          | 14.11M     55        13.4K
//	0.30   off   |  918K   102          | 13.98M     55        13.4K
//	0.25   off   |  917K   102          | 13.95M     54        13.4K
//	0.20   off   |  914K   102          | 13.84M     54        13.4K
//	0.25   0.15  |  998K    90          | 12.92M     11         4.9K
//	0.30   0.30  |  920K    97          | 13.08M     13         6.4K
//	0.25   0.30  |  918K    98 *        | 12.87M     13         6.7K
//	0.25   0.25  |  913K    98 *        | 12.81M     12         5.5K
//	0.20   0.40  |  914K   102          | 12.92M     22         8.2K
//	0.20   0.30  |  912K    98 *        | 12.77M *   14         6.8K
//	0.20   0.25  |  913K   100 *        | 12.70M *   12         5.7K
//
// Lower targets are cheaper on both corpora (flat from 0.2 to 0.3); the
// merge saves 8% on the real corpus (fewer emergency folds) and costs a
// few probes on the built-in one (a root keeps at most 1.5 × ListItems of
// each section). The defaults are target 0.2, merge 0.25.
//
// # Root fold (§9.2, §20)
//
// /compact (CompactNow) folds everything after the system head up to the
// last balanced cut before any unfinished step, earlier checkpoints
// included. The root text restates its parents' sections (parsed back from
// their text, their semantic digests included as an unverified narrative
// section; an emergency fold restates them the same way) and the bundle lists them in Parents, so exact content stays
// recallable across generations.
//
// Restated text was true when it was written; a value set there may have
// changed since. Every fold judges what it restates (the parents'
// narrative, a digest merging their lines, the user's requests, the state
// lines quoting a message) against the projection's current values
// (projection.ValueCheck, supersede.go): narrative that gives a key a
// superseded value is left out (an emergency fold's drop manifest lists it
// with reason "superseded"; the bundles keep it), and in what must stay the
// old value is marked as replaced, "timeout = 90 → 60 (since seq 172)", so
// no checkpoint shows an old value as current beside the new one (§14).
//
// # Emergency fold (§9.3)
//
// On a context overflow, with a hard budget B in TokenMeter tokens (the real
// tokenizer) for the whole request after the fold (header + surface):
//
//	H     = the request header (system prompt, tool schemas) and system
//	        nodes at the head: what no fold removes
//	minC  = price of the smallest emergency checkpoint
//	tailB = ⌊(B − H − minC) × EmergencyTailRatio⌋          (0.5)
//	T     = the longest balanced suffix ≤ tailB that leaves a node to fold
//	        (else the shortest balanced suffix, which must fit B − H − minC)
//	Cb    = B − H − T                                 checkpoint budget
//
// The checkpoint is filled in priority order — recent user messages
// verbatim, the parents, open failures, decisions, files, commands, resolved
// errors, questions, the narrative of folded checkpoints' digests, the tool
// tally — greedily, then measured exactly (token
// meter ≤ Cb, host meter below the span) and trimmed from the lowest
// priority until it fits. So H + C + T ≤ B by construction (the token meter
// prices each message on its own, so the sum is exact). It needs no LLM,
// is a pure function of the surface, the budget and the ids, and lists in
// its drop manifest (text line, bundle, FoldReport) every fact it cut.
//
// On a live session (prices and facts kept as messages arrive) the fold
// reads each message of the span once more, to hash it: each message's
// canonical form is made when the engine first reads it (bundle.Encode),
// the span's hash is computed from those once (bundle.NewContentOf, after
// checking each message's bytes against the encoding's copy) and the store and the
// validator's P each check their bytes against it instead of hashing
// again; B walks the span once per fold (the walk is kept with the
// session); the greedy pass weighs candidates by the token meter's bound
// (tokenizer.Meter.MaxTextTokens, without encoding) while the bounds fit
// and counts from the first that does not, so it keeps what counting all
// of them keeps. BenchmarkEmergencyFoldWarm1M prints a 1M-token fold
// beside its floor, wall and CPU time.
package engine
