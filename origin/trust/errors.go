package trust

import "errors"

// Errors returned by Credential.Validate and Check.
var (
	// ErrMalformed means a credential lacks a field or has one of the wrong
	// form: kind must be "trust.credential", target non-empty, value 64 hex
	// digits.
	ErrMalformed = errors.New("trust: malformed credential")
	// ErrUnsupported means a credential's type is not one this lane knows.
	ErrUnsupported = errors.New("trust: unsupported credential type")
	// ErrWrongTarget means a proof names a different file than the action's
	// target.
	ErrWrongTarget = errors.New("trust: credential is for another target")
	// ErrStale means a proof's hash is not the target's current content (it
	// changed since it was read, or it was never read).
	ErrStale = errors.New("trust: proof_of_read is stale")
)
