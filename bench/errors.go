package bench

import "errors"

// Errors returned by SharedCorpus.
var (
	// ErrNoCorpus: the directory holds no trajectory file.
	ErrNoCorpus = errors.New("bench: no trajectory files in corpus directory")
)
