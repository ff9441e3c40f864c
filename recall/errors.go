package recall

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/epistemicfold/ef/internal/digits"
	"github.com/epistemicfold/ef/internal/english"
	"github.com/epistemicfold/ef/internal/errkind"
)

// Errors returned by Open, Sync, Add and Rebuild.
var (
	// ErrLocked means another process (or another Index in this process)
	// holds the index directory and did not release it within
	// Options.LockTimeout.
	ErrLocked = errors.New("recall: index is locked by another process (or another open Index of this process)")
	// ErrStale means the index failed a write (it could not reach the disk,
	// or not within Options.WriteTimeout) and takes no more writes or
	// searches until it is rebuilt, which the next Open does. Folds and
	// exact recall, which read the bundles, are not affected.
	ErrStale = errors.New("recall: index stale")
	// ErrYielded means SyncBackground stopped to let another write of the
	// index go first (or did not start because one was waiting). The next
	// pass, or the next Sync, does what it left.
	ErrYielded = errors.New("recall: background sync gave way to another write")
	// ErrClosed means the Index was used after Close.
	ErrClosed = errors.New("recall: index is closed")
	// ErrNotOpen means the Index is a zero value or a nil pointer: only
	// Open (or store.Open) makes one that works. A store.Store's Close
	// sets its Index to nil, so a search through a closed Store says this.
	ErrNotOpen = errors.New("recall: no open index (a nil or zero *recall.Index: recall.Open or store.Open opens one; after store.Close, Store.Index is nil)")
	// ErrNoSource means Open or Recall was given a nil Source.
	ErrNoSource = errors.New("recall: no Source")
	// ErrCorruptIndex means the index on disk could not be opened or is
	// inconsistent with its own watermark. Open and Sync rebuild such an
	// index from the Source; the error is only returned (wrapped in an
	// *IndexError) when the rebuild itself fails.
	ErrCorruptIndex = errors.New("recall: index is corrupt")
	// ErrInvalidID means a session or checkpoint id cannot be indexed: it is
	// empty, is not valid UTF-8, or contains a NUL byte (or, for checkpoint
	// ids, one of the ref separators '#', '@', ':' or white space).
	ErrInvalidID = errors.New("recall: invalid id")
)

// Errors returned by Search for a bad request. The concrete error is a
// *QueryError saying what was wrong and where.
var (
	// ErrEmptyQuery means the query is empty or only white space.
	ErrEmptyQuery = errors.New("recall: empty query")
	// ErrQueryTooLong means the query exceeds MaxQueryBytes bytes or
	// MaxQueryClauses clauses.
	ErrQueryTooLong = errors.New("recall: query too long")
	// ErrBadQuery means the query is malformed: invalid UTF-8, a control
	// character, an unbalanced quote, an empty phrase, a misplaced '*' or a
	// prefix shorter than two characters.
	ErrBadQuery = errors.New("recall: malformed query")
	// ErrBadScope means the scope is neither "session" nor "project", or
	// session scope was asked without a session id.
	ErrBadScope = errors.New("recall: bad scope")
	// ErrBadLimit means a limit is negative or above its maximum (Search
	// and Recall), or, in a tool call, zero (CallTool: the parameter
	// schemas start at 1; leave the limit out for the default).
	ErrBadLimit = errors.New("recall: bad limit")
)

// Errors returned by Recall for a bad request, and the unavailability
// sentinel shared with Source implementations.
var (
	// ErrBadOffset means a recall offset is negative.
	ErrBadOffset = errors.New("recall: bad offset")
	// ErrBadRef means a recall ref does not parse, or names no session. The
	// concrete error is a *RefError.
	ErrBadRef = errors.New("recall: bad ref")
	// ErrBadDepth means depth is not "summary", "detail" or "exact".
	ErrBadDepth = errors.New("recall: bad depth")
	// ErrNoMessage means a message ref (ckpt-7#12) names a message its
	// checkpoint does not have: the index is at or past the checkpoint's
	// message count. The concrete error is a *RangeError, which names the
	// indexes there are.
	ErrNoMessage = errors.New("recall: no such message")
	// ErrPastEnd means a part ref (ckpt-7#12:16000) starts past the end of
	// its message. A byte offset equal to the message's length is its end,
	// not an error: the answer says the message has nothing more. The
	// concrete error is a *RangeError, which names the message's length.
	ErrPastEnd = errors.New("recall: byte offset past the end of the message")
	// ErrUnavailable means a checkpoint cannot be served: its bundle is
	// missing, truncated, corrupt or fails a hash check. Source
	// implementations return it (usually as an *UnavailableError); Recall
	// turns it into an answer with Status "unavailable" and the reason.
	ErrUnavailable = errors.New("recall: checkpoint unavailable")
	// ErrNoCheckpoint means a ref names a checkpoint the store never had
	// in that session (a mistyped or made-up id), as opposed to one it
	// stored and lost (ErrUnavailable). Source implementations return it
	// as a *NoCheckpointError; Recall returns it as a bad request.
	ErrNoCheckpoint = errors.New("recall: no such checkpoint")
)

// Errors returned by CallTool.
var (
	// ErrUnknownTool means the tool name is not one of Tools().
	ErrUnknownTool = errors.New("recall: unknown tool")
	// ErrBadArgs means the tool arguments are not a JSON object of the
	// tool's parameter schema.
	ErrBadArgs = errors.New("recall: bad tool arguments")
)

// QueryError reports a bad search query. Error types are plain values. Pos is the byte offset in Query
// where the problem is (0 when it concerns the whole query).
type QueryError struct {
	Query  string
	Pos    int
	Reason string
	Err    error // ErrEmptyQuery, ErrQueryTooLong or ErrBadQuery
}

