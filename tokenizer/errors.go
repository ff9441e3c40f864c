package tokenizer

import "errors"

// Errors returned by Registry.Meter.
var (
	// ErrUnknownEncoding: no embedded encoding has that name.
	ErrUnknownEncoding = errors.New("tokenizer: unknown encoding")
)
