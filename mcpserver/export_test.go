package mcpserver

import "time"

// SetDrainGrace sets how long the end of the input waits for answers, and
// returns a function that restores it.
func SetDrainGrace(d time.Duration) func() {
	old := drainGrace.Swap(int64(d))
	return func() { drainGrace.Store(old) }
}
