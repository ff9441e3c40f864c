//go:build !unix

package testutil

import "time"

// CPUTime is not measured here: it returns 0, and benchmarks then report
// wall time only.
func CPUTime() time.Duration { return 0 }
