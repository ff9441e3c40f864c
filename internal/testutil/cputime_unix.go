//go:build unix

package testutil

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time (user + system) this process has used so far,
// every goroutine and the garbage collector included. A benchmark on a
// shared machine prints it beside wall time: wall time counts the waits
// for a core that other processes hold.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
