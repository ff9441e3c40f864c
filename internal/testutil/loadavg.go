package testutil

import (
	"os"
	"strings"
)

// LoadAverage is the machine's 1, 5 and 15 minute load averages as the
// system tells them ("12.10 11.02 9.87"), or "" where it does not (no
// /proc/loadavg). A benchmark prints it beside wall-clock figures, which
// other work on the machine inflates.
func LoadAverage() string {
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
