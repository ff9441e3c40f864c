package main

import (
	"bytes"
	"context"
	"io"
	"strings"
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
	t.Cleanup(removeTempIndexes) // as main does when the process ends
	var out, errb bytes.Buffer
	err := f(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}

// An error of the package named like the command (recall, store) is not
// prefixed twice: "ef recall: recall: …" reads as a stutter.
func TestRunNamesTheCommandOnce(t *testing.T) {
	root, _ := storeFixture(t)
	for _, args := range [][]string{
		{"recall", "--store", root, "--session", "s1", "nope"},
		{"recall", "--store", root, "nope"},
	} {
		code, _, stderr := runCLI(t, args...)
		if code == 0 {
			t.Fatalf("%v: exit 0", args)
		}
		if n := strings.Count(stderr, "recall:"); n != 1 {
			t.Errorf("%v: %q names recall %d times, want once", args, stderr, n)
		}
		if !strings.HasPrefix(stderr, "ef recall: ") {
			t.Errorf("%v: %q does not start with the command", args, stderr)
		}
	}
	// A ref without a session says how to give one, in command-line terms,
	// and which sessions the store holds.
	code, _, stderr := runCLI(t, "recall", "--store", root, "nope")
	if code != 2 || !strings.Contains(stderr, "pass --session ID") || !strings.Contains(stderr, "sessions in this store: s1, s2") || strings.Contains(stderr, "call from a session") {
		t.Errorf("ref without a session: exit %d, %q", code, stderr)
	}
}
