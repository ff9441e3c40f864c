package bench

import "errors"

// Errors returned by SharedCorpus.
var (
	// ErrNoCorpus: the directory holds no trajectory file.
	ErrNoCorpus = errors.New("bench: no trajectory files in corpus directory")
)

// Errors returned by Run.
var (
	// ErrNoSessions: every file of the corpus was skipped, so nothing
	// was replayed.
	ErrNoSessions = errors.New("bench: no session could be replayed")
)
