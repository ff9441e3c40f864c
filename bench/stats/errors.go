package stats

import "errors"

// Errors returned by Percentile and Summarize.
var (
	// ErrEmpty: no values to summarise.
	ErrEmpty = errors.New("stats: no values")
	// ErrBadPercentile: a percentile outside [0, 100] or NaN.
	ErrBadPercentile = errors.New("stats: percentile out of range")
)

// Errors returned by BreakEvenRho.
var (
	// ErrNoBreakEven: both engines hit the same number of tokens, so their
	// cost lines are parallel: one is cheaper at every ρ, or they cost the
	// same at every ρ.
	ErrNoBreakEven = errors.New("stats: costs never cross")
)
