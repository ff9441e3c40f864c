package main

import (
	"bytes"
	"context"
	"io"
	"testing"
)

// The in-process runners every command test goes through: a whole ef
// command line (runCLI, with its exit code), or one subcommand's Run
// function (runCmd, with its error). Each returns what went to stdout and
// stderr as strings.

// runCLI runs one ef command line in process and returns its exit code,
// stdout and stderr.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

// runCmd runs a subcommand such as RunSearch or RunStore in process with
// args (which do not name the subcommand) and returns stdout, stderr and
// its error.
func runCmd(t *testing.T, f func(context.Context, []string, io.Writer, io.Writer) error, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := f(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}
