package taskorigin

import (
	"errors"
	"fmt"
)

// Errors returned while decoding or validating a task.origin document
// (Decode, Validate, Store.Put).
var (
	// ErrInvalidDocument means a document is not a JSON object that RFC 8785
	// can canonicalize (syntax error, duplicate member, lone surrogate).
	ErrInvalidDocument = errors.New("taskorigin: invalid document")
	// ErrMissingField means a field RFC-0005 §2 requires is absent or empty.
	ErrMissingField = errors.New("taskorigin: missing required field")
	// ErrWrongKind means spec or kind is not "2origin/0.2" / "task.origin",
	// or the document's id is not the task it is written as.
	ErrWrongKind = errors.New("taskorigin: wrong spec, kind or id")
	// ErrUnverifiableSource means a fact marked verified cites no
	// recheckable source (RFC-0005 §3.2): a verified fact must name a file,
	// a rerunnable command, a test id or an EF recall ref.
	ErrUnverifiableSource = errors.New("taskorigin: verified fact cites no recheckable source")
	// ErrLearningNotCandidate means a learning appears as verified without
	// having been stored as a candidate first, or without recheckable
	// evidence (RFC-0005 §2: learning 先 candidate 后 verified).
	ErrLearningNotCandidate = errors.New("taskorigin: learning must start as candidate")
	// ErrInvalidTaskID means a task id cannot name a directory in the store:
	// ids match [A-Za-z0-9][A-Za-z0-9._-]{0,127}.
	ErrInvalidTaskID = errors.New("taskorigin: invalid task id")
)

// Errors returned by Store writes (Put).
var (
	// ErrConflict means the expected content hash is not the hash of the
	// file being replaced: someone else wrote first, or the writer never
	// read the current state. The file is untouched. A *ConflictError
	// carries both hashes.
	ErrConflict = errors.New("taskorigin: stale expected content hash")
	// ErrLocked means another writer held the task's lock file longer than
	// Options.LockTimeout.
	ErrLocked = errors.New("taskorigin: task is locked by another writer")
	// ErrNoExpect means a write came without an expected content hash.
	ErrNoExpect = errors.New("taskorigin: write needs the expected content hash of the file it replaces")
)

// Errors returned by Store reads (Get, List).
var (
	// ErrNotFound means the task has no task.origin file in the store.
	ErrNotFound = errors.New("taskorigin: task not found")
)

// ErrNotOpen means a Store method was called on a zero or nil Store: only
// Open makes one, with a root (a zero Store would read and write the
// working directory).
var ErrNotOpen = errors.New("taskorigin: store not opened (use taskorigin.Open)")

// FieldError locates a validation failure: the field path (for example
// "facts[3].source") and the sentinel it wraps.
type FieldError struct {
	Field  string
	Reason string
	Err    error
}

func (e *FieldError) Error() string {
	if e.Reason == "" {
		return fmt.Sprintf("%v: %s", e.Err, e.Field)
	}
	return fmt.Sprintf("%v: %s: %s", e.Err, e.Field, e.Reason)
}

func (e *FieldError) Unwrap() error { return e.Err }

// ConflictError is the optimistic lock's refusal: the writer expected
// Expected but the file holds Current ("" when it does not exist).
type ConflictError struct {
	Task     string
	Expected string
	Current  string
}

func (e *ConflictError) Error() string {
	cur := e.Current
	if cur == "" {
		cur = "none (no such task)"
	}
	return fmt.Sprintf("%v: task %s: expected %s, current %s", ErrConflict, e.Task, e.Expected, cur)
}

func (e *ConflictError) Unwrap() error { return ErrConflict }
