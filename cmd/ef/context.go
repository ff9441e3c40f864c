package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/epistemicfold/ef/origin/northbridge"
)

// RunContext implements `ef context [--store DIR]... <request.json | ->`:
// Northbridge's context.request → context.bundle (RFC-0006 §1) over the
// task.origin files under the stores. It prints the bundle exactly as its
// token_estimate counted it, one line of JSON.
func RunContext(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("context", "context [--store DIR]... <request.json | ->", stderr,
		`request: {"kind":"context.request","goal":"...","scope":["project:x"],"budget":{"tokens":30000,"facts":10},"freshness":"latest"}`,
		fmt.Sprintf("Limits: a request of at most %d KiB, a goal of at most %d bytes, %d scope entries of at most %d bytes each.",
			northbridge.MaxRequestBytes>>10, northbridge.MaxGoalBytes, northbridge.MaxScopeEntries, northbridge.MaxScopeEntryBytes))
	var stores multiFlag
	fs.Var(&stores, "store", "directory holding task.origin files (repeatable; default .)")
	pos, err := parseCount(fs, args, 1, 1, "want one request file, or - for stdin")
	if err != nil {
		return err
	}
	data, name, err := readRequest(pos[0])
	if err != nil {
		return err
	}
	req, err := northbridge.ParseRequest(data)
	if err != nil {
		return usageError("%s: %v", name, err)
	}
	if len(stores) == 0 {
		stores = multiFlag{"."}
	}
	b, err := northbridge.Build(ctx, stores, req, northbridge.Options{})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s\n", b.Marshal())
	return err
}

// readRequest reads the request file name ("-": stdin) through a reader
// limited to one byte over northbridge.MaxRequestBytes: a larger request
// is refused by ParseRequest without being read whole.
func readRequest(name string) ([]byte, string, error) {
	r, what := originStdin, "stdin"
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, name, err
		}
		defer f.Close()
		r, what = f, name
	}
	data, err := io.ReadAll(io.LimitReader(r, northbridge.MaxRequestBytes+1))
	return data, what, err
}
