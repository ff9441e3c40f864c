// Package hostshim is a Go model of the DeepSeek Harness (DSH) host, as far
// as a compaction engine meets it: the append-only session log and its event
// envelope, messages and content blocks of both wire generations the host has
// shipped, the model-visible surface and its replacement rules, tool pairing,
// the compaction seam (CompactionEngine, CompactionResult) and the host's
// compaction transaction, token meters, and persisted session logs.
//
// The real host is TypeScript (packages @deepseek-ai/dsh-*). Behaviour here is
// matched to it by a differential test that drives the real packages from npm
// (see testdata/dshref). Where the EF specification and the real host disagree
// on a wire shape, the host wins; where they disagree on a guarantee, the
// specification wins, and the choice is written next to the code.
//
// Wire generations. The host shipped two shapes of the same concepts:
//
//   - Gen01 (0.1.0 / 0.1.1, persistence format version 0): tool results are
//     user-role messages holding one tool-result block; a surface replacement
//     is {"op":"replace","start":S,"end":E}.
//   - Gen017 (0.1.7, persistence format version 4): tool results are
//     tool-role messages with toolCallId; system/message and developer/message
//     events are surface nodes; a replacement is
//     {"op":"replace","startSeq":S,"endSeq":E}.
//
// Both decode into one Go model. An event read from a log re-encodes to the
// same bytes: the envelope keeps its key order and its data is kept as the
// host wrote it.
package hostshim
