package rpcwire

import "errors"

// Errors returned by ReadLine.
var (
	// ErrLineTooLong: a line was longer than the reader's bound; it was
	// read to its end and dropped.
	ErrLineTooLong = errors.New("rpcwire: line too long")
)
