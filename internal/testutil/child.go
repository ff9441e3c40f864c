package testutil

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Child returns a command that runs this test binary again as a helper
// process: once, running only the tests that run matches (a -test.run
// pattern; "^$" runs none, for a TestMain that acts on its environment),
// with env added to this process's environment. Crash and multi-process
// tests use it to get a second process that runs the package's own code.
func Child(t testing.TB, run string, env ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run="+run, "-test.count=1")
	cmd.Env = append(os.Environ(), env...)
	return cmd
}

// Start starts cmd and returns its standard output, which the caller reads
// to the end before cmd.Wait.
func Start(t testing.TB, cmd *exec.Cmd) io.ReadCloser {
	t.Helper()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return out
}

// Output runs cmd and returns its standard output; when cmd fails, t fails
// with the error and what cmd wrote to its standard error.
func Output(t testing.TB, cmd *exec.Cmd) []byte {
	t.Helper()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, stderr.String())
	}
	return out
}
