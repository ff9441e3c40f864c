package bundle

import (
	"errors"
	"fmt"

	"github.com/epistemicfold/ef/internal/errkind"
)

// Errors returned while validating or sealing a bundle (Seal, Put).
var (
	// ErrInvalidID means a checkpoint id or session id is not acceptable:
	// checkpoint ids must match [A-Za-z0-9._-]{1,128} without a leading dot,
	// session ids must be non-empty valid UTF-8 of at most 4096 bytes.
	ErrInvalidID = errors.New("bundle: invalid id")
	// ErrInvalidBundle means a bundle is malformed: a bad mode, a message that
	// is not valid JSON, or a field that contradicts the others.
	ErrInvalidBundle = errors.New("bundle: invalid bundle")
	// ErrHashMismatch means a hash given by the caller or stored in a file
	// does not match the content it covers.
	ErrHashMismatch = errors.New("bundle: hash mismatch")
	// ErrNotCanonicalizable means a JSON text cannot be put in RFC 8785
	// canonical form (syntax error, invalid UTF-8, lone surrogate, duplicate
	// key, or a number outside the IEEE 754 double range).
	ErrNotCanonicalizable = errors.New("bundle: json not canonicalizable")
)

// Errors returned by Store writes (Put, DeleteSession, GC).
var (
	// ErrExists means a bundle with the same checkpoint id but different
	// content is already stored; bundles are immutable.
	ErrExists = errors.New("bundle: checkpoint exists with different content")
	// ErrStoredUnavailable means a Put found a bundle already stored under
	// its checkpoint id that cannot be read or fails a hash check (damaged,
	// truncated, two files for one id). Bundles are immutable and the
	// store cannot tell whether the damaged one held the same content, so
	// it neither compares with it nor replaces it: the Put fails and the
	// file stays as it is for its owner to inspect, restore or remove. The
	// error also wraps the *UnavailableError of the stored file (its Path
	// and Reason), so errors.Is(err, ErrUnavailable) is true for it.
	ErrStoredUnavailable = errors.New("bundle: the bundle already stored under this checkpoint id is unavailable")
	// ErrFailStopped means an earlier fsync, rename or read-back failure made
	// this Store refuse all further writes. Reopen the store to continue; the
	// error that caused it was returned to the writer that hit it.
	ErrFailStopped = errors.New("bundle: store is fail-stopped")
	// ErrReadOnly means a write was attempted on a store opened with
	// Options.ReadOnly.
	ErrReadOnly = errors.New("bundle: store is read-only")
)

// Errors returned by Open and Close.
var (
	// ErrLocked means another process (or another Store in this process)
	// held the store's lock file for a whole Options.LockTimeout while a
	// write waited for it.
	ErrLocked = errors.New("bundle: store is locked by another writer")
	// ErrUntrusted means a path the store would use is not safe to trust:
	// the root or a session directory is a symbolic link, is not owned by
	// the user or is writable by group or others, or LOCK is a link. The
	// error names the path and the fix.
	ErrUntrusted = errors.New("bundle: untrusted path")
	// ErrClosed means the Store was used after Close.
	ErrClosed = errors.New("bundle: store is closed")
	// ErrNoRoot means Open was given an empty root. It is refused (as an
	// *Error with Op "open") rather than read as the working directory,
	// which it would fill with a lock file and session directories.
	ErrNoRoot = errors.New("bundle: no store root given (use \".\" for the working directory)")
	// ErrNotOpen means a method was called on a zero or nil Store: only
	// Open makes one that works.
	ErrNotOpen = errors.New("bundle: store not opened (use bundle.Open)")
)

// Errors returned by reads (Get, Page, Meta, Verify).
var (
	// ErrUnavailable means a bundle cannot be served: it is missing,
	// truncated, corrupt or fails a hash check. The concrete error is an
	// *UnavailableError carrying the reason.
	ErrUnavailable = errors.New("bundle: unavailable")
	// ErrUnknownVersion means a file or bundle carries a format or container
	// version this reader does not know. It is wrapped in an
	// *UnavailableError when returned from a Store read.
	ErrUnknownVersion = errors.New("bundle: unknown format version")
)

// Error records a failed filesystem operation of the store; it is not
// modified after it is returned, so it is safe to share. Op names the
// step that failed ("mkdir", "create", "write", "sync", "close", "rename",
// "syncdir", "readback", "remove", "lock", ...).
type Error struct {
	Op   string
	Path string
	Err  error
	// FailStop reports that this error made the Store fail-stop;
	// errors.Is(err, ErrFailStopped) is then true.
	FailStop bool
}

func (e *Error) Error() string {
	s := errkind.Op("bundle", e.Op, e.Path, errkind.Cause(e.Err, e.Op, e.Path))
	if e.FailStop {
		s += " (store fail-stopped)"
	}
	return s
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is ErrFailStopped and this error caused it.
func (e *Error) Is(target error) bool { return e.FailStop && target == ErrFailStopped }

// UnavailableError is returned by reads when a bundle cannot be served;
// it is not modified after it is returned, so it is safe to share.
// errors.Is(err, ErrUnavailable) is true for it; Err, when set, holds the
// underlying cause (fs.ErrNotExist, ErrHashMismatch, ErrUnknownVersion, ...).
type UnavailableError struct {
	SessionID    string
	CheckpointID string
	Path         string
	Reason       string // short human-readable reason: "missing", "truncated", ...
	Err          error
}

func (e *UnavailableError) Error() string {
	return errkind.Unavailable("bundle", e.CheckpointID, e.Reason, e.Err)
}

// Unwrap returns the underlying cause, if any.
func (e *UnavailableError) Unwrap() error { return e.Err }

// Is reports whether target is ErrUnavailable.
func (e *UnavailableError) Is(target error) bool { return target == ErrUnavailable }

// VersionError reports an unknown container or format version; an
// immutable value.
// errors.Is(err, ErrUnknownVersion) is true for it.
type VersionError struct {
	What    string // "container" or "formatVersion"
	Version int
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("bundle: unknown %s version %d", e.What, e.Version)
}

// Is reports whether target is ErrUnknownVersion.
func (e *VersionError) Is(target error) bool { return target == ErrUnknownVersion }
