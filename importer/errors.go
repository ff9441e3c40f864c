package importer

import (
	"errors"
	"fmt"

	"github.com/epistemicfold/ef/internal/errkind"
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
