package store

import "errors"

// ErrUnknownSession means DeleteSession found the session neither in the
// bundles nor in the index: nothing was deleted. Callers that retry a
// delete may treat it as done.
var ErrUnknownSession = errors.New("store: unknown session")
