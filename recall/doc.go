// Package recall is how a model gets back what a fold took out of its
// context (EF-RFC-001 §7–§8): context_search finds checkpoints and archived
// messages by words, phrases, prefixes, Chinese text, file paths, tool
// names and checkpoint ids; context_recall returns a checkpoint's summary,
// a one-line-per-message detail view, or the archived messages byte-exact.
// Every answer is bounded by a token budget and says how to ask for the
// next page.
//
// # Source and index
//
// The bundles are the truth; recall reads them through Source, a small
// interface declared here (package recall/bundlesource adapts the bundle
// store to it). The search index is a derived cache of the bundles: it can
// be deleted at any time and Sync rebuilds an equivalent one. One index
// covers a whole store root (StoreIndexDir: "<root>/.recall", created 0700
// because it holds copies of archived text, EF-RFC-001 §25); session scope
// is the same index filtered by a session term, project scope is the whole
// index.
//
// The index is a bleve scorch index on disk with BM25 scoring. BM25's
// statistics (document count, average text length) come from the
// watermark rather than from bleve, whose estimate depends on how scorch
// happened to merge its segments; so a score depends on the indexed content
// only, and an index rebuilt from the same bundles answers identically.
// Ties are broken newest first by a small top-N collector of our own that
// looks up a match's order (its checkpoint's time, by the checkpoint key
// in its id, from the watermark; then its message index) only when it
// ties with another it is compared with, or is kept to the end (bleve's
// score-then-field sort loads a sort field's doc values for every
// match).
//
// The index holds one document per checkpoint (its rendered text) and one
// per archived message (its text, tool names, file paths and artifact
// names taken from tool calls, tool results and attachments). A message's
// text is what hostshim.Message.Text gives: text and reasoning blocks, tool
// names with their arguments, tool-result content; at most
// Options.MaxIndexedBytes of it is indexed. Messages that are not hostshim
// messages are indexed as their raw JSON text. A document's id is a short
// key of its checkpoint (which the watermark names and dates) and its
// message index; what a hit shows besides (role, fold mode, tools, error
// flag) is stored with its text.
//
// Text is analyzed once, by one analyzer for both languages: Unicode word
// breaks (emoji kept as words), width folding, lower case, English
// possessives, CJK bigrams, then English (Snowball) stemming, which leaves
// the bigrams alone, of the words up to 64 bytes (the stemmer is quadratic
// in a word's length; a longer word is a run, a hash or base64, indexed
// as it is). So "failing" finds "failed", 移动光标 is the bigrams
// 移动 动光 光标 matched as a phrase, and mixed text and mixed queries work
// in one field. Documents also index each word's identifier parts, with
// no position (parser_test.go: parser_test, go, parser, test;
// parseConfig: parse, config), so a word finds the identifiers built from
// it; phrases match whole words; queries are not split (words.go). The
// string values of JSON (tool-call arguments, a text that is a JSON
// document) are indexed unescaped (extract.go). (Two fields, "en" and
// "cjk", would double the index for no gain in recall.) Documents are
// analyzed by the goroutines that read the bundles, ahead of the batch
// that writes them, straight into the term frequencies bleve writes, with
// a fast path for ASCII text that gives the same terms (terms.go), and
// stems are memoized. An empty index (new, rebuilt,
// or after a schema change) is filled by bleve's offline builder, fed by
// one goroutine per core, whose segments are merged once and swapped in
// (bulk.go). The texts
// of a checkpoint are stored once, compressed together on its checkpoint
// document (texts.go), for snippets; the text keeps term positions for
// phrases, but not byte offsets: a snippet analyzes the few texts shown
// again to find its matches. Only
// the fields a query reads are indexed (the session filter, checkpoint
// ids, tool names, paths, the text); no doc values, no _all field, no
// dynamic fields.
//
// # Watermark, reopen and rebuild
//
// The index stores, inside itself, a watermark: for each session, the
// sorted list of indexed checkpoint ids with their logical hash, file
// hash, message count and text token count (internal key "ef/wm/<session>", and the session list under
// "ef/sessions"), plus the schema version ("ef/schema"). Each checkpoint's
// documents and its session's new watermark are written in the same bleve
// batch, so after a crash the watermark never claims a checkpoint whose
// documents are missing. Batches are committed without waiting for the
// disk (scorch persists them in order in the background while the next
// one is analyzed); Sync, Add and Rebuild wait for all of them to be on
// disk before returning, and a crash before that loses a suffix of batches
// with their watermark, which the next Sync redoes. Checkpoints are read
// and turned into documents by GOMAXPROCS×2 goroutines ahead of the one
// goroutine that builds batches (a bleve Batch is not goroutine-safe).
//
// Sync compares the watermark with the Source: checkpoints it lacks (or
// whose logical hash differs) are indexed, those the Source no longer has
// (a GC, a deleted session) are removed, and those the Source reports
// unavailable are skipped and retried next time. The engine calls Add for
// each bundle it writes; the CLI calls Sync before searching, and ef serve
// before every tool call, so a Sync that finds nothing to do must cost
// about a directory listing: a Source that is a NameLister (the bundle
// store, whose file names hold the SHA-256 of their immutable bytes) lists
// checkpoints by name, and only those that are new or whose file hash
// differs from the watermark's are read (a watermark without file hashes,
// from before they were kept, has each header read once); a Sync that
// changes nothing writes nothing.
//
// What other processes archive into a shared store can be indexed before
// the search that needs it: SyncBackground does Sync's work in a
// goroutine (recall/bundlesource's Follow runs it when the store's
// directories change) and gives way to every other write of the index: a
// write cancels the pass, which commits the whole checkpoints it has in
// its batch (batches of 256 documents, each waited for on disk) and
// stops, so the write waits for at most one small batch. It indexes what
// Sync would, through the same writer; it never bulk-builds.
//
// Open checks the index before use: it must open, carry the current schema
// version, hold exactly as many documents as its watermark counts, and not
// be behind the generation recorded in the file "ef-generation" beside it
// after every committed batch (scorch silently falls back to an older
// snapshot when a newer one's segments are gone; the older state is
// consistent with its own watermark, so only the generation tells). An
// index that fails any check (a torn or garbled file, a deleted or
// truncated segment, an older schema) is removed and created empty, Rebuilt
// says why, and the next Sync refills it from the bundles. A directory locked by another
// process fails with ErrLocked after Options.LockTimeout instead of
// blocking.
//
// # Query syntax
//
// Words separated by spaces must all match, except English stop words
// (the Snowball list: "what", "is", "the", "which"…), which only add to
// the score of the documents holding them, unless the query has nothing
// else: "what is the deploy token" means "deploy token", ranked. "Double
// quotes" make an exact phrase; word* is a prefix of at least two
// characters. Each word is also matched exactly against checkpoint ids,
// tool names and file paths (a path is indexed with its tails, so
// src/main.rs finds crates/x/src/main.rs); a word with punctuation such as
// error[E0308] or Cargo.toml is matched as the phrase of its tokens.
// Chinese needs two characters or more (bigrams). Case and English word
// forms are the analyzer's: "decision" finds "Decision:". Queries are
// limited to MaxQueryBytes bytes and MaxQueryClauses terms; an empty,
// oversized or malformed query is an error (*QueryError) saying what is
// wrong and where.
//
// When no document holds every word, the search falls back to the
// documents holding the most of them (partial.go): quoted phrases stay
// required, at least one other word must match (a query of stop words only
// has no fallback), and the result says so (SearchResult.Partial) and
// names the words each hit lacks (Hit.Lacks). Total counts every match in
// scope: of every word, or in a fallback of some.
//
// # Ranking
//
// Hits are ordered, in a fallback first by the number of words they hold,
// then in three groups, each by BM25 score, newest first among equal
// scores:
//
//   - messages that state what was searched for;
//   - derived text: checkpoint summaries, and archived messages that are a
//     checkpoint's summary (a root fold archives the checkpoint messages of
//     the folds before it). A summary is a short copy of what messages
//     said, so BM25 put it above the message it was made from. These
//     documents carry a rank term, read in step with the matches by the
//     collector (collect.go), so they rank after every message that
//     matches however many there are;
//   - messages of the user or the assistant whose every sentence holding a
//     match asks rather than states ("…then tell me the deploy token.",
//     "Which database should we use?"; Hit.Question): told at search time
//     among the best matches by closed-class words and question marks
//     (asks.go), never by the words searched for.
//
// Copies fold into one hit (Hit.Copies counts the others): a message a
// later fold archived again (or that was said again in the session, word
// for word) is shown as its earliest copy, and a checkpoint's summary
// archived by a later fold as the checkpoint itself. The collector ranks
// the same best matches whatever the limit (searchPool), so that a page is
// the start of a longer one with the same counts; their texts are loaded
// only as far as the first limit hits depend on them (arrange). A
// checkpoint document stores its messages' copy prints (a hash of role,
// tools and text), by which copies are told without loading their texts:
// of a message's copies, only the one shown is loaded.
//
// What only echoes the archive is not indexed: the arguments of
// context_search and context_recall calls (the model's own query or ref)
// and their results (snippets and copies of archived messages, indexed
// where they were first archived), by whatever name a host gives the tools
// (context_search, mcp__<server>__context_search…; see isEchoTool). A
// search's result had become the best hit for the fact it found. Such
// messages stay findable by their tool's name.
//
// # Refs, depths and budgets
//
// A ref is "<checkpoint>[#<message>[:<byte>]][@<session>]" (see Ref); search
// hits carry theirs. Depth summary (the default for a checkpoint ref) pages
// the rendered text by line; detail gives one line per archived message;
// exact (the default for a message ref) gives the archived messages as
// archived, with each message's sha256, after the Source verified the
// bundle's hashes. A message (or part) whose bytes are not valid UTF-8,
// which a JSON string cannot hold, also carries them in base64
// (ExactMessage.RawBase64, flagged by RawNotUTF8), and its text says so.
// Offset and limit count lines (summary) or message indexes (detail,
// exact).
//
// Every answer is held to a token budget: DefaultBudget (4,000) unless the
// request asks for another, never more than MaxBudget (16,000) nor less than
// MinBudget (256); Options can lower or raise both. Tokens are counted with
// Options.Tokens, by default EstimateTokens, which errs high. An answer
// that the budget cuts says so (Cut) and carries the request for the next
// page (Next); a single message larger than the budget is returned in byte
// ranges whose refs end in ":<byte>" and which concatenate to the exact
// message. A ref whose byte is the message's length is answered as the end
// of the message (MessageEnd), never with the message again from its
// start; a byte past that, or a message index the checkpoint does not
// have, is an error naming the valid range (*RangeError). An offset past
// the end is a page position, answered with an empty page (PastEnd). A
// missing or corrupt bundle is an answer with Status "unavailable" and the
// reason, not an error, at every depth: the summary too is served only
// from a bundle whose hashes verify.
//
// # Tools
//
// Tools returns the tool definitions (names, descriptions written for a
// model, parameter and result JSON Schemas); RenderSearch and RenderRecall
// produce the exact text the model sees; Index.CallTool runs a call from
// JSON arguments. A DSH plugin and an MCP server use these unchanged.
package recall
