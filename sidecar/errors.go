package sidecar

import "errors"

// Errors of the wire (Conn, ServeConn).
var (
	// ErrLineTooLong: a wire line exceeded the connection's limit. The
	// peer gets an invalid-request error carrying this text; the
	// connection stays usable.
	ErrLineTooLong = errors.New("sidecar: rpc line too long")
	// ErrExit, returned by a Handler, ends ServeConn after the response is
	// written (the shutdown method).
	ErrExit = errors.New("sidecar: rpc exit")
)
