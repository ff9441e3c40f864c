//go:build unix

package recall_test

import (
	"os"
	"strings"
	"syscall"
	"time"
)

// processCPU returns the CPU time (user + system) this process used so
// far: on a machine other work shares, a rate per CPU-second says what
// the work costs, where a wall-clock rate says how busy the machine was.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

// loadAverage returns the 1/5/15-minute load averages where the system
// tells them ("" elsewhere).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}
