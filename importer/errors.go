package importer

import (
	"errors"
	"fmt"

	"github.com/epistemicfold/ef/internal/errkind"
	"github.com/epistemicfold/ef/internal/rpcwire"
)

// Errors returned by Detect and Import.
var (
	// ErrUnknownFormat: the file matches none of the supported formats.
	ErrUnknownFormat = errors.New("importer: unknown trajectory format")
	// ErrMalformed: a record of a recognised format is missing a field or
	// has a field of the wrong shape.
	ErrMalformed = errors.New("importer: malformed record")
	// ErrEmpty: the file holds no session.
	ErrEmpty = errors.New("importer: no session in file")
	// ErrTooLarge: a file Open would read whole is larger than
	// MaxWholeBytes.
	ErrTooLarge = errors.New("importer: trajectory too large to read whole")
)

// Error is a failure to import one file, with the place it happened. Line is
// 1-based for line-oriented formats and 0 otherwise; Record names the record
// (a step, message or event index) when known.
type Error struct {
	Format Format
	Path   string
	Line   int
	Record string
	Err    error
}

func (e *Error) Error() string {
	loc := errkind.At(e.Path, e.Line)
	if e.Record != "" {
		loc += " (" + e.Record + ")"
	}
	if e.Format != "" {
		loc = string(e.Format) + " " + loc
	}
	return fmt.Sprintf("import %s: %v", loc, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// malformed is ErrMalformed for a record JSON could not decode, worded in
// JSON terms ('"tool_calls" must be a list, not object'), never with the Go
// types it was decoded into; what, when not empty, names the part.
func malformed(what string, err error) error {
	if what != "" {
		return fmt.Errorf("%w: %s: %s", ErrMalformed, what, rpcwire.Words(err))
	}
	return fmt.Errorf("%w: %s", ErrMalformed, rpcwire.Words(err))
}

// importError is err as the package's *Error, to be given its place: err
// itself when it is one, else a new one wrapping it.
func importError(err error) *Error {
	if ie, ok := err.(*Error); ok {
		return ie
	}
	return &Error{Err: err}
}
