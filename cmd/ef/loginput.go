package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/epistemicfold/ef/internal/ctxio"
)

// parseLog parses fs with one session-log argument (before or after the
// flags) and resolves it with logInput: the path as given, the file to
// read and the cleanup the caller defers (a no-op on an error).
func parseLog(ctx context.Context, fs *flag.FlagSet, args []string) (path, file string, cleanup func(), err error) {
	path, err = parseOne(fs, args, "session log")
	if err != nil {
		return "", "", func() {}, err
	}
	file, cleanup, err = logInput(ctx, path)
	return path, file, cleanup, err
}

// logInput resolves the session log a command line names into a path ef
// can read as often as it needs to, and a cleanup to call when done.
//
// ef reads a log more than once (once to tell its format, again to pair
// each tool call with its result, again to replay it), and a log that is
// not a regular file can be read only once: a pipe (- for stdin,
// /dev/stdin, a shell's <(zstdcat log.zst)) or a FIFO. Read where it
// stands, the second read found it empty and ef said the file was empty.
// Such a log is copied to a temporary file first (same base name, so the
// extension still tells .zstd), and the copy is what ef reads.
//
// A directory is refused by name: reading one failed at "line 1" with
// "is a directory", which read as a fault inside a file. A path that does
// not exist is passed on as it is: FILE#ID names a session of FILE, and
// the readers say what is missing.
func logInput(ctx context.Context, path string) (string, func(), error) {
	nothing := func() {}
	if path == "-" {
		return spoolLog(ctx, os.Stdin, "stdin")
	}
	fi, err := os.Stat(path)
	if err != nil {
		return path, nothing, nil
	}
	switch {
	case fi.IsDir():
		return "", nothing, fmt.Errorf("%s is a directory, not a session log: name a log file in it (ef reads one session log or trajectory file)", path)
	case fi.Mode().IsRegular():
		return path, nothing, nil
	}
	// A pipe, a FIFO or a character device: opening a FIFO waits for its
	// writer, as reading any pipe does.
	f, err := os.Open(path)
	if err != nil {
		return "", nothing, err
	}
	defer f.Close()
	return spoolLog(ctx, f, filepath.Base(path))
}

// spoolLog copies r into a new temporary file named base and returns its
// path and the cleanup that removes it.
func spoolLog(ctx context.Context, r io.Reader, base string) (string, func(), error) {
	nothing := func() {}
	dir, err := os.MkdirTemp("", "ef-log-")
	if err != nil {
		return "", nothing, fmt.Errorf("copy the log to a temporary file: %w", err)
	}
	cleanup := func() { os.RemoveAll(dir) }
	if base == "" || base == "." || base == string(filepath.Separator) {
		base = "log"
	}
	p := filepath.Join(dir, base)
	w, err := os.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		cleanup()
		return "", nothing, fmt.Errorf("copy the log to a temporary file: %w", err)
	}
	_, err = io.Copy(w, ctxio.Reader(ctx, r))
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		cleanup()
		return "", nothing, fmt.Errorf("copy the log to a temporary file: %w", err)
	}
	return p, cleanup, nil
}

// asGiven names the log in err as the command line gave it (path) where
// the readers named the file ef read (file): a piped log is read from a
// temporary copy (logInput), whose path means nothing to the user and is
// gone when ef exits. errors.Is and errors.As see err as it was.
func asGiven(err error, file, path string) error {
	if err == nil || file == "" || file == path {
		return err
	}
	return &givenPathError{err: err, file: file, path: path}
}

// givenPathError is asGiven's error.
type givenPathError struct {
	err        error
	file, path string
}

func (e *givenPathError) Error() string { return strings.ReplaceAll(e.err.Error(), e.file, e.path) }
func (e *givenPathError) Unwrap() error { return e.err }
