package engines

import "errors"

// Errors returned by New and Parse.
var (
	// ErrUnknown: no engine has that name.
	ErrUnknown = errors.New("engines: unknown engine")
)
