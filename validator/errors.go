package validator

import "errors"

// Errors returned by New.
var (
	// ErrDuplicatePredicate: two predicates share a name.
	ErrDuplicatePredicate = errors.New("validator: duplicate predicate name")
	// ErrNoMeter: no host meter was given and none is built in.
	ErrNoMeter = errors.New("validator: no host meter")
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

func (e *VetoError) Error() string { return e.Err.Error() + ": " + e.Verdict.Summary() }

func (e *VetoError) Unwrap() error { return e.Err }
