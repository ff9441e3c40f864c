package cachesim

import "errors"

// Errors returned by simulators.
var (
	// ErrMixedInput: a simulator that indexed token contents was given
	// hash-only blocks, or the reverse; block identities would not agree.
	ErrMixedInput = errors.New("cachesim: tokens and block hashes mixed in one simulator")
	// ErrBadBlocks: RequestBlocks got a token count that does not fit the
	// number of blocks.
	ErrBadBlocks = errors.New("cachesim: block count does not match token count")
	// ErrBadBreakpoint: a breakpoint lies outside the request, or there
	// are more than MaxBreakpoints.
	ErrBadBreakpoint = errors.New("cachesim: bad cache breakpoint")
)
