// Package taskorigin is the task.origin v0.2 store of RFC-0005: one JSON
// file per task holding what the task is, what is known (facts with
// recheckable sources), what was decided and why, what comes next and what
// was learned, so that a later session, another harness or another model
// continues from it.
//
// What it promises:
//
//   - content_hash = sha256(JCS(state − {version, updated_at, content_hash,
//     actor})), with RFC 8785 canonical JSON (bundle.Canonicalize, EF's one
//     canonical JSON rule). Key order and white space never change it.
//   - version moves only when the content hash does; a Put of unchanged
//     content writes no byte.
//   - Every write names the content hash of the file it replaces (or
//     ExpectNew); a stale hash is refused with *ConflictError and the file
//     is untouched. Writers serialize on an OS file lock, so of two writers
//     holding the same hash, in one process or two, exactly one wins.
//   - Writes are atomic and durable: temp file, fsync, rename, directory
//     fsync. A crash (kill -9) leaves the old file or the new one.
//   - actor is observed (ObserveActor): what the environment does not show
//     is "unobserved", never guessed.
//   - A verified fact cites a recheckable source (CheckSource): a file, a
//     rerunnable command, a test id or an EF recall ref; prose is refused.
//   - A learning is written as a candidate first.
//
// Documents keep members this package does not know (Document is the raw
// JSON object), so files written by other 2origin implementations keep
// their extensions and their hash.
package taskorigin
