// Package action is the action kernel of the 2origin Action Lane
// (RFC-0006 §2, RFC-0001 §2–§4): it turns an action.intent (write or
// append content to a relpath) into an action.result, and it is the only
// place where that verdict is made. Adapters (ef act, the action_submit MCP
// tool, the DSH plugin's tool through ef serve) only carry intents in and
// results out, through Kernel.SubmitJSON, and mark their channel in the
// result's actor field and in the audit.
//
// # Risk
//
// Risk comes from three objective inputs only, never from what the caller
// says: whether the target is inside the configured roots (after resolving
// ".." and every symlink: a path or link leading outside is denied, and so
// is the kernel's own state directory), whether it exists, and whether it
// is protected (Options.Protected, DefaultProtected by default: task.origin,
// code, schemas/, .claude/, lib/). Protected globs and the state directory
// are matched without regard to case or to a name's trailing dots and
// spaces, because the file systems of macOS and Windows do the same:
// there "MAIN.GO" is main.go and ".EF/act/audit.jsonl" is the audit.
//
//	denied  outside the roots
//	low     a new file, or an append to an unprotected file
//	medium  overwriting an existing file
//	high    writing to an existing protected file, or creating a file
//	        under Options.ProtectedCreate
//
// The last case goes beyond RFC-0006 §2.1, where high is "protected and
// exists": under DefaultProtectedCreate (.git/, .claude/, .env and other
// credential files) tools read or run a new file without anyone opening
// it (a git hook runs at the next commit, a new .claude/settings.json
// grants permissions), so creating one needs "confirm" as overwriting
// does. Creating other protected files (new code) stays low, as the RFC
// has it; an empty, non-nil ProtectedCreate gives the RFC's tiers back.
//
// # Approval
//
// Low is automatic. Medium needs one of: a proof_of_read credential
// (package trust), expect_sha256 (the optimistic lock: the hex sha256 of
// the content the caller read), or approval "confirm". High needs
// "confirm". Whatever the tier, every proof presented must hold: a stale
// expect_sha256 or proof_of_read, or a proof naming another file, never
// writes, even with "confirm". A proof_of_read is bound to its target: it
// approves only a write to the file its target resolves to. A refusal
// tells the caller the target's size but not its hash, so a caller cannot
// present a proof of a read it did not do.
//
// # Writes
//
// The judgement by name is re-checked at open time: the kernel walks from
// the root through directory handles (os.Root), refuses a symlink in any
// component and compares the identity of every directory and of the
// target with what it judged, so a path swapped between judgement and
// write cannot lead the write elsewhere. A write is a temporary file in
// the target's directory, fsync, rename, fsync of the directory. Before an
// overwrite the old bytes are stored durably under the state directory
// (backups/); if that fails, the overwrite is not attempted. The status is
// decided by reading the file back: done only when it holds the intended
// bytes.
//
// # Audit
//
// Every action, denied and refused ones included, appends one JSON line to
// the state directory's audit.jsonl (AuditRecord: time, sequence, intent
// digest, the full result), fsynced before the result is returned. The
// audit is opened before the world is touched; if the line cannot be
// written, a performed write is rolled back and Submit returns ErrAudit.
// An action that writes has an intent line before its record (same
// sequence; AuditRecord.Pending: the target, its hash before, the hash
// wanted, the names of the temporary file and the backup, the directories
// it creates), fsynced before
// the first byte is written, so a process killed anywhere in between
// leaves a trace: the next kernel on the state directory (at Open and
// before every Submit, under the lock) writes the missing record, marked
// recovered, with the status the file shows (done when it holds the
// intended bytes: the rename happened; failed otherwise), and removes the
// temporary files the intent line names and, innermost first, the
// directories it names that are empty (never one that existed before the
// write, nor one that holds anything). Other temporary files of the
// kernel (.ef-act-*.tmp, from a kernel with another state directory) are
// removed from a directory when the kernel first writes there and they
// are over an hour old. Sequence numbers, and the backup names that carry
// them, are never given twice. An
// action_id given again for an action that was done is answered from the
// audit (the result, marked replayed) without writing again; with a
// different intent it is denied. Kernels of several processes sharing a
// state directory serialise on its lock file.
//
// # Against the 2origin-harness reference
//
// The intent's members and the verdicts are the reference's (its southbridge
// act). The result differs where RFC-0001 or safety asks: the channel is
// "actor" (RFC-0001 §3.3; the reference writes "via"); the risk's reason is
// "risk_reason", snake_case like every other member (the reference writes
// "riskReason"); there is no "audit_ok", since an audit line that cannot be
// written fails the action (ErrAudit) instead of being reported beside a
// done write; a refusal's "current" has no sha256 (see Approval); an
// observation (evidence, state_diff) is exists, size_bytes and sha256,
// without the reference's mtime; the backups are under the state
// directory (backups/), not in the reference's .backups of the root. The
// intent is read strictly: an unknown member of the intent is a malformed
// intent (ErrIntent, not audited), where the reference ignores it, and so
// is an intent without relpath or content (the tool's required
// parameters; the reference denies it, audited; an intent with a verb
// other than file.write and file.append is denied naming the verb,
// content or not), and so is "via" (the
// reference's act takes the caller's word for its channel; here the
// adapter sets it) and a "spec" other than Spec (the reference
// ignores the intent's spec; here a version the kernel does not speak is
// refused, as package taskorigin refuses a task.origin of another
// version). A credential is judged, not parsed away: one with a member
// other than kind, type, target and value (a member the reference ignores,
// which may be meant to narrow the proof, such as an expiry) is denied
// with a reason naming the member, as a credential of an unknown type or
// a malformed value is. A malformed hash, as expect_sha256 or as a
// credential's value, is denied as malformed input naming the member (the
// reference answers a malformed expect_sha256 with requires_approval, "does
// not match"). An expect_sha256 in upper-case hex is accepted, where the
// reference compares the strings.
package action
