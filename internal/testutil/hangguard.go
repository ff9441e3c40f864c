package testutil

import (
	"context"
	"testing"
	"time"
)

// noDeadlineGuard is how long a hang guard waits when the test binary has
// no deadline (go test -timeout 0, fuzzing).
const noDeadlineGuard = 10 * time.Minute

// HangGuard is a channel that fires shortly before the test binary's own
// deadline (go test -timeout): a test waiting on it beside what should
// happen names the hang in its failure instead of the binary's panic,
// yet never fails a slow run (a loaded machine, -race) that would have
// finished in time. It is no bound on how long anything takes: the
// project has no timed tests.
func HangGuard(t *testing.T) <-chan time.Time {
	return time.After(hangLeft(t))
}

// HangContext is a context that ends when HangGuard fires, for a call
// that takes a context and would otherwise wait forever on a hang.
func HangContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), hangLeft(t))
	t.Cleanup(cancel)
	return ctx
}

// hangLeft is the time to the binary's deadline less a margin for the
// failure to be reported.
func hangLeft(t *testing.T) time.Duration {
	d, ok := t.Deadline()
	if !ok {
		return noDeadlineGuard
	}
	left := time.Until(d)
	return max(left-left/20-time.Second, time.Second)
}
