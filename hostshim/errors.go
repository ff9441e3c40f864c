package hostshim

import (
	"errors"
	"fmt"

	"github.com/epistemicfold/ef/internal/errkind"
)

// Errors returned when an append is refused (wrapped in *AppendError).
var (
	// ErrNotContiguous: the event's seq is not the next one.
	ErrNotContiguous = errors.New("hostshim: seq not contiguous")
	// ErrNotSurfaceEligible: a log-only event carries surface markers.
	ErrNotSurfaceEligible = errors.New("hostshim: event type is not surface-eligible")
	// ErrBadSurfaceOp: a surface event lacks its marker or carries a bad one.
	ErrBadSurfaceOp = errors.New("hostshim: bad surfaceOp")
	// ErrBadReplace: a replacement names nodes not on the surface, in the
	// wrong order, or breaks the tool/result single-node rule.
	ErrBadReplace = errors.New("hostshim: bad surface replacement")
	// ErrBadProvenance: sourceEventSeqs are malformed or miss a shadowed node.
	ErrBadProvenance = errors.New("hostshim: bad sourceEventSeqs")
)

// Errors returned by surface queries.
var (
	// ErrNoEvent: no event has that seq.
	ErrNoEvent = errors.New("hostshim: no such event")
	// ErrForgotten: the event's payload was dropped by Session.Forget or
	// Session.Release.
	ErrForgotten = errors.New("hostshim: event forgotten")
	// ErrNotOnSurface: the seq is not a current surface node.
	ErrNotOnSurface = errors.New("hostshim: seq not on surface")
	// ErrCorruptSurface: the surface holds a tool result with no open call.
	ErrCorruptSurface = errors.New("hostshim: corrupt surface")
)

// Errors returned by the methods of a zero value or a nil pointer, which
// give a typed error (or, where a method has no error result, the zero
// result its doc comment names) instead of a panic.
var (
	// ErrNilSession: the *Session is nil, or the Agent or Turns has none.
	ErrNilSession = errors.New("hostshim: nil session")
	// ErrNotOpen: the LogReader or LogWriter is a zero value or a nil
	// pointer; only OpenLog, NewLogReader and CreateLog (CreateSessionLog)
	// make one that works. Wrapped in *LogError.
	ErrNotOpen = errors.New("hostshim: session log not opened")
	// ErrNotConfigured: the Transaction is nil or has no Meter or no
	// Summarizer, or the BasicEngine is nil or has no Transaction. Returned
	// before any event is appended.
	ErrNotConfigured = errors.New("hostshim: compaction not configured")
)

// AppendError is an append the host model refused.
type AppendError struct {
	Seq  int
	Type string
	Err  error
}

func (e *AppendError) Error() string {
	return fmt.Sprintf("hostshim: append seq %d (%s): %v", e.Seq, e.Type, e.Err)
}

func (e *AppendError) Unwrap() error { return e.Err }

// FieldError is a malformed field of a persisted line.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return fmt.Sprintf("field %q: %v", e.Field, e.Err) }

func (e *FieldError) Unwrap() error { return e.Err }

// Errors returned by the compaction transaction before a bracket opens.
var (
	// ErrBadRegion: a span's seqs are not on the surface or are reversed.
	ErrBadRegion = errors.New("hostshim: bad compaction region")
	// ErrUnbalanced: a span edge would split a tool call from its result.
	ErrUnbalanced = errors.New("hostshim: unbalanced compaction region")
	// ErrNoOpenTurn: an automatic compaction outside a turn.
	ErrNoOpenTurn = errors.New("hostshim: no open turn")
)

// Errors returned by Event.Renumber (wrapped in *FieldError).
var (
	// ErrSeqReference: a replacement names an event the other log does not
	// hold.
	ErrSeqReference = errors.New("hostshim: seq reference left out")
)

// Errors returned when reading or writing a persisted session log (wrapped in
// *LogError).
var (
	// ErrLogHeader: the first line is not a session header.
	ErrLogHeader = errors.New("hostshim: bad session log header")
	// ErrUnsupportedVersion: the header names a format version this model
	// does not read (it reads 0 and 4).
	ErrUnsupportedVersion = errors.New("hostshim: unsupported session log format version")
	// ErrLineTooLong: a line is longer than LogOptions.MaxLineBytes.
	ErrLineTooLong = errors.New("hostshim: session log line too long")
	// ErrLogCorrupt: a compressed log fails to decompress before its tail.
	ErrLogCorrupt = errors.New("hostshim: corrupt compressed session log")
	// ErrLogClosed: the log writer was closed.
	ErrLogClosed = errors.New("hostshim: session log writer closed")
)

// LogError is a fault of a persisted session log: the operation, the file,
// the 1-based line (the header is line 1; 0 when no line is involved) and,
// when known, the field of the line that was malformed.
type LogError struct {
	Op    string // "open", "read", "create", "append", "sync", "close"
	Path  string
	Line  int
	Field string
	Err   error
}

func (e *LogError) Error() string {
	var fe *FieldError
	if e.Field != "" && !errors.As(e.Err, &fe) {
		return fmt.Sprintf("hostshim: %s %s: field %q: %v", e.Op, errkind.At(e.Path, e.Line), e.Field, e.Err)
	}
	return errkind.Op("hostshim", e.Op, errkind.At(e.Path, e.Line), errkind.Cause(e.Err, e.Op, e.Path))
}

func (e *LogError) Unwrap() error { return e.Err }
