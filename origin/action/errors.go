package action

import "errors"

// Errors returned by Open.
var (
	// ErrOptions means the Options cannot work: no root, a root that is not
	// an existing directory, or a protected pattern that is not a valid
	// glob.
	ErrOptions = errors.New("action: bad options")
)

// Errors returned by DecodeIntent.
var (
	// ErrIntent means an intent is not a single JSON object of the
	// action.intent shape (syntax error, unknown field, wrong kind, trailing
	// data, or over the size limit). Such input is not an action and is not
	// audited.
	ErrIntent = errors.New("action: malformed intent")
)

// Errors returned by Kernel.Submit. They come with a Result whose status is
// failed; the world is unchanged.
var (
	// ErrAudit means the audit line could not be made durable. The action
	// was not performed (or was rolled back), and no other result was
	// given for it.
	ErrAudit = errors.New("action: audit write failed")
	// ErrClosed means the kernel was closed.
	ErrClosed = errors.New("action: kernel closed")
	// ErrNotOpen means the Kernel is a zero value or a nil pointer: only
	// Open makes one that works.
	ErrNotOpen = errors.New("action: kernel not opened (use action.Open)")
)

// Reasons recorded in a failed Result's cause (and returned by the write
// path); callers of Submit see them only inside the Result.
var (
	// ErrBackup means the backup of the file about to be overwritten could
	// not be made durable, so the overwrite was not attempted.
	ErrBackup = errors.New("action: backup failed")
	// ErrRaced means a path changed between the kernel's judgement and its
	// write (a directory or file replaced, a symlink swapped in); nothing
	// was written.
	ErrRaced = errors.New("action: target changed during the action")
	// ErrRollback means an action failed after its rename and restoring the
	// old content failed too; the result's evidence says what is there.
	ErrRollback = errors.New("action: rollback failed")
)
