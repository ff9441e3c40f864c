package tokenizer

import "errors"

// Errors returned by Registry.Meter.
var (
	// ErrUnknownEncoding: no embedded encoding has that name.
	ErrUnknownEncoding = errors.New("tokenizer: unknown encoding")
	// ErrNilRegistry: Meter was called on a nil *Registry (New makes one;
	// a zero Registry works).
	ErrNilRegistry = errors.New("tokenizer: nil Registry (use tokenizer.New)")
)
