package hostshim

import (
	"errors"
	"fmt"
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
	// ErrNotOnSurface: the seq is not a current surface node.
	ErrNotOnSurface = errors.New("hostshim: seq not on surface")
	// ErrCorruptSurface: the surface holds a tool result with no open call.
	ErrCorruptSurface = errors.New("hostshim: corrupt surface")
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
