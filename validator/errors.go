package validator

import "errors"

// Errors returned by New.
var (
	// ErrDuplicatePredicate: two predicates share a name.
	ErrDuplicatePredicate = errors.New("validator: duplicate predicate name")
	// ErrNoMeter: no host meter was given and none is built in.
	ErrNoMeter = errors.New("validator: no host meter")
)

// Errors of missing input: a predicate, an Env or a Validator given nothing
// to check never lets a fold through. The predicates and Validate return a
// failed Result or Verdict whose failure code is "no-candidate" or
// "not-open" (the reason is the error's text); the Env methods return the
// error.
var (
	// ErrNoCandidate: the candidate is nil or has no session, or the Env
	// is nil or was not made by Validate.
	ErrNoCandidate = errors.New("validator: no candidate (nil, or without a session)")
	// ErrNotOpen: the Validator is a zero value or a nil pointer; only New
	// makes one that works.
	ErrNotOpen = errors.New("validator: validator not made by validator.New")
)

// Errors returned by Verdict.Err.
var (
	// ErrVetoed: at least one predicate failed. The *VetoError wrapping it
	// carries the verdict.
	ErrVetoed = errors.New("validator: fold vetoed")
	// ErrPending: no predicate failed but some could not be evaluated yet
	// (a plan-phase verdict asked to be final).
	ErrPending = errors.New("validator: verdict not final")
)

// VetoError is a verdict that did not pass.
type VetoError struct {
	Verdict Verdict
	Err     error // ErrVetoed or ErrPending
}

// Error is the cause's text and the verdict's summary.
func (e *VetoError) Error() string { return e.Unwrap().Error() + ": " + e.Verdict.Summary() }

// Unwrap is the cause: a VetoError with none (a zero value) is ErrVetoed.
func (e *VetoError) Unwrap() error {
	if e.Err == nil {
		return ErrVetoed
	}
	return e.Err
}
