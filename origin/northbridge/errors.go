package northbridge

import "errors"

// Errors returned by Build for a request it cannot answer.
var (
	// ErrBadRequest means the context.request is malformed: wrong kind, no
	// goal, no scope, a negative budget or an unknown freshness.
	ErrBadRequest = errors.New("northbridge: bad context.request")
	// ErrNoTokenizer means the token counter could not be loaded.
	ErrNoTokenizer = errors.New("northbridge: tokenizer unavailable")
)
