// Package bundle is EF's crash-safe checkpoint bundle store: the durable,
// verified archive of the messages a fold takes out of the model's context
// (EF-RFC-001 §4–§7, §24–§25). Its promise: when Put returns nil, the
// bundle is on stable storage, was read back and verified, and will be
// returned byte-exact — or reported unavailable with a reason, never
// silently wrong.
//
// # Format
//
// A bundle is a CheckpointV1 (CheckpointBundleV1 of EF-RFC-001 §5.6 plus
// Parents). Writers produce only format "ef-checkpoint", formatVersion 1;
// readers dispatch on formatVersion and report an unknown one with
// ErrUnknownVersion. Canonicalize is the single canonical JSON rule
// (RFC 8785 JCS) and is used for every hash over JSON:
//
//	logicalHash    = "sha256:" + hex(sha256("[" + enc(m0) + "," + ... + "]"))
//	enc(m)         = JCS(m) for an I-JSON message, else
//	                 0x00 + decimal(len(m)) + ":" + m (its raw bytes)
//	rendered.digest = "sha256:" + hex(sha256(rendered.text))
//	fileHash       = "sha256:" + hex(sha256(stored file bytes))
//
// Messages are stored as given (byte-exact) and hashed in canonical form.
// A message the host could persist but RFC 8785 cannot canonicalize (a
// lone surrogate escape, invalid UTF-8, nesting past 10,000, a duplicate
// member name, a number out of range) is hashed as its raw bytes instead,
// and archive.rawMessages records which ones; an archive of I-JSON
// messages only has no rawMessages member and hashes exactly as
// JCS(shadowedMessages array), so bundles written before raw messages
// existed read unchanged. One odd message never blocks a fold.
//
// # Files on disk
//
//	<root>/LOCK                            advisory lock (flock), held per write
//	<root>/s-<base32(sessionId)>/          one directory per session (0700)
//	<root>/h-<sha256(sessionId)[:40]>/     same, for session ids over 98 bytes,
//	    session-id                         holding the id itself
//	<session>/<stem>.<sha256 hex>.efb      one file per bundle (0600),
//	                                       named by its content hash
//	<session>/manifest                     the bundle files acknowledged here
//	                                       (see manifest.go; Audit compares)
//	<session>/.<file name><digits>          in-flight writes (renameio pending
//	                                       files; .tmp-* from older writers),
//	                                       swept on Open
//	<root>/.del-*                          sessions being deleted, swept on Open
//	<root>/.<name>                         reserved for caches derived from the
//	                                       bundles (recall's index is .recall);
//	                                       the store never reads, lists or
//	                                       sweeps them
//
// Session ids are arbitrary byte strings; they are written as lowercase
// unpadded base32 of their bytes, or hashed when long, so no id can escape
// the root ("..", "/", NUL), exceed NAME_MAX, or collide with another on a
// case-insensitive filesystem. Checkpoint ids ([A-Za-z0-9._-]{1,128}, no
// leading dot) become stem "c-" + the id with "_" as "__" and an uppercase
// letter X as "_x" (lowercase and injective), or "h-" + a sha256 prefix
// when that would exceed 160 bytes.
//
// A bundle file (container version 2, codec.go) is an 8-byte magic, then
// independent zstd frames of about 64 KiB of messages each, then a small
// binary index frame (the segment table, each segment's sha256 over its
// frame), a metadata header frame (the bundle's JSON without its messages,
// with the sha256 of the index) and a 16-byte footer locating them. Page
// reads the footer and index and decodes only the segments it returns,
// checking each frame's sha256 before decompressing it; Meta and List read
// the header frame and check it against the index; Get and Verify read and
// check everything. Files of container version 1 (the tables first, each
// segment hashed over its payload) are read and verified as they always
// were: a bundle once written stays readable.
//
// # Concurrency
//
// Store is safe for concurrent use. Writes to one session are serialized,
// writes to different sessions run in parallel, reads take no write locks.
// Several processes (DSH sidecars, ef commands) may open one store at
// once: every write (Put, DeleteSession, GC, Open's sweep) holds an
// exclusive advisory lock (flock) on <root>/LOCK for its duration, shared
// by the concurrent writes of one Store, and waits for it at most
// Options.LockTimeout (two minutes by default), reporting its wait through
// Options.LockWait. Reads need no lock: bundle files are immutable and
// appear by rename. Options.ReadOnly opens a store for inspection.
//
// # Trust
//
// The store does not trust what it finds on disk. The root and every
// session directory must be real directories (not symbolic links), owned
// by the user and not writable by group or others; otherwise writes and
// reads there fail with ErrUntrusted naming the path and the fix. Given
// that, no other user can plant or swap entries inside the store, so the
// checks cannot be raced. Files are opened with O_NOFOLLOW and LOCK is
// never created, opened or chmodded through a link. Audit reports
// acknowledged bundles that are gone (from the manifests) and entries that
// are not the store's.
//
// # Durability
//
// Every file is written through a pending file (FS.CreatePending;
// github.com/google/renameio/v2 on unix): a temp file beside the target,
// written, fsynced, closed and renamed into place. renameio makes the
// replace atomic but not durable, so the Store then fsyncs the directory.
// Bundles are never replaced, only created once under their content hash;
// the manifest and the session-id file are replaced whole. The pending
// file sits behind the FS seam, so tests fail or power-cut each step of
// it (MemFS implements it with renameio's semantics).
//
// Put hashes the file (its name) from the bytes it writes, in the same
// pipeline that compresses them, then reads the file back through the
// filesystem and compares it with those bytes: the bytes on disk are the
// bytes whose sha256 is the name, encoded from the sealed bundle, whose
// logical hash was computed once, while they were encoded. The read-back
// is served from the page cache (the bytes were just written): it catches
// a filesystem that tore, dropped or misplaced a write it acknowledged,
// not a device that loses acknowledged writes at a power cut — that shows
// on the next read from the device, where Get and Verify check every
// hash. Get and Verify prove more, from the disk alone: file hash, the
// header's tie to the index (version 1: the payload hash), every segment
// hash, logical hash (canonical JSON again) and rendered digest. An error
// from fsync, close, rename, the
// directory fsync or the read-back is returned and makes the Store
// fail-stop: every later write returns ErrFailStopped until the store is
// reopened. Reads stay available. Directories are created 0700 and files
// 0600 regardless of the umask.
package bundle
