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

// Errors of the store the engines write through.
var (
	// ErrNoStore: the bundle store is not open (it could not be opened,
	// or opened again after its directory was removed); the text after it
	// says why.
	ErrNoStore = errors.New("sidecar: the bundle store is not open")
)
