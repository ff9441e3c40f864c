package taskorigin

import (
	"context"
	"fmt"
	"os"
	"time"
)

// pollLock opens (creating) the lock file name and calls try until it
// takes the lock, returning the release. An error busy says is another
// holder's is retried with a short backoff until timeout (then ErrLocked)
// or ctx ends; any other error is returned at once.
func pollLock(ctx context.Context, name string, timeout time.Duration, try func(*os.File) error, busy func(error) bool) (func(), error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(timeout)
	wait := 200 * time.Microsecond
	for {
		err := try(f)
		if err == nil {
			return func() { f.Close() }, nil // closing releases the lock
		}
		if !busy(err) {
			f.Close()
			return nil, err
		}
		if time.Now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("%w: %s (waited %v)", ErrLocked, name, timeout)
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, 10*time.Millisecond)
	}
}
