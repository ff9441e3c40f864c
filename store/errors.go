package store

import "errors"

// ErrNoDir means Open was given an empty directory name. It is refused
// rather than read as the working directory, which it would fill with a
// lock file and an index.
var ErrNoDir = errors.New("store: no store directory given")

// ErrNotOpen means a method was called on a zero Store (or a nil one, or
// one whose Bundles is nil, as after Close): Open makes one that works.
var ErrNotOpen = errors.New("store: not opened (use store.Open)")

// ErrUnknownSession means DeleteSession found the session neither in the
// bundles nor in the index: nothing was deleted. Callers that retry a
// delete may treat it as done.
var ErrUnknownSession = errors.New("store: unknown session")

// ErrNotAStore means Open was given a directory that holds entries and
// none a store writes (a project checkout, a home directory): Open writes
// nothing there. A new store is made in a missing or empty directory.
var ErrNotAStore = errors.New("store: not an ef store")