func (e *QueryError) Error() string {
	if e.Pos > 0 {
		return fmt.Sprintf("%v: %s (at byte %d)", e.Err, e.Reason, e.Pos)
	}
	return fmt.Sprintf("%v: %s", e.Err, e.Reason)
}

// Unwrap returns the sentinel.
func (e *QueryError) Unwrap() error { return e.Err }

// RefError reports a recall ref that does not parse.
type RefError struct {
	Ref    string
	Reason string
}

func (e *RefError) Error() string {
	// A ref is a short id; a huge one (a model pasting a page into the ref
	// argument) is quoted by its start and its length, not echoed whole.
	ref := e.Ref
	if len(ref) > maxQuotedRef {
		cut := maxQuotedRef
		for cut > 0 && !utf8.RuneStart(ref[cut]) {
			cut--
		}
		return fmt.Sprintf("%v %q… (%d bytes): %s", ErrBadRef, ref[:cut], len(ref), e.Reason)
	}
	return fmt.Sprintf("%v %q: %s", ErrBadRef, ref, e.Reason)
}

// maxQuotedRef is how many bytes of a bad ref its error quotes.
const maxQuotedRef = 120

// Unwrap returns ErrBadRef.
func (e *RefError) Unwrap() error { return ErrBadRef }

// RangeError reports a ref that points past what its checkpoint holds: a
// message index at or past the message count (Err is ErrNoMessage), or a
// byte offset past the end of the message (Err is ErrPastEnd). It names
// the valid range.
type RangeError struct {
	Ref          string // the ref as the answer would have named it
	CheckpointID string
	Message      int // the message index the ref names
	Messages     int // how many messages the checkpoint archived
	// Byte is the ref's byte offset and Bytes the message's length (only
	// for ErrPastEnd).
	Byte, Bytes int
	Err         error // ErrNoMessage or ErrPastEnd
}

func (e *RangeError) Error() string {
	if errors.Is(e.Err, ErrPastEnd) {
		return fmt.Sprintf("%v: ref %q starts at byte %s of message %d, which has %s (a part starts at byte 0 to %s; %s is the end of the message)",
			e.Err, e.Ref, digits.Group(e.Byte), e.Message, digits.Group(e.Bytes)+" "+english.Noun(e.Bytes, "byte"), digits.Group(e.Bytes), digits.Group(e.Bytes))
	}
	if e.Messages == 0 {
		return fmt.Sprintf("%v: ref %q names message %d, but checkpoint %s archived no messages", e.Err, e.Ref, e.Message, e.CheckpointID)
	}
	if e.Messages == 1 {
		return fmt.Sprintf("%v: ref %q names message %d, but checkpoint %s archived 1 message: #0", e.Err, e.Ref, e.Message, e.CheckpointID)
	}
	return fmt.Sprintf("%v: ref %q names message %d, but checkpoint %s archived %s: #0 to #%d",
		e.Err, e.Ref, e.Message, e.CheckpointID, english.Count(e.Messages, "message"), e.Messages-1)
}

// Unwrap returns the sentinel.
func (e *RangeError) Unwrap() error { return e.Err }

// UnavailableError says why a checkpoint cannot be served.
// errors.Is(err, ErrUnavailable) is true for it; Err holds the cause.
type UnavailableError struct {
	SessionID    string
	CheckpointID string
	Reason       string // short: "missing", "corrupt", "hash mismatch", ...
	Err          error
}

func (e *UnavailableError) Error() string {
	return errkind.Unavailable("recall", e.CheckpointID, e.Reason, e.Err)
}

// Unwrap returns the cause.
func (e *UnavailableError) Unwrap() error { return e.Err }

// Is reports whether target is ErrUnavailable.
func (e *UnavailableError) Is(target error) bool { return target == ErrUnavailable }

// NoCheckpointError reports a ref to a checkpoint its session does not
// have. Known holds the checkpoint ids the session does have, oldest
// first. errors.Is(err, ErrNoCheckpoint) is true for it.
type NoCheckpointError struct {
	SessionID    string
	CheckpointID string
	Known        []string
}

// maxNamedCheckpoints is how many of a session's checkpoint ids a
// NoCheckpointError names (the newest).
const maxNamedCheckpoints = 5

func (e *NoCheckpointError) Error() string {
	msg := fmt.Sprintf("%v %q in session %q: this store holds no checkpoint by that id (never archived here, or removed by ef store gc or delete)", ErrNoCheckpoint, e.CheckpointID, e.SessionID)
	switch n := len(e.Known); {
	case n == 0:
		return msg + "; the session has no checkpoints"
	case n <= maxNamedCheckpoints:
		return fmt.Sprintf("%s; the session's %s: %s", msg, english.Count(n, "checkpoint"), strings.Join(e.Known, ", "))
	default:
		return fmt.Sprintf("%s; the session has %d checkpoints, the newest: %s", msg, n, strings.Join(e.Known[n-maxNamedCheckpoints:], ", "))
	}
}

// Is reports whether target is ErrNoCheckpoint.
func (e *NoCheckpointError) Is(target error) bool { return target == ErrNoCheckpoint }

// IndexError records a failed operation on the index directory. Op names the
// step ("open", "create", "remove", "batch", "search", "rebuild", ...).
type IndexError struct {
	Op   string
	Path string
	Err  error
}

func (e *IndexError) Error() string {
	return errkind.Op("recall", e.Op, e.Path, errkind.Cause(e.Err, e.Op, e.Path))
}

// Unwrap returns the underlying error.
func (e *IndexError) Unwrap() error { return e.Err }
