package synth

import "errors"

// Errors returned by Generate.
var (
	// ErrBadOptions: an option is out of range (negative counts, a log size
	// range with min above max, a Chinese fraction above 1).
	ErrBadOptions = errors.New("synth: bad options")
)
