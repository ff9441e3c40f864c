package main

import (
	"context"
	"fmt"
	"io"

	"github.com/epistemicfold/ef/origin/northbridge"
)

// RunContext implements `ef context [--store DIR]... <request.json | ->`:
// Northbridge's context.request → context.bundle (RFC-0006 §1) over the
// task.origin files under the stores. It prints the bundle exactly as its
// token_estimate counted it, one line of JSON.
func RunContext(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("context", "context [--store DIR]... <request.json | ->", stderr,
		`request: {"kind":"context.request","goal":"...","scope":["project:x"],"budget":{"tokens":30000,"facts":10},"freshness":"latest"}`)
	var stores multiFlag
	fs.Var(&stores, "store", "directory holding task.origin files (repeatable; default .)")
	pos, err := parseCount(fs, args, 1, 1, "want one request file, or - for stdin")
	if err != nil {
		return err
	}
	data, name, err := readInput(pos, originStdin)
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
